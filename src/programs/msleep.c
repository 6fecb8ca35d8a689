/*
 * msleep - sleep for a number of milliseconds, print nothing.
 *
 * nanosleep() is resumed with the time remaining whenever a signal
 * handler interrupts it, so the whole request is slept.  Scripts use it
 * where sleep(1) takes only whole seconds.
 *
 * usage: msleep <milliseconds>
 */
#include "bench.h"

#include <time.h>

/* A day: longer requests are more likely typing mistakes than intent. */
#define MAX_MS	(24L * 3600 * 1000)

static int run(const struct bench_run *r)
{
	struct timespec ts;
	long ms;

	if (bench_parse_long(r->argv[0], 0, MAX_MS, &ms) != 0)
		bench_fail("%s: not a number of milliseconds from 0 to %ld",
			   r->argv[0], MAX_MS);
	ts.tv_sec = (time_t)(ms / 1000);
	ts.tv_nsec = (ms % 1000) * 1000000L;
	while (nanosleep(&ts, &ts) != 0)
		if (errno != EINTR)
			bench_die("nanosleep");
	return 0;
}

BENCH_MAIN(.usage = "<milliseconds>\n",
	   .min_ops = 1, .max_ops = 1,
	   .options = BENCH_OPTIONS(
		BENCH_OPERAND("<milliseconds>", "how long to sleep")))
