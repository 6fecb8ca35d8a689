/*
 * lat_mem_load - loaded memory latency: the load-to-use latency of a
 * random pointer chase while other processes drive memory bandwidth,
 * as a latency versus bandwidth series.
 *
 * N loader processes each stream through a buffer of their own, reading
 * (rd) or writing (wr) one 8-byte word per 64-byte line, and pause for a
 * given number of spin iterations after every 4 KB; the pause sets the
 * bandwidth they demand.  For each pause, from "loaders idle" to "no
 * pause", the main process times the random chase (huge pages asked for,
 * so page walks do not mix in) and reads the bytes the loaders moved
 * meanwhile from counters in shared memory.  The bandwidth counts 64
 * bytes per line touched (for wr, the line read for ownership is not
 * counted again).  Each chase probe is the least of three medians of
 * short intervals, as the discovery programs measure (lib_probe.c),
 * after untimed probes until the chase is steady (warm_chase).  Each
 * loaded probe sits between two idle ones and counts as its ratio to
 * their mean; a level's latency is the median of its ratios over
 * LOAD_ROUNDS rounds (forwards, then backwards over the levels) times
 * the median of all idle probes.  Each point's #stats and JSON carry its
 * samples (a loaded level's round estimates, the idle level's probes),
 * and a line after the series says which steps of the curve its spread
 * can tell from noise (curve_note).
 *
 * usage: lat_mem_load [-n <loaders>] [-M <len>] [-W <warmup>]
 *                     [-N <repetitions>] rd|wr
 */
#include "bench.h"
#include "lib_mem.h"
#include "lib_probe.h"

#include <math.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#define DEFAULT_LEN	((size_t)256 << 20)	/* beyond the caches */
#define MAX_LOADERS	64
#define CHUNK		4096			/* bytes between pauses */
#define LINE		64
#define SETTLE_US	20000			/* loaders reach their rate */
#define LOAD_SEED	0x6c6f6164ULL
#define IDLE		(-1)
#define PARENT_CHECK	256		/* chunks (1 MB) between checks */
#define LOAD_ROUNDS	5
/*
 * Intervals of the chase (us) unless ENOUGH is set: 11 of them make a
 * probe of 22 ms.  The 0.5 ms of the discovery programs made 6 ms probes
 * whose ratios to their idle neighbours spread 0.67-1.11 on a shared
 * host, wider than the effect of a loader.
 */
#define LOAD_ENOUGH_US	2000

/* Spin iterations per 4 KB, lightest load first; IDLE: loaders wait. */
static const long pauses[] = {IDLE, 12800, 3200, 1600, 800, 400, 200,
			      100, 50, 0};
#define NPAUSES ((int)(sizeof(pauses) / sizeof(pauses[0])))

/* Shared with the loaders (MAP_SHARED anonymous memory). */
struct control {
	volatile long pause;
	volatile int stop;
	volatile int ready[MAX_LOADERS];
	volatile uint64 bytes[MAX_LOADERS];
};

