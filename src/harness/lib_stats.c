/*
 * lib_stats.c - the numbers behind every reported median.
 *
 * Benchmark timings are skewed and often multi-modal, so nothing here
 * assumes a distribution.  The interval for the median uses the fact that
 * the number of samples below the true median is Binomial(n, 1/2): the
 * pair of order statistics (x(k), x(n-k+1)) covers the median with
 * probability 1 - 2 P(B <= k-1), for any continuous distribution.
 */
#include "lib_stats.h"

#include <math.h>
#include <stdlib.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void stats_sort(double *v, int n)
{
	if (n > 1)
		qsort(v, (size_t)n, sizeof(*v), cmp_double);
}

double stats_quantile(const double *sorted, int n, double q)
{
	double pos, frac;
	int i;

	if (n <= 0)
		return NAN;
	if (q <= 0.0)
		return sorted[0];
	if (q >= 1.0)
		return sorted[n - 1];
	pos = q * (n - 1);
	i = (int)pos;
	frac = pos - i;
	if (i + 1 >= n)
		return sorted[n - 1];
	return sorted[i] + frac * (sorted[i + 1] - sorted[i]);
}

double stats_median(double *v, int n)
{
	stats_sort(v, n);
	return stats_quantile(v, n, 0.5);
}

/* P(B <= k) for B ~ Binomial(n, 1/2), summed in log space for large n. */
static double binom_half_cdf(int n, int k)
{
	double sum = 0.0, logc = 0.0;
	int i;

	if (k < 0)
		return 0.0;
	if (k >= n)
		return 1.0;
	for (i = 0; i <= k; i++) {
		if (i > 0)
			logc += log((double)(n - i + 1)) - log((double)i);
		sum += exp(logc - n * log(2.0));
	}
	return sum > 1.0 ? 1.0 : sum;
}

double stats_median_ranks(int n, double level, int *lo, int *hi)
{
	double cover, best = 0.0;
	int k, best_k = 1;

	if (n <= 0) {
		*lo = *hi = 0;
		return 0.0;
	}
	/* Largest k (narrowest interval) that still has enough coverage. */
	for (k = 1; k <= (n + 1) / 2; k++) {
		cover = 1.0 - 2.0 * binom_half_cdf(n, k - 1);
		if (k == 1)
			best = cover;
		if (cover + 1e-12 < level)
			break;
		best_k = k;
		best = cover;
	}
	*lo = best_k;
	*hi = n - best_k + 1;
	return best;
}

void stats_compute(double *v, int n, struct stats *st)
{
	int lo, hi;

	st->n = n;
	if (n <= 0) {
		st->min = st->q1 = st->median = st->q3 = st->max = NAN;
		st->ci_lo = st->ci_hi = NAN;
		st->ci_level = 0.0;
		return;
	}
	stats_sort(v, n);
	st->min = v[0];
	st->max = v[n - 1];
	st->q1 = stats_quantile(v, n, 0.25);
	st->median = stats_quantile(v, n, 0.5);
	st->q3 = stats_quantile(v, n, 0.75);
	st->ci_level = stats_median_ranks(n, STATS_CI_LEVEL, &lo, &hi);
	st->ci_lo = v[lo - 1];
	st->ci_hi = v[hi - 1];
}
