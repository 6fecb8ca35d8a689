/*
 * test_levels - lib_levels on made-up latency curves: a flat one (no
 * level), clean steps (the sweeps agree), noisy ones (one sweep differs:
 * the level is withheld), gradual edges (sized to a power of two), and
 * the line printed in a figure's place.
 */
#include "tap.h"
#include "lib_levels.h"

#include <math.h>
#include <string.h>

#define N 40		/* points: ten an octave's worth per level */

static int near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (fabs(b) + 1);
}

/* Levels at 1, 4 and 20 ns ending at points e1, e2, e3; memory 100 ns. */
static void steps(double *t, int e1, int e2, int e3, double l3)
{
	int i;

	for (i = 0; i < N; i++)
		t[i] = i <= e1 ? 1.0 : i <= e2 ? 4.0 : i <= e3 ? l3 : 100.0;
}

static void find3(struct curve_levels *sw, const int *e3, const double *l3)
{
	double t[N];
	int s;

	for (s = 0; s < 3; s++) {
		steps(t, 9, 19, e3[s], l3[s]);
		levels_find(t, N, &sw[s]);
	}
}

int main(void)
{
	struct curve_levels c, sw[3];
	struct agreed_level lv[LEVELS_MAX];
	double t[N];
	int i, r, m, s, at[3];
	char buf[128];

	/* Flat: one plateau from the first point, no cache level. */
	for (i = 0; i < N; i++)
		t[i] = 5.0;
	levels_find(t, N, &c);
	ok(c.n == 0 && c.plateaus == 1 && c.start == 0 && c.memory == 1 &&
	   near(c.mem, 5.0), "flat: no level, one plateau from the start");
	for (i = 0; i < 3; i++)
		sw[i] = c;
	r = levels_agree(sw, 3, lv);
	ok(r == 0 && levels_shown(lv, r, 0) == 0,
	   "flat: nothing to agree on, nothing shown");
	ok(levels_shown(lv, r, 3) == 3 && !lv[0].clear && !lv[2].clear,
	   "flat: the host's three levels shown, none clear");

	/* Clean steps: three levels and memory. */
	steps(t, 9, 19, 29, 20.0);
	levels_find(t, N, &c);
	ok(c.n == 3 && c.memory == 1 && near(c.mem, 100.0),
	   "steps: three levels, the curve ends on memory");
	ok(c.lv[0].at == 9 && c.lv[1].at == 19 && c.lv[2].at == 29,
	   "steps: each level's size is its last point (%d %d %d)",
	   c.lv[0].at, c.lv[1].at, c.lv[2].at);
	ok(near(c.lv[0].lat, 1.0) && near(c.lv[1].lat, 4.0) &&
	   near(c.lv[2].lat, 20.0), "steps: each level's latency");
	ok(c.lv[1].mid == 15, "steps: mid point of L2's plateau (%d)",
	   c.lv[1].mid);

	/* A curve still rising at its end: the last plateau is a level. */
	for (i = 0; i < N; i++)
		t[i] = i < 20 ? 1.0 : 4.0 * pow(1.5, i - 20);
	levels_find(t, N, &c);
	ok(c.n == 1 && c.memory == 0 && near(c.mem, t[N - 1]),
	   "rising: one level, memory the last point");

	/* Three sweeps alike, sizes one step apart: all clear. */
	find3(sw, (int[]){29, 28, 29}, (double[]){20.0, 21.0, 22.0});
	r = levels_agree(sw, 3, lv);
	ok(r == 3 && lv[0].clear && lv[1].clear && lv[2].clear,
	   "agree: three levels, all clear");
	ok(lv[2].at == 29 && near(lv[2].lat, 21.0),
	   "agree: the median place and latency (%d, %.1f)", lv[2].at,
	   lv[2].lat);
	ok(levels_shown(lv, r, 3) == 3 && levels_shown(lv, r, 0) == 3,
	   "agree: three shown, with or without the host's word");

	/* One sweep's L3 four points off: L3 withheld, L1 and L2 kept. */
	find3(sw, (int[]){29, 25, 29}, (double[]){20.0, 20.0, 20.0});
	r = levels_agree(sw, 3, lv);
	ok(r == 3 && lv[0].clear && lv[1].clear && !lv[2].clear,
	   "noisy size: L3 not clear, L1 and L2 are");
	ok(levels_shown(lv, r, 3) == 3, "noisy size: L3 still has its line");

	/* One sweep's L3 latency twice the others': withheld. */
	find3(sw, (int[]){29, 29, 29}, (double[]){20.0, 40.0, 20.0});
	r = levels_agree(sw, 3, lv);
	ok(r == 3 && lv[1].clear && !lv[2].clear,
	   "noisy latency: L3 not clear");
	/* 24% apart is within the rule, 26% is not. */
	find3(sw, (int[]){29, 29, 29}, (double[]){20.0, 24.8, 20.0});
	r = levels_agree(sw, 3, lv);
	ok(lv[2].clear, "latencies 1.24x apart: clear");
	find3(sw, (int[]){29, 29, 29}, (double[]){20.0, 25.2, 20.0});
	r = levels_agree(sw, 3, lv);
	ok(!lv[2].clear, "latencies 1.26x apart: not clear");

	/* One sweep without L3 (its L2 runs into memory): withheld. */
	find3(sw, (int[]){29, 19, 29}, (double[]){20.0, 20.0, 20.0});
	ok(sw[1].n == 2, "a sweep with two levels");
	r = levels_agree(sw, 3, lv);
	ok(r == 3 && lv[1].clear && !lv[2].clear,
	   "missing in one sweep: L3 not clear");
	ok(levels_shown(lv, r, 3) == 3 && levels_shown(lv, r, 2) == 2 &&
	   levels_shown(lv, r, 0) == 3,
	   "missing in one sweep: shown with the host's L3, not past L2 "
	   "where the host has none, one line where it says nothing");

	/*
	 * A gradual edge: a plateau at 4 ns to point 19, then the curve
	 * creeping up 1.25x a point to 20 ns (no step makes half the rise):
	 * the size is the power of two nearest the crossing of 8 ns.  The
	 * grid is four points an octave, so places 20 and 24 are powers of
	 * two; 8 ns is crossed between 22 (7.8) and 23 (9.8), nearer 22's
	 * 1.5x than 23's 1.75x, and 22.1 of the grid rounds to 24 (log2 of
	 * 1.5 is 0.58, past half an octave).
	 */
	for (i = 0; i < N; i++)
		t[i] = i <= 9 ? 1.0 : i <= 19 ? 4.0 :
		       i <= 26 ? 4.0 * pow(1.25, i - 19) : 100.0;
	levels_find(t, N, &c);
	ok(c.n >= 2 && !c.lv[0].gradual && c.lv[0].at == 9,
	   "gradual: L1's edge is sharp, at its last point (%d)", c.lv[0].at);
	ok(c.n >= 2 && c.lv[1].gradual && c.lv[1].at == 24,
	   "gradual: L2's edge is gradual, its size the power of two at 24 "
	   "(%d)", c.lv[1].at);
	ok(c.lv[1].lo < 22 && c.lv[1].hi > 23 && c.lv[1].hi - c.lv[1].lo >= 3,
	   "gradual: the edge spans its points (%d to %d)", c.lv[1].lo,
	   c.lv[1].hi);
	/* The same curve one and two points later: the same size. */
	for (s = 0; s < 3; s++) {
		for (i = 0; i < N; i++) {
			int e = 19 + s;

			t[i] = i <= 9 ? 1.0 : i <= e ? 4.0 :
			       i <= e + 7 ? 4.0 * pow(1.25, i - e) : 100.0;
		}
		levels_find(t, N, &sw[s]);
	}
	r = levels_agree(sw, 3, lv);
	ok(r >= 2 && lv[1].clear && lv[1].gradual && lv[1].at == 24,
	   "gradual, a point apart: clear, at the same power of two (%d)",
	   lv[1].at);
	/* Two points further on: the crossing at 26.1 rounds to 28. */
	for (i = 0; i < N; i++)
		t[i] = i <= 9 ? 1.0 : i <= 23 ? 4.0 :
		       i <= 30 ? 4.0 * pow(1.25, i - 23) : 100.0;
	levels_find(t, N, &sw[1]);
	ok(sw[1].lv[1].gradual && sw[1].lv[1].at == 28,
	   "gradual, four points later: 28 (%d)", sw[1].lv[1].at);
	r = levels_agree(sw, 3, lv);
	ok(!lv[1].clear, "gradual, powers of two apart: not clear");
	/* A sharp sweep beside gradual ones is taken to its octave too. */
	steps(t, 9, 23, 29, 20.0);
	levels_find(t, N, &sw[1]);
	ok(!sw[1].lv[1].gradual && sw[1].lv[1].at == 23,
	   "a sharp edge at 23 (%d)", sw[1].lv[1].at);
	r = levels_agree(sw, 3, lv);
	ok(lv[1].clear && lv[1].gradual && lv[1].at == 24,
	   "sharp at 23 beside gradual at 24: clear at 24 (%d)", lv[1].at);
	steps(t, 9, 21, 29, 20.0);
	levels_find(t, N, &sw[1]);
	r = levels_agree(sw, 3, lv);
	ok(!lv[1].clear, "sharp at 21 beside gradual at 24: 21 is nearer 20, "
	   "not clear");
	/* A sharp step with one point on its way: still sharp. */
	for (i = 0; i < N; i++)
		t[i] = i <= 9 ? 1.0 : i <= 19 ? 4.0 : i == 20 ? 7.0 : 20.0;
	for (i = 30; i < N; i++)
		t[i] = 100.0;
	levels_find(t, N, &c);
	ok(c.n >= 2 && !c.lv[1].gradual && c.lv[1].at == 20,
	   "a step through one point below it: sharp, at 20 (%d)",
	   c.lv[1].at);
	ok(levels_octave(21) == 20 && levels_octave(22) == 24 &&
	   levels_octave(24) == 24 && levels_octave(-1) == -1,
	   "octaves: 1.25x to the power below, 1.5x to the one above");

	/* Three points within 30% on a slope are not a plateau. */
	for (i = 0; i < N; i++)
		t[i] = i <= 9 ? 1.0 : i <= 19 ? 4.0 : i <= 22 ? 10.0 + i - 20
		       : 50.0 * pow(1.5, i - 23);
	levels_find(t, N, &c);
	ok(c.n == 2 && c.memory == 0,
	   "three points alike are no level: two levels, the curve rising "
	   "(%d)", c.n);

	/* Places: the rule alone. */
	ok(levels_places_agree((int[]){5, 6, 5}, 3, 1, &m) && m == 5,
	   "places one step apart agree, median 5");
	ok(!levels_places_agree((int[]){5, 7, 5}, 3, 1, NULL),
	   "places two steps apart do not");
	ok(!levels_places_agree((int[]){5, -1, 5}, 3, 1, NULL),
	   "a sweep that found nothing: no agreement");
	at[0] = at[1] = at[2] = 3;
	ok(levels_places_agree(at, 3, 0, &m) && m == 3,
	   "equal places agree with no leeway");
	at[1] = 4;
	ok(!levels_places_agree(at, 3, 0, NULL), "no leeway: one apart fails");

	/* The line in a figure's place. */
	levels_unclear_line(buf, sizeof(buf), 3, 32768, "sysfs");
	ok(!strcmp(buf, "L3 cache: no clear plateau (sysfs says 32 MB)"),
	   "line: %s", buf);
	levels_unclear_line(buf, sizeof(buf), 2, 1280, "sysfs");
	ok(!strcmp(buf, "L2 cache: no clear plateau (sysfs says 1280 KB)"),
	   "line: %s", buf);
	levels_unclear_line(buf, sizeof(buf), 4, 0, "sysfs");
	ok(!strcmp(buf, "L4 cache: no clear plateau (the host reports no L4)"),
	   "line: %s", buf);
	return done_testing();
}
