/*
 * lib_stats.h - order statistics of a sample: min, quartiles, median, max
 * and a distribution-free confidence interval for the median.
 */
#ifndef LMBENCH_LIB_STATS_H
#define LMBENCH_LIB_STATS_H

/* Confidence asked of the median's interval (achieved level may be more). */
#define STATS_CI_LEVEL 0.95

struct stats {
	int n;
	double min, q1, median, q3, max;
	double ci_lo, ci_hi;	/* interval for the median */
	double ci_level;	/* its exact coverage, 0..1 */
};

void stats_sort(double *v, int n);
/* Quantile q (0..1) of sorted data, linear between order statistics. */
double stats_quantile(const double *sorted, int n, double q);
/* Sorts v in place and returns its median. */
double stats_median(double *v, int n);
/*
 * Ranks (1-based) of the order statistics x(lo) <= median <= x(hi) whose
 * coverage, from the Binomial(n, 1/2) law, is at least `level`; the
 * narrowest such symmetric pair.  When n is too small for `level`, the
 * widest pair (1, n).  Returns the exact coverage.
 */
double stats_median_ranks(int n, double level, int *lo, int *hi);
/* Sorts v in place and fills *st. */
void stats_compute(double *v, int n, struct stats *st);

#endif
