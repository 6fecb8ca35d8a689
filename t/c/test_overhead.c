/*
 * test_overhead - the overhead correction (timing_correct, lib_copy.c)
 * against known costs.
 *
 * The overheads are set here (TIMING_O, LOOP_O), so the corrected value
 * is known by hand: raw - timer - n * loop.  First timing_correct()
 * itself on made-up intervals; then benchmp() on a benchmark that sleeps
 * to a deadline of n * COST_NS (no CPU needed, so a busy machine adds
 * only its wake-up delay, spread over thousands of iterations): the
 * figure per iteration must be COST_NS - LOOP_NS, not COST_NS (the
 * subtraction dropped) nor COST_NS + LOOP_NS (its sign reversed).
 */
#include "tap.h"
#include "bench.h"
#include "lib_clock.h"
#include "lib_copy.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TIMER_US	"3"	/* TIMING_O: 3 us a timed interval */
#define TIMER_NS	3000.0
#define LOOP_US		"1"	/* LOOP_O: 1 us an iteration */
#define LOOP_NS		1000.0
#define COST_NS		2000	/* the benchmark's own cost an iteration */
/* 20 ms intervals: 10^4 iterations share a wake-up delay. */
#define ENOUGH_US	"20000"

static void nap(iter_t n, void *cookie)
{
	struct timespec ts;
	uint64 end = clock_now_ns() + (uint64)n * COST_NS;

	(void)cookie;
	ts.tv_sec = (time_t)(end / 1000000000ULL);
	ts.tv_nsec = (long)(end % 1000000000ULL);
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL))
		;
}

/* timing_correct(raw, n) with its warning caught in said. */
static double within_overheads(double raw, iter_t n, char *said,
			       size_t size)
{
	FILE *f = tmpfile();
	int saved = dup(2);
	double v;

	said[0] = '\0';
	if (f == NULL || saved < 0 || dup2(fileno(f), 2) < 0)
		return timing_correct(raw, n);
	v = timing_correct(raw, n);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(f);
	if (fgets(said, (int)size, f) == NULL)
		said[0] = '\0';
	fclose(f);
	return v;
}

static void correct_checks(void)
{
	char said[256];
	double v;

	ok(timing_timer_ns() == TIMER_NS && timing_loop_ns() == LOOP_NS,
	   "the overheads in force are TIMING_O and LOOP_O: %.0f and %.0f ns",
	   timing_timer_ns(), timing_loop_ns());
	/* 100000 - 3000 - 50 * 1000 */
	v = timing_correct(100000.0, 50);
	ok(fabs(v - 47000.0) < 1e-6, "100 us of 50 iterations: %.0f ns "
	   "corrected (47000: both overheads subtracted)", v);
	/* 10000 - 3000 - 1 * 1000 */
	v = timing_correct(10000.0, 1);
	ok(fabs(v - 6000.0) < 1e-6, "10 us of 1 iteration: %.0f ns (6000)", v);
	/* Within the overheads (3000 + 2 * 1000 > 4000): kept, and said. */
	v = within_overheads(4000.0, 2, said, sizeof(said));
	ok(fabs(v - 4000.0) < 1e-6, "4 us of 2 iterations, within the "
	   "overheads: %.0f ns, kept as measured", v);
	ok(strstr(said, "within the timer and loop overheads; not "
		  "subtracting them") != NULL, "and a warning says so");
}

static void benchmp_checks(void)
{
	double per, want = COST_NS - LOOP_NS;

	benchmp(NULL, nap, NULL, 0, 1, 0, TRIES, NULL);
	per = (double)gettime() * 1000.0 / (double)get_n();
	/*
	 * Load only delays a wake-up (a ms over 10^4 iterations is 100 ns):
	 * 0.8..1.5 of the 1000 ns left after the loop overhead; the figure
	 * without the subtraction is 2000, with its sign reversed 3000.
	 */
	ok(per > 0.8 * want && per < 1.5 * want, "benchmp of a %d ns nap with "
	   "LOOP_O %.0f ns: %.0f ns per iteration (%.0f expected; n=%llu)", COST_NS,
	   LOOP_NS, per, want, (unsigned long long)get_n());
}

int main(void)
{
	if (setenv("TIMING_O", TIMER_US, 1) != 0 ||
	    setenv("LOOP_O", LOOP_US, 1) != 0 ||
	    setenv("ENOUGH", ENOUGH_US, 1) != 0) {
		perror("setenv");
		return 1;
	}
	correct_checks();
	benchmp_checks();
	return done_testing();
}
