/*
 * lib_interval.c - the one owner of the timing interval (lib_interval.h):
 * its length (the clock's rule, the program's preference, ENOUGH, a
 * benchmark's own minimum, the floor for parallel copies) and how many
 * intervals a result takes.
 *
 * An interval must be long enough that the clock's quantisation and the
 * cost of reading it are a small part of it: with a step or read cost of
 * s, INTERVAL_PER_STEP * s keeps that error under 0.1%.  A nanosecond
 * clock read in ~25 ns would allow 25 us; the floor INTERVAL_MIN_US (1 ms)
 * keeps an interval long against a loop's own start-up (a branch
 * predictor, a TLB refill) while short against a scheduler tick on a
 * loaded machine, so that most intervals escape interruption and the
 * median is a clean one.  Measuring step and read cost takes well under
 * a millisecond.
 *
 * A coarse clock (step above COARSE_STEP_NS) gets lmbench3's scaling
 * test instead: for each candidate interval, time N and delta*N
 * iterations of a one-pointer chase and accept the first candidate whose
 * medians scale within +-0.25%.  On a fine clock that test measures the
 * machine's noise, not the clock, so it is not run there.
 */
#include "lib_interval.h"
#include "lib_clock.h"
#include "lib_result.h"
#include "lib_env.h"
#include "lib_stats.h"

#include <math.h>

#define INTERVAL_PER_STEP	1000	/* error of one step: 0.1% */
#define INTERVAL_MIN_US		1000
#define COARSE_STEP_NS		1000.0

#define PROBE_REPS	11	/* per delta, as the paper */
#define PROBE_TOLERANCE	0.0025	/* +-0.25% */
#define PROBE_CAP_NS	800e6	/* the whole scaling test */

static const long candidates_us[] = {5000, 10000, 50000, 100000};
static const double deltas[] = {1.0, 1.015, 1.02, 1.035};
#define NDELTAS ((int)(sizeof(deltas) / sizeof(deltas[0])))
#define NCANDIDATES ((int)(sizeof(candidates_us) / sizeof(candidates_us[0])))

long interval_from_clock(double step_ns, double read_ns)
{
	double worst = step_ns > read_ns ? step_ns : read_ns;
	double us = ceil(worst * INTERVAL_PER_STEP / 1e3);

	return us > INTERVAL_MIN_US ? (long)us : INTERVAL_MIN_US;
}

/* ---- lmbench3's scaling test, for coarse clocks only ---------------- */

/* The paper's probe workload: a chain of one pointer pointing at itself. */
static double time_chase(iter_t n)
{
	void *cell = &cell, **p = (void **)cell;
	uint64 t0 = clock_now_ns();

	while (n-- > 0)
		p = (void **)*p;
	use_pointer(p);
	return (double)(clock_now_ns() - t0);
}

/* Worst relative error of the deltas for one candidate, in [0, inf). */
static double probe_candidate(long cand_us)
{
	double t[NDELTAS][PROBE_REPS], med[NDELTAS], err, worst = 0.0;
	iter_t n = 1;
	int r, d;

	while (n < ITER_POW2(50) && time_chase(n) < cand_us * 1e3)
		n *= 2;
	for (r = 0; r < PROBE_REPS; r++)
		for (d = 0; d < NDELTAS; d++)
			t[d][r] = time_chase((iter_t)((double)n * deltas[d]));
	for (d = 0; d < NDELTAS; d++)
		med[d] = stats_median(t[d], PROBE_REPS);
	for (d = 1; d < NDELTAS; d++) {
		err = fabs((deltas[d] * med[0] - med[d]) / med[0]);
		if (err > worst)
			worst = err;
	}
	bench_debug("probe: scaling test at %ld us: n=%lu, worst error "
		    "%.3f%%", cand_us, (unsigned long)n, worst * 100);
	return worst;
}

