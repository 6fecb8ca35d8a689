/*
 * lib_timing.h - benchmp() and its single-copy run, the top of the
 * timing layers (doc/harness.md); includes the layers below for the
 * programs and tests that use them directly.
 */
#ifndef LMBENCH_LIB_TIMING_H
#define LMBENCH_LIB_TIMING_H

#include "lib_core.h"
#include "lib_clock.h"
#include "lib_interval.h"
#include "lib_result.h"
#include "lib_copy.h"
#include "lib_parallel.h"

/*
 * One copy in this process: `repetitions` intervals into *out; deflt:
 * nobody gave them, so long intervals stop at LONG_REPS (lib_interval.h).
 */
void single_run(struct copy *c, double interval_ns, int warmup,
		int repetitions, int deflt, struct bench_result *out);

#endif
