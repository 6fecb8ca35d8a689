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

static const struct metric timer = {
	.name = "clock.timer_overhead", .unit = "microseconds",
	.kind = KIND_PROPERTY
};

static double measure_us(void)
{
	return clock_measure_timer_ns() / 1e3;
}

static const struct bench_figure figure = {
	.says = "print the cost of reading the clock, in us",
	.metric = &timer, .label = "timer overhead", .measure_us = measure_us,
	.decimals = 6
};

int main(int argc, char *argv[])
{
	return bench_figure_main(argc, argv, &figure);
}
