/*
 * lib_parallel.h - P copies of a benchmark whose timed intervals start
 * together (lib_parallel.c).
 */
#ifndef LMBENCH_LIB_PARALLEL_H
#define LMBENCH_LIB_PARALLEL_H

#include "lib_copy.h"
#include "lib_result.h"

/*
 * Fork `parallel` copies of *proto, time `repetitions` rounds of one
 * interval each, every copy's interval k released at the same instant,
 * and combine each round into one sample (result_combine) in *out.
 */
void parallel_run(const struct copy *proto, double interval_ns,
		  int parallel, int warmup, int repetitions,
		  struct bench_result *out);

/*
 * The same for several points: each copy sets up protos[0..npts-1] once
 * and times interval k of point sched[k] (k < nsched); out[p] gets point
 * p's intervals, combined, rounds numbered in the schedule's order.
 */
void parallel_run_points(const struct copy *protos, int npts,
			 const int *sched, int nsched, double interval_ns,
			 int parallel, int warmup, struct bench_result *out);

#endif
