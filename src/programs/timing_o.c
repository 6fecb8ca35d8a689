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

BENCH_FIGURE_MAIN(.says = "print the cost of reading the clock, in us",
		  .name = "clock.timer_overhead", .label = "timer overhead",
		  .measure_ns = clock_measure_timer_ns, .decimals = 6)
