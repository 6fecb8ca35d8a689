/*
 * lib_report.c - every number a program prints about a timing result.
 *
 * nano/micro/mb print lmbench3's lines (on stderr) from the median of the
 * last result's samples (result_last(): lmbench3's view); the report_*
 * calls from the result they are given.  A sample is an interval, or
 * with parallel copies a round of aligned intervals, counting all
 * copies' work together (lib_result.c).  With LMBENCH_STATS=1 each is followed by a
 * line that starts with "#stats" and gives the spread: min, quartiles,
 * max, the order-statistic confidence interval of the median, and the raw
 * per-operation values, for the run scripts and for people who ask.
 */
#include "lib_report.h"
#include "lib_env.h"
#include "lib_stats.h"
#include "lib_result.h"

#include <math.h>

/*
 * Per-operation values of every interval.  scale converts ns per
 * iteration to the unit; inverse gives scale / (ns per iteration), for
 * rates.  The caller frees the array.
 */
static double *values(const struct bench_result *r, double scale,
		      int inverse, int *count)
{
	const struct sample *s = r->s;
	int *idx = result_order(r);
	int i, n = r->count;
	double *v, per;

	*count = n;
	v = malloc((size_t)(n ? n : 1) * sizeof(*v));
	if (v == NULL)
		bench_die("out of memory");
	for (i = 0; i < n; i++) {
		per = s[idx[i]].ns / (double)s[idx[i]].n;
		v[i] = inverse ? (per > 0 ? scale / per : INFINITY)
			       : per * scale;
	}
	free(idx);
	return v;
}

void report_stats_line(const struct bench_result *r, const char *label,
		       const char *unit, double scale, int inverse)
{
	struct stats st;
	double *v, overlap;
	int i, n;

	if (!bench_env()->stats)
		return;
	v = values(r, scale, inverse, &n);
	fprintf(stderr, "#stats label=\"%s\" unit=%s parallel=%d",
		label, unit, r->parallel);
	overlap = result_overlap(r);
	if (overlap >= 0)
		fprintf(stderr, " overlap=%.3f", overlap);
	fprintf(stderr, " samples=");
	for (i = 0; i < n; i++)
		fprintf(stderr, "%s%.6g", i ? "," : "", v[i]);
	stats_compute(v, n, &st);
	fprintf(stderr, " n=%d min=%.6g q1=%.6g median=%.6g q3=%.6g "
		"max=%.6g ci_lo=%.6g ci_hi=%.6g ci_level=%.4f\n", st.n,
		st.min, st.q1, st.median, st.q3, st.max, st.ci_lo, st.ci_hi,
		st.ci_level);
	free(v);
}

double report_quantile(const struct bench_result *r, double q, double scale,
		       int inverse)
{
	struct stats st;
	double *v, x;
	int n;

	v = values(r, scale, inverse, &n);
	if (n == 0) {
		errno = 0;
		bench_die("nothing was measured");
	}
	stats_compute(v, n, &st);
	x = stats_quantile(v, n, q);
	free(v);
	return x;
}

double report_median(const struct bench_result *r, double scale,
		     int inverse)
{
	struct stats st;
	double *v;
	int n;

	v = values(r, scale, inverse, &n);
	stats_compute(v, n, &st);
	free(v);
	return st.median;
}

/* ns per reported operation = ns per iteration * get_n() / n. */
static double op_scale(uint64 n)
{
	return n ? (double)get_n() / (double)n : 0.0;
}

static void latency(const char *label, uint64 n, double ns_to_unit,
		    const char *unit)
{
	const struct bench_result *r = result_last();
	double scale = op_scale(n) * ns_to_unit;

	if (r->count == 0 || n == 0)
		bench_die("%s: nothing was measured", label);
	fprintf(stderr, "%s: %.4f %s\n", label, report_median(r, scale, 0),
		unit);
	report_stats_line(r, label, unit, scale, 0);
}

void nano(const char *label, uint64 n)
{
	latency(label, n, 1.0, "nanoseconds");
}

void micro(const char *label, uint64 n)
{
	latency(label, n, 1e-3, "microseconds");
}

void mb(uint64 bytes)
{
	/* MB/s = bytes per iteration / ns per iteration * 1e3. */
	const struct bench_result *r = result_last();
	double per_iter = get_n() ? (double)bytes / (double)get_n() : 0.0;

	if (r->count == 0)
		bench_die("nothing was measured");
	fprintf(stderr, "%.2f MB/sec\n", report_median(r, per_iter * 1e3, 1));
	report_stats_line(r, "MB/sec", "MB/sec", per_iter * 1e3, 1);
}
