/*
 * loop_o - measure and print the overhead of one iteration of an empty
 * benchmark loop, in microseconds: the median of 11 intervals of about
 * 0.2 ms, each less the timer overhead (lib_clock.c).  Measured
 * even when LOOP_O is set; the timer overhead subtracted is TIMING_O
 * when that is set, and measured otherwise.
 *
 * usage: loop_o
 */
#include "bench.h"

static const char usage[] = "\n";

/* --help: a line per option and operand (bench_init_help). */
static const struct bench_help help[] = {
	{"(no arguments)", "print the cost of one empty loop iteration, in us"},
	{NULL, NULL}
};

static const struct metric loop = {
	.name = "clock.loop_overhead", .unit = "microseconds",
	.kind = KIND_PROPERTY
};

int main(int argc, char *argv[])
{
	double us;

	bench_init_help(argc, argv, usage, help);
	if (argc != optind)
		bench_fail("%s: takes no arguments", argv[optind]);
	us = clock_measure_loop_ns() / 1e3;
	if (metric_json())
		metric_json_value(&loop, "loop overhead", us);
	else
		printf("%.8f\n", us);
	if (fflush(stdout) != 0)
		bench_die("stdout");
	return 0;
}
