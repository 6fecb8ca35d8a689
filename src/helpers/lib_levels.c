/*
 * lib_levels.c - levels of a latency curve, and the sweeps' agreement.
 */
#include "lib_levels.h"
#include "lib_stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEG_TOL		1.3	/* a plateau: within 30% of its start */
#define SEG_MIN		4	/* points in a plateau: most of an octave */
#define MERGE_RATIO	1.6	/* levels differ by more than this */
#define EDGE_CAP	4.0	/* the next level's ratio, read at most this */
#define EDGE_NEAR	0.3	/* powers of that ratio: near the plateau, */
#define EDGE_STEP	0.5	/* across the step, */
#define EDGE_FAR	0.8	/* and far from the plateau */
#define EDGE_SHARE	0.5	/* a sharp edge: this share of the rise in a step */

struct plateau {
	int lo, hi;		/* points, inclusive */
	double lat;
};

/* The median of v[0..n), v left as it was. */
static double median_of(const double *v, int n)
{
	double tmp[LEVELS_POINTS];

	memcpy(tmp, v, (size_t)n * sizeof(*v));
	return stats_median(tmp, n);
}

/* Plateaus of the smoothed curve f, merged into levels; returns count. */
static int plateaus(const double *f, int n, struct plateau *pl)
{
	int i, j, np = 0, m;

	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && f[j] <= SEG_TOL * f[i]; j++)
			;
		if (j - i >= SEG_MIN) {
			pl[np].lo = i;
			pl[np].hi = j - 1;
			pl[np].lat = median_of(f + i, j - i);
			np++;
		}
	}
	for (i = 0, m = 0; i < np; i++) {
		if (m > 0 && pl[i].lat < MERGE_RATIO * pl[m - 1].lat) {
			pl[m - 1].hi = pl[i].hi;
			pl[m - 1].lat = median_of(f + pl[m - 1].lo,
						  pl[m - 1].hi - pl[m - 1].lo + 1);
		} else {
			pl[m++] = pl[i];
		}
	}
	return m;
}

/* log2 of the size at place i over the first point's. */
static double place_log2(int i)
{
	int octave = i / LEVELS_OCTAVE, step = i % LEVELS_OCTAVE;

	return octave + log2(1.0 + (double)step / LEVELS_OCTAVE);
}

int levels_octave(int at)
{
	if (at < 0)
		return -1;
	return LEVELS_OCTAVE * (int)lround(place_log2(at));
}

/* The last point from `from` on before the curve first goes above thr. */
static int last_below(const double *f, int n, int from, double thr)
{
	int j;

	for (j = from; j + 1 < n && f[j + 1] <= thr; j++)
		;
	return j;
}

/* Level i's edge, from plateau pl[i] and the next one (NULL: none). */
static void edge(const double *f, int n, const struct plateau *pl,
		 const struct plateau *next, struct level *lv)
{
	double p = pl->lat, r = EDGE_CAP, cut, x = 0, at, top, best = 0;
	int jn, jc, jf, j;

	if (next != NULL && next->lat < EDGE_CAP * p)
		r = next->lat / p;
	cut = p * pow(r, EDGE_STEP);
	jn = last_below(f, n, pl->lo, p * pow(r, EDGE_NEAR));
	jc = last_below(f, n, pl->lo, cut);
	jf = last_below(f, n, pl->lo, p * pow(r, EDGE_FAR));
	lv->at = jc;
	lv->lo = jn;
	lv->hi = jf + 1 < n ? jf + 1 : n - 1;
	top = jf + 1 < n ? f[jf + 1] : f[jf];
	for (j = pl->lo; j <= jf && j + 1 < n; j++)
		if (f[j] > 0 && log(f[j + 1] / f[j]) > best)
			best = log(f[j + 1] / f[j]);
	lv->gradual = top > p && best < EDGE_SHARE * log(top / p);
	if (!lv->gradual)
		return;
	/* Where between jc and jc + 1 the curve crosses the step. */
	if (jc + 1 < n && f[jc] > 0 && f[jc + 1] > f[jc] && cut > f[jc])
		x = log(cut / f[jc]) / log(f[jc + 1] / f[jc]);
	if (x > 1)
		x = 1;
	at = place_log2(jc);
	if (jc + 1 < n)
		at += x * (place_log2(jc + 1) - at);
	lv->at = LEVELS_OCTAVE * (int)lround(at);
	if (lv->at > n - 1)
		lv->at = -1;
}