static long scaling_test(long floor_us, const char **note)
{
	static char msg[160];
	uint64 start = clock_now_ns();
	double err, best_err = INFINITY;
	long best = floor_us;
	int c;

	for (c = 0; c < NCANDIDATES; c++) {
		if (candidates_us[c] < floor_us)
			continue;
		if (c > 0 && (double)(clock_now_ns() - start) +
		    candidates_us[c] * 1e3 * (2 + PROBE_REPS * 4.07) >
		    PROBE_CAP_NS)
			break;
		err = probe_candidate(candidates_us[c]);
		if (err < best_err) {
			best_err = err;
			best = candidates_us[c];
		}
		if (err <= PROBE_TOLERANCE)
			return best;
	}
	snprintf(msg, sizeof(msg), "clock probe: coarse clock, no interval "
		 "passed the +-0.25%% test; using %ld us (error %.2f%%)", best,
		 best_err * 100);
	*note = msg;
	return best;
}

static long interval_of_clock(double step, double read, const char **note)
{
	long us = interval_from_clock(step, read);

	*note = NULL;
	bench_debug("probe: clock step %.0f ns, read %.1f ns: interval %ld us",
		    step, read, us);
	if (step > COARSE_STEP_NS)
		us = scaling_test(us, note);
	return us;
}

long interval_probe_us(const char **note)
{
	return interval_of_clock(clock_step_ns(), timing_timer_ns(), note);
}

/* ---- the interval in force ------------------------------------------ */

static long chosen_us, program_us;

void bench_default_enough(long us)
{
	if (us <= 0)
		return;
	program_us = us;
	if (bench_env()->enough_us <= 0)
		chosen_us = 0;	/* decide again, with this preference */
}

long interval_us(void)
{
	const char *note;
	double step, read;

	if (chosen_us > 0)
		return chosen_us;
	if (bench_env()->enough_us > 0) {
		chosen_us = bench_env()->enough_us;
		bench_debug("interval %ld us from ENOUGH", chosen_us);
		return chosen_us;
	}
	step = clock_step_ns();
	read = timing_timer_ns();
	/* The program's choice, where the clock resolves it to 0.1%. */
	if (program_us > 0 &&
	    INTERVAL_PER_STEP * (step > read ? step : read) <= program_us * 1e3) {
		chosen_us = program_us;
		bench_debug("interval %ld us chosen by the program (clock step "
			    "%.0f ns, read %.1f ns)", chosen_us, step, read);
		return chosen_us;
	}
	chosen_us = interval_of_clock(step, read, &note);
	if (note != NULL)
		fprintf(stderr, "%s: %s\n", bench_progname(), note);
	return chosen_us;
}

long interval_run_us(long enough_us, int parallel)
{
	long us = interval_us();

	if (enough_us > us)
		us = enough_us;
	if (parallel > 1 && us < PARALLEL_MIN_US)
		us = PARALLEL_MIN_US;
	return us;
}

/* ---- how many intervals --------------------------------------------- */

/*
 * The machine this runs on has phases: in a 30 s trace of 54 us add
 * chains on a 2-vCPU KVM guest (load 1.8), 10% of the chunks ran 25-45%
 * slow, in bursts of 0.1-0.3 s, apart from preemptions; quiet runs showed
 * the same 1.25-1.35x on a few operations of one run in five.  The cause
 * is the host's and not visible from inside.  Eleven back-to-back intervals of a millisecond fit inside one
 * such phase, and then the median is the phase's.  Spread over a span
 * several phases long, the samples meet the phases in proportion to
 * their share of the time, and the median stays the machine's usual
 * speed.
 */
static int span_off;

void interval_span_off(void)
{
	span_off = 1;
}

int interval_more(int taken, int repetitions, uint64 first_ns)
{
	long span = span_off ? 0 : bench_env()->span_ms;

	if (taken < repetitions)
		return 1;
	if (span <= 0 || taken >= SPAN_MAX_SAMPLES || taken == 0)
		return 0;
	return clock_now_ns() - first_ns < (uint64)span * 1000000;
}

int interval_long(uint64 t0, uint64 t1, double interval_ns)
{
	return t1 > t0 && (double)(t1 - t0) >= LONG_FACTOR * interval_ns;
}

int interval_retime(const struct bench_result *r, int extra)
{
	int asked = r->asked > 0 ? r->asked : r->count;

	if (r->count >= SPAN_MAX_SAMPLES ||
	    extra >= asked * (RETIME_MAX_FACTOR - 1) ||
	    result_clean(r) >= result_clean_needed(r))
		return 0;
	if (extra == 0)
		bench_debug("%d of %d intervals clean, %d needed: timing more",
			    result_clean(r), r->count, result_clean_needed(r));
	return 1;
}
