/*
 * lib_sched.c - CPU placement of benchmark processes (LMBENCH_SCHED).
 *
 *   DEFAULT          the scheduler decides
 *   BALANCED         each copy, with its helper processes, on a CPU of its own
 *   BALANCED_SPREAD  the same, successive copies far apart
 *   UNIQUE           every process (copies and helpers) on a CPU of its own
 *   UNIQUE_SPREAD    the same, successive processes far apart
 *   CUSTOM c...      copies with their helpers on the listed CPUs, in turn
 *   CUSTOM_SPREAD c... every process on the listed CPUs, in turn
 *
 * Unset, the program's own default applies (bench_sched_default(); DEFAULT
 * unless it says otherwise).
 *
 * CPUs are those the process may already use (so taskset still applies),
 * taken in order; "far apart" takes them in bit-reversed order, which
 * puts consecutive processes in different halves, quarters, ... of the
 * CPU numbering (on most machines: different sockets and cores first).
 * Where CPUs run out, placement wraps around.
 */
#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#endif
#include "bench.h"
#include "lib_env.h"
#include "lib_sched.h"

#include <ctype.h>
#include <limits.h>

#define MAX_CPUS 1024

enum policy { DEFAULT, BALANCED, UNIQUE, CUSTOM };

static struct {
	int loaded;
	enum policy policy;
	int spread;
	int ncpus;
	int cpus[MAX_CPUS];
} pl;

static const struct {
	const char *name;
	enum policy policy;
	int spread;
} policies[] = {
	{"DEFAULT", DEFAULT, 0},
	{"BALANCED", BALANCED, 0},
	{"BALANCED_SPREAD", BALANCED, 1},
	{"UNIQUE", UNIQUE, 0},
	{"UNIQUE_SPREAD", UNIQUE, 1},
	{"CUSTOM", CUSTOM, 0},
	{"CUSTOM_SPREAD", CUSTOM, 1},
};
#define NPOLICIES ((int)(sizeof(policies) / sizeof(policies[0])))

static void bad_sched(const char *s)
{
	bench_fail("LMBENCH_SCHED=\"%s\": expected DEFAULT, BALANCED, "
		   "BALANCED_SPREAD, UNIQUE, UNIQUE_SPREAD, CUSTOM <cpus> or "
		   "CUSTOM_SPREAD <cpus>", s);
}

/*
 * 1 if cpu exists here.  Not the current affinity: a process started under
 * taskset may still be placed elsewhere, as far as its cpuset allows.
 */
static int cpu_allowed(long cpu)
{
	long n = sysconf(_SC_NPROCESSORS_CONF);

	return n <= 0 || cpu < n;
}

static void parse_cpu_list(const char *s, const char *all)
{
	char *end;
	long v;

	while (*s) {
		while (*s == ' ' || *s == ',' || *s == '\t')
			s++;
		if (*s == '\0')
			break;
		errno = 0;
		v = strtol(s, &end, 10);
		if (end == s || errno != 0 || v < 0 || v >= MAX_CPUS ||
		    pl.ncpus >= MAX_CPUS)
			bad_sched(all);
		if (!cpu_allowed(v))
			bench_fail("LMBENCH_SCHED=%s: there is no CPU %ld",
				   all, v);
		pl.cpus[pl.ncpus++] = (int)v;
		s = end;
	}
	if (pl.ncpus == 0)
		bad_sched(all);
}

static void allowed_cpus(void)
{
#if defined(__linux__)
	cpu_set_t set;
	int c;

	if (sched_getaffinity(0, sizeof(set), &set) == 0)
		for (c = 0; c < CPU_SETSIZE && c < MAX_CPUS; c++)
			if (CPU_ISSET(c, &set))
				pl.cpus[pl.ncpus++] = c;
#endif
	if (pl.ncpus == 0) {
		long n = sysconf(_SC_NPROCESSORS_ONLN);

		for (; pl.ncpus < n && pl.ncpus < MAX_CPUS; pl.ncpus++)
			pl.cpus[pl.ncpus] = pl.ncpus;
	}
}

/* The program's placement where LMBENCH_SCHED is unset (NULL: DEFAULT). */
static const char *program_default;

void bench_sched_default(const char *policy)
{
	program_default = policy;
	/* bench_init() checked LMBENCH_SCHED already; unset, the program's
	 * default applies from the next placement on. */
	if (pl.loaded && bench_env()->sched == NULL)
		memset(&pl, 0, sizeof(pl));
}

static void load(void)
{
	const char *s = bench_env()->sched;
	size_t len;
	int i;

	pl.loaded = 1;
	if (s == NULL)
		s = program_default;
	if (s == NULL)
		return;
	for (len = 0; s[len] && !isspace((unsigned char)s[len]); len++)
		;
	for (i = 0; i < NPOLICIES; i++)
		if (strlen(policies[i].name) == len &&
		    strncmp(policies[i].name, s, len) == 0)
			break;
	if (i == NPOLICIES)
		bad_sched(s);
	pl.policy = policies[i].policy;
	pl.spread = policies[i].spread;
	if (pl.policy == CUSTOM)
		parse_cpu_list(s + len, s);
	else if (s[len] != '\0' && strspn(s + len, " \t") != strlen(s + len))
		bad_sched(s);
	else if (pl.policy != DEFAULT)
		allowed_cpus();
}

/* The i-th of 0..n-1 in bit-reversed order (values >= n skipped). */
static int spread_index(int i, int n)
{
	int bits = 0, k, b, r, seen = -1;

	while ((1 << bits) < n)
		bits++;
	for (k = 0; k < (1 << bits); k++) {
		r = 0;
		for (b = 0; b < bits; b++)
			if (k & (1 << b))
				r |= 1 << (bits - 1 - b);
		if (r < n && ++seen == i)
			return r;
	}
	return i % n;
}

void sched_check(void)
{
	if (!pl.loaded)
		load();
}

int handle_scheduler(int childno, int benchproc, int nbenchprocs)
{
	int idx, cpu;

	if (!pl.loaded)
		load();
	if (pl.policy == DEFAULT || pl.ncpus == 0)
		return 0;
	if (pl.policy == UNIQUE || (pl.policy == CUSTOM && pl.spread))
		idx = childno * (nbenchprocs + 1) + benchproc;
	else
		idx = childno;
	idx %= pl.ncpus;
	if (pl.spread && pl.policy != CUSTOM)
		idx = spread_index(idx, pl.ncpus);
	cpu = pl.cpus[idx];
#if defined(__linux__)
	{
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set) != 0)
			return -1;
	}
	bench_debug("placed copy %d process %d on CPU %d", childno,
		    benchproc, cpu);
	return 0;
#else
	(void)cpu;
	fprintf(stderr, "%s: LMBENCH_SCHED: CPU placement is not supported "
		"on this system\n", bench_progname());
	return -1;
#endif
}

int bench_cpus_allowed(void)
{
	long n;
#if defined(__linux__)
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) == 0 &&
	    CPU_COUNT(&set) > 0)
		return CPU_COUNT(&set);
#endif
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 1 ? (int)(n < INT_MAX ? n : INT_MAX) : 1;
}

int bench_placement_fixed(void)
{
	if (!pl.loaded)
		load();
	if (pl.policy != DEFAULT && pl.ncpus > 0)
		return 1;
	return bench_cpus_allowed() == 1;
}
