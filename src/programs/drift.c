/*
 * drift - the host's drift probes: a few fixed measurements, a few
 * milliseconds each, that the run repeats at its start, between its
 * groups and at its end, so that a report can tell the host moving from
 * the software changing (doc/results.md, "The host's drift").
 *
 *   l1       random chase over 16 KB: load latency of the L1 data cache
 *   l2       random chase over 1 MB: of the second-level cache
 *   llc      random chase over 6 MB: of the level beyond (a shared cache
 *            on most machines, where the neighbours' load shows first)
 *   dram     random chase over 64 MB, 512 bytes apart: memory's latency
 *            with page walks (4 KB pages)
 *   stride   chase in address order at stride 128 over 32 MB: memory
 *            with the stride prefetchers' help
 *   bw       libc memchr() over 32 MB of zeros: read bandwidth of memory
 *   syscall  getppid(): the cost of entering the kernel
 *
 * Each is one benchmp() of short intervals (PROBE_ENOUGH_US, the
 * discovery programs' own; ENOUGH in the environment overrides it, which
 * the run does not pass on), the fastest kept; the chains are built and
 * read before they are timed.  The sizes are fixed, not taken from
 * the machine, so that a probe means the same in every run: what it
 * measures is the host's state, not a property of the machine.  Nothing
 * is printed inside a timed interval; the buffer is mapped and touched
 * before the first.
 *
 * Output (stdout): one line per probe, "<name> <value>", in the order
 * given (--json: its JSON line instead, named drift.<name>, with the
 * intervals' figures as samples); -l lists "<name> <unit> <better>
 * <what>" instead and measures nothing.
 *
 * usage: drift [-l] [l1|l2|llc|dram|stride|bw|syscall ...]
 */
#include "bench.h"
#include "lib_chain.h"
#include "lib_mem.h"
#include "lib_probe.h"
#include "lib_syscall.h"

#define KB		((size_t)1 << 10)
#define MB		((size_t)1 << 20)
/* The largest region a probe uses: the buffer mapped once. */
#define BUF_LEN		(64 * MB)
#define DRIFT_SEED	0x6472696674ULL
/*
 * The figure of a probe: its fastest interval (the lowest time; for a
 * rate, the highest).  Another process can only make an interval
 * slower, and on a busy machine it takes the CPU during many of them
 * (the median of l2 moved 20-fold between two points a few seconds
 * apart, the fastest interval 14%: doc/validation/drift.md); a host
 * state that slows the caches or memory slows every interval.
 */
#define FASTEST		0.0
/*
 * Loads read before a chain is timed: WARM_LAPS laps, at most WARM_ALL
 * loads for a chain that fits a cache (its build, and the probe before
 * it, left another state in the caches: the first lap of the 6 MB chain
 * runs up to three times slower than the fourth) and WARM_SOME for one
 * in memory, whose elements the short intervals reach once at most.
 */
#define WARM_LAPS	4
#define WARM_ALL	((size_t)1 << 20)
#define WARM_SOME	((size_t)32 << 10)

struct state {
	struct probe pr;
	size_t scan;		/* bw: bytes memchr() reads per call */
	double scale;		/* the last probe's, as report_median takes */
	int inverse;		/* them: for its samples in the JSON line */
	int list;		/* -l */
};

struct variant {
	const char *name;
	const char *metric;	/* its stable name (doc/results-json.md) */
	const char *unit;
	const char *help;
	double (*run)(struct state *st, const struct variant *v);
	size_t size;		/* bytes of the buffer the probe uses */
	size_t stride;		/* chases: bytes between elements */
	size_t warm;		/* chases: loads read before timing, at most */
	enum metric_better better;
	enum chain_kind kind;
};

/* A chain over the probe's region, read first, then timed: ns per load. */
static double run_chase(struct state *st, const struct variant *v)
{
	struct chain_spec spec = {v->kind, v->stride, 0, 0, DRIFT_SEED};
	void *head = chain_build(st->pr.buf, v->size, &spec);
	size_t warm = WARM_LAPS * chain_elements(v->size, &spec);

	if (warm > v->warm)
		warm = v->warm;
	head = chain_chase(head, warm / CHAIN_UNROLL + 1);
	probe_head_once(&st->pr, head);
	st->scale = 1.0 / CHAIN_UNROLL;
	st->inverse = 0;
	return report_quantile(result_last(), FASTEST, st->scale, 0);
}

