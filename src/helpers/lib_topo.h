/*
 * lib_topo.h - the machine's topology: online CPUs, their cores, SMT
 * siblings, packages and NUMA nodes, which CPUs share each cache level,
 * and each node's memory.  Read from sysfs; where sysfs is thin, each CPU
 * is taken as a core of its own in package 0 and node 0, and the sharing
 * of caches is unknown (-1), never guessed.
 */
#ifndef LMBENCH_LIB_TOPO_H
#define LMBENCH_LIB_TOPO_H

#define TOPO_MAX_CACHES 8

struct topo_cache {
	int level;
	char type;		/* 'd', 'i' or 'u' */
	long size_kb;		/* 0: unknown */
	long line;		/* coherency_line_size, bytes; 0: unknown */
};

struct topo_cpu {
	int cpu;
	int core, package, node;	/* ids as the kernel numbers them */
	int smt_first;		/* lowest CPU of its core */
	/* Lowest CPU sharing cache index k (as in topo.cache[k]); -1 unknown. */
	int cache_first[TOPO_MAX_CACHES];
};

struct topo_node {
	int id;
	long mem_kb;		/* -1: unknown */
	int ncpus;
};

struct topo {
	int ncpus;
	struct topo_cpu *cpus;	/* in CPU number order */
	int ncaches;
	struct topo_cache cache[TOPO_MAX_CACHES];	/* cpu0's, by index */
	int nnodes;
	struct topo_node *nodes;
	/* Where each part came from: "sysfs", or the fallback used. */
	const char *cpu_source, *cache_source, *node_source;
};

/*
 * Discover the topology under root ("/sys", or a fake tree for tests).
 * Returns 0, or -1 (errno set) when not even the CPU count is known.
 */
int topo_discover(struct topo *t, const char *root);
void topo_free(struct topo *t);
/* The entry of CPU number cpu, or NULL if it is not online. */
const struct topo_cpu *topo_cpu(const struct topo *t, int cpu);
/*
 * The size in KB of the data or unified cache of this level (1, 2, ...)
 * as the host reports it; 0 where it does not.
 */
long topo_cache_kb(const struct topo *t, int level);
/*
 * The same size as the C library reports it (getconf's
 * LEVEL<k>_[D]CACHE_SIZE; glibc reads it from the CPU), for a host whose
 * sysfs has no cache directory; 0 where the library says nothing.
 */
long topo_libc_cache_kb(int level);
/* Index of the last-level data or unified cache in t->cache, or -1. */
int topo_llc_index(const struct topo *t);
/*
 * How two CPUs relate, closest first: "same CPU", "SMT siblings",
 * "shared LLC", "different LLCs, same package", "same node", "different
 * nodes"; with cache sharing unknown, "same package" takes the place of
 * the two LLC relations.
 */
const char *topo_relation(const struct topo *t, int a, int b);
/*
 * Whether the calling process may run on CPU cpu: in its affinity mask
 * (taskset, a container's cpuset); 1 for every CPU where the mask cannot
 * be read.
 */
int topo_allowed(int cpu);
/*
 * The online CPUs of t in its order, into out (room for t->ncpus; NULL:
 * only count them): all, or with allowed_only those topo_allowed takes.
 * Returns the count.
 */
int topo_cpu_list(const struct topo *t, int allowed_only, int *out);
/* Run the calling process on CPU cpu only: 0, or -1 with errno. */
int topo_pin(int cpu);
/*
 * Parse a kernel CPU list ("0-3,8,10-11") into out (at most max entries,
 * ascending as written).  Returns the count, or -1 on junk.
 */
int topo_parse_list(const char *s, int *out, int max);

#endif
