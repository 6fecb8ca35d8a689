/*
 * test_stability - lib_stability on made-up pair matrices: symmetric and
 * repeatable (stable), asymmetric (the VM whose 0->13 was 29 ns and
 * 13->0 70 ns), unrepeatable (the passes differ), and the line printed.
 */
#include "tap.h"
#include "lib_stability.h"

#include <math.h>
#include <string.h>

#define N 4

static int near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (fabs(b) + 1);
}

/* Pair (i, j): 30 ns for the SMT-like pairs 0-1 and 2-3, else 70 ns. */
static void topology(double *m)
{
	int i, j;

	for (i = 0; i < N; i++)
		for (j = 0; j < N; j++)
			m[i * N + j] = i == j ? 0 : i / 2 == j / 2 ? 30 : 70;
}

int main(void)
{
	double p1[N * N], p2[N * N];
	struct stability st;
	char buf[256];

	/* Stable: the same matrix twice, passes a few percent apart. */
	topology(p1);
	topology(p2);
	p2[0 * N + 1] = 31.5;		/* 5% */
	ok(stability_of(p1, p2, N, &st) == 0 && st.stable,
	   "symmetric, repeatable: stable");
	ok(st.pairs == 12, "12 ordered pairs (%d)", st.pairs);
	ok(near(st.repeat_max, 0.05) && near(st.repeat_median, 0.0),
	   "repeat spread: max 5%%, median 0");
	ok(near(st.asym_max, 0.0), "each direction's faster pass: no asymmetry");
	stability_line(buf, sizeof(buf), &st);
	ok(!strcmp(buf, "c2c stability: stable: repeat spread median 0.0% "
		   "max 5.0%; asymmetry median 0.0% max 0.0% (12 pairs; "
		   "stable: medians <= 15%, maxima <= 50%)"), "line: %s", buf);

	/* Asymmetric: a third of the directions fast, their reverses slow,
	 * the same in both passes (the VM's 0->13 29 ns, 13->0 70 ns). */
	topology(p1);
	p1[0 * N + 2] = p1[1 * N + 3] = p1[3 * N + 0] = 29;
	memcpy(p2, p1, sizeof(p1));
	ok(stability_of(p1, p2, N, &st) == 0 && !st.stable,
	   "asymmetric: not stable");
	/* Three of six unordered pairs 41/29 apart: the median is the
	 * middle two's mean. */
	ok(near(st.repeat_max, 0.0) && near(st.asym_max, 41.0 / 29) &&
	   near(st.asym_median, 41.0 / 29 / 2),
	   "asymmetric: no repeat spread, asymmetry max %.2f, median %.2f",
	   st.asym_max, st.asym_median);
	stability_line(buf, sizeof(buf), &st);
	ok(!strncmp(buf, "c2c stability: not stable: ", 27), "line: %s", buf);

	/* Unrepeatable: every pair's second pass 40% slower (median over
	 * the limit, maxima within it). */
	topology(p1);
	topology(p2);
	for (int k = 0; k < N * N; k++)
		p2[k] *= 1.4;
	ok(stability_of(p1, p2, N, &st) == 0 && !st.stable &&
	   near(st.repeat_median, 0.4) && near(st.asym_max, 0.0),
	   "passes 40%% apart everywhere: not stable on the median");

	/* One pair's passes 60% apart, the rest alike: not stable on the max. */
	topology(p2);
	p2[2 * N + 3] = 48;
	ok(stability_of(p1, p2, N, &st) == 0 && !st.stable &&
	   near(st.repeat_max, 0.6) && near(st.repeat_median, 0.0),
	   "one pair's passes 60%% apart: not stable on the max");
	/* 14% and 49% are within the limits. */
	topology(p2);
	p2[2 * N + 3] = 30 * 1.49;
	p2[0 * N + 1] = 30 * 1.14;
	ok(stability_of(p1, p2, N, &st) == 0 && st.stable,
	   "passes 49%% apart at most: stable");

	/* No figure, no verdict. */
	topology(p1);
	topology(p2);
	p2[1 * N + 0] = 0;
	ok(stability_of(p1, p2, N, &st) == -1 && !st.stable,
	   "a pair without a figure: no verdict");
	ok(stability_of(p1, p2, 1, &st) == -1 && !st.stable,
	   "one CPU: no pair, no verdict");
	ok(!strcmp(STABILITY_MOVED,
		   "vCPUs appear to move: matrix not a topology"),
	   "the line for a matrix that is not stable");
	return done_testing();
}
