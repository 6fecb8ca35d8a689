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

BENCH_FIGURE_MAIN(.says = "print the cost of one empty loop iteration, in us",
		  .name = "clock.loop_overhead", .label = "loop overhead",
		  .measure_ns = clock_measure_loop_ns, .decimals = 8)
