/*
 * lib_interval.h - the length of a timing interval, decided in one
 * place: the user's ENOUGH, else the program's own choice
 * (bench_default_enough), else what the clock needs (interval_probe_us).
 */
#ifndef LMBENCH_LIB_INTERVAL_H
#define LMBENCH_LIB_INTERVAL_H

#include "bench.h"

/* The interval in force, microseconds; probes the clock on first use. */
long interval_us(void);
/*
 * Shortest interval when copies run in parallel: long against a
 * scheduler time slice (a few ms on Linux), so slicing and migration
 * average out instead of deciding the result.
 */
#define PARALLEL_MIN_US		100000
/*
 * The interval of one timing run, microseconds: interval_us(), at least
 * enough_us (benchmp()'s own argument; 0: none) and, for parallel
 * copies, at least PARALLEL_MIN_US.
 */
long interval_run_us(long enough_us, int parallel);
/*
 * The interval the clock alone asks for, microseconds: at least
 * INTERVAL_PER_STEP times the clock's step and read cost, at least
 * INTERVAL_MIN_US; on a clock coarser than COARSE_STEP_NS, lmbench3's
 * scaling test decides.  *note is set to a line for stderr when that
 * test found no interval good enough (else NULL).
 */
long interval_probe_us(const char **note);
/* The rule above for a clock of the given step and read cost (ns). */
long interval_from_clock(double step_ns, double read_ns);

/*
 * Whether a copy that has timed `taken` intervals, the first starting at
 * first_ns (CLOCK_MONOTONIC), times another: until `repetitions`, then,
 * with LMBENCH_SPAN set, until the samples cover that many milliseconds
 * (at most SPAN_MAX_SAMPLES in all).
 */
#define SPAN_MAX_SAMPLES	255
int interval_more(int taken, int repetitions, uint64 first_ns);
/*
 * After those, whether to time one more interval because too few of
 * r's are clean (result_clean_needed): at most RETIME_MAX_FACTOR times
 * the intervals asked for in all, and never past SPAN_MAX_SAMPLES.
 * `extra`: intervals re-timed so far.
 */
#define RETIME_MAX_FACTOR	2
struct bench_result;
int interval_retime(const struct bench_result *r, int extra);
/*
 * For programs that combine samples their own way (the discovery probes:
 * the least of three medians, searches over sizes): LMBENCH_SPAN does not
 * apply to them.
 */
void interval_span_off(void);

#endif
