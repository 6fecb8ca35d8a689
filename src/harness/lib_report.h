/*
 * lib_report.h - result lines beyond nano/micro/mb, for programs that
 * print series or their own labels.  Each takes the result it reports
 * on: the one a program holds (a point of benchmp_rounds(), a copy it
 * kept), or result_last(), what benchmp() measured last.
 */
#ifndef LMBENCH_LIB_REPORT_H
#define LMBENCH_LIB_REPORT_H

#include "bench.h"
#include "lib_result.h"

/*
 * Median over all intervals of one operation's cost: ns per iteration
 * times scale, or with inverse set, scale divided by ns per iteration
 * (for rates such as MB/s).
 */
double report_median(const struct bench_result *r, double scale,
		     int inverse);
/*
 * Quantile q (0: the fastest interval, 1: the slowest) of the same
 * per-interval values.  Where the question is what the machine can do at
 * best (a clock, a calibration), the minimum is the interval least
 * disturbed by other work.
 */
double report_quantile(const struct bench_result *r, double q, double scale,
		       int inverse);
/* The "#stats" line for r, when LMBENCH_STATS is set. */
void report_stats_line(const struct bench_result *r, const char *label,
		       const char *unit, double scale, int inverse);

#endif
