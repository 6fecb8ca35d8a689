/*
 * lib_cpu.h - timing choices for benchmarks of the processor itself
 * (mhz, lat_ops, par_ops, lat_rand): kernels that touch nothing but
 * registers and a few bytes, so an interval needs no warm-up of caches
 * or memory and can be short.
 *
 * Short intervals: on a busy machine the chance that an interval escapes
 * every interruption falls exponentially with its length; with 1 ms
 * intervals the median (and the minimum) are far more often clean ones
 * than with the clock probe's 5 ms or more.  A nanosecond clock rounds
 * 1 ms to much better than 0.1%.
 *
 * The minimum: mhz and par_ops estimate a property of the core (its
 * clock, how many operations it overlaps); the paper's rule for mhz
 * applies there: other work can only make an interval longer, so the
 * fastest interval is the estimate least disturbed.
 */
#ifndef LMBENCH_LIB_CPU_H
#define LMBENCH_LIB_CPU_H

#include "lib_core.h"
#include "lib_result.h"

/* Default interval of these programs, microseconds (bench_default_enough). */
#define CPU_INTERVAL_US 1000

/* Smallest ns per iteration over every interval of r (every copy's). */
double result_min_ns(const struct bench_result *r);

#endif
