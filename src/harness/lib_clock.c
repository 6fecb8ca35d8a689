/*
 * lib_clock.c - the clock, its resolution and read cost, and the
 * overheads subtracted from every interval (timer and empty loop).
 *
 * Everything here is measured directly and takes a few milliseconds at
 * most: the step is the smallest change seen between back-to-back reads,
 * the read cost the mean time of a batch of reads, the loop overhead the
 * time per iteration of an empty loop over intervals of ~0.2 ms.
 */
#include "lib_clock.h"
#include "lib_barrier.h"
#include "lib_env.h"
#include "lib_stats.h"

#include <time.h>

#define TIMER_BATCH	256	/* clock reads per timer-overhead sample */
/*
 * Steps seen before the smallest is taken; on a coarse clock, where one
 * step can last milliseconds, stop after STEP_MIN_SEEN once STEP_BUDGET_NS
 * has passed.
 */
#define STEP_TRIES	200
#define STEP_MIN_SEEN	3
#define STEP_BUDGET_NS	2000000.0
/*
 * Loop overhead is a fraction of a nanosecond subtracted per iteration:
 * 0.2 ms intervals hold ~10^5..10^6 iterations, so one clock read
 * (tens of ns) is under 0.1% of each; 11 of them take ~3 ms.
 */
#define LOOP_PROBE_NS	200000.0
#define LOOP_MAX_ITERS	ITER_POW2(40)

uint64 clock_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64)ts.tv_sec * 1000000000ULL + (uint64)ts.tv_nsec;
}

double clock_wall_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double clock_step_ns(void)
{
	uint64 a, b, start = clock_now_ns(), best = UINT64_MAX;
	int i;

	for (i = 0; i < STEP_TRIES; i++) {
		a = clock_now_ns();
		while ((b = clock_now_ns()) == a)
			;
		if (b - a < best)
			best = b - a;
		if (i + 1 >= STEP_MIN_SEEN &&
		    (double)(b - start) > STEP_BUDGET_NS)
			break;
	}
	return (double)best;
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
	return stats_median(v, TRIES);
}

/* The loop every benchmark has, with nothing in it. */
static double time_empty_loop(iter_t n)
{
	uint64 t0 = clock_now_ns();

	while (n-- > 0)
		BARRIER();
	return (double)(clock_now_ns() - t0);
}

double clock_measure_loop_ns(void)
{
	double v[TRIES], timer = timing_timer_ns();
	iter_t n = 1024;
	int r;

	while (n < LOOP_MAX_ITERS && time_empty_loop(n) < LOOP_PROBE_NS)
		n *= 2;
	for (r = 0; r < TRIES; r++) {
		v[r] = time_empty_loop(n) - timer;
		v[r] = v[r] > 0 ? v[r] / (double)n : 0.0;
	}
	return stats_median(v, TRIES);
}

/* ---- the overheads in force: from the environment or measured once ---- */

static double timer_ns = -1.0, loop_ns = -1.0;

double timing_timer_ns(void)
{
	const struct bench_env *env = bench_env();

	if (timer_ns < 0)
		timer_ns = env->timing_o_us >= 0 ? env->timing_o_us * 1e3
						 : clock_measure_timer_ns();
	return timer_ns;
}

double timing_loop_ns(void)
{
	const struct bench_env *env = bench_env();

	if (loop_ns < 0)
		loop_ns = env->loop_o_us >= 0 ? env->loop_o_us * 1e3
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
