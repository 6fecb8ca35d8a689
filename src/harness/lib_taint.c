/*
 * lib_taint.c - an interval's taint and counts (lib_taint.h).
 *
 * An interval is tainted when, between the marks around it, the process
 * was switched out involuntarily (getrusage ru_nivcsw), ran on another
 * CPU at the end than at the start (or the migration counter moved), or
 * its CPU's steal time in /proc/stat grew.  /proc/stat counts steal in
 * clock ticks (10 ms at USER_HZ 100) and takes some 40 us to read on a
 * 2-vCPU VM, so the mark after an interval serves as the mark before
 * the next one when taken less than STEAL_REUSE_NS ago on the same CPU:
 * steal between two intervals then taints the second (it errs on the
 * side of tainting).
 */
#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#endif
#include "bench.h"
#include "lib_clock.h"
#include "lib_taint.h"

#include <fcntl.h>
#include <sys/resource.h>

#define STEAL_REUSE_NS		2000000ULL
_Static_assert(CTR_COUNT <= SAMPLE_CTRS, "a sample holds every counter");
#define STEAL_BUF		4096	/* the cpu lines of /proc/stat */

static struct {
	pid_t pid;
	int stat_fd;		/* /proc/stat, -1: none */
	int last_cpu;
	long long last_steal;
	uint64 last_ns;
} t = {0, -1, -1, -1, 0};

void taint_open(void)
{
	if (t.pid == getpid())
		return;
	if (t.pid != 0 && t.stat_fd >= 0)
		close(t.stat_fd);	/* a copy: its own offset */
	t.pid = getpid();
	t.last_cpu = -1;
	t.stat_fd = open("/proc/stat", O_RDONLY | O_CLOEXEC);
	counters_open();
}

static int current_cpu(void)
{
#if defined(__linux__)
	return sched_getcpu();
#else
	return -1;
#endif
}

/* Steal ticks of cpu from /proc/stat ("cpuN user nice system idle
 * iowait irq softirq steal ..."), -1 if unknown. */
static long long read_steal(int cpu)
{
	char buf[STEAL_BUF + 1], key[16], *p;
	long long v[8];
	ssize_t len;
	int klen;

	if (t.stat_fd < 0 || cpu < 0)
		return -1;
	len = pread(t.stat_fd, buf, STEAL_BUF, 0);
	if (len <= 0)
		return -1;
	buf[len] = '\0';
	klen = snprintf(key, sizeof(key), "\ncpu%d ", cpu);
	p = strstr(buf, key);
	if (p == NULL || sscanf(p + klen, "%lld %lld %lld %lld %lld %lld "
				"%lld %lld", &v[0], &v[1], &v[2], &v[3], &v[4],
				&v[5], &v[6], &v[7]) != 8)
		return -1;
	return v[7];
}

static long involuntary(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_nivcsw : -1;
}

void taint_before(struct taint_mark *m)
{
	uint64 now = clock_now_ns();

	m->nivcsw = involuntary();
	m->cpu = current_cpu();
	if (m->cpu >= 0 && m->cpu == t.last_cpu &&
	    now - t.last_ns < STEAL_REUSE_NS)
		m->steal = t.last_steal;
	else
		m->steal = read_steal(m->cpu);
	m->ctr_valid = counters_read(m->ctr);
}

void taint_after(struct taint_mark *m)
{
	m->ctr_valid = counters_read(m->ctr);
	m->cpu = current_cpu();
	m->nivcsw = involuntary();
	m->steal = read_steal(m->cpu);
	t.last_cpu = m->cpu;
	t.last_steal = m->steal;
	t.last_ns = clock_now_ns();
}

void taint_sample(const struct taint_mark *b, const struct taint_mark *a,
		  struct sample *s)
{
	int i;

	s->taint = 0;
	if (b->nivcsw >= 0 && a->nivcsw > b->nivcsw)
		s->taint |= TAINT_SWITCHED;
	if (b->cpu != a->cpu)
		s->taint |= TAINT_MIGRATED;
	if (b->cpu == a->cpu && b->steal >= 0 && a->steal > b->steal)
		s->taint |= TAINT_STEAL;
	s->ctr_valid = b->ctr_valid & a->ctr_valid;
	memset(s->ctr, 0, sizeof(s->ctr));
	for (i = 0; i < CTR_COUNT && i < SAMPLE_CTRS; i++)
		if (s->ctr_valid & (1u << i))
			s->ctr[i] = a->ctr[i] - b->ctr[i];
	if ((s->ctr_valid & (1u << CTR_MIGRATIONS)) && s->ctr[CTR_MIGRATIONS])
		s->taint |= TAINT_MIGRATED;
	memset(s->cpus, 0, sizeof(s->cpus));
	sample_add_cpu(s, b->cpu);
	sample_add_cpu(s, a->cpu);
}
