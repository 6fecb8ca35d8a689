/*
 * timing_o - measure and print the overhead of reading the clock, in
 * microseconds: the median over 11 batches of back-to-back
 * clock_gettime(CLOCK_MONOTONIC) calls (lib_clock.c).  Measured even
 * when TIMING_O is set, so a run script can call this once and export
 * TIMING_O for every later program.
 *
 * usage: timing_o
 */
#include "bench.h"

static const char usage[] = "\n";

/* --help: a line per option and operand (bench_init_help). */
static const struct bench_help help[] = {
	{"(no arguments)", "print the cost of reading the clock, in us"},
	{NULL, NULL}
};

static const struct metric timer = {
	.name = "clock.timer_overhead", .unit = "microseconds",
	.kind = KIND_PROPERTY
};

int main(int argc, char *argv[])
{
	double us;

	bench_init_help(argc, argv, usage, help);
	if (argc != optind)
		bench_fail("%s: takes no arguments", argv[optind]);
	us = clock_measure_timer_ns() / 1e3;
	if (metric_json())
		metric_json_value(&timer, "timer overhead", us);
	else
		printf("%.6f\n", us);
	if (fflush(stdout) != 0)
		bench_die("stdout");
	return 0;
}
