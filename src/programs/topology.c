/*
 * topology - what the machine is made of, as the kernel describes it:
 * online CPUs, cores, SMT siblings, packages, NUMA nodes and their memory,
 * and which CPUs share each cache level; each part says its source, and
 * what sysfs does not say is printed as unknown, never guessed.
 *
 * The per-CPU table ("cpu core package node smt llc") gives, for smt and
 * llc, the lowest CPU of the same core and of the same last-level cache
 * (-1: unknown), so two CPUs share a core or an LLC when those match.
 *
 * usage: topology [-r <sysfs root>]
 */
#include "bench.h"
#include "lib_topo.h"

static void print_caches(const struct topo *t)
{
	int k, i, sharing;

	printf("Caches of cpu%d (%s):", t->cpus[0].cpu, t->cache_source);
	for (k = 0; k < t->ncaches; k++) {
		const struct topo_cache *c = &t->cache[k];

		sharing = 0;
		for (i = 0; i < t->ncpus; i++)
			if (t->cpus[i].cache_first[k] >= 0 &&
			    t->cpus[i].cache_first[k] ==
				    t->cpus[0].cache_first[k])
				sharing++;
		printf("%s L%d%s %ldK", k ? ";" : "", c->level,
		       c->type == 'u' ? "" : c->type == 'd' ? "d" : "i",
		       c->size_kb);
		if (sharing > 0)
			printf(" shared by %d CPU%s", sharing,
			       sharing > 1 ? "s" : "");
	}
	printf("%s\n", t->ncaches ? "" : " unknown");
}

static int count_distinct(const struct topo *t, int what)
{
	int i, j, n = 0, a, b;

	for (i = 0; i < t->ncpus; i++) {
		a = what == 0 ? t->cpus[i].package
			      : t->cpus[i].smt_first;
		for (j = 0; j < i; j++) {
			b = what == 0 ? t->cpus[j].package
				      : t->cpus[j].smt_first;
			if (a == b && t->cpus[i].package == t->cpus[j].package)
				break;
		}
		n += j == i;
	}
	return n;
}

struct state {
	const char *root;	/* -r: the sysfs tree */
};

static int run(const struct bench_run *r)
{
	const char *root = ((struct state *)r->state)->root;
	struct topo t;
	int i, k, llc, cores;

	if (topo_discover(&t, root) != 0)
		bench_die("no CPUs found");
	cores = count_distinct(&t, 1);
	printf("CPUs: %d online (%s)", t.ncpus, t.cpu_source);
	/* This machine's (not a -r tree's): those this process may use. */
	if (strcmp(root, "/sys") == 0) {
		int *cpus = bench_alloc((size_t)t.ncpus, sizeof(*cpus));
		int n;

		n = topo_cpu_list(&t, 1, cpus);
		if (n < t.ncpus) {
			printf("; %d allowed to this process (taskset, "
			       "cpuset):", n);
			for (i = 0; i < n; i++)
				printf("%s%d", i ? "," : " ", cpus[i]);
		}
		free(cpus);
	}
	printf("\n");
	printf("Packages: %d; cores: %d; threads per core: %d\n",
	       count_distinct(&t, 0), cores, cores ? t.ncpus / cores : 0);
	print_caches(&t);
	printf("Nodes: %d (%s)\n", t.nnodes, t.node_source);
	for (k = 0; k < t.nnodes; k++) {
		printf("Node %d: %d CPUs, memory ", t.nodes[k].id,
		       t.nodes[k].ncpus);
		if (t.nodes[k].mem_kb >= 0)
			printf("%ld MB\n", t.nodes[k].mem_kb / 1024);
		else
			printf("unknown\n");
	}
	llc = topo_llc_index(&t);
	printf("\"cpu core package node smt llc\n");
	for (i = 0; i < t.ncpus; i++) {
		const struct topo_cpu *p = &t.cpus[i];

		printf("%d %d %d %d %d %d\n", p->cpu, p->core, p->package,
		       p->node, p->smt_first,
		       llc >= 0 ? p->cache_first[llc] : -1);
	}
	topo_free(&t);
	return 0;
}

BENCH_MAIN(.usage = "[-r <sysfs root>]",
	   BENCH_STATE(.root = "/sys"),
	   .options = BENCH_OPTIONS(
		BENCH_TEXT("-r", "read the topology under this root instead of "
			   "/sys", root)))
