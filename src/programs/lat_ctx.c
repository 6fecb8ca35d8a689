/*
 * lat_ctx - context switch time between processes passing a token
 * around a ring of pipes.
 *
 * For each count N the copy and N-1 processes forked from it form a
 * ring: member i reads a token from pipe i, sums its own array of -s KB
 * (written after the fork, so no two share a page), adds the sum to the
 * token and writes it to pipe i+1 (mod N).  One iteration is one trip
 * around the ring: N hand-overs, each a read, a sum, a write and a
 * switch to the next process.
 *
 * The overhead is one process doing the same write, read and sum through
 * pipes to itself, with hot caches and no switch; it is printed in the
 * header and subtracted from each ring's time per hand-over.  What
 * remains is the switch plus what it costs the next process in cache and
 * TLB misses: larger sizes and counts show that.
 *
 * All points are timed in interleaved rounds (benchmp_rounds); each is
 * its fastest interval when the placement is fixed, its median when the
 * scheduler places the ring (see estimate).  Member i is process i of
 * N-1 helpers for LMBENCH_SCHED; unset, each copy's ring stays on one
 * CPU (BALANCED), so every hand-over is a switch there.  Microseconds.
 *
 * usage: lat_ctx [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *                [-s <size in KB>] procs [procs ...]
 */
#include "bench.h"
#include "lib_mem.h"
#include "lib_partner.h"

/*
 * Untimed laps: WARM_LAPS once a ring is built, and before each of its
 * intervals REWARM_HANDOVERS hand-overs' worth of laps, at least
 * REWARM_MIN_LAPS.  For its first 60 or so laps a just-forked ring
 * passes the token faster (here 5-10% with 32 or 64 processes: a
 * scheduler transient, gone once every member has run that often), and
 * a ring that slept while the others were timed starts off at a speed
 * of its own too (slower or faster by up to 10% here); the timed
 * intervals of a large ring hold few laps, so without these the series
 * bent with N.  The re-warming used to be 100 laps at every N: 88% of
 * the hand-overs of a 96-process ring, and 78-83 s of a 222-236 s
 * default run.  By hand-overs (100 laps for 2 processes, 4 for 96), six
 * interleaved runs of counts 2, 8 and 16 at 0, 16 and 64 KB gave medians
 * within 0.7% of the old ones, in 9.6 s against 25.4 s.
 */
#define WARM_LAPS	200
#define REWARM_HANDOVERS	200
#define REWARM_MIN_LAPS	4
/*
 * Rounds unless -N says otherwise.  With a fixed placement each count is
 * its fastest interval, which comes closer to the true floor the more
 * rounds there are; neighbouring counts can differ by under 1% (8 and 16
 * processes with no arrays), which 11 rounds did not resolve here: 16
 * came out below 8 in half of the runs, in 1 of 8 with 31.  A round
 * costs about 45 ms for the counts 2 4 8 16.  (Parallel copies time
 * intervals of at least 100 ms: there the usual 11.)
 */
#define CTX_ROUNDS	31
/* Pipes in the overhead run: enough to look like a ring, few fds. */
#define OVR_MAX_PIPES	64
/* Ring size and array size bounds: keep arithmetic and memory sane. */
#define MAX_PROCS	100000L
#define MAX_KB		(1024L * 1024)

struct state {
	long kb;		/* -s, in KB (read from the options' state) */
	size_t bytes;		/* -s, in bytes */
	int procs;		/* ring size (or pipes in the overhead run) */
	unsigned int *data;	/* this process's array */
	int in, out;		/* the copy's ends: read from, write to */
	int (*pipes)[2];	/* overhead run only */
	pid_t *pids;		/* ring members 1..procs-1 */
};

/*
 * The work: sum the array, eight words at a time into independent
 * accumulators (the point is to pull the array through the cache, not
 * to wait on one chain of additions).  The sum travels in the token.
 * Aligned so that its place in the binary does not move with unrelated
 * edits: with it at another offset, a 2-process ring of 64 KB arrays
 * measured 2.8 instead of 2.4 us per hand-over on the development VM
 * (the overhead run barely moved), so the layout is held fixed.
 */
