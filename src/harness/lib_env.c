/*
 * lib_env.c - parse the harness's environment variables once.
 * A value that does not parse is bad input: message and exit 2.
 */
#include "bench.h"
#include "lib_env.h"

#include <math.h>
#include <stdarg.h>

static struct bench_env env;
static int env_loaded;

static double env_double(const char *name, double min, double max)
{
	const char *s = getenv(name);
	char *end;
	double v;

	if (s == NULL || *s == '\0')
		return -1.0;
	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || *end != '\0' || !isfinite(v) || v < min || v > max)
		bench_fail("%s=%s: expected a number from %g to %g", name, s,
			   min, max);
	return v;
}

/* A whole number from min to max (what: its unit), 0 when unset or empty. */
static long env_long(const char *name, long min, long max, const char *what)
{
	const char *s = getenv(name);
	long v = 0;

	if (s != NULL && *s != '\0' && bench_parse_long(s, min, max, &v) != 0)
		bench_fail("%s=%s: expected %s, %ld to %ld", name, s, what, min,
			   max);
	return v;
}

/* A switch: unset, empty or 0 is off, 1 is on; anything else is refused. */
static int env_flag(const char *name)
{
	const char *s = getenv(name);

	if (s == NULL || *s == '\0' || strcmp(s, "0") == 0)
		return 0;
	if (strcmp(s, "1") != 0)
		bench_fail("%s=%s: expected 0 or 1", name, s);
	return 1;
}

const struct bench_env *bench_env(void)
{
	const char *s;

	if (env_loaded)
		return &env;
	env_loaded = 1;
	env.enough_us = 0;
	s = getenv("ENOUGH");
	if (s != NULL && *s != '\0' &&
	    bench_parse_long(s, 1, 100L * 1000 * 1000, &env.enough_us) != 0)
		bench_fail("ENOUGH=%s: expected microseconds, 1 to 100000000",
			   s);
	env.timing_o_us = env_double("TIMING_O", 0.0, 1000.0);
	env.loop_o_us = env_double("LOOP_O", 0.0, 1000.0);
	s = getenv("LMBENCH_SCHED");
	env.sched = (s != NULL && *s != '\0') ? s : NULL;
	env.stats = env_flag("LMBENCH_STATS");
	env.debug = env_flag("LMBENCH_DEBUG");
	env.json = env_flag("LMBENCH_JSON");
	s = getenv("LMBENCH_COUNTERS");
	env.counters = s == NULL || *s == '\0' || env_flag("LMBENCH_COUNTERS");
	env.span_ms = env_long("LMBENCH_SPAN", 0, 600000, "milliseconds");
	env.invocation = env_long("LMBENCH_INVOCATION", 1, 9999, "a number");
	env.run_t0 = env_double("LMBENCH_RUN_T0", 0.0, 1e11);
	return &env;
}

void bench_debug(const char *fmt, ...)
{
	va_list ap;

	if (!bench_env()->debug)
		return;
	fprintf(stderr, "%s: debug: ", bench_progname());
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
