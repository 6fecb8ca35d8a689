/*
 * lib_copy.c - one copy of a benchmark (lib_copy.h): the only code that
 * calls a benchmark's callbacks and reads the clock around them.
 *
 * Every interval is initialize(n) - [clock] benchmark(n) [clock] -
 * cleanup(n): setup and teardown never fall inside the timed region.
 */
#include "lib_copy.h"
#include "lib_clock.h"
#include "lib_cleanup.h"
#include "lib_env.h"
#include "lib_sched.h"
#include "lib_interval.h"
#include "lib_taint.h"

#define MAX_CALIBRATION_STEPS	48
#define MAX_ITERATIONS		ITER_POW2(50)

static int childid;

int benchmp_childid(void)
{
	return childid;
}

double copy_setup(long enough_us, int *parallel, int *warmup,
		  int *repetitions)
{
	double us;

	cleanup_install();
	if (*parallel < 1)
		*parallel = 1;
	if (*repetitions < 1)
		*repetitions = TRIES;
	if (*warmup < 0)
		*warmup = 0;
	sched_check();
	taint_open();
	/* Measure the overheads before anything is timed. */
	us = (double)interval_run_us(enough_us, *parallel);
	(void)timing_timer_ns();
	(void)timing_loop_ns();
	return us;
}

void copy_place(int id)
{
	childid = id;
	if (handle_scheduler(id, 0, 0) != 0)
		bench_die("LMBENCH_SCHED: cannot place copy %d", id);
	taint_open();	/* a forked copy counts itself */
}

void copy_begin(struct copy *c)
{
	c->n = 0;
	if (c->setup)
		c->setup(c->cookie);
	if (c->init)
		c->init(0, c->cookie);
}

void copy_end(struct copy *c)
{
	if (c->clean)
		c->clean(0, c->cookie);
	if (c->takedown)
		c->takedown(c->cookie);
}

double timing_once(benchmp_f init, benchmp_f bench, benchmp_f clean,
		   iter_t n, void *cookie)
{
	uint64 t0, t1;

	if (init)
		init(n, cookie);
	t0 = clock_now_ns();
	bench(n, cookie);
	t1 = clock_now_ns();
	if (clean)
		clean(n, cookie);
	return (double)(t1 - t0);
}

/*
 * Smallest iteration count whose interval lasts at least target_ns, twice
 * running: a preemption can make one run of too few iterations look long
 * enough, and then every interval would be shorter than asked.  Except
 * where one iteration took LONG_FACTOR intervals and CALIBRATE_ONCE_NS
 * (a pass over main memory or a large file): a preemption that long is
 * rare, and the second run would cost another pass of the point's
 * dearest work, a seventh of a long point's time (LONG_REPS intervals).
 */
#define CALIBRATE_ONCE_NS	20e6
static iter_t calibrate(const struct copy *c, double target_ns)
{
	double t, next;
	iter_t n = 1, long_once = 0;
	int step;

	for (step = 0; step < MAX_CALIBRATION_STEPS; step++) {
		t = timing_once(c->init, c->bench, c->clean, n, c->cookie);
		if (n >= MAX_ITERATIONS || (t >= target_ns && long_once == n))
			return n;
		if (n == 1 && t >= LONG_FACTOR * target_ns &&
		    t >= CALIBRATE_ONCE_NS)
			return n;
		if (t >= target_ns) {
			long_once = n;
			continue;
		}
		/* Jump straight to the estimate once the clock sees it. */
		if (t < target_ns / 256 || t < 1000)
			next = (double)n * 16;
		else
			next = (double)n * (target_ns / t) * 1.05 + 1;
		if (next > (double)MAX_ITERATIONS)
			next = (double)MAX_ITERATIONS;
		n = (iter_t)next > n ? (iter_t)next : n + 1;
	}
	bench_debug("calibration stopped after %d steps at n=%lu",
		    MAX_CALIBRATION_STEPS, (unsigned long)n);
	return n;
}

double timing_correct(double raw_ns, iter_t n)
{
	static int warned;
	double ns = raw_ns - timing_timer_ns() - (double)n * timing_loop_ns();

	if (ns > 0)
		return ns;
	/* Nothing left after the overheads: keep what was measured. */
	if (!warned) {
		warned = 1;
		fprintf(stderr, "%s: warning: an interval of %.0f ns is within "
			"the timer and loop overheads; not subtracting them\n",
			bench_progname(), raw_ns);
	}
	return raw_ns > 0 ? raw_ns : 1.0;
}

void timing_spin(benchmp_f init, benchmp_f bench, benchmp_f clean,
		 iter_t n, void *cookie, long us)
{
	uint64 end = clock_now_ns() + (uint64)us * 1000;

	while (clock_now_ns() < end)
		(void)timing_once(init, bench, clean, n, cookie);
}

void copy_prepare(struct copy *c, double interval_ns, long warmup_us)
{
	c->n = calibrate(c, interval_ns);
	if (warmup_us > 0)
		timing_spin(c->init, c->bench, c->clean, c->n, c->cookie,
			    warmup_us);
}

void copy_arm(struct copy *c)
{
	if (c->init)
		c->init(c->n, c->cookie);
}

void copy_time(struct copy *c, struct sample *s)
{
	struct taint_mark before, after;

	taint_before(&before);
	s->t0 = clock_now_ns();
	c->bench(c->n, c->cookie);
	s->t1 = clock_now_ns();
	taint_after(&after);
	taint_sample(&before, &after, s);
	s->n = c->n;
	s->ns = timing_correct((double)(s->t1 - s->t0), c->n);
	s->copy = c->id;
	s->round = 0;
	s->overlap = 1.0;
}

void copy_disarm(struct copy *c)
{
	if (c->clean)
		c->clean(c->n, c->cookie);
}

void copy_interval(struct copy *c, struct sample *s)
{
	copy_arm(c);
	copy_time(c, s);
	copy_disarm(c);
}
