/*
 * lib_timing.h - internals shared by the harness modules: the clock, one
 * timing interval, loop autosizing, the overheads and the result store.
 */
#ifndef LMBENCH_LIB_TIMING_H
#define LMBENCH_LIB_TIMING_H

#include "bench.h"
#include "lib_clock.h"
#include "lib_interval.h"

struct sample {
	double ns;	/* one interval, overheads subtracted */
	uint64 n;	/* iterations in it */
};


/* One untimed-setup, timed-run, untimed-cleanup interval: raw ns. */
double timing_once(benchmp_f init, benchmp_f bench, benchmp_f clean,
		   iter_t n, void *cookie);
/* Smallest iteration count whose interval lasts at least target_ns. */
iter_t timing_calibrate(benchmp_f init, benchmp_f bench, benchmp_f clean,
			double target_ns, void *cookie);
/* Raw interval minus timer and loop overheads (the raw one if none is left). */
double timing_correct(double raw_ns, iter_t n);
/* Keep running benchmark(n) until `us` microseconds have passed. */
void timing_spin(benchmp_f init, benchmp_f bench, benchmp_f clean,
		 iter_t n, void *cookie, long us);

/*
 * What every timing run does first: arguments made sane (parallel >= 1,
 * warmup >= 0, repetitions < 1 -> TRIES), cleanup handlers installed,
 * LMBENCH_SCHED checked, the interval and the overheads measured.
 * Returns the interval in microseconds.
 */
double timing_setup(int *parallel, int *warmup, int *repetitions);

/* The result of the last benchmp(): the samples of every copy. */
void result_reset(void);
void result_add(double ns, uint64 n);
int result_count(void);
/* Samples sorted by time per iteration. */
const struct sample *result_sorted(void);
void result_set_parallel(int parallel);
int result_parallel(void);

/* Parallel copies (lib_parallel.c). */
void parallel_run(benchmp_f init, benchmp_f bench, benchmp_f clean,
		  double interval_ns, int parallel, int warmup,
		  int repetitions, void *cookie);
void parallel_set_childid(int id);

#endif
