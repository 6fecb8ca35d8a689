/*
 * lib_interval.h - the length of a timing interval, decided in one
 * place: the user's ENOUGH, else the program's own choice
 * (bench_default_enough), else what the clock needs (interval_probe_us).
 */
#ifndef LMBENCH_LIB_INTERVAL_H
#define LMBENCH_LIB_INTERVAL_H

#include "lib_core.h"

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
 * Long intervals: where nobody gave the repetitions (benchmp's 0: no -N)
 * and every interval so far took LONG_FACTOR times the interval asked for
 * or more (one iteration that long: a pass over main memory, a large
 * file), a run stops at LONG_REPS intervals instead of TRIES.  Those are
 * the costly points of a run (bw_mem's read of 520 MB at 9 GB/s: 58 ms),
 * their intervals agree closely (within 1-8% in one process here), and a
 * run measures its main-memory points again in later invocations, whose
 * spread is what compare judges by: the median of 5 read as the median
 * of 11 (bw_mem 520m frd, stream at 520 MB, alternating), in about two
 * thirds of the time (bw_mem 1.2 s against 1.8-1.9 s, stream 3.9-4.8 s
 * against 6.6-8.0 s).
 * interval_long: whether an interval from t0 to t1 (raw ns) was long.
 */
#define LONG_REPS	5
#define LONG_FACTOR	4
int interval_long(uint64 t0, uint64 t1, double interval_ns);

/*
 * For programs that combine samples their own way (the discovery probes:
 * the least of three medians, searches over sizes): LMBENCH_SPAN does not
 * apply to them.
 */
void interval_span_off(void);

#endif
