/* test_stats - lib_stats on data whose answers are known. */
#include "tap.h"
#include "lib_stats.h"

#include <math.h>

static int near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (fabs(b) + 1);
}

int main(void)
{
	double odd[] = {9, 1, 8, 2, 7, 3, 6, 4, 5, 11, 10};
	double even[] = {4, 1, 3, 2};
	double one[] = {42};
	double skew[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1000};
	struct stats st;
	int lo, hi;
	double level;

	stats_compute(odd, 11, &st);
	ok(st.n == 11, "count");
	ok(near(st.min, 1) && near(st.max, 11), "min and max");
	ok(near(st.median, 6), "median of 1..11 is 6");
	ok(near(st.q1, 3.5) && near(st.q3, 8.5), "quartiles by interpolation");
	ok(near(st.ci_lo, 2) && near(st.ci_hi, 10),
	   "95%% interval of n=11 is x(2)..x(10)");
	ok(fabs(st.ci_level - (1 - 2 * 12.0 / 2048)) < 1e-9,
	   "its coverage is 1 - 2 P(B<=1) = %.4f", st.ci_level);
	ok(odd[0] == 1 && odd[10] == 11, "data sorted in place");

	stats_compute(even, 4, &st);
	ok(near(st.median, 2.5), "median of an even count averages the middle");
	ok(near(st.ci_lo, 1) && near(st.ci_hi, 4) && st.ci_level < 0.95,
	   "n=4 cannot reach 95%%: widest interval, level %.4f reported",
	   st.ci_level);

	stats_compute(one, 1, &st);
	ok(near(st.median, 42) && near(st.ci_lo, 42) && st.ci_level == 0,
	   "a single sample");

	stats_compute(skew, 11, &st);
	ok(near(st.median, 1) && near(st.ci_hi, 1),
	   "one outlier moves neither the median nor its interval");

	level = stats_median_ranks(20, 0.95, &lo, &hi);
	ok(lo == 6 && hi == 15, "n=20: ranks 6..15 (got %d..%d)", lo, hi);
	ok(fabs(level - 0.958610) < 1e-5, "n=20: coverage 0.9586 (got %.6f)",
	   level);
	level = stats_median_ranks(100, 0.95, &lo, &hi);
	ok(lo == 40 && hi == 61, "n=100: ranks 40..61 (got %d..%d)", lo, hi);
	ok(level >= 0.95, "n=100: coverage %.4f >= 0.95", level);
	level = stats_median_ranks(5, 0.95, &lo, &hi);
	ok(lo == 1 && hi == 5 && fabs(level - 0.9375) < 1e-9,
	   "n=5: ranks 1..5 at 0.9375");

	ok(isnan(stats_quantile(odd, 0, 0.5)), "no data: NaN");
	{
		double m3[] = {9, 1, 5}, m4[] = {4, 1, 3, 2};

		ok(stats_median(m3, 3) == 5 && m3[0] == 1 && m3[2] == 9,
		   "stats_median: odd n, and v left sorted");
		ok(stats_median(m4, 4) == 2.5, "stats_median: even n, between");
	}
	return done_testing();
}
