/*
 * lib_sched.h - CPU placement (LMBENCH_SCHED), beside handle_scheduler(),
 * bench_placement_fixed() and bench_sched_default() of bench.h.
 */
#ifndef LMBENCH_LIB_SCHED_H
#define LMBENCH_LIB_SCHED_H

/* Parse LMBENCH_SCHED now: bad values fail before any probing. */
void sched_check(void);

#endif
