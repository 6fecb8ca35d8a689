/*
 * lib_report.h - result lines beyond nano/micro/mb, for programs that
 * print series or their own labels.  Each takes the result it reports
 * on: the one a program holds (a point of benchmp_rounds(), a copy it
 * kept), or result_last(), what benchmp() measured last.
 */
#ifndef LMBENCH_LIB_REPORT_H
#define LMBENCH_LIB_REPORT_H

#include "lib_core.h"
#include "lib_metric.h"
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
/*
 * The "#stats" line for r, when LMBENCH_STATS is set: statistics that
 * are no metric's own.  report_stats_part says what they are of
 * (part=<part>; lat_ctx's "overhead" and its rings' "incl_overhead").
 */
void report_stats_line(const struct bench_result *r, const char *label,
		       const char *unit, double scale, int inverse);
void report_stats_part(const struct bench_result *r, const char *part,
		       const char *label, const char *unit, double scale,
		       int inverse);
/* The same, with the part's value (value=; lat_ctx's overhead). */
void report_stats_value(const struct bench_result *r, const char *part,
			const char *label, const char *unit, double scale,
			int inverse, double value);

/*
 * Where a point of a series is: x and y as its line prints them, its
 * index; declare: its #stats line declares the series too (a program
 * that prints one point a run, instead of a #series line each run).
 */
struct report_at {
	const char *x, *y;
	int i;
	int declare;
};
/*
 * A value the program printed (`value`, from r with scale and inverse
 * as report_median takes them), declared as m (m->name NULL: none): its
 * "#stats" line with m's identity (LMBENCH_STATS), its JSON line with
 * the samples in the order taken (--json).  at: NULL for a scalar, else
 * the point of series m it is.
 */
void report_result(const struct bench_result *r, const struct metric *m,
		   const struct report_at *at, const char *label,
		   double value, double scale, int inverse);
/* report_result's JSON line alone (a value printed without #stats). */
void report_json(const struct bench_result *r, const struct metric *m,
		 const struct report_at *at, const char *label, double value,
		 double scale, int inverse);
/*
 * For a JSON line being written (metric_json_begin): `key` and r's
 * per-operation values (scale, inverse as report_median) in the order
 * taken.
 */
void report_json_samples(const char *key, const struct bench_result *r,
			 double scale, int inverse);
/*
 * nano, micro and mb for a metric named `name` (NULL: none declared):
 * the same lines, plus what report_result adds.  A time is better lower,
 * a rate higher; bytes says how mb's bytes are counted (NULL: no
 * convention).  label is what mb's caller printed before the value
 * (its JSON label).
 */
void report_nano(const char *name, const char *label, uint64 n);
void report_micro(const char *name, const char *label, uint64 n);
void report_mb(const char *name, const char *bytes, const char *label,
	       uint64 nbytes);

#endif
