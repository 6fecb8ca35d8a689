/*
 * lib_report.c - every number a program prints about a timing result.
 *
 * nano/micro/mb print lmbench3's lines (on stderr) from the median of the
 * last result's samples (result_last(): lmbench3's view); the report_*
 * calls from the result they are given.  A sample is an interval, or
 * with parallel copies a round of aligned intervals, counting all
 * copies' work together (lib_result.c).  With LMBENCH_STATS=1 each is
 * followed by its record: a line "#stats {...}", a JSON object with the
 * value's identity, the raw per-operation values in the order taken, the
 * spread (min, quartiles, max, the order-statistic confidence interval of
 * the median), taint, CPUs and counters, for the run scripts and for
 * people who ask.  --json writes the same members on stdout: one writer
 * (lib_metric.c's jw) for both.
 */
#include "lib_report.h"
#include "lib_clock.h"
#include "lib_counters.h"
#include "lib_env.h"
#include "lib_metric.h"
#include "lib_stats.h"
#include "lib_result.h"

#include <math.h>

static double value_of(const struct sample *s, double scale, int inverse)
{
	double per = s->ns / (double)s->n;

	return inverse ? (per > 0 ? scale / per : INFINITY) : per * scale;
}

/*
 * Per-operation values of the intervals the statistics use (the clean
 * ones where there are enough, lib_result.c), by time per iteration.
 * scale converts ns per iteration to the unit; inverse gives scale /
 * (ns per iteration), for rates.  The caller frees the array.
 */
static double *values(const struct bench_result *r, double scale,
		      int inverse, int *count)
{
	int *idx = result_order(r, count);
	double *v;
	int i;

	v = bench_alloc((size_t)(*count ? *count : 1), sizeof(*v));
	for (i = 0; i < *count; i++)
		v[i] = value_of(&r->s[idx[i]], scale, inverse);
	free(idx);
	return v;
}

/*
 * Operations per iteration of one copy, from the scale a report was
 * given (the counts of a sample are per iteration of one copy): a
 * latency's scale is (ns to its unit) / (operations per iteration); a
 * rate's, (its numerator per iteration of all copies, as mb() counts
 * bytes) * 1e9 per second, so its operation is one of what it counts
 * (a file, a MB).
 */
static double ops_per_iteration(const char *unit, double scale, int inverse,
				int parallel)
{
	static const struct {
		const char *unit;
		double ns_to_unit;
	} units[] = {
		{"nanoseconds", 1.0}, {"microseconds", 1e-3},
		{"milliseconds", 1e-6}, {"seconds", 1e-9},
	};
	size_t i;

	if (scale <= 0)
		return 0.0;
	if (inverse)
		return scale / 1e9 / (parallel > 1 ? parallel : 1);
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strcmp(unit, units[i].unit) == 0)
			return units[i].ns_to_unit / scale;
	return 1.0;	/* not a time: per iteration */
}

/* The CPUs r's samples ran on, [0, 1]; absent if none is known. */
static void rec_cpus(struct jw *o, const struct bench_result *r)
{
	uint64 mask[SAMPLE_CPUS / 64] = {0};
	int i, k, any = 0;

	for (i = 0; i < r->count; i++)
		for (k = 0; k < SAMPLE_CPUS / 64; k++)
			mask[k] |= r->s[i].cpus[k];
	for (i = 0; i < SAMPLE_CPUS; i++) {
		if (!(mask[i / 64] & (1ULL << (i % 64))))
			continue;
		if (any == 0)
			jw_list(o, "cpus");
		jw_item(o, any++, "%.0f", (double)i);
	}
	if (any)
		jw_list_end(o);
}

/*
 * Which invocation of its group in the run this result is, and how many
 * seconds after the run's start it was taken (scripts/lmbench says both
 * through the environment; a program run by hand says neither).
 */
static void rec_invocation(struct jw *o)
{
	const struct bench_env *e = bench_env();
	double at;

	if (e->invocation > 0)
		jw_num(o, "inv", "%.0f", (double)e->invocation);
	if (e->run_t0 >= 0) {
		at = clock_wall_s() - e->run_t0;
		jw_num(o, "at_s", "%.1f", at > 0 ? at : 0.0);
	}
}

/* Taint: how many, each sample's code, and what the median is over. */
static void rec_taint(struct jw *o, const struct bench_result *r)
{
	int i, tainted = r->count - result_clean(r);

	jw_num(o, "tainted", "%.0f", (double)tainted);
	if (tainted == 0)
		return;
	jw_list(o, "taint");
	for (i = 0; i < r->count; i++)
		jw_item(o, i, "%.0f", (double)r->s[i].taint);
	jw_list_end(o);
	jw_text(o, "median_of", result_use_clean(r) ? "clean" : "all");
}

/*
 * The counters over the samples the statistics use: per operation,
 * the achieved clock (cycles per ns on a CPU, GHz) and the share of
 * the intervals spent on a CPU.  With what they could not count where
 * `missing` is set (a --json line; a #stats record has the #counters
 * record before it instead).
 */
