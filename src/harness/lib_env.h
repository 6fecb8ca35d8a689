/*
 * lib_env.h - the environment knobs, read in one place.
 *
 *   ENOUGH         microseconds per timing interval (lib_interval.c)
 *   TIMING_O       timer overhead in microseconds; skips its measurement
 *   LOOP_O         loop overhead per iteration in microseconds; likewise
 *   LMBENCH_SCHED  CPU placement policy (see lib_sched.c)
 *   LMBENCH_STATS  1: print a "#stats" line after every result
 *   LMBENCH_DEBUG  1: say what the harness decides, on stderr
 *   LMBENCH_SPAN   milliseconds a result's samples must cover at least
 *                  (lib_interval.c); unset or 0: the repetitions alone
 *   LMBENCH_COUNTERS  0: count no events around intervals
 *                  (lib_counters.c); unset or 1: count them
 *   LMBENCH_JSON   1: also print each result as a JSON line on stdout
 *                  (lib_metric.c; the option --json does the same)
 *   LMBENCH_INVOCATION  which invocation of its group in the run this is
 *                  (1, 2, ...: scripts/lmbench); the #stats lines say so
 *   LMBENCH_RUN_T0 the run's start, seconds since the epoch (a decimal):
 *                  the #stats lines say how long after it each result
 *                  was taken
 */
#ifndef LMBENCH_LIB_ENV_H
#define LMBENCH_LIB_ENV_H

struct bench_env {
	long enough_us;		/* 0: probe */
	double timing_o_us;	/* < 0: measure */
	double loop_o_us;	/* < 0: measure */
	const char *sched;	/* NULL: DEFAULT */
	int stats;
	int debug;
	long span_ms;		/* 0: no minimum span */
	int counters;		/* 1 unless LMBENCH_COUNTERS=0 */
	int json;		/* LMBENCH_JSON=1 */
	long invocation;	/* 0: not said */
	double run_t0;		/* < 0: not said */
};

const struct bench_env *bench_env(void);
void bench_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
