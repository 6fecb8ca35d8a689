/*
 * lib_stability.h - is a matrix of pair figures, measured twice, a fact
 * of the machine?  lat_c2c times every ordered pair of CPUs in two
 * passes, in different orders; on a VM whose vCPUs move between host
 * cores the figures change between the passes and a->b differs from
 * b->a, and the matrix is no topology.  A pure function of the figures
 * (t/c/test_stability.c drives it with made-up matrices).
 */
#ifndef LMBENCH_LIB_STABILITY_H
#define LMBENCH_LIB_STABILITY_H

#include <stddef.h>

/*
 * Stable: the median of each spread at most STABILITY_MEDIAN and its
 * largest at most STABILITY_MAX (fractions).  A pair's two directions
 * on fixed hardware differ by a few percent and its passes by less; the
 * VM that had 0->13 at 29 ns and 13->0 at 70 ns differs by 140%.
 */
#define STABILITY_MEDIAN	0.15
#define STABILITY_MAX		0.50

struct stability {
	int pairs;			/* ordered pairs compared */
	double repeat_median, repeat_max;	/* |pass 1 - pass 2| / the less */
	double asym_median, asym_max;	/* |a->b - b->a| / the less, each
					 * direction its passes' least */
	int stable;
};

/*
 * p1, p2: n x n figures (row: from, column: to; the diagonal is not
 * read) of the two passes, each positive.  Returns 0, or -1 when there
 * is no pair (n < 2) or a figure is not positive (st->stable 0).
 */
int stability_of(const double *p1, const double *p2, int n,
		 struct stability *st);

/*
 * The line lat_c2c prints: "c2c stability: stable: repeat spread median
 * 1.2% max 3.4%; asymmetry median 0.8% max 2.0% (2 pairs; stable: medians
 * <= 15%, maxima <= 50%)", "not stable" in place of "stable" where not.
 */
void stability_line(char *buf, size_t len, const struct stability *st);
/* The line's part after the verdict ("repeat spread median ..."). */
void stability_detail(char *buf, size_t len, const struct stability *st);

/* The line that follows it where the matrix is not stable. */
#define STABILITY_MOVED "vCPUs appear to move: matrix not a topology"

#endif
