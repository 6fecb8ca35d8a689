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

static const char usage[] = "\n";

/* --help: a line per option and operand (bench_init_help). */
static const struct bench_help help[] = {
	{"(no arguments)", "print the clock's timing interval in microseconds"},
	{NULL, NULL}
};

int main(int argc, char *argv[])
{
	const char *note;
	long us;

	bench_init_help(argc, argv, usage, help);
	if (argc != optind)
		bench_fail("%s: takes no arguments", argv[optind]);
	us = interval_probe_us(&note);
	if (note != NULL)
		fprintf(stderr, "%s: %s\n", bench_progname(), note);
	if (metric_json())
		metric_json_value(&(struct metric){.name = "clock.enough",
						   .unit = "microseconds",
						   .kind = KIND_PROPERTY},
				  "timing interval", (double)us);
	else
		printf("%ld\n", us);
	if (fflush(stdout) != 0)
		bench_die("stdout");
	return 0;
}
