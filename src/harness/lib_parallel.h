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

#endif
