/*
 * enough - print the timing interval, in whole microseconds, that the
 * clock asks for (lib_interval.c): at least 1000 times the clock's step
 * and read cost, at least 1 ms; on a coarse clock lmbench3's scaling
 * test decides, and when no candidate passes it a note goes to stderr.
 * ENOUGH and a program's own choice do not enter: this is the fact a run
 * records about the clock.
 *
 * usage: enough
 */
#include "bench.h"

static int run(const struct bench_run *r)
{
	const char *note;
	long us;

	if (r->argc != 0)
		bench_fail("%s: takes no arguments", r->argv[0]);
	us = interval_probe_us(&note);
	if (note != NULL)
		fprintf(stderr, "%s: %s\n", bench_progname(), note);
	bench_figure_print(&(struct metric){.name = "clock.enough",
					    .unit = "microseconds",
					    .kind = KIND_PROPERTY},
			   "timing interval", (double)us, 0);
	return 0;
}

BENCH_MAIN(.usage = "\n",
	   .max_ops = -1,
	   .options = BENCH_OPTIONS(
		BENCH_OPERAND("(no arguments)", "print the clock's timing "
			      "interval in microseconds")))
