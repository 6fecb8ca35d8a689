/*
 * lib_counters.c - perf_event_open counters around timed intervals
 * (lib_counters.h).
 *
 * Two groups, each read with one read(2): the software events (led by
 * task-clock) and the PMU's (led by cycles).  A hardware event that
 * cannot be opened leaves the software group whole; the first refusal
 * gives the reason: ENOENT/EOPNOTSUPP no PMU (most VMs), EACCES/EPERM
 * perf_event_paranoid or a missing capability.  A refusal of kernel
 * counting (paranoid >= 2, unprivileged) is retried for user time only.
 */
#define _GNU_SOURCE	/* syscall(), before any header */
#include "lib_have.h"
#if defined(HAVE_PERF_EVENT)
#include <linux/perf_event.h>
#include <sys/syscall.h>
#endif
#include "bench.h"
#include "lib_counters.h"
#include "lib_env.h"

static const struct {
	const char *name;
	unsigned type;
	unsigned long long config;
} events[CTR_COUNT] = {
#if defined(HAVE_PERF_EVENT)
	{"task_clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK},
	{"switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES},
	{"migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS},
	{"faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS},
	{"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
	{"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS},
	{"cache_misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES},
	{"dtlb_misses", PERF_TYPE_HW_CACHE,
	 PERF_COUNT_HW_CACHE_DTLB | (PERF_COUNT_HW_CACHE_OP_READ << 8) |
	 (PERF_COUNT_HW_CACHE_RESULT_MISS << 16)},
#else
	{"task_clock", 0, 0}, {"switches", 0, 0}, {"migrations", 0, 0},
	{"faults", 0, 0}, {"cycles", 0, 0}, {"instructions", 0, 0},
	{"cache_misses", 0, 0}, {"dtlb_misses", 0, 0},
#endif
};

const char *counters_name(int i)
{
	return i >= 0 && i < CTR_COUNT ? events[i].name : "?";
}

/* ---- the default backend: perf_event_open(2) ------------------------ */

#if defined(HAVE_PERF_EVENT)
static int perf_open(unsigned type, unsigned long long config,
		     int exclude_kernel, int group)
{
	struct perf_event_attr a;
	long fd;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = type;
	a.config = config;
	a.read_format = PERF_FORMAT_GROUP;
	a.exclude_kernel = exclude_kernel ? 1 : 0;
	a.exclude_hv = 1;
	fd = syscall(SYS_perf_event_open, &a, 0, -1, group, 0);
	return fd < 0 ? -errno : (int)fd;
}

static long perf_read(int fd, void *buf, unsigned long len)
{
	return (long)read(fd, buf, len);
}

static void perf_close(int fd)
{
	close(fd);
}

static const struct counters_backend perf_backend = {
	perf_open, perf_read, perf_close
};
#endif

/* ---- the counters of this process ----------------------------------- */

enum { GROUP_SW, GROUP_HW, NGROUPS };

static const struct counters_backend *backend;
static struct {
	pid_t pid;		/* the process they count; 0: not open */
	int fd[NGROUPS];	/* leaders, -1: none */
	int member[CTR_COUNT];	/* position in its group's read, -1: none */
	int nmembers[NGROUPS];
	char missing[256];
} c;

void counters_set_backend(const struct counters_backend *b)
{
	counters_close();
	backend = b;
}

static const char *reason(int err)
{
	switch (err) {
	case ENOENT:
	case EOPNOTSUPP:
	case ENODEV:
		return "no PMU";
	case EACCES:
	case EPERM:
		return "not permitted (perf_event_paranoid or capabilities)";
	case ENOSYS:
		return "no perf_event_open";
	case EMFILE:
	case ENFILE:
		return "out of file descriptors";
	default:
		return "refused";
	}
}

/* The missing counters, then why: the first refusal seen. */
static void note_missing(int err, int user_only)
{
	size_t len;
	int i;

	c.missing[0] = '\0';
	for (i = 0; i < CTR_COUNT; i++) {
		if (c.member[i] >= 0)
			continue;
		len = strlen(c.missing);
		snprintf(c.missing + len, sizeof(c.missing) - len, "%s%s",
			 len ? " " : "", events[i].name);
	}
	len = strlen(c.missing);
	if (err != 0)
		snprintf(c.missing + len, sizeof(c.missing) - len, ": %s (%s)",
			 reason(err), strerror(err));
	if (user_only) {
		len = strlen(c.missing);
		snprintf(c.missing + len, sizeof(c.missing) - len,
			 "%suser time only (perf_event_paranoid)",
			 len ? "; " : "");
	}
}

/* Open events first..last as one group; returns the first error (>0). */
static int open_group(int g, int first, int last, int *user_only)
{
	int i, fd, err = 0;

	c.fd[g] = -1;
	c.nmembers[g] = 0;
	for (i = first; i <= last; i++) {
		fd = backend->open(events[i].type, events[i].config,
				   *user_only, c.fd[g]);
		if ((fd == -EACCES || fd == -EPERM) && !*user_only &&
		    c.fd[g] < 0) {
			/* Kernel counting refused: user time, all of them. */
			*user_only = 1;
			fd = backend->open(events[i].type, events[i].config, 1,
					   c.fd[g]);
		}
		if (fd < 0) {
			if (err == 0)
				err = -fd;
			if (c.fd[g] < 0)
				return err;	/* no leader: none of them */
			continue;
		}
		if (c.fd[g] < 0)
			c.fd[g] = fd;
		c.member[i] = c.nmembers[g]++;
	}
	return err;
}

void counters_open(void)
{
	int err, user_only = 0, i;

	if (c.pid == getpid())
		return;
	if (c.pid != 0)
		counters_close();	/* a forked copy: they count the parent */
	c.pid = getpid();
	c.fd[GROUP_SW] = c.fd[GROUP_HW] = -1;
	for (i = 0; i < CTR_COUNT; i++)
		c.member[i] = -1;
	if (!bench_env()->counters) {
		snprintf(c.missing, sizeof(c.missing),
			 "off (LMBENCH_COUNTERS=0)");
		return;
	}
	/*
	 * Only the #stats line shows them.  The first per-task event on a
	 * machine turns the kernel's context-switch hooks on (a code patch
	 * that took 1-13 ms on this project's VM), which a plain run of a
	 * program need not pay.
	 */
	if (!bench_env()->stats && !bench_env()->debug) {
		snprintf(c.missing, sizeof(c.missing),
			 "not asked for (LMBENCH_STATS unset)");
		return;
	}
#if defined(HAVE_PERF_EVENT)
	if (backend == NULL)
		backend = &perf_backend;
#endif
	if (backend == NULL) {
		snprintf(c.missing, sizeof(c.missing),
			 "none: no perf_event_open in this build");
		return;
	}
	c.missing[0] = '\0';
	err = open_group(GROUP_SW, 0, CTR_FIRST_HW - 1, &user_only);
	if (c.fd[GROUP_SW] >= 0) {
		i = open_group(GROUP_HW, CTR_FIRST_HW, CTR_COUNT - 1,
			       &user_only);
		err = err ? err : i;
	}
	if (err != 0 || user_only)
		note_missing(err, user_only);
	if (c.missing[0] != '\0')
		bench_debug("counters: %s", c.missing);
}

void counters_close(void)
{
	int g;

	/* In a forked copy these are the parent's, inherited: closed too. */
	if (c.pid != 0 && backend != NULL)
		for (g = 0; g < NGROUPS; g++)
			if (c.fd[g] >= 0)
				backend->close(c.fd[g]);
	c.pid = 0;
	c.fd[GROUP_SW] = c.fd[GROUP_HW] = -1;
}

unsigned counters_read(uint64 v[CTR_COUNT])
{
	uint64 buf[1 + CTR_COUNT];
	unsigned valid = 0;
	int g, i;

	if (c.pid != getpid())
		return 0;
	for (g = 0; g < NGROUPS; g++) {
		if (c.fd[g] < 0)
			continue;
		if (backend->read(c.fd[g], buf, sizeof(buf)) <
		    (long)sizeof(uint64) ||
		    buf[0] != (uint64)c.nmembers[g])
			continue;
		for (i = 0; i < CTR_COUNT; i++) {
			if (c.member[i] < 0 ||
			    (g == GROUP_SW) != (i < CTR_FIRST_HW))
				continue;
			v[i] = buf[1 + c.member[i]];
			valid |= 1u << i;
		}
	}
	return valid;
}

const char *counters_missing(void)
{
	return c.missing[0] ? c.missing : NULL;
}
