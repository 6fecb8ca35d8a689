/*
 * lib_clock.h - the clock and the overheads subtracted from every
 * interval: the lowest layer of the harness (doc/harness.md).
 */
#ifndef LMBENCH_LIB_CLOCK_H
#define LMBENCH_LIB_CLOCK_H

#include <limits.h>
#include "lib_core.h"

/* CLOCK_MONOTONIC in nanoseconds (system-wide: comparable across copies). */
uint64 clock_now_ns(void);
/*
 * The wall clock, seconds since the epoch: when a result was taken, to
 * set beside the run's start (never read inside an interval).
 */
double clock_wall_s(void);
/*
 * Smallest step the clock is seen to take, nanoseconds; on a clock finer
 * than its own read cost this is about one read.
 */
double clock_step_ns(void);
/* The measurements behind TIMING_O and LOOP_O (timing_o, loop_o). */
double clock_measure_timer_ns(void);
double clock_measure_loop_ns(void);
/* The overheads in force: TIMING_O / LOOP_O if set, else measured once. */
double timing_timer_ns(void);
double timing_loop_ns(void);

/*
 * 2^b iterations, or the largest power of two an iter_t holds where that
 * is less (iter_t is lmbench3's unsigned long: 32 bits on a 32-bit
 * target).  For the caps on iteration counts that calibration doubles.
 */
#define ITER_BITS	((int)(sizeof(iter_t) * CHAR_BIT))
#define ITER_POW2(b)	((iter_t)1 << ((b) < ITER_BITS ? (b) : ITER_BITS - 1))

#endif
