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

static const char usage[] = "<milliseconds>\n";

int main(int argc, char *argv[])
{
	struct timespec ts;
	long ms;

	bench_init(argc, argv, usage);
	if (argc != 2)
		bench_usage();
	ms = bench_arg_long(argv[1], 0, MAX_MS);
	ts.tv_sec = (time_t)(ms / 1000);
	ts.tv_nsec = (ms % 1000) * 1000000L;
	while (nanosleep(&ts, &ts) != 0)
		if (errno != EINTR)
			bench_die("nanosleep");
	return 0;
}
