/*
 * lib_stability.c - the stability of a pair matrix measured twice.
 */
#include "lib_stability.h"
#include "lib_stats.h"

#include <stdio.h>
#include <stdlib.h>

/* |a - b| over the lesser of two positive figures. */
static double spread(double a, double b)
{
	double lo = a < b ? a : b;

	return (a > b ? a - b : b - a) / lo;
}

/* Median and largest of v[0..n) (sorted in place). */
static void summarise(double *v, int n, double *median, double *max)
{
	*median = stats_median(v, n);
	*max = v[n - 1];
}

int stability_of(const double *p1, const double *p2, int n,
		 struct stability *st)
{
	double *rep, *asym, ab, ba;
	int i, j, nr = 0, na = 0, bad = 0;

	st->pairs = 0;
	st->repeat_median = st->repeat_max = 0.0;
	st->asym_median = st->asym_max = 0.0;
	st->stable = 0;
	if (n < 2)
		return -1;
	rep = malloc((size_t)n * (size_t)n * sizeof(*rep));
	asym = malloc((size_t)n * (size_t)n * sizeof(*asym));
	if (rep == NULL || asym == NULL) {
		free(rep);
		free(asym);
		return -1;
	}
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			if (i == j)
				continue;
			if (!(p1[i * n + j] > 0) || !(p2[i * n + j] > 0)) {
				bad = 1;
				continue;
			}
			rep[nr++] = spread(p1[i * n + j], p2[i * n + j]);
			if (j < i || !(p1[j * n + i] > 0) || !(p2[j * n + i] > 0))
				continue;
			ab = p1[i * n + j] < p2[i * n + j] ? p1[i * n + j]
							  : p2[i * n + j];
			ba = p1[j * n + i] < p2[j * n + i] ? p1[j * n + i]
							  : p2[j * n + i];
			asym[na++] = spread(ab, ba);
		}
	if (!bad) {
		st->pairs = nr;
		summarise(rep, nr, &st->repeat_median, &st->repeat_max);
		summarise(asym, na, &st->asym_median, &st->asym_max);
		st->stable = st->repeat_median <= STABILITY_MEDIAN &&
			     st->asym_median <= STABILITY_MEDIAN &&
			     st->repeat_max <= STABILITY_MAX &&
			     st->asym_max <= STABILITY_MAX;
	}
	free(rep);
	free(asym);
	return bad ? -1 : 0;
}

void stability_detail(char *buf, size_t len, const struct stability *st)
{
	snprintf(buf, len, "repeat spread median %.1f%% max %.1f%%; asymmetry "
		 "median %.1f%% max %.1f%% (%d pairs; stable: medians <= "
		 "%.0f%%, maxima <= %.0f%%)",
		 100 * st->repeat_median, 100 * st->repeat_max,
		 100 * st->asym_median, 100 * st->asym_max, st->pairs,
		 100 * STABILITY_MEDIAN, 100 * STABILITY_MAX);
}

void stability_line(char *buf, size_t len, const struct stability *st)
{
	char detail[200];

	stability_detail(detail, sizeof(detail), st);
	snprintf(buf, len, "c2c stability: %s: %s",
		 st->stable ? "stable" : "not stable", detail);
}