static void do_memchr(iter_t n, void *cookie)
{
	struct state *st = cookie;
	const void *hit = NULL;

	while (n-- > 0) {
		hit = memchr(st->pr.buf, 1, st->scan);
		/* The buffer may have changed: the call cannot be hoisted. */
		BARRIER_USE(hit);
	}
	use_pointer((void *)(uintptr_t)hit);
}

/* Bytes scanned per second, MB = 10^6 bytes, as bw_mem counts. */
static double run_bw(struct state *st, const struct variant *v)
{
	st->scan = v->size;
	do_memchr(1, st);	/* one untimed pass: the pages are warm */
	benchmp(NULL, do_memchr, NULL, 0, 1, 0, st->pr.opts.repetitions, st);
	st->scale = (double)v->size * 1e3 / 1e6;
	st->inverse = 1;
	return report_quantile(result_last(), 1.0 - FASTEST, st->scale, 1);
}

static double run_syscall(struct state *st, const struct variant *v)
{
	(void)v;
	benchmp(NULL, syscall_getppid, NULL, 0, 1, 0, st->pr.opts.repetitions, st);
	st->scale = 1.0;
	st->inverse = 0;
	return report_quantile(result_last(), FASTEST, st->scale, 0);
}

static const struct variant probes[] = {
	{"l1", "drift.l1", "ns",
	 "random chase over 16 KB: L1 data cache load latency",
	 run_chase, 16 * KB, 64, WARM_ALL, BETTER_LOWER, CHAIN_RANDOM},
	{"l2", "drift.l2", "ns",
	 "random chase over 1 MB: second-level cache latency",
	 run_chase, 1 * MB, 64, WARM_ALL, BETTER_LOWER, CHAIN_RANDOM},
	{"llc", "drift.llc", "ns",
	 "random chase over 6 MB: the level beyond",
	 run_chase, 6 * MB, 64, WARM_ALL, BETTER_LOWER, CHAIN_RANDOM},
	{"dram", "drift.dram", "ns",
	 "random chase over 64 MB, 512 bytes apart: memory",
	 run_chase, 64 * MB, 512, WARM_SOME, BETTER_LOWER, CHAIN_RANDOM},
	{"stride", "drift.stride", "ns",
	 "chase at stride 128 over 32 MB: memory, prefetched",
	 run_chase, 32 * MB, 128, WARM_SOME, BETTER_LOWER, CHAIN_STRIDE},
	{"bw", "drift.bw", "MB/s",
	 "memchr over 32 MB of zeros: memory read bandwidth",
	 run_bw, 32 * MB, 0, 0, BETTER_HIGHER, CHAIN_STRIDE},
	{"syscall", "drift.syscall", "ns",
	 "getppid(): entering the kernel",
	 run_syscall, 0, 0, 0, BETTER_LOWER, CHAIN_STRIDE},
};
#define NPROBES (sizeof(probes) / sizeof(probes[0]))

static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	size_t chosen[NPROBES], i;
	int n = 0;

	if (r->argc > (int)NPROBES)
		bench_fail("at most %zu probes", NPROBES);
	for (; n < r->argc; n++)
		chosen[n] = BENCH_VARIANT(r->argv[n], probes);
	if (n == 0)
		for (i = 0; i < NPROBES; i++)
			chosen[n++] = i;
	if (st->list) {
		for (i = 0; i < (size_t)n; i++)
			printf("%s %s %s %s\n", probes[chosen[i]].name,
			       probes[chosen[i]].unit,
			       probes[chosen[i]].better == BETTER_HIGHER ?
			       "higher" : "lower", probes[chosen[i]].help);
		return fflush(stdout) == 0 ? 0 : 1;
	}
	probe_init(&st->pr, BUF_LEN, 0, &r->opts);
	for (i = 0; i < (size_t)n; i++) {
		const struct variant *v = &probes[chosen[i]];
		double value = v->run(st, v);
		struct metric m = {.name = v->metric, .unit = v->unit,
				   .better = v->better};

		if (metric_json())
			report_json(result_last(), &m, NULL, v->help, value,
				    st->scale, st->inverse);
		else
			printf(value >= 1000 ? "%s %.0f\n" : "%s %.4g\n",
			       v->name, value);
	}
	probe_free(&st->pr);
	return fflush(stdout) == 0 ? 0 : 1;
}

BENCH_MAIN(.usage = "[-l] [%s ...]\n",
	   .max_ops = -1, BENCH_MODES(probes, struct variant),
	   BENCH_STATE(.list = 0),
	   .options = BENCH_OPTIONS(
		BENCH_FLAG("-l", "list the probes (name, unit, what) and "
			   "measure nothing", list)))
