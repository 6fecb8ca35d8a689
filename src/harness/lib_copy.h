/*
 * lib_copy.h - one copy of a benchmark, the protocol every timing run
 * uses (single, each parallel copy, rounds): place the process,
 * initialize(0), size the loop, warm up, time intervals (each between
 * initialize(n) and cleanup(n)), cleanup(0).
 */
#ifndef LMBENCH_LIB_COPY_H
#define LMBENCH_LIB_COPY_H

#include "lib_core.h"
#include "lib_result.h"

struct copy {
	benchmp_f init, bench, clean;
	bench_copy_f setup, takedown;	/* once, before init(0), after clean(0) */
	void *cookie;
	iter_t n;	/* the loop's size, once prepared */
	int id;		/* 0 .. parallel-1 */
};

/*
 * What every timing run does first: arguments made sane (parallel >= 1,
 * warmup >= 0, repetitions < 1 -> TRIES), cleanup handlers installed,
 * LMBENCH_SCHED checked, the overheads measured.  Returns the run's
 * interval in microseconds as lib_interval decides it (enough_us: the
 * benchmark's own minimum, 0 for none).
 */
double copy_setup(long enough_us, int *parallel, int *warmup,
		  int *repetitions);

/* Place this process as copy `id` (LMBENCH_SCHED) and record its id. */
void copy_place(int id);
/* setup, initialize(0) / cleanup(0), takedown: the copy's state. */
void copy_begin(struct copy *c);
void copy_end(struct copy *c);
/* Size the loop to interval_ns, then run untimed for warmup_us. */
void copy_prepare(struct copy *c, double interval_ns, long warmup_us);
/* One interval in three steps, so parallel copies can align the middle. */
void copy_arm(struct copy *c);				/* initialize(n) */
void copy_time(struct copy *c, struct sample *s);	/* the timed run */
void copy_disarm(struct copy *c);			/* cleanup(n) */
/* All three. */
void copy_interval(struct copy *c, struct sample *s);

/* One untimed-setup, timed-run, untimed-cleanup interval: raw ns. */
double timing_once(benchmp_f init, benchmp_f bench, benchmp_f clean,
		   iter_t n, void *cookie);
/* Raw interval minus timer and loop overheads (the raw one if none is left). */
double timing_correct(double raw_ns, iter_t n);
/* Keep running benchmark(n) until `us` microseconds have passed. */
void timing_spin(benchmp_f init, benchmp_f bench, benchmp_f clean,
		 iter_t n, void *cookie, long us);

#endif