static void rec_counters(struct jw *o, const struct bench_result *r,
			 double ops_iter, int missing)
{
	double sum[CTR_COUNT] = {0}, iters = 0, ns = 0;
	unsigned valid = ~0u;
	const char *why = counters_missing();
	char key[64];
	int *idx, n, i, k;

	idx = result_order(r, &n);
	for (i = 0; i < n; i++) {
		const struct sample *s = &r->s[idx[i]];

		valid &= s->ctr_valid;
		for (k = 0; k < CTR_COUNT; k++)
			sum[k] += (double)s->ctr[k];
		iters += (double)s->n;
		ns += s->ns;
	}
	free(idx);
	if (n == 0)
		valid = 0;
	jw_open(o, "counters");
	if (valid & (1u << CTR_TASK_CLOCK) && ns > 0)
		jw_num(o, "cpu_share", "%.4g", sum[CTR_TASK_CLOCK] / ns);
	if (valid & (1u << CTR_SWITCHES))
		jw_num(o, "switches", "%.0f", sum[CTR_SWITCHES]);
	if (valid & (1u << CTR_MIGRATIONS))
		jw_num(o, "migrations", "%.0f", sum[CTR_MIGRATIONS]);
	for (k = 0; k < CTR_COUNT && iters > 0 && ops_iter > 0; k++)
		if (k != CTR_TASK_CLOCK && k != CTR_SWITCHES &&
		    k != CTR_MIGRATIONS && (valid & (1u << k))) {
			snprintf(key, sizeof(key), "%s_op", counters_name(k));
			jw_num(o, key, "%.4g", sum[k] / (iters * ops_iter));
		}
	if ((valid & (1u << CTR_CYCLES)) && (valid & (1u << CTR_TASK_CLOCK)) &&
	    sum[CTR_TASK_CLOCK] > 0)
		jw_num(o, "ghz", "%.4g",
			sum[CTR_CYCLES] / sum[CTR_TASK_CLOCK]);
	if (missing)
		jw_text(o, "missing", why != NULL ? why : "");
	jw_close(o);
}

/* Every interval's per-operation value, in the order taken. */
static void rec_values(struct jw *o, const char *key,
		       const struct bench_result *r, double scale, int inverse)
{
	int i;

	jw_list(o, key);
	for (i = 0; i < r->count; i++)
		jw_item(o, i, "%.6g", value_of(&r->s[i], scale, inverse));
	jw_list_end(o);
}

/*
 * Everything a record says of r's samples: the copies, the overlap of
 * their intervals, every interval in the order taken, the statistics
 * over those it uses, taint, CPUs, invocation and counters (`missing`:
 * with what they could not count).
 */
static void rec_samples(struct jw *o, const struct bench_result *r,
			const char *unit, double scale, int inverse,
			int missing)
{
	struct stats st;
	double *v, overlap;
	int n;

	jw_num(o, "parallel", "%.0f", (double)r->parallel);
	overlap = result_overlap(r);
	if (overlap >= 0)
		jw_num(o, "overlap", "%.3f", overlap);
	/* Every interval in the order taken; the statistics sort a copy. */
	rec_values(o, "samples", r, scale, inverse);
	v = values(r, scale, inverse, &n);
	stats_compute(v, n, &st);
	free(v);
	jw_num(o, "n", "%.0f", (double)r->count);
	jw_num(o, "min", "%.6g", st.min);
	jw_num(o, "q1", "%.6g", st.q1);
	jw_num(o, "median", "%.6g", st.median);
	jw_num(o, "q3", "%.6g", st.q3);
	jw_num(o, "max", "%.6g", st.max);
	jw_open(o, "ci");
	jw_num(o, "lo", "%.6g", st.ci_lo);
	jw_num(o, "hi", "%.6g", st.ci_hi);
	jw_num(o, "level", "%.4f", st.ci_level);
	jw_close(o);
	rec_taint(o, r);
	rec_cpus(o, r);
	rec_invocation(o);
	rec_counters(o, r, ops_per_iteration(unit, scale, inverse,
					     r->parallel), missing);
}

/*
 * What the counters could not count is the process's, not a result's: a
 * "#counters" record ({"missing":""} when every counter counts) says it
 * before the first #stats record and again only when it changes (a
 * forked copy reopens them).  Readers carry it to the #stats records
 * after it; files before format 5 have counters_missing= on each.
 */
static void counters_line(void)
{
	static char said[256];
	static int any;
	const char *why = counters_missing();
	struct jw w;

	if (why == NULL)
		why = "";
	if (any && strcmp(said, why) == 0)
		return;
	jw_begin(&w, stderr, "#counters ");
	jw_text(&w, "missing", why);
	jw_end(&w);
	snprintf(said, sizeof(said), "%s", why);
	any = 1;
}

/*
 * What a #stats line is of where it is not its line's value: `col`, the
 * point line's number it describes (3 on: lat_fs's rates), or `part`, a
 * figure that is no metric's own (lat_ctx's overhead and its rings'
 * times with the overhead in).  The readers place it by these keys.
 */
