/*
 * lib_counters.h - event counters read around each timed interval
 * (never inside it): the kernel's software events always, the PMU's
 * cycles, instructions and cache/TLB misses where it has them.  Linux
 * perf_event_open(2); elsewhere nothing is counted and the reason says so.
 *
 * The counters count this process only (not the helper processes a
 * benchmark forks), user and kernel time where perf_event_paranoid
 * allows, else user time only (counters_missing() says so).
 */
#ifndef LMBENCH_LIB_COUNTERS_H
#define LMBENCH_LIB_COUNTERS_H

#include "lib_core.h"

enum ctr_id {
	CTR_TASK_CLOCK,		/* ns on a CPU */
	CTR_SWITCHES,		/* context switches, voluntary or not */
	CTR_MIGRATIONS,		/* moves to another CPU */
	CTR_FAULTS,		/* page faults */
	CTR_CYCLES,		/* the PMU's from here on */
	CTR_INSTRUCTIONS,
	CTR_CACHE_MISSES,	/* last-level cache */
	CTR_DTLB_MISSES,	/* data TLB load misses */
	CTR_COUNT
};
#define CTR_FIRST_HW	CTR_CYCLES

/* Name of counter i in #stats keys and messages ("cycles", ...). */
const char *counters_name(int i);

/*
 * Where the counts come from: perf_event_open by default; the C tests
 * inject a fake.  open() returns a descriptor or -errno for event
 * (type, config) of perf_event_attr in group `group` (-1: a new group,
 * read with PERF_FORMAT_GROUP); read() fills buf as read(2) of a group
 * leader does (nr, then nr values) and returns the bytes or -1.
 */
struct counters_backend {
	int (*open)(unsigned type, unsigned long long config,
		    int exclude_kernel, int group);
	long (*read)(int fd, void *buf, unsigned long len);
	void (*close)(int fd);
};
/* NULL: back to perf_event_open.  Closes what was open. */
void counters_set_backend(const struct counters_backend *b);

/*
 * Open the counters in this process (again in a forked copy: a
 * descriptor inherited from the parent counts the parent); only where
 * they are shown (LMBENCH_STATS=1, or LMBENCH_DEBUG=1), and not where
 * LMBENCH_COUNTERS=0.  Cheap when already open.
 */
void counters_open(void);
void counters_close(void);
/* Counts now: v[i] where bit i of the return value is set. */
unsigned counters_read(uint64 v[CTR_COUNT]);
/*
 * One line on why counters are missing ("cycles instructions
 * cache_misses dtlb_misses: no PMU (ENOENT)"), "off (LMBENCH_COUNTERS=0)",
 * or NULL when all are counted.  Valid after counters_open().
 */
const char *counters_missing(void);

#endif
