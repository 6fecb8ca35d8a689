/*
 * lib_probe.h - timed pointer chases for the discovery programs (line,
 * tlb, cache, par_mem, lat_dram_page): one buffer, a chain built per
 * measurement, the median time per load or per step of k chains.
 */
#ifndef LMBENCH_LIB_PROBE_H
#define LMBENCH_LIB_PROBE_H

#include "bench.h"
#include "lib_chain.h"

/* Intervals (us) used when ENOUGH is not set: see probe_init. */
#define PROBE_ENOUGH_US 500
/* Runs per measurement; the least median is kept (see lib_probe.c). */
#define PROBE_ROUNDS 3

struct probe {
	char *buf;
	size_t len;
	struct bench_opts opts;
	/* Medians per measurement, the least kept (probe_init: PROBE_ROUNDS;
	 * a caller that repeats the whole measurement itself may lower it). */
	int rounds;
	/* What the next measurement chases (probe_chain fills these). */
	int k;
	void *heads[CHAIN_MAX_K];
};

/*
 * Allocate and touch len bytes (mem_flags as mem_alloc) and, unless the
 * ENOUGH environment variable is set, make the harness use short
 * intervals: a sweep of many points stays fast and is seldom preempted.
 */
void probe_init(struct probe *pr, size_t len, int mem_flags,
		const struct bench_opts *opts);
void probe_free(struct probe *pr);
/*
 * Refuse (exit 2, "<what> <len>: ...") a buffer of len bytes, times
 * copies, that would not fit in 3/4 of physical memory: touching it
 * would swap or wake the OOM killer instead of measuring.
 */
void probe_check_len(const char *what, size_t len, int copies);
/* -L's argument: a size, never 0 (a line holds a pointer); bad: exit 2. */
size_t probe_arg_line(const char *arg);
/*
 * The command line of cache, par_mem and tlb: [-c] [-L <line>] [-M <len>]
 * and -W/-N, read into this state (their run()'s r->state).
 */
struct probe_args {
	int more;		/* -c: what the program prints besides */
	size_t line;		/* -L (probe_arg_line) */
	size_t len;		/* -M */
};
/* -L into a struct probe_args state (a BENCH_CALL setter). */
void probe_set_line(void *state, const char *arg);
/*
 * The whole main() of such a program (BENCH_MAIN, its function run):
 * the --help lines of -c, -L and -M, then the state's defaults as
 * designated initializers of a struct probe_args.
 */
#define PROBE_MAIN(c_text, line_text, len_text, ...) \
	BENCH_MAIN(.usage = "[-c] [-L <line>] [-M <len>] " BENCH_USAGE_WN \
			    "\n", \
		   .options = BENCH_OPTIONS( \
			{"-c", (c_text), BENCH_ARG_FLAG, \
			 BENCH_AT_OF(struct probe_args, int, more), 0, 0, NULL}, \
			BENCH_CALL("-L", (line_text), probe_set_line), \
			{"-M", (len_text), BENCH_ARG_SIZE, \
			 BENCH_AT_OF(struct probe_args, size_t, len), 0, 0, \
			 NULL}), \
		   .state_size = sizeof(struct probe_args), \
		   .defaults = &(const struct probe_args){__VA_ARGS__})
/* -L for cache and par_mem: 0 (find it) or a multiple of a pointer. */
void probe_check_line(size_t line);

/*
 * Build k chains per spec over the first size bytes of the buffer and
 * time them: nanoseconds per step (a step = one load of every chain,
 * the k loads independent).  k = 1 is the plain latency per load.
 * The chains are read once (up to 4 Mi loads) before they are timed.
 * Each figure is the least of pr->rounds medians of the intervals.
 */
double probe_chain(struct probe *pr, const struct chain_spec *spec,
		   size_t size, int k);
/* Time a chain the caller laid in pr->buf: nanoseconds per load. */
double probe_head(struct probe *pr, void *head);
/* The same, one median only: for callers that take the least of their
 * own interleaved rounds. */
double probe_head_once(struct probe *pr, void *head);

/*
 * Memory-level parallelism at size: the most independent loads that
 * overlap, max over k of k * t(1) / t(k), k = 1..CHAIN_MAX_K.
 */
double probe_parallelism(struct probe *pr, const struct chain_spec *spec,
			 size_t size);

/*
 * Sizes up to this are timed in interleaved rounds by
 * probe_parallelism_sizes(): every interval follows a lap of its chains,
 * which past a few MB of random loads costs more than it is worth.
 */
#define PROBE_ROUND_MAX ((size_t)8 << 20)
/* 1 if probe_parallelism_sizes() interleaves size: it is at most
 * PROBE_ROUND_MAX and its region [size, 2 * size) fits the buffer. */
int probe_interleaved(const struct probe *pr, size_t size);
/*
 * probe_parallelism() at each of sizes[0..n) (increasing).  The sizes
 * probe_interleaved() accepts are timed together in interleaved rounds
 * (benchmp_rounds): one chain cycle per size in its own region, every k
 * of every size one interval per round, each after a lap of its chains;
 * the figure is the median per point (no least of PROBE_ROUNDS runs, and
 * no second t(1): drift falls on all points alike).  The larger sizes
 * follow one after another through probe_parallelism().  t1[i], if t1 is
 * not NULL, gets the one-chain latency at sizes[i].
 */
void probe_parallelism_sizes(struct probe *pr, const struct chain_spec *spec,
			     const size_t *sizes, int n, double *par,
			     double *t1);

/*
 * probe_chain(k = 1) at each of sizes[0..n) (increasing) into t[].  The
 * sizes up to PROBE_ROUND_MAX whose regions, laid one after another from
 * the start of the buffer, fit in it are timed together in interleaved
 * rounds, each interval after a lap of its chain, each figure the median
 * per size; the rest follow one after another through probe_chain().
 */
void probe_chain_sizes(struct probe *pr, const struct chain_spec *spec,
		       const size_t *sizes, int n, double *t);

/*
 * Cache line size: pairs of loads, the second d bytes after the first,
 * over a region that fits the second-level cache but not the first; the
 * smallest d whose pair costs as much as two misses is the line.  The
 * region is pr->len (at most 2 MB used).  Returns 0 when no step shows;
 * t[i] receives the pair cost for d = 8 << i if t is not NULL.
 */
#define PROBE_LINE_STEPS 7	/* d = 8 .. 512 */
size_t probe_line_size(struct probe *pr, double *t);
/*
 * The line size only where PROBE_LINE_SWEEPS runs of probe_line_size(),
 * each measurement one median (the runs are the repetition), all found
 * the same one: one run's step is not believed.  Where they differ (a
 * neighbour's burst moves one point of one run) up to
 * PROBE_LINE_SWEEPS_MAX runs are taken, and the size stands only where
 * most of them found it and the step of the per-distance medians over
 * all runs is the same.  Returns it, or 0.  found[s] (if not NULL) gets
 * run s's answer (0: no step), t[s] (if not NULL) its pair costs, both
 * PROBE_LINE_SWEEPS_MAX long; *runs (if not NULL) the runs taken.
 */
#define PROBE_LINE_SWEEPS 3
#define PROBE_LINE_SWEEPS_MAX 5
size_t probe_line_agreed(struct probe *pr, size_t *found,
			 double (*t)[PROBE_LINE_STEPS], int *runs);

#endif