struct stats_of {
	int col;
	const char *part;
	const double *value;	/* the part's value where it has one */
};

/*
 * The #stats line; m: its identity keys (NULL: none), series: m is the
 * series of the point it describes (its keys declare the series).
 */
static void stats_line(const struct bench_result *r, const struct metric *m,
		       int series, struct stats_of of, const char *label,
		       const char *unit, double scale, int inverse)
{
	struct jw o;

	counters_line();
	jw_begin(&o, stderr, "#stats ");
	jw_text(&o, "label", label);
	jw_text(&o, "unit", unit);
	if (m != NULL && m->name != NULL && series)
		metric_series_keys(&o, m);
	else if (m != NULL && m->name != NULL)
		metric_keys(&o, m);
	else if (of.col > 2)
		jw_num(&o, "col", "%.0f", (double)of.col);
	if (of.part != NULL)
		jw_text(&o, "part", of.part);
	if (of.value != NULL)
		jw_num(&o, "value", "%.6g", *of.value);
	rec_samples(&o, r, unit, scale, inverse, 0);
	jw_end(&o);
}

void report_stats_part(const struct bench_result *r, const char *part,
		       const char *label, const char *unit, double scale,
		       int inverse)
{
	if (bench_env()->stats)
		stats_line(r, NULL, 0, (struct stats_of){.part = part}, label,
			   unit, scale, inverse);
}

void report_stats_value(const struct bench_result *r, const char *part,
			const char *label, const char *unit, double scale,
			int inverse, double value)
{
	if (bench_env()->stats)
		stats_line(r, NULL, 0,
			   (struct stats_of){.part = part, .value = &value},
			   label, unit, scale, inverse);
}

void report_stats_line(const struct bench_result *r, const char *label,
		       const char *unit, double scale, int inverse)
{
	report_stats_part(r, NULL, label, unit, scale, inverse);
}

void report_json_samples(const char *key, const struct bench_result *r,
			 double scale, int inverse)
{
	rec_values(metric_json_line(), key, r, scale, inverse);
}

void report_json(const struct bench_result *r, const struct metric *m,
		 const struct report_at *at, const char *label, double value,
		 double scale, int inverse)
{
	if (!metric_json())
		return;
	metric_json_begin(m, at ? at->x : NULL, at ? at->y : NULL,
			  at ? at->i : 0, label, value);
	rec_samples(metric_json_line(), r, m->unit, scale, inverse, 1);
	metric_json_end();
}

void report_result(const struct bench_result *r, const struct metric *m,
		   const struct report_at *at, const char *label,
		   double value, double scale, int inverse)
{
	if (bench_env()->stats)
		stats_line(r, at == NULL || at->declare ? m : NULL, at != NULL,
			   (struct stats_of){.col = at != NULL ? m->col : 0},
			   label, m->unit, scale, inverse);
	report_json(r, m, at, label, value, scale, inverse);
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

static void latency(const char *name, const char *label, uint64 n,
		    double ns_to_unit, const char *unit)
{
	const struct bench_result *r = result_last();
	double scale = op_scale(n) * ns_to_unit, value;
	struct metric m = {.name = name, .unit = unit,
			   .better = BETTER_LOWER};

	if (r->count == 0 || n == 0)
		bench_die("%s: nothing was measured", label);
	value = report_median(r, scale, 0);
	fprintf(stderr, "%s: %.4f %s\n", label, value, unit);
	report_result(r, &m, NULL, label, value, scale, 0);
}

void report_nano(const char *name, const char *label, uint64 n)
{
	latency(name, label, n, 1.0, "nanoseconds");
}

void report_micro(const char *name, const char *label, uint64 n)
{
	latency(name, label, n, 1e-3, "microseconds");
}

/* lmbench3's calls declare no name. */
void nano(const char *label, uint64 n)
{
	report_nano(NULL, label, n);
}

void micro(const char *label, uint64 n)
{
	report_micro(NULL, label, n);
}

void report_mb(const char *name, const char *bytes, const char *label,
	       uint64 nbytes)
{
	/* MB/s = bytes per iteration / ns per iteration * 1e3. */
	const struct bench_result *r = result_last();
	double per_iter = get_n() ? (double)nbytes / (double)get_n() : 0.0;
	double value;
	struct metric m = {.name = name, .unit = "MB/sec",
			   .better = BETTER_HIGHER, .bytes = bytes};

	if (r->count == 0)
		bench_die("nothing was measured");
	value = report_median(r, per_iter * 1e3, 1);
	fprintf(stderr, "%.2f MB/sec\n", value);
	/* The #stats label is lmbench3's line's: "MB/sec". */
	if (bench_env()->stats)
		stats_line(r, &m, 0, (struct stats_of){0}, "MB/sec", "MB/sec",
			   per_iter * 1e3, 1);
	report_json(r, &m, NULL, label, value, per_iter * 1e3, 1);
}

void mb(uint64 bytes)
{
	report_mb(NULL, NULL, "MB/sec", bytes);
}