static __attribute__((aligned(64))) unsigned int sum(const unsigned int *p,
						     size_t words)
{
	unsigned int a[8] = {0, 0, 0, 0, 0, 0, 0, 0};
	size_t i, j;

	for (i = 0; i + 8 <= words; i += 8)
		for (j = 0; j < 8; j++)
			a[j] += p[i + j];
	for (; i < words; i++)
		a[0] += p[i];
	return a[0] + a[1] + a[2] + a[3] + a[4] + a[5] + a[6] + a[7];
}

static unsigned int *new_array(size_t bytes)
{
	size_t i, words = bytes / sizeof(unsigned int);
	unsigned int *p = mem_alloc(bytes ? bytes : 1, 0);

	for (i = 0; i < words; i++)
		p[i] = (unsigned int)i;
	return p;
}

/* A ring member: receive, work, pass; end when the ring breaks. */
static void member(struct state *st, int in, int out)
{
	size_t words = st->bytes / sizeof(unsigned int);
	unsigned int *data = new_array(st->bytes);
	unsigned int tok;

	for (;;) {
		if (read(in, &tok, sizeof(tok)) != (ssize_t)sizeof(tok))
			_exit(0);
		tok += sum(data, words) + 1;
		if (write(out, &tok, sizeof(tok)) != (ssize_t)sizeof(tok))
			_exit(0);
	}
}

static void do_ring(iter_t n, void *cookie)
{
	struct state *st = cookie;
	size_t words = st->bytes / sizeof(unsigned int);
	unsigned int tok = 0;

	while (n-- > 0) {
		if (write(st->out, &tok, sizeof(tok)) != (ssize_t)sizeof(tok))
			bench_die("write to the ring");
		if (read(st->in, &tok, sizeof(tok)) != (ssize_t)sizeof(tok))
			bench_die("read from the ring: a member died");
		tok += sum(st->data, words) + 1;
	}
	use_int((int)tok);
}

/*
 * One lap before any timing: every member is up, and the token came back
 * having been through each of them once (each adds its array's sum + 1,
 * and all arrays hold the same values).
 */
static void check_lap(struct state *st)
{
	unsigned int tok = 0, want;

	want = (sum(st->data, st->bytes / sizeof(unsigned int)) + 1) *
	       (unsigned int)st->procs;
	if (write(st->out, &tok, sizeof(tok)) != (ssize_t)sizeof(tok) ||
	    read(st->in, &tok, sizeof(tok)) != (ssize_t)sizeof(tok))
		bench_die("first lap of a ring of %d", st->procs);
	tok += sum(st->data, st->bytes / sizeof(unsigned int)) + 1;
	if (tok != want) {
		errno = EPROTO;
		bench_die("ring of %d: the token missed a member", st->procs);
	}
}

/* Laps before an interval: a fixed number of hand-overs, a few laps at least. */
static iter_t rewarm_laps(int procs)
{
	iter_t laps = (REWARM_HANDOVERS + (iter_t)procs - 1) / (iter_t)procs;

	return laps < REWARM_MIN_LAPS ? REWARM_MIN_LAPS : laps;
}

static void make_pipe(int fd[2], int no)
{
	if (pipe(fd) != 0)
		bench_die("pipe %d", no);
}

/*
 * Build the ring with a bounded number of open descriptors: pipe k is
 * read by member k; the copy (member 0) keeps pipe 0's read end and
 * pipe 1's write end.  Each member gets only its two ends.
 */
static void ring_init(iter_t n, void *cookie)
{
	struct state *st = cookie;
	int first[2], cur[2], next[2], k, last;

	if (n != 0) {
		do_ring(rewarm_laps(st->procs), st);
		return;
	}
	st->pids = bench_alloc((size_t)st->procs, sizeof(pid_t));
	make_pipe(first, 0);
	make_pipe(cur, 1);
	st->in = first[0];
	st->out = cur[1];
	for (k = 1; k < st->procs; k++) {
		last = (k == st->procs - 1);
		if (last) {
			next[0] = -1;
			next[1] = first[1];
		} else {
			make_pipe(next, k + 1);
		}
		st->pids[k] = partner_fork(k, st->procs - 1);
		if (st->pids[k] == 0) {
			close(st->in);
			close(st->out);
			if (next[0] >= 0)
				close(next[0]);
			if (!last)
				close(first[1]);
			member(st, cur[0], next[1]);
		}
		close(cur[0]);
		if (!last)
			close(next[1]);
		cur[0] = next[0];
	}
	close(first[1]);
	partner_place_self(st->procs - 1);
	st->data = new_array(st->bytes);
	check_lap(st);
	do_ring(WARM_LAPS, st);
}