static void sleep_us(long us)
{
	struct timespec ts = {us / 1000000, us % 1000000 * 1000};

	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/*
 * parent is the main process's pid, taken before the fork: a loader that
 * asked getppid() only after allocating its buffer would take the reaper
 * for its parent had the main process died meanwhile, and spin for ever.
 */
static void loader(struct control *ctl, int id, size_t len, int write,
		   pid_t parent)
{
	char *buf = mem_alloc(len, 0);
	volatile long spin;
	uint64 sum = 0, chunks;
	size_t off = 0, i;
	long p;

	ctl->ready[id] = 1;
	for (chunks = 0; !ctl->stop; chunks++) {
		/*
		 * Is the main process still there?  A system call costs about
		 * a microsecond here: once a chunk, it capped a loader at
		 * 3.4 GB/s (4 KB per call) on a machine whose memory gives
		 * one core 35 GB/s, and the curve never left its idle point.
		 */
		if (chunks % PARENT_CHECK == 0 && getppid() != parent)
			break;
		p = ctl->pause;
		if (p == IDLE) {
			sleep_us(1000);
			continue;
		}
		if (write)
			for (i = 0; i < CHUNK; i += LINE)
				*(volatile uint64 *)(buf + off + i) = sum++;
		else
			for (i = 0; i < CHUNK; i += LINE)
				sum += *(volatile uint64 *)(buf + off + i);
		for (spin = 0; spin < p; spin++)
			;
		ctl->bytes[id] += CHUNK;
		off = off + CHUNK < len ? off + CHUNK : 0;
	}
	use_int((int)sum);
	_exit(0);
}

/*
 * The chase until it is steady: on a fresh VM the first probes after the
 * buffers are made run 10-30x slow (8.2, 3.3, 0.53 us, then 0.30 us from
 * 0.24 s on, measured on a 2-vCPU KVM guest), which made the idle point
 * of every cold run 4.5 us.  Probe until two in a row agree within
 * WARM_AGREE, at least WARM_MIN times, at most WARM_MAX_NS.
 */
#define WARM_MIN	3
#define WARM_AGREE	0.10
#define WARM_MAX_NS	3000000000ULL

static void warm_chase(struct probe *pr)
{
	uint64 t0 = clock_now_ns();
	double last = 0, ns;
	int k;

	for (k = 0; clock_now_ns() - t0 < WARM_MAX_NS; k++) {
		ns = probe_head(pr, pr->heads[0]);
		if (k + 1 >= WARM_MIN && last > 0 &&
		    fabs(ns - last) <= WARM_AGREE * last)
			break;
		last = ns;
	}
	bench_debug("chase warmed up in %d probes, %.2f s", k + 1,
		    (double)(clock_now_ns() - t0) / 1e9);
}

static uint64 total_bytes(const struct control *ctl, int n)
{
	uint64 sum = 0;
	int i;

	for (i = 0; i < n; i++)
		sum += ctl->bytes[i];
	return sum;
}

/*
 * One probe at a pause; adds the loaders' bytes and the time it took,
 * and the probe as a sample of res (its ns per load, when it ran).
 */
static double timed_level(struct control *ctl, struct probe *pr, int n,
			  long pause, uint64 *moved, uint64 *spent,
			  struct bench_result *res, int round)
{
	struct sample s;
	uint64 b0, t0, t1;
	double ns;

	ctl->pause = pause;
	sleep_us(SETTLE_US);
	b0 = total_bytes(ctl, n);
	t0 = clock_now_ns();
	ns = probe_head_once(pr, pr->heads[0]);
	t1 = clock_now_ns();
	*moved += total_bytes(ctl, n) - b0;
	*spent += t1 - t0;
	memset(&s, 0, sizeof(s));
	s.ns = ns;
	s.n = 1;
	s.t0 = t0;
	s.t1 = t1;
	s.round = round;
	result_add(res, &s);
	return ns;
}

/*
 * The series.  A host whose memory is shared with other guests moves the
 * idle chase by 10-25% from second to second (258, 275 and 319 ns in
 * three runs a few seconds apart on the 2-vCPU VM this was written on),
 * more than one loader changes it: level against level, the curve was
 * that noise.  Against the idle probes on either side of it, a loaded
 * probe's ratio keeps only what the load did.
 */
static void load_series(struct control *ctl, struct probe *pr, int n,
			double *lat, double *mbs, struct bench_result *res)
{
	enum { NL = NPAUSES - 1 };	/* the loaded levels, 1 .. NPAUSES-1 */
	double idle[LOAD_ROUNDS * NL + LOAD_ROUNDS], ratio[NPAUSES][LOAD_ROUNDS];
	double before, after, x;
	uint64 moved[NPAUSES] = {0}, spent[NPAUSES] = {0};
	int r, k, i, nidle = 0;

	for (r = 0; r < LOAD_ROUNDS; r++) {
		before = timed_level(ctl, pr, n, IDLE, &moved[0], &spent[0],
				     &res[0], r);
		idle[nidle++] = before;
		for (k = 0; k < NL; k++) {
			i = 1 + (r % 2 == 0 ? k : NL - 1 - k);
			x = timed_level(ctl, pr, n, pauses[i], &moved[i],
					&spent[i], &res[i], r);
			after = timed_level(ctl, pr, n, IDLE, &moved[0],
					    &spent[0], &res[0], r);
			idle[nidle++] = after;
			ratio[i][r] = x / ((before + after) / 2);
			before = after;
		}
	}
	lat[0] = stats_median(idle, nidle);
	for (i = 0; i < NPAUSES; i++) {
		if (i > 0) {
			/*
			 * The level's samples are its rounds' estimates, in
			 * the order taken: each ratio times the idle latency.
			 */
			for (r = 0; r < LOAD_ROUNDS; r++)
				res[i].s[r].ns = lat[0] * ratio[i][r];
			lat[i] = lat[0] * stats_median(ratio[i], LOAD_ROUNDS);
			bench_debug("level %d: ratios %.3f..%.3f", i,
				    ratio[i][0], ratio[i][LOAD_ROUNDS - 1]);
		}
		mbs[i] = spent[i] ? (double)moved[i] * 1e3 / (double)spent[i]
				  : 0;
	}
}

/*
 * What the curve's spread can tell: a level's latency is known to the
 * order-statistic interval of its median (of 5 rounds: their least and
 * most, 94% coverage).  A step between neighbouring loaded levels rises
 * or falls only where the two intervals do not overlap; else it is
 * within the noise.  The curve is above idle from the first level whose
 * interval, and every heavier level's, lies above the idle one's.  A
 * fall with more load is no property of the memory: the host moved
 * between rounds (on a 16-vCPU VM neighbouring points zig-zagged by
 * 128-174 ns with no spread to judge them by), and the note says to
 * measure again.
 */
static void curve_note(const char *mode, int n, const double *mbs,
		       const struct bench_result *res)
{
	double lo[NPAUSES], hi[NPAUSES];
	int i, up = 0, down = 0, flat = 0, from = -1;

	for (i = 0; i < NPAUSES; i++) {
		double v[LOAD_ROUNDS * NPAUSES];
		struct stats st;
		int k;

		for (k = 0; k < res[i].count; k++)
			v[k] = res[i].s[k].ns;
		stats_compute(v, res[i].count, &st);
		lo[i] = st.ci_lo;
		hi[i] = st.ci_hi;
	}
	for (i = 2; i < NPAUSES; i++) {
		if (lo[i] > hi[i - 1])
			up++;
		else if (hi[i] < lo[i - 1])
			down++;
		else
			flat++;
	}
	for (i = NPAUSES - 1; i > 0 && lo[i] > hi[0]; i--)
		from = i;
	fprintf(stderr, "lat_mem_load: %s, %d loader%s: ", mode, n,
		n > 1 ? "s" : "");
	if (from > 0)
		fprintf(stderr, "above idle from %.0f MB/s", mbs[from]);
	else
		fprintf(stderr, "not above idle beyond the rounds' spread");
	fprintf(stderr, "; steps: %d up, %d within the spread, %d down%s\n",
		up, flat, down, down ? " (the host moved, not the load: "
		"measure again)" : "");
}

struct state {
	int loaders;		/* -n */
	size_t len;		/* -M */
};

static int run(const struct bench_run *r)
{
	const struct state *st = r->state;
	struct chain_spec spec = {CHAIN_RANDOM, LINE, 0, 0, LOAD_SEED};
	size_t len = st->len;
	pid_t pids[MAX_LOADERS], self = getpid();
	struct control *ctl;
	struct probe pr;
	struct bench_result res[NPAUSES];
	double best[NPAUSES], mbs[NPAUSES];
	int c, i, n = st->loaders, write, status;
	char lname[64], bname[64 + sizeof(".bandwidth")], x[32], y[32];
	/*
	 * x, the bandwidth the loaders achieved, is measured and differs
	 * run to run: a point is named by its pause level instead, {i}
	 * (0: loaders idle, NPAUSES - 1: no pause), the same in every run.
	 */
	const struct metric lat = {
		.name = lname, .unit = "nanoseconds", .better = BETTER_LOWER,
		.x_name = "bandwidth", .x_unit = "MB/sec", .point = "{name}@{i}"
	}, bw = {
		.name = bname, .unit = "MB/sec", .x_name = "bandwidth",
		.x_unit = "MB/sec", .col = 1, .point = "{name}@{i}"
	};

	if (strcmp(r->argv[0], "rd") == 0)
		write = 0;
	else if (strcmp(r->argv[0], "wr") == 0)
		write = 1;
	else
		bench_usage();
	if (len < 64 * 1024)
		bench_fail("-M %zu: at least 64K is needed", len);
	len = len / CHUNK * CHUNK;

	ctl = mem_shared(sizeof(*ctl));
	ctl->pause = IDLE;
	probe_check_len("-M", len, n + 1);
	/*
	 * On one CPU the loaders would only take turns with the chase: its
	 * probes would time it alone between their slices, not under load.
	 */
	if (bench_cpus_allowed() < 2) {
		errno = 0;
		bench_die("only one CPU allowed to this process (taskset, "
			  "cpuset): no other CPU for a loader to load memory "
			  "from while the chase runs");
	}
	probe_init(&pr, len, MEM_HUGE, &r->opts);
	bench_default_enough(LOAD_ENOUGH_US);
	/* Built once; each point resumes where the last one stopped. */
	pr.heads[0] = chain_build(pr.buf, len, &spec);
	fflush(NULL);
	for (i = 0; i < n; i++) {
		pids[i] = fork();
		if (pids[i] < 0) {
			ctl->stop = 1;
			bench_die("fork");
		}
		if (pids[i] == 0) {
			if (handle_scheduler(0, i + 1, n) != 0)
				_exit(1);
			loader(ctl, i, len, write, self);
		}
	}
	/* Wait until every loader has its buffer (at most ~10 s). */
	for (c = 0, i = 0; i < n && c < 10000; c++) {
		for (i = 0; i < n && ctl->ready[i]; i++)
			;
		if (i < n)
			sleep_us(1000);
	}
	if (i < n) {
		ctl->stop = 1;
		errno = 0;
		bench_die("loaders did not start");
	}
	if (handle_scheduler(0, 0, n) != 0) {
		ctl->stop = 1;
		bench_die("LMBENCH_SCHED: cannot place the benchmark");
	}
	warm_chase(&pr);
	fprintf(stderr, "\"loaded latency %s, %d loader%s: MB/s ns\n",
		write ? "wr" : "rd", n, n > 1 ? "s" : "");
	snprintf(lname, sizeof(lname), "mem.loaded.%s.loaders_%d",
		 write ? "wr" : "rd", n);
	snprintf(bname, sizeof(bname), "%s.bandwidth", lname);
	metric_series(&lat);
	metric_series(&bw);
	for (i = 0; i < NPAUSES; i++)
		result_init(&res[i], 1);
	load_series(ctl, &pr, n, best, mbs, res);
	for (i = 0; i < NPAUSES; i++) {
		snprintf(x, sizeof(x), "%.0f", mbs[i]);
		snprintf(y, sizeof(y), "%.3f", best[i]);
		fprintf(stderr, "%s %s\n", x, y);
		report_result(&res[i], &lat, &(struct report_at){.x = x,
			      .y = y, .i = i}, "lat_mem_load", best[i], 1.0, 0);
		metric_point_value(&bw, x, y, i, mbs[i]);
	}
	fprintf(stderr, "\n");
	curve_note(write ? "wr" : "rd", n, mbs, res);
	for (i = 0; i < NPAUSES; i++)
		result_free(&res[i]);
	ctl->stop = 1;
	for (i = 0; i < n; i++)
		if (waitpid(pids[i], &status, 0) < 0)
			bench_die("waitpid");
	probe_free(&pr);
	return 0;
}

BENCH_MAIN(.usage = "[-n <loaders>] [-M <len>] " BENCH_USAGE_WN " rd|wr\n",
	   .min_ops = 1, .max_ops = 1,
	   BENCH_STATE(.loaders = 1, .len = DEFAULT_LEN),
	   .options = BENCH_OPTIONS(
		BENCH_INT("-n", "loader processes driving memory (default 1)",
			  loaders, 1, MAX_LOADERS),
		BENCH_SIZE("-M", "the chased buffer and each loader's (default "
			   "256 MB)", len),
		BENCH_OPERAND("rd", "the loaders read one word per line"),
		BENCH_OPERAND("wr", "the loaders write one word per line")))
