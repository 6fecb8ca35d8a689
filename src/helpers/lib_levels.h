/*
 * lib_levels.h - the cache levels of a latency curve, and the rule by
 * which several sweeps of the curve must agree before a level is
 * believed (cache(8)).  Pure functions of their arrays: they time
 * nothing and print nothing, so a test can drive them with made-up
 * curves (t/c/test_levels.c).
 *
 * A curve is latencies t[0..n) at sizes on a grid of LEVELS_OCTAVE
 * points per power of two, 1, 1.25, 1.5 and 1.75 times it, the first
 * point a power of two; a level is known by its place on that grid (an
 * index), never by a size the caller did not time.
 */
#ifndef LMBENCH_LIB_LEVELS_H
#define LMBENCH_LIB_LEVELS_H

#include <stddef.h>

#define LEVELS_POINTS	256	/* the most points a curve has */
#define LEVELS_OCTAVE	4	/* points per power of two */
#define LEVELS_MAX	16	/* the most levels kept from one curve */

/*
 * Agreement: a level's size in every sweep within this many grid steps
 * of each other (one step is a quarter of a power of two: the grid's own
 * resolution), and its latency within this ratio, largest to smallest
 * (a plateau is cut at 1.3x its start: a level's latency wanders less).
 */
#define LEVELS_AGREE_STEPS	1
#define LEVELS_AGREE_RATIO	1.25

struct level {
	int at;		/* its size: the largest point below the next step,
			 * or for a gradual edge the power of two nearest
			 * where the curve crosses that step (-1: past the
			 * curve's end) */
	int mid;	/* a point in the middle of its plateau */
	double lat;	/* the median latency over its plateau */
	int gradual;	/* 1: no one step of the curve makes half its rise
			 * from the plateau, so its size is only known to
			 * the nearest power of two */
	int lo, hi;	/* the edge: the last point still near the plateau
			 * and the first one far from it */
};

/* What one curve shows. */
struct curve_levels {
	int n;			/* cache levels (memory's plateau not counted) */
	struct level lv[LEVELS_MAX];
	int plateaus;		/* plateaus, memory's included */
	int start;		/* the first plateau's first point (-1: none) */
	int memory;		/* 1: the curve ends on memory's plateau */
	double mem;		/* memory: its plateau's latency, else the last
				 * point's (the curve still rising) */
};

/*
 * The curve is smoothed with a running median of three and cut into
 * plateaus: runs of at least four points (most of an octave) within 30%
 * of the run's first; neighbouring plateaus less than 1.6x apart are one
 * level.  The last plateau, when it reaches the curve's end, is memory.
 *
 * A level's edge is read against r, the next plateau's latency over this
 * one's, at most 4 (4 where there is no next plateau): the curve is near
 * the plateau below p * r^0.3, crosses the step at p * r^0.5 and is far
 * from it from p * r^0.8 on (1.5, 2 and 3 times p where the next level is
 * 4 times or more).  On a sharp edge one step of the grid makes at least
 * half of the curve's rise (in log) from p to its first point far from
 * the plateau, and the level's size is the last point below the step.  A
 * gradual edge (a cache whose misses begin well before its size, or a
 * shared level whose usable part moves) puts that point wherever the
 * noise of a run puts the curve, so its size is the power of two nearest
 * the crossing (interpolated between two points) and the level is marked
 * gradual.  n must be 1..LEVELS_POINTS.
 */
void levels_find(const double *t, int n, struct curve_levels *out);

/* The grid's place nearest a power of two to the place `at`. */
int levels_octave(int at);

/*
 * The rule for any figure found on a grid by several sweeps (a level's
 * size, tlb's page count, line's size): 1 when every at[i] is a place
 * (>= 0) and they lie within `steps` of each other; *median (if not
 * NULL) gets their median place.  0 otherwise, *median untouched.
 */
int levels_places_agree(const int *at, int n, int steps, int *median);

/* A level as the sweeps together report it. */
struct agreed_level {
	int clear;	/* 1: every sweep found it, and alike */
	int at, mid;	/* medians over the sweeps (meaningful when clear) */
	double lat;
	int gradual;	/* a sweep found its edge gradual: at is a power of
			 * two, lo and hi the medians of the sweeps' edges */
	int lo, hi;
};

/*
 * Level k (1, 2, ...) of nsw sweeps: it is clear when every sweep has a
 * k-th level, their places on the grid within LEVELS_AGREE_STEPS of each
 * other and their latencies within LEVELS_AGREE_RATIO; it then takes the
 * median place and latency.  Where a sweep found the edge gradual, every
 * sweep's place is taken to its nearest power of two, and those must be
 * the same.  out[0..LEVELS_MAX) is filled; r (returned)
 * is the most levels of a sweep: a level some sweeps found and others
 * did not, or found elsewhere, has clear 0, as has every k past r.
 */
int levels_agree(const struct curve_levels *sw, int nsw,
		 struct agreed_level *out);

/*
 * How many levels to print, of r that levels_agree() returned, when the
 * host reports levels 1..host_top that the curve could show (those it goes
 * past; 0: none): every level up
 * to the last clear one, and every level the host reports (one that no
 * sweep found alike is "no clear plateau", never left out).  Past both,
 * levels some sweeps saw and others did not are not numbered one by one
 * (their count is noise too): one line for the first of them where the
 * host reports no levels, none where it does (the caller says in a
 * comment that sweeps saw more).
 */
int levels_shown(const struct agreed_level *lv, int r, int host_top);

/*
 * The line for a level the sweeps did not agree on, without a figure:
 * "L<k> cache: no clear plateau (sysfs says 32 MB)", host_kb the size
 * the host reports for that level (0: it reports none; the
 * parenthesis then says so), source where that came from ("sysfs").
 */
void levels_unclear_line(char *buf, size_t len, int k, long host_kb,
			 const char *source);
/* What that line's parenthesis says ("sysfs says 32 MB"). */
void levels_unclear_host(char *buf, size_t len, int k, long host_kb,
			 const char *source);

#endif