static void ring_takedown(void *cookie)
{
	struct state *st = cookie;

	close(st->in);
	close(st->out);
	partner_reap(st->pids, st->procs);
	free(st->pids);
	mem_free(st->data, st->bytes ? st->bytes : 1);
}

/* The same hand-overs without switching: through pipes to itself. */
static void ovr_setup(void *cookie)
{
	struct state *st = cookie;
	int k;

	st->pipes = bench_alloc((size_t)st->procs, sizeof(*st->pipes));
	for (k = 0; k < st->procs; k++)
		make_pipe(st->pipes[k], k);
	st->data = new_array(st->bytes);
}

static void do_overhead(iter_t n, void *cookie)
{
	struct state *st = cookie;
	size_t words = st->bytes / sizeof(unsigned int);
	unsigned int tok = 0;
	int k;

	while (n-- > 0) {
		for (k = 0; k < st->procs; k++) {
			if (write(st->pipes[k][1], &tok, sizeof(tok)) !=
			    (ssize_t)sizeof(tok) ||
			    read(st->pipes[k][0], &tok, sizeof(tok)) !=
			    (ssize_t)sizeof(tok))
				bench_die("pipe to itself");
			tok += sum(st->data, words) + 1;
		}
	}
	use_int((int)tok);
}

static void ovr_takedown(void *cookie)
{
	struct state *st = cookie;
	int k;

	for (k = 0; k < st->procs; k++) {
		close(st->pipes[k][0]);
		close(st->pipes[k][1]);
	}
	free(st->pipes);
	mem_free(st->data, st->bytes ? st->bytes : 1);
}

/*
 * As many pipes as the largest ring, within OVR_MAX_PIPES and the fds
 * left once every ring holds its two (all rings live at once).
 */
static int overhead_pipes(long maxp, int nrings)
{
	long open_max = sysconf(_SC_OPEN_MAX), room;

	room = OVR_MAX_PIPES;
	if (open_max > 0) {
		if (16 + 2L * nrings > open_max) {
			errno = EMFILE;
			bench_die("%d rings need %d descriptors, the limit is %ld",
				  nrings, 16 + 2 * nrings, open_max);
		}
		room = (open_max - 16 - 2L * nrings) / 2;
	}
	if (maxp > OVR_MAX_PIPES)
		maxp = OVR_MAX_PIPES;
	if (maxp > room)
		maxp = room;
	return maxp > 1 ? (int)maxp : 1;
}

/*
 * A point's estimate, microseconds per hand-over (its intervals become
 * the current result, for the #stats line).
 *
 * With a fixed placement, the fastest interval: other load only ever
 * adds time (a member waiting for its CPU, another process's slice and
 * cache misses) and on a shared machine can spoil most intervals, so
 * they spread upwards from a tight floor, the cost of a hand-over.
 * With the scheduler placing the ring, the placement (one CPU, or
 * hand-overs between CPUs at many times the cost) may change from round
 * to round and is part of what is measured: there the median, the
 * typical placement, not the cheapest one seen.  The overhead alike.
 */
static double estimate(const struct bench_point *p, int procs, int fixed)
{
	double scale = 1e-3 / procs;

	return fixed ? report_quantile(p->result, 0, scale, 0)
		     : report_median(p->result, scale, 0);
}

/*
 * A point's JSON line: the time per hand-over less the overhead, which
 * has no samples of its own; the ring's, with the overhead in, instead.
 */
