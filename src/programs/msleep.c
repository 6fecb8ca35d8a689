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

/* --help: a line per option and operand (bench_init_help). */
static const struct bench_help help[] = {
	{"<milliseconds>", "how long to sleep"},
	{NULL, NULL}
};

int main(int argc, char *argv[])
{
	struct timespec ts;
	long ms;

	bench_init_help(argc, argv, usage, help);
	if (argc - optind != 1)
		bench_usage();
	if (bench_parse_long(argv[optind], 0, MAX_MS, &ms) != 0)
		bench_fail("%s: not a number of milliseconds from 0 to %ld",
			   argv[optind], MAX_MS);
	ts.tv_sec = (time_t)(ms / 1000);
	ts.tv_nsec = (ms % 1000) * 1000000L;
	while (nanosleep(&ts, &ts) != 0)
		if (errno != EINTR)
			bench_die("nanosleep");
	return 0;
}