void levels_find(const double *t, int n, struct curve_levels *out)
{
	double f[LEVELS_POINTS];
	struct plateau pl[LEVELS_POINTS];
	int i, np, nl;

	memset(out, 0, sizeof(*out));
	out->start = -1;
	if (n > LEVELS_POINTS)
		n = LEVELS_POINTS;
	if (n < 1)
		return;
	for (i = 0; i < n; i++)
		f[i] = i == 0 || i == n - 1 ? t[i] : median_of(t + i - 1, 3);
	np = plateaus(f, n, pl);
	out->plateaus = np;
	out->mem = f[n - 1];
	if (np == 0)
		return;
	out->start = pl[0].lo;
	out->memory = pl[np - 1].hi == n - 1;
	if (out->memory)
		out->mem = pl[np - 1].lat;
	nl = out->memory ? np - 1 : np;
	if (nl > LEVELS_MAX)
		nl = LEVELS_MAX;
	for (i = 0; i < nl; i++) {
		edge(f, n, &pl[i], i + 1 < np ? &pl[i + 1] : NULL,
		     &out->lv[i]);
		out->lv[i].mid = (pl[i].lo + pl[i].hi + 1) / 2;
		out->lv[i].lat = pl[i].lat;
	}
	out->n = nl;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

int levels_places_agree(const int *at, int n, int steps, int *median)
{
	int v[LEVELS_POINTS], i;

	if (n < 1 || n > LEVELS_POINTS)
		return 0;
	for (i = 0; i < n; i++) {
		if (at[i] < 0)
			return 0;
		v[i] = at[i];
	}
	qsort(v, (size_t)n, sizeof(*v), cmp_int);
	if (v[n - 1] - v[0] > steps)
		return 0;
	if (median != NULL)
		*median = v[(n - 1) / 2];
	return 1;
}

int levels_agree(const struct curve_levels *sw, int nsw,
		 struct agreed_level *out)
{
	int at[LEVELS_POINTS], mid[LEVELS_POINTS], elo[LEVELS_POINTS];
	int ehi[LEVELS_POINTS], k, s, r = 0, grad;
	double lat[LEVELS_POINTS], lo, hi;

	if (nsw > LEVELS_POINTS)
		nsw = LEVELS_POINTS;
	memset(out, 0, LEVELS_MAX * sizeof(*out));
	for (s = 0; s < nsw; s++)
		if (sw[s].n > r)
			r = sw[s].n;
	for (k = 0; k < r; k++) {
		grad = 0;
		for (s = 0; s < nsw && k < sw[s].n; s++) {
			at[s] = sw[s].lv[k].at;
			mid[s] = sw[s].lv[k].mid;
			lat[s] = sw[s].lv[k].lat;
			elo[s] = sw[s].lv[k].lo;
			ehi[s] = sw[s].lv[k].hi;
			grad |= sw[s].lv[k].gradual;
		}
		if (s < nsw)
			continue;
		/* One gradual edge: every sweep's size to its octave. */
		for (s = 0; grad && s < nsw; s++)
			at[s] = levels_octave(at[s]);
		if (!levels_places_agree(at, nsw,
					 grad ? 0 : LEVELS_AGREE_STEPS,
					 &out[k].at))
			continue;
		stats_sort(lat, nsw);
		lo = lat[0];
		hi = lat[nsw - 1];
		if (lo <= 0 || hi > LEVELS_AGREE_RATIO * lo)
			continue;
		levels_places_agree(mid, nsw, LEVELS_POINTS, &out[k].mid);
		levels_places_agree(elo, nsw, LEVELS_POINTS, &out[k].lo);
		levels_places_agree(ehi, nsw, LEVELS_POINTS, &out[k].hi);
		out[k].lat = stats_median(lat, nsw);
		out[k].gradual = grad;
		out[k].clear = 1;
	}
	return r;
}

int levels_shown(const struct agreed_level *lv, int r, int host_top)
{
	int k, last = 0;

	for (k = 0; k < r && k < LEVELS_MAX; k++)
		if (lv[k].clear)
			last = k + 1;
	if (host_top > LEVELS_MAX)
		host_top = LEVELS_MAX;
	if (host_top > last)
		return host_top;
	return host_top == 0 && r > last ? last + 1 : last;
}

void levels_unclear_host(char *buf, size_t len, int k, long host_kb,
			 const char *source)
{
	if (host_kb <= 0)
		snprintf(buf, len, "the host reports no L%d", k);
	else if (host_kb % 1024 == 0)
		snprintf(buf, len, "%s says %ld MB", source, host_kb / 1024);
	else
		snprintf(buf, len, "%s says %ld KB", source, host_kb);
}

void levels_unclear_line(char *buf, size_t len, int k, long host_kb,
			 const char *source)
{
	char host[64];

	levels_unclear_host(host, sizeof(host), k, host_kb, source);
	snprintf(buf, len, "L%d cache: no clear plateau (%s)", k, host);
}