static void json_point(const struct metric *m, const char *x, int i,
		       const struct bench_result *r, int procs, double per,
		       double ovr)
{
	if (!metric_json())
		return;
	metric_json_begin(m, x, NULL, i, NULL, per - ovr);
	metric_json_number("overhead", ovr);
	report_json_samples("incl_overhead_samples", r, 1e-3 / procs, 0);
	metric_json_end();
}

static int run(const struct bench_run *r)
{
	struct bench_point *pts;
	struct state *st;
	long kb = ((struct state *)r->state)->kb, maxp = 0, v;
	double ovr, per;
	int i, npts, fixed, rounds = r->opts.repetitions;
	char label[64], name[64], x[16];
	struct metric m = {.name = name, .unit = "microseconds",
			   .better = BETTER_LOWER, .x_name = "processes",
			   .x_unit = "processes"};

	npts = r->argc + 1;	/* point 0 is the overhead */
	/* Every count checked before anything is allocated. */
	for (i = 0; i < r->argc; i++)
		if (bench_parse_long(r->argv[i], 2, MAX_PROCS, &v) != 0)
			bench_fail("%s: a ring needs 2 to %ld processes",
				   r->argv[i], MAX_PROCS);
	pts = bench_alloc((size_t)npts, sizeof(*pts));
	st = bench_alloc((size_t)npts, sizeof(*st));
	for (i = 1; i < npts; i++) {
		(void)bench_parse_long(r->argv[i - 1], 2, MAX_PROCS, &v);
		st[i].procs = (int)v;
		if (v > maxp)
			maxp = v;
		pts[i] = (struct bench_point){.initialize = ring_init,
			.benchmark = do_ring, .takedown = ring_takedown,
			.cookie = &st[i]};
	}
	st[0].procs = overhead_pipes(maxp, npts - 1);
	pts[0] = BENCH_POINT_COPY(ovr_setup, do_overhead, ovr_takedown,
				  &st[0]);
	for (i = 0; i < npts; i++)
		st[i].bytes = (size_t)kb * 1024;
	if (rounds == 0)
		rounds = r->opts.parallel == 1 ? CTX_ROUNDS : TRIES;
	/* Switches are what is measured: a ring per CPU unless told. */
	bench_sched_default("BALANCED");
	/* Every point in every round: see bench.h. */
	benchmp_rounds(pts, npts, r->opts.parallel, r->opts.warmup, rounds);
	fixed = bench_placement_fixed();

	ovr = estimate(&pts[0], st[0].procs, fixed);
	fprintf(stderr, "\"size=%ldk ovr=%.2f\n", kb, ovr);
	snprintf(name, sizeof(name), "ctx.size_%ldk", kb);
	metric_series(&m);
	report_stats_value(pts[0].result, "overhead", "overhead per hand-over",
			   "microseconds", 1e-3 / st[0].procs, 0, ovr);
	for (i = 1; i < npts; i++) {
		per = estimate(&pts[i], st[i].procs, fixed);
		snprintf(x, sizeof(x), "%d", st[i].procs);
		fprintf(stderr, "%s %.2f\n", x, per - ovr);
		snprintf(label, sizeof(label),
			 "procs=%d hand-over incl. overhead", st[i].procs);
		report_stats_part(pts[i].result, "incl_overhead", label,
				  "microseconds", 1e-3 / st[i].procs, 0);
		json_point(&m, x, i - 1, pts[i].result, st[i].procs, per, ovr);
	}
	fprintf(stderr, "\n");
	for (i = 0; i < npts; i++)
		bench_point_free(&pts[i]);
	free(pts);
	free(st);
	return 0;
}

BENCH_MAIN(.usage = BENCH_USAGE_PWN " [-s <size in KB>] procs [procs ...]\n",
	   .min_ops = 1, .max_ops = -1, BENCH_STATE(0),
	   .options = BENCH_OPTIONS(
		/* A line of its own for -N, which bench_main parses. */
		BENCH_OPERAND("-N", "rounds (default 31 with one copy, else "
			      "11)"),
		BENCH_LONG("-s", "KB of its own array each process sums per "
			   "hand-over", kb, 0, MAX_KB),
		BENCH_OPERAND("procs", "processes in the ring: one point per "
			      "count given")))
