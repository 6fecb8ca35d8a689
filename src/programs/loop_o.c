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

static const struct metric loop = {
	.name = "clock.loop_overhead", .unit = "microseconds",
	.kind = KIND_PROPERTY
};

static double measure_us(void)
{
	return clock_measure_loop_ns() / 1e3;
}

static const struct bench_figure figure = {
	.says = "print the cost of one empty loop iteration, in us",
	.metric = &loop, .label = "loop overhead", .measure_us = measure_us,
	.decimals = 8
};

int main(int argc, char *argv[])
{
	return bench_figure_main(argc, argv, &figure);
}
