/*
 * lib_topo.c - topology discovery from sysfs (see lib_topo.h).
 *
 *   <root>/devices/system/cpu/online                 the online CPUs
 *   <root>/devices/system/cpu/cpuN/topology/         core_id,
 *       physical_package_id, thread_siblings_list
 *   <root>/devices/system/cpu/cpuN/cache/indexK/     level, type, size,
 *       shared_cpu_list
 *   <root>/devices/system/node/nodeM/                cpulist, meminfo
 */
#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#endif
#include "bench.h"
#include "lib_topo.h"

#include <ctype.h>
#include <limits.h>

#define MAX_LIST	4096	/* CPUs in one list */

static int read_line(const char *root, const char *rel, char *buf,
		     size_t size)
{
	char path[PATH_MAX];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	if (fgets(buf, (int)size, f) == NULL) {
		fclose(f);
		return -1;
	}
	fclose(f);
	n = strlen(buf);
	while (n > 0 && isspace((unsigned char)buf[n - 1]))
		buf[--n] = '\0';
	return 0;
}

static int read_int(const char *root, const char *rel, int *out)
{
	char buf[64];
	long v;

	if (read_line(root, rel, buf, sizeof(buf)) != 0 ||
	    bench_parse_long(buf, INT_MIN, INT_MAX, &v) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

int topo_parse_list(const char *s, int *out, int max)
{
	long a, b;
	char *end;
	int n = 0;

	while (*s != '\0') {
		if (!isdigit((unsigned char)*s))
			return -1;
		a = strtol(s, &end, 10);
		b = a;
		s = end;
		if (*s == '-') {
			s++;
			if (!isdigit((unsigned char)*s))
				return -1;
			b = strtol(s, &end, 10);
			s = end;
		}
		if (b < a || b > INT_MAX)
			return -1;
		for (; a <= b; a++) {
			if (n >= max)
				return -1;
			out[n++] = (int)a;
		}
		if (*s == ',')
			s++;
		else if (*s != '\0')
			return -1;
	}
	return n;
}

/* The lowest CPU of a list file, or -1. */
static int list_first(const char *root, const char *rel)
{
	char buf[1024];
	int cpus[MAX_LIST];

	if (read_line(root, rel, buf, sizeof(buf)) != 0 ||
	    topo_parse_list(buf, cpus, MAX_LIST) < 1)
		return -1;
	return cpus[0];
}

static long size_kb(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (end == s || v < 0)
		return 0;
	switch (*end) {
	case 'K': return v;
	case 'M': return v * 1024;
	case 'G': return v * 1024 * 1024;
	case '\0': return v / 1024;
	default: return 0;
	}
}

static void discover_cpus(struct topo *t, const char *root)
{
	char buf[1024];
	int list[MAX_LIST], n, i, listed, bare = 0;
	long online;

	n = -1;
	if (read_line(root, "devices/system/cpu/online", buf,
		      sizeof(buf)) == 0)
		n = topo_parse_list(buf, list, MAX_LIST);
	listed = n >= 1;
	if (!listed) {
		online = sysconf(_SC_NPROCESSORS_ONLN);
		n = online > 0 && online <= MAX_LIST ? (int)online : 1;
		for (i = 0; i < n; i++)
			list[i] = i;
	}
	t->cpus = bench_alloc((size_t)n, sizeof(*t->cpus));
	t->ncpus = n;
	for (i = 0; i < n; i++) {
		struct topo_cpu *c = &t->cpus[i];
		char rel[128];
		int k;

		c->cpu = list[i];
		snprintf(rel, sizeof(rel),
			 "devices/system/cpu/cpu%d/topology/core_id", c->cpu);
		if (read_int(root, rel, &c->core) != 0) {
			c->core = c->cpu;
			bare = 1;
		}
		snprintf(rel, sizeof(rel), "devices/system/cpu/cpu%d/topology/"
			 "physical_package_id", c->cpu);
		if (read_int(root, rel, &c->package) != 0 || c->package < 0)
			c->package = 0;
		snprintf(rel, sizeof(rel), "devices/system/cpu/cpu%d/topology/"
			 "thread_siblings_list", c->cpu);
		c->smt_first = list_first(root, rel);
		if (c->smt_first < 0)
			c->smt_first = c->cpu;
		for (k = 0; k < TOPO_MAX_CACHES; k++) {
			snprintf(rel, sizeof(rel), "devices/system/cpu/cpu%d/"
				 "cache/index%d/shared_cpu_list", c->cpu, k);
			c->cache_first[k] = list_first(root, rel);
		}
		c->node = -1;
	}
	t->cpu_source = listed ? (bare ? "sysfs CPU list; no topology: each "
				  "CPU a core of its own" : "sysfs")
			       : (bare ? "sysconf (no CPU list in sysfs); no "
				  "topology: each CPU a core of its own"
				       : "sysconf (no CPU list in sysfs)");
}

static void discover_caches(struct topo *t, const char *root)
{
	char rel[128], buf[64];
	int k, cpu0 = t->cpus[0].cpu;

	t->ncaches = 0;
	for (k = 0; k < TOPO_MAX_CACHES; k++) {
		struct topo_cache *c = &t->cache[t->ncaches];

		snprintf(rel, sizeof(rel),
			 "devices/system/cpu/cpu%d/cache/index%d/level", cpu0, k);
		if (read_int(root, rel, &c->level) != 0)
			break;
		snprintf(rel, sizeof(rel),
			 "devices/system/cpu/cpu%d/cache/index%d/type", cpu0, k);
		c->type = 'u';
		if (read_line(root, rel, buf, sizeof(buf)) == 0)
			c->type = (char)(!strcmp(buf, "Data") ? 'd'
				  : !strcmp(buf, "Instruction") ? 'i' : 'u');
		snprintf(rel, sizeof(rel),
			 "devices/system/cpu/cpu%d/cache/index%d/size", cpu0, k);
		c->size_kb = read_line(root, rel, buf, sizeof(buf)) == 0
				     ? size_kb(buf) : 0;
		snprintf(rel, sizeof(rel), "devices/system/cpu/cpu%d/cache/"
			 "index%d/coherency_line_size", cpu0, k);
		c->line = read_line(root, rel, buf, sizeof(buf)) == 0
				  ? strtol(buf, NULL, 10) : 0;
		t->ncaches++;
	}
	t->cache_source = t->ncaches ? "sysfs"
				     : "none: no cache directory in sysfs";
}

static void add_node(struct topo *t, int id, long mem_kb)
{
	struct topo_node *n = realloc(t->nodes, (size_t)(t->nnodes + 1) *
					       sizeof(*n));

	if (n == NULL)
		bench_die("out of memory");
	t->nodes = n;
	n[t->nnodes].id = id;
	n[t->nnodes].mem_kb = mem_kb;
	n[t->nnodes].ncpus = 0;
	t->nnodes++;
}

static long node_mem_kb(const char *root, int id)
{
	char path[PATH_MAX], line[256];
	long kb = -1;
	FILE *f;

	snprintf(path, sizeof(path), "%s/devices/system/node/node%d/meminfo",
		 root, id);
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		char *p = strstr(line, "MemTotal:");

		if (p != NULL) {
			kb = strtol(p + strlen("MemTotal:"), NULL, 10);
			break;
		}
	}
	fclose(f);
	return kb;
}

static void discover_nodes(struct topo *t, const char *root)
{
	char buf[1024], rel[96];
	int ids[MAX_LIST], cpus[MAX_LIST], n, i, j, k, m;
	long pages, psize;

	n = -1;
	if (read_line(root, "devices/system/node/online", buf,
		      sizeof(buf)) == 0)
		n = topo_parse_list(buf, ids, MAX_LIST);
	for (i = 0; i < n; i++) {
		add_node(t, ids[i], node_mem_kb(root, ids[i]));
		snprintf(rel, sizeof(rel), "devices/system/node/node%d/cpulist",
			 ids[i]);
		m = read_line(root, rel, buf, sizeof(buf)) == 0
			    ? topo_parse_list(buf, cpus, MAX_LIST) : 0;
		for (j = 0; j < m; j++)
			for (k = 0; k < t->ncpus; k++)
				if (t->cpus[k].cpu == cpus[j])
					t->cpus[k].node = ids[i];
	}
	t->node_source = "sysfs";
	if (n < 1) {
		pages = sysconf(_SC_PHYS_PAGES);
		psize = sysconf(_SC_PAGESIZE);
		add_node(t, 0, pages > 0 && psize > 0
				       ? (long)((double)pages * psize / 1024) : -1);
		t->node_source = "one node assumed: no node directory in sysfs";
	}
	for (k = 0; k < t->ncpus; k++) {
		if (t->cpus[k].node < 0)
			t->cpus[k].node = t->nodes[0].id;
		for (i = 0; i < t->nnodes; i++)
			if (t->nodes[i].id == t->cpus[k].node)
				t->nodes[i].ncpus++;
	}
}

int topo_discover(struct topo *t, const char *root)
{
	memset(t, 0, sizeof(*t));
	if (root == NULL || *root == '\0')
		root = "/sys";
	discover_cpus(t, root);
	discover_caches(t, root);
	discover_nodes(t, root);
	return 0;
}

void topo_free(struct topo *t)
{
	free(t->cpus);
	free(t->nodes);
	memset(t, 0, sizeof(*t));
}

const struct topo_cpu *topo_cpu(const struct topo *t, int cpu)
{
	int i;

	for (i = 0; i < t->ncpus; i++)
		if (t->cpus[i].cpu == cpu)
			return &t->cpus[i];
	return NULL;
}

int topo_allowed(int cpu)
{
#if defined(__linux__)
	cpu_set_t set;

	if (cpu >= 0 && cpu < CPU_SETSIZE &&
	    sched_getaffinity(0, sizeof(set), &set) == 0)
		return CPU_ISSET(cpu, &set) != 0;
#endif
	(void)cpu;
	return 1;
}

int topo_cpu_list(const struct topo *t, int allowed_only, int *out)
{
	int k, n = 0;

	for (k = 0; k < t->ncpus; k++)
		if (!allowed_only || topo_allowed(t->cpus[k].cpu)) {
			if (out != NULL)
				out[n] = t->cpus[k].cpu;
			n++;
		}
	return n;
}

long topo_cache_kb(const struct topo *t, int level)
{
	int k;

	for (k = 0; k < t->ncaches; k++)
		if (t->cache[k].type != 'i' && t->cache[k].level == level)
			return t->cache[k].size_kb;
	return 0;
}

long topo_libc_cache_kb(int level)
{
	long bytes = -1;
#if defined(_SC_LEVEL1_DCACHE_SIZE) && defined(_SC_LEVEL4_CACHE_SIZE)
	static const int name[] = {
		_SC_LEVEL1_DCACHE_SIZE, _SC_LEVEL2_CACHE_SIZE,
		_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL4_CACHE_SIZE
	};

	if (level >= 1 && level <= 4)
		bytes = sysconf(name[level - 1]);
#else
	(void)level;
#endif
	return bytes > 0 ? bytes / 1024 : 0;
}

int topo_llc_index(const struct topo *t)
{
	int k, best = -1;

	for (k = 0; k < t->ncaches; k++)
		if (t->cache[k].type != 'i' &&
		    (best < 0 || t->cache[k].level >= t->cache[best].level))
			best = k;
	return best;
}

const char *topo_relation(const struct topo *t, int a, int b)
{
	const struct topo_cpu *x = topo_cpu(t, a), *y = topo_cpu(t, b);
	int llc = topo_llc_index(t);

	if (x == NULL || y == NULL)
		return "unknown";
	if (a == b)
		return "same CPU";
	if (x->smt_first == y->smt_first && x->package == y->package)
		return "SMT siblings";
	if (llc >= 0 && x->cache_first[llc] >= 0 &&
	    x->cache_first[llc] == y->cache_first[llc])
		return "shared LLC";
	if (x->package == y->package)
		return llc >= 0 ? "different LLCs, same package"
				: "same package";
	if (x->node == y->node)
		return "same node";
	return "different nodes";
}

int topo_pin(int cpu)
{
#if defined(__linux__)
	cpu_set_t set;

	if (cpu < 0 || cpu >= CPU_SETSIZE) {
		errno = EINVAL;
		return -1;
	}
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
#else
	(void)cpu;
	errno = ENOSYS;
	return -1;
#endif
}
