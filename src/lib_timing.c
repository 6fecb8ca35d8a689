/*
 * lib_timing.c - benchmp(): loop autosizing, repeated timing intervals,
 * overhead correction and the result store behind gettime()/get_n().
 *
 * One copy runs in the calling process; several run as children under
 * the pipe protocol of lib_parallel.c.  Either way every interval is
 * initialize(n) - [clock] benchmark(n) [clock] - cleanup(n): setup and
 * teardown never fall inside the timed region.
 */
#include "lib_timing.h"
#include "lib_env.h"
#include "lib_cleanup.h"

#include <signal.h>

/*
 * Shortest interval when copies run in parallel: long against a
 * scheduler time slice (a few ms on Linux), so slicing and migration
 * average out instead of deciding the result.
 */
#define PARALLEL_MIN_US		100000
#define MAX_CALIBRATION_STEPS	48
#define MAX_ITERATIONS		((iter_t)1 << 50)

/* ---- one interval ---------------------------------------------------- */

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

iter_t timing_calibrate(benchmp_f init, benchmp_f bench, benchmp_f clean,
			double target_ns, void *cookie)
{
	double t, next;
	iter_t n = 1;
	int step;

	for (step = 0; step < MAX_CALIBRATION_STEPS; step++) {
		t = timing_once(init, bench, clean, n, cookie);
		if (t >= target_ns || n >= MAX_ITERATIONS)
			return n;
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

/* ---- the result store ------------------------------------------------ */

static struct {
	struct sample *s;
	int count, cap, sorted, parallel;
} res;

void result_reset(void)
{
	res.count = 0;
	res.sorted = 0;
	res.parallel = 1;
}

void result_add(double ns, uint64 n)
{
	struct sample *s;
	int cap;

	if (res.count == res.cap) {
		cap = res.cap ? res.cap * 2 : 64;
		s = realloc(res.s, (size_t)cap * sizeof(*s));
		if (s == NULL)
			bench_die("out of memory for results");
		res.s = s;
		res.cap = cap;
	}
	res.s[res.count].ns = ns;
	res.s[res.count].n = n ? n : 1;
	res.count++;
	res.sorted = 0;
}

int result_count(void)
{
	return res.count;
}

static int cmp_sample(const void *a, const void *b)
{
	const struct sample *x = a, *y = b;
	double u = x->ns / (double)x->n, v = y->ns / (double)y->n;

	return (u > v) - (u < v);
}

const struct sample *result_sorted(void)
{
	if (!res.sorted && res.count > 1)
		qsort(res.s, (size_t)res.count, sizeof(*res.s), cmp_sample);
	res.sorted = 1;
	return res.s;
}

void result_set_parallel(int parallel)
{
	res.parallel = parallel;
}

int result_parallel(void)
{
	return res.parallel;
}

/* The median sample (the lower one of an even count). */
static const struct sample *median_sample(void)
{
	if (res.count == 0)
		return NULL;
	return &result_sorted()[(res.count - 1) / 2];
}

uint64 gettime(void)
{
	const struct sample *m = median_sample();

	return m ? (uint64)(m->ns / 1e3 + 0.5) : 0;
}

uint64 get_n(void)
{
	const struct sample *m = median_sample();

	return m ? m->n : 0;
}

void settime(uint64 usecs)
{
	uint64 n = get_n();

	result_reset();
	result_add((double)usecs * 1e3, n ? n : 1);
}

void save_n(uint64 n)
{
	double ns = res.count ? median_sample()->ns : 0.0;

	result_reset();
	result_add(ns, n);
}

/* ---- benchmp --------------------------------------------------------- */

static int childid;

int benchmp_childid(void)
{
	return childid;
}

void parallel_set_childid(int id)
{
	childid = id;
}

static void run_single(benchmp_f init, benchmp_f bench, benchmp_f clean,
		       double interval_ns, int warmup, int repetitions,
		       void *cookie)
{
	iter_t n;
	int r;

	childid = 0;
	if (handle_scheduler(0, 0, 0) != 0)
		bench_die("LMBENCH_SCHED: cannot place the benchmark");
	if (init)
		init(0, cookie);
	n = timing_calibrate(init, bench, clean, interval_ns, cookie);
	if (warmup > 0)
		timing_spin(init, bench, clean, n, cookie, warmup);
	for (r = 0; r < repetitions; r++)
		result_add(timing_correct(timing_once(init, bench, clean, n,
						      cookie), n), n);
	if (clean)
		clean(0, cookie);
}

double timing_setup(int *parallel, int *warmup, int *repetitions)
{
	double ivl_us;

	cleanup_install();
	if (*parallel < 1)
		*parallel = 1;
	if (*repetitions < 1)
		*repetitions = TRIES;
	if (*warmup < 0)
		*warmup = 0;
	sched_check();
	/* Measure the overheads before anything is timed. */
	ivl_us = (double)interval_us();
	(void)timing_timer_ns();
	(void)timing_loop_ns();
	return ivl_us;
}

void benchmp(benchmp_f initialize, benchmp_f benchmark, benchmp_f cleanup,
	     int enough, int parallel, int warmup, int repetitions,
	     void *cookie)
{
	double ivl_us;

	if (benchmark == NULL)
		bench_fail("benchmp: no benchmark function");
	ivl_us = timing_setup(&parallel, &warmup, &repetitions);
	if (enough > ivl_us)
		ivl_us = enough;
	if (parallel > 1 && ivl_us < PARALLEL_MIN_US)
		ivl_us = PARALLEL_MIN_US;
	bench_debug("benchmp: interval %.0f us, parallel %d, warmup %d us, "
		    "%d repetitions", ivl_us, parallel, warmup,
		    repetitions);
	result_reset();
	result_set_parallel(parallel);
	fflush(NULL);
	if (parallel == 1)
		run_single(initialize, benchmark, cleanup, ivl_us * 1e3,
			   warmup, repetitions, cookie);
	else
		parallel_run(initialize, benchmark, cleanup,
			     ivl_us * 1e3, parallel, warmup, repetitions,
			     cookie);
}
