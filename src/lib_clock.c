/*
 * lib_clock.c - the clock, its resolution probe and the overheads that
 * are subtracted from every interval.
 *
 * The interval probe follows the lmbench3 paper: for each candidate
 * interval (5, 10, 50, 100 ms) find N iterations of a one-pointer chase
 * lasting about that long, then time N and delta*N iterations for
 * delta in {1.015, 1.02, 1.035}, 11 times each, interleaved so drift hits
 * all of them alike.  The candidate is good when every median t(delta)
 * is within +-0.25% of delta*t(N).  On a nanosecond clock the 5 ms
 * candidate normally passes in about a quarter of a second; the probe
 * stops trying larger candidates once PROBE_CAP_MS is spent and says so.
 */
#include "lib_timing.h"
#include "lib_env.h"
#include "lib_stats.h"

#include <math.h>
#include <time.h>

#define PROBE_REPS	11	/* per delta, as the paper */
#define PROBE_TOLERANCE	0.0025	/* +-0.25% */
#define PROBE_CAP_MS	800	/* whole probe; keeps a cold run near 1 s */
#define TIMER_BATCH	256	/* clock reads per timer-overhead sample */
/*
 * Loop overhead is a fraction of a nanosecond subtracted per iteration;
 * 1 ms intervals measure it far more closely than it matters.
 */
#define LOOP_PROBE_US	1000

static const long candidates_us[] = {5000, 10000, 50000, 100000};
static const double deltas[] = {1.0, 1.015, 1.02, 1.035};
#define NDELTAS ((int)(sizeof(deltas) / sizeof(deltas[0])))
#define NCANDIDATES ((int)(sizeof(candidates_us) / sizeof(candidates_us[0])))

uint64 clock_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64)ts.tv_sec * 1000000000ULL + (uint64)ts.tv_nsec;
}

double clock_step_ns(void)
{
	uint64 a, b, best = UINT64_MAX;
	int i;

	for (i = 0; i < 1000; i++) {
		a = clock_now_ns();
		while ((b = clock_now_ns()) == a)
			;
		if (b - a < best)
			best = b - a;
	}
	return (double)best;
}

static double median_of(double *v, int n)
{
	stats_sort(v, n);
	return stats_quantile(v, n, 0.5);
}

double clock_measure_timer_ns(void)
{
	double v[TRIES];
	uint64 t0;
	int r, i;

	for (r = 0; r < TRIES; r++) {
		t0 = clock_now_ns();
		for (i = 0; i < TIMER_BATCH; i++)
			(void)clock_now_ns();
		v[r] = (double)(clock_now_ns() - t0) / (TIMER_BATCH + 1);
	}
	return median_of(v, TRIES);
}

/* The loop every benchmark has, with nothing in it. */
static void empty_loop(iter_t n, void *cookie)
{
	(void)cookie;
	while (n-- > 0)
		__asm__ __volatile__("" ::: "memory");
}

double clock_measure_loop_ns(void)
{
	double v[TRIES], timer = timing_timer_ns();
	iter_t n;
	int r;

	n = timing_calibrate(NULL, empty_loop, NULL, LOOP_PROBE_US * 1e3, NULL);
	for (r = 0; r < TRIES; r++) {
		v[r] = timing_once(NULL, empty_loop, NULL, n, NULL) - timer;
		v[r] = v[r] > 0 ? v[r] / (double)n : 0.0;
	}
	return median_of(v, TRIES);
}

/* The paper's probe workload: a chain of one pointer pointing at itself. */
static void chase(iter_t n, void *cookie)
{
	void **p = *(void ***)cookie;

	while (n-- > 0)
		p = (void **)*p;
	use_pointer(p);
}

/* Worst relative error of the deltas for one candidate, in [0, inf). */
static double probe_candidate(long cand_us, void *cookie)
{
	double t[NDELTAS][PROBE_REPS], med[NDELTAS], err, worst = 0.0;
	iter_t n;
	int r, d;

	n = timing_calibrate(NULL, chase, NULL, cand_us * 1e3, cookie);
	for (r = 0; r < PROBE_REPS; r++)
		for (d = 0; d < NDELTAS; d++)
			t[d][r] = timing_once(NULL, chase, NULL,
					      (iter_t)(n * deltas[d]), cookie);
	for (d = 0; d < NDELTAS; d++)
		med[d] = median_of(t[d], PROBE_REPS);
	for (d = 1; d < NDELTAS; d++) {
		err = fabs((deltas[d] * med[0] - med[d]) / med[0]);
		if (err > worst)
			worst = err;
	}
	bench_debug("probe: %ld us: n=%lu median %.0f ns, worst error %.3f%%, "
		    "spread of t(N) %.2f%%", cand_us, (unsigned long)n, med[0],
		    worst * 100, (t[0][PROBE_REPS - 1] / t[0][0] - 1) * 100);
	return worst;
}

long clock_probe_enough_us(int *converged, double *error)
{
	void *cell = &cell;
	void **cookie = (void **)&cell;
	uint64 start = clock_now_ns();
	double err, best_err = INFINITY, spent, cost;
	long best = candidates_us[0];
	int c;

	*converged = 0;
	for (c = 0; c < NCANDIDATES; c++) {
		/* About two calibration intervals plus 11 x sum(deltas). */
		cost = candidates_us[c] * 1e3 * (2 + PROBE_REPS * 4.07);
		spent = (double)(clock_now_ns() - start);
		if (c > 0 && spent + cost > PROBE_CAP_MS * 1e6)
			break;
		err = probe_candidate(candidates_us[c], cookie);
		if (err < best_err) {
			best_err = err;
			best = candidates_us[c];
		}
		if (err <= PROBE_TOLERANCE) {
			*converged = 1;
			break;
		}
	}
	*error = best_err;
	return best;
}

/* ---- values from the environment, or measured once per process ---- */

static long enough_us;
static double timer_ns = -1.0, loop_ns = -1.0;

long timing_enough_us(void)
{
	const struct bench_env *env = bench_env();
	int converged;
	double err;

	if (enough_us > 0)
		return enough_us;
	if (env->enough_us > 0) {
		enough_us = env->enough_us;
		return enough_us;
	}
	enough_us = clock_probe_enough_us(&converged, &err);
	if (!converged)
		fprintf(stderr,
			"%s: clock probe: no interval passed the +-0.25%% "
			"test within %d ms; using %ld us (error %.2f%%)\n",
			bench_progname(), PROBE_CAP_MS, enough_us, err * 100);
	return enough_us;
}

double timing_timer_ns(void)
{
	const struct bench_env *env = bench_env();

	if (timer_ns >= 0)
		return timer_ns;
	timer_ns = env->timing_o_us >= 0 ? env->timing_o_us * 1e3
					 : clock_measure_timer_ns();
	return timer_ns;
}

double timing_loop_ns(void)
{
	const struct bench_env *env = bench_env();

	if (loop_ns >= 0)
		return loop_ns;
	loop_ns = 0.0;	/* while measuring it, subtract nothing */
	loop_ns = env->loop_o_us >= 0
			  ? env->loop_o_us * 1e3
			  : clock_measure_loop_ns();
	return loop_ns;
}

double t_overhead(void)
{
	return timing_timer_ns() / 1e3;
}

double l_overhead(void)
{
	return timing_loop_ns() / 1e3;
}
