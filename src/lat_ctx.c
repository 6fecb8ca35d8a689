/*
 * lat_ctx - context switch time between processes passing a token
 * around a ring of pipes.
 *
 * For each count N the copy and N-1 processes forked from it form a
 * ring: member i reads a token from pipe i, sums its own array of -s KB
 * (each member writes its array after the fork, so no two share a
 * page), adds the sum to the token and writes it to pipe i+1 (mod N).
 * One iteration is one trip around the ring: N hand-overs, each one a
 * read, a sum, a write and a switch to the next process.
 *
 * The overhead, measured first with hot caches and no switching, is one
 * process doing the same write, read and sum, passing the token through
 * pipes to itself (as many pipes as the largest ring, at most
 * OVR_MAX_PIPES and what the descriptor limit allows; the ring itself
 * needs only a few descriptors per process, whatever its size).  Its
 * fastest interval is printed in the header and subtracted from the
 * median time per hand-over.  What remains is the switch itself plus
 * what it costs the next process in cache and TLB misses (its array was
 * pushed out by the others): larger sizes and counts show that.
 *
 * Placement: member i is process i of N-1 helpers for LMBENCH_SCHED, so
 * "CUSTOM 0" keeps the whole ring on one CPU (pure switches), UNIQUE
 * spreads it (cross-CPU wake-ups).  Times are microseconds.
 *
 * usage: lat_ctx [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *                [-s <size in KB>] procs [procs ...]
 */
#include "bench.h"
#include "lib_mem.h"
#include "lib_partner.h"
#include "lib_report.h"
#include "lib_timing.h"

/* Pipes in the overhead run: enough to look like a ring, few fds. */
#define OVR_MAX_PIPES	64
/* Ring size and array size bounds: keep arithmetic and memory sane. */
#define MAX_PROCS	100000L
#define MAX_KB		(1024L * 1024)

struct state {
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
 */
static unsigned int sum(const unsigned int *p, size_t words)
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
		tok += sum(data, words);
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
		tok += sum(st->data, words);
	}
	use_int((int)tok);
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

	if (n != 0)
		return;
	st->pids = calloc((size_t)st->procs, sizeof(pid_t));
	if (st->pids == NULL)
		bench_die("out of memory");
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
	do_ring(1, st);	/* every member is up */
}

static void ring_cleanup(iter_t n, void *cookie)
{
	struct state *st = cookie;

	if (n != 0)
		return;
	close(st->in);
	close(st->out);
	partner_reap(st->pids, st->procs);
	free(st->pids);
	mem_free(st->data, st->bytes ? st->bytes : 1);
}

/* The same hand-overs without switching: through pipes to itself. */
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
			tok += sum(st->data, words);
		}
	}
	use_int((int)tok);
}

static void ovr_init(iter_t n, void *cookie)
{
	struct state *st = cookie;
	int k;

	if (n != 0)
		return;
	st->pipes = calloc((size_t)st->procs, sizeof(*st->pipes));
	if (st->pipes == NULL)
		bench_die("out of memory");
	for (k = 0; k < st->procs; k++)
		make_pipe(st->pipes[k], k);
	st->data = new_array(st->bytes);
}

static void ovr_cleanup(iter_t n, void *cookie)
{
	struct state *st = cookie;
	int k;

	if (n != 0)
		return;
	for (k = 0; k < st->procs; k++) {
		close(st->pipes[k][0]);
		close(st->pipes[k][1]);
	}
	free(st->pipes);
	mem_free(st->data, st->bytes ? st->bytes : 1);
}

/*
 * The overhead is the fastest interval's time per hand-over: the run is
 * pure computation and system calls on one CPU, which other load can
 * only slow down, and on a busy machine its median carries other
 * processes' time slices into the subtraction.
 */
static double fastest_us(int hops)
{
	const struct sample *s = result_sorted();

	if (result_count() == 0)
		bench_die("overhead: nothing was measured");
	return s[0].ns / (double)s[0].n / hops / 1e3;
}

/* As many pipes as the largest ring, within OVR_MAX_PIPES and the fds. */
static int overhead_pipes(long maxp)
{
	long open_max = sysconf(_SC_OPEN_MAX), room;

	room = open_max > 0 ? (open_max - 16) / 2 : OVR_MAX_PIPES;
	if (maxp > OVR_MAX_PIPES)
		maxp = OVR_MAX_PIPES;
	if (maxp > room)
		maxp = room;
	return maxp > 1 ? (int)maxp : 1;
}

static const char usage[] =
	"[-P <parallelism>] [-W <warmup>] [-N <repetitions>] "
	"[-s <size in KB>] procs [procs ...]\n";

int main(int argc, char *argv[])
{
	struct bench_opts opts = BENCH_OPTS_DEFAULT;
	struct state st;
	long kb = 0, maxp = 0, *counts;
	double ovr, per;
	int c, i, ncounts;
	char label[64];

	bench_init(argc, argv, usage);
	while ((c = getopt(argc, argv, "s:" BENCH_COMMON_OPTS)) != -1) {
		if (c == 's')
			kb = bench_arg_long(optarg, 0, MAX_KB);
		else if (!bench_common_opt(c, optarg, &opts))
			bench_usage();
	}
	if (optind >= argc)
		bench_usage();
	ncounts = argc - optind;
	counts = calloc((size_t)ncounts, sizeof(*counts));
	if (counts == NULL)
		bench_die("out of memory");
	for (i = 0; i < ncounts; i++) {
		if (bench_parse_long(argv[optind + i], 2, MAX_PROCS,
				     &counts[i]) != 0)
			bench_fail("%s: a ring needs 2 to %ld processes",
				   argv[optind + i], MAX_PROCS);
		if (counts[i] > maxp)
			maxp = counts[i];
	}
	memset(&st, 0, sizeof(st));
	st.bytes = (size_t)kb * 1024;

	st.procs = overhead_pipes(maxp);
	benchmp(ovr_init, do_overhead, ovr_cleanup, 0, opts.parallel,
		opts.warmup, opts.repetitions, &st);
	ovr = fastest_us(st.procs);
	fprintf(stderr, "\"size=%ldk ovr=%.2f\n", kb, ovr);
	report_stats_line("overhead per hand-over", "microseconds",
			  1e-3 / st.procs, 0);

	for (i = 0; i < ncounts; i++) {
		st.procs = (int)counts[i];
		benchmp(ring_init, do_ring, ring_cleanup, 0, opts.parallel,
			opts.warmup, opts.repetitions, &st);
		per = report_median(1e-3 / st.procs, 0);
		fprintf(stderr, "%d %.2f\n", st.procs, per - ovr);
		snprintf(label, sizeof(label),
			 "procs=%d hand-over incl. overhead", st.procs);
		report_stats_line(label, "microseconds", 1e-3 / st.procs, 0);
	}
	fprintf(stderr, "\n");
	free(counts);
	return 0;
}
