/*
 * bench.h - the lmbench-ng timing harness API: the one header a program
 * includes.
 *
 * lib_core.h has the types, benchmp() and lmbench3's calls (a benchmark
 * written against lmbench3's bench.h builds unchanged) and the bench_*
 * additions; the other headers below, the parts a program reports,
 * times and places its work with.  The harness's own headers include
 * lib_core.h, never this one, so that the includes form no circle.
 */
#ifndef LMBENCH_BENCH_H
#define LMBENCH_BENCH_H

#include "lib_core.h"
#include "lib_barrier.h"	/* compiler barriers, register pins */
#include "lib_clock.h"		/* the clock */
#include "lib_copy.h"		/* parallel copies */
#include "lib_cpu.h"		/* CPUs and placement */
#include "lib_env.h"		/* the environment's settings */
#include "lib_have.h"		/* optional system interfaces */
#include "lib_interval.h"	/* the timing interval */
#include "lib_metric.h"		/* metric names and JSON */
#include "lib_report.h"		/* result lines and #stats */
#include "lib_result.h"		/* samples */
#include "lib_stats.h"		/* statistics */
#include "lib_timing.h"		/* timed loops */

#endif
