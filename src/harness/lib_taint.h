/*
 * lib_taint.h - what happened to the process around one timed interval,
 * looked at just before its first clock read and just after its last:
 * the CPU it ran on, involuntary context switches, the hypervisor's
 * steal time on that CPU, and the event counters (lib_counters.h).
 * Nothing here runs inside the interval.
 */
#ifndef LMBENCH_LIB_TAINT_H
#define LMBENCH_LIB_TAINT_H

#include "lib_core.h"
#include "lib_counters.h"
#include "lib_result.h"

struct taint_mark {
	int cpu;		/* -1: unknown */
	long nivcsw;		/* involuntary switches so far, -1: unknown */
	long long steal;	/* steal ticks of cpu, -1: unknown */
	unsigned ctr_valid;
	uint64 ctr[CTR_COUNT];
};

/* Open what the marks read in this process (a copy: again after fork). */
void taint_open(void);
/* Just before an interval's first clock read, and after its last. */
void taint_before(struct taint_mark *m);
void taint_after(struct taint_mark *m);
/* The sample's taint, CPUs and counts from the two marks. */
void taint_sample(const struct taint_mark *before,
		  const struct taint_mark *after, struct sample *s);

#endif
