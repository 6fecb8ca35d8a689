/*
 * numa_mem - memory latency and read bandwidth for every pair of (node the
 * CPU is on, node the memory is on), then one core's read bandwidth and
 * that of every CPU reading at once.
 *
 * Only the CPUs this process may run on count (its affinity mask:
 * taskset, a container's cpuset); a node with none of them has no row.
 * For each pair the process runs on the first such CPU of the CPU node and
 * maps -M bytes bound to the memory node (mbind through the system call;
 * no libnuma), touches them, and checks with get_mempolicy that the pages
 * are on that node (a mismatch is an error, not a figure); huge pages are
 * asked for.  Latency is a random pointer chase over every cache line of
 * the buffer (one load
 * depends on the last, so it is the load-to-use latency); bandwidth reads
 * every 8-byte word.  Setup is outside the timed intervals.  With one node
 * (or a kernel without NUMA) the matrices are 1 x 1 and the memory is not
 * bound, which the output says.
 *
 * The per-core figure is the matrix's own-node bandwidth of the first
 * allowed CPU.  The all-CPU figure runs one copy per allowed CPU, each
 * pinned to its CPU
 * and reading a buffer of its own (-M divided among them, at least 4 MB)
 * on its local node, all at once.
 *
 * usage: numa_mem [-M <len>] [-W <warmup>] [-N <repetitions>]
 */
#if defined(__linux__)
#define _GNU_SOURCE		/* syscall() */
#endif
#include "bench.h"
#include "lib_chain.h"
#include "lib_mem.h"
#include "lib_topo.h"

#if defined(__linux__)
#include <sys/syscall.h>
#endif

#define DEFAULT_LEN	((size_t)256 << 20)	/* past the LLC of most hosts */
#define MIN_LEN		((size_t)1 << 20)
#define DEFAULT_US	2000	/* interval unless ENOUGH says otherwise */
#define MPOL_BIND_MODE	2			/* linux/mempolicy.h MPOL_BIND */
#define MPOL_F_NODE_ADDR 3			/* MPOL_F_NODE | MPOL_F_ADDR */
#define MASK_WORDS	16			/* 1024 nodes */

/* A measurement's; bench_main's state too, where -M sets len. */
struct state {
	void *head;		/* where the chase stands (first: chain_bench) */
	size_t len;
	int cpu;		/* -1: copy k runs on copy_cpu[k] */
	const int *copy_cpu;
	int node;		/* -1: leave the memory where it falls */
	char *buf;
	int copies;		/* -P: taken to be refused, in words */
};

static int bind_to_node(void *p, size_t len, int node)
{
#if defined(__linux__) && defined(SYS_mbind)
	unsigned long mask[MASK_WORDS] = {0};

	if (node < 0 || node >= MASK_WORDS * 64) {
		errno = EINVAL;
		return -1;
	}
	mask[node / 64] = 1UL << (node % 64);
	return (int)syscall(SYS_mbind, p, len, MPOL_BIND_MODE, mask,
			    (unsigned long)MASK_WORDS * 64, 0);
#else
	(void)p; (void)len; (void)node;
	errno = ENOSYS;
	return -1;
#endif
}

/* The node of the page at p, or -1 if the kernel cannot say. */
static int node_of(void *p)
{
#if defined(__linux__) && defined(SYS_get_mempolicy)
	int node = -1;

	if (syscall(SYS_get_mempolicy, &node, NULL, 0UL, p,
		    (unsigned long)MPOL_F_NODE_ADDR) != 0)
		return -1;
	return node;
#else
	(void)p;
	return -1;
#endif
}

/* Once per copy: on its CPU, the buffer mapped, bound, touched, checked. */
static void setup(void *cookie)
{
	struct state *s = cookie;
	struct chain_spec spec = {CHAIN_RANDOM, 64, 0, 0, 0x6e756d61ULL};
	size_t i;
	int got;

	if (s->cpu < 0)
		s->cpu = s->copy_cpu[benchmp_childid()];
	if (topo_pin(s->cpu) != 0)
		bench_die("cannot run on CPU %d", s->cpu);
	s->buf = mem_alloc(s->len, MEM_HUGE | MEM_NOTOUCH);
	if (s->node >= 0 && bind_to_node(s->buf, s->len, s->node) != 0)
		bench_die("mbind to node %d", s->node);
	for (i = 0; i < s->len; i += 4096)
		s->buf[i] = 1;
	if (s->node >= 0) {
		for (i = 0; i < s->len; i += s->len / 8) {
			got = node_of(s->buf + i);
			if (got >= 0 && got != s->node) {
				errno = 0;
				bench_die("a page bound to node %d is on node "
					  "%d", s->node, got);
			}
		}
	}
	s->head = chain_build(s->buf, s->len, &spec);
}

static void teardown(void *cookie)
{
	struct state *s = cookie;

	mem_free(s->buf, s->len);
}

static void read_all(iter_t n, void *cookie)
{
	struct state *s = cookie;
	/* Unsigned: the sum wraps, where a signed one would overflow. */
	const unsigned long *p;
	const unsigned long *end = (const unsigned long *)(s->buf + s->len);
	unsigned long sum = 0;

	while (n-- > 0)
		for (p = (const unsigned long *)s->buf; p < end; p += 8)
			sum += p[0] + p[1] + p[2] + p[3] + p[4] + p[5] +
			       p[6] + p[7];
	use_int((int)(sum & 0xffff));
}

/* Median MB/s of the current result for len bytes per iteration. */
static double mb_per_s(size_t len)
{
	return report_median(result_last(), (double)len * 1e3, 1);
}

/* The matrices: a metric per pair, <name>.<cpu node>_<memory node>. */
static const struct metric latency = {
	.name = "numa.latency", .unit = "nanoseconds", .better = BETTER_LOWER,
	.x_name = "node", .x_unit = "node", .y_name = "node", .y_unit = "node",
	.col = 3, .point = "{name}.{x}_{y}"
}, bandwidth = {
	.name = "numa.read_bandwidth", .unit = "MB/sec",
	.better = BETTER_HIGHER, .bytes = "bytes read", .x_name = "node",
	.x_unit = "node", .y_name = "node", .y_unit = "node", .col = 3,
	.point = "{name}.{x}_{y}"
};

/* A node x node matrix as the series "title: cpu-node mem-node value". */
static void print_matrix(const struct topo *t, const char *title,
			 const struct metric *m, const double *v)
{
	int i, j, k = 0, nn = t->nnodes;
	char x[16], y[16];

	fprintf(stderr, "\"%s\n", title);
	metric_series(m);
	for (i = 0; i < nn; i++)
		for (j = 0; j < nn; j++)
			if (v[i * nn + j] > 0) {
				snprintf(x, sizeof(x), "%d", t->nodes[i].id);
				snprintf(y, sizeof(y), "%d", t->nodes[j].id);
				fprintf(stderr, "%s %s %.2f\n", x, y,
					v[i * nn + j]);
				metric_point_value(m, x, y, k++, v[i * nn + j]);
			}
	fprintf(stderr, "\n");
}

/* The scalars: one core's, every CPU's together. */
static const struct metric per_core = {
	.name = "numa.per_core_read_bandwidth", .unit = "MB/sec",
	.better = BETTER_HIGHER, .bytes = "bytes read"
}, all_cpu = {
	.name = "numa.all_cpu_read_bandwidth", .unit = "MB/sec",
	.better = BETTER_HIGHER, .bytes = "bytes read"
};

static int run(const struct bench_run *r)
{
	const struct state *args = r->state;
	/* One copy: a node's figures are taken from one CPU. */
	const struct bench_opts one = {1, r->opts.warmup, r->opts.repetitions};
	struct state s;
	struct topo t;
	size_t len = args->len;
	double *lat, *bw;
	int i, j, k, nn, bound, *cpus, ncpus;

	if (args->copies != 1)
		bench_fail("-P %d: the all-CPU figure runs a copy per CPU "
			   "already; use 1", args->copies);
	if (len < MIN_LEN)
		bench_fail("-M %zu: at least 1 MB, please", len);
	/* Short intervals step over other load's preemptions (lat_mem_rd). */
	bench_default_enough(DEFAULT_US);
	topo_discover(&t, "/sys");
	nn = t.nnodes;
	/* The CPUs this process may run on, in the topology's order. */
	cpus = bench_alloc((size_t)t.ncpus, sizeof(*cpus));
	ncpus = topo_cpu_list(&t, 1, cpus);
	if (ncpus == 0)
		bench_die("none of the %d online CPUs is allowed to this "
			  "process", t.ncpus);
	if (ncpus < t.ncpus) {
		fprintf(stderr, "# CPUs: %d of %d online allowed to this "
			"process (taskset, cpuset):", ncpus, t.ncpus);
		for (k = 0; k < ncpus; k++)
			fprintf(stderr, "%s%d", k ? "," : " ", cpus[k]);
		fprintf(stderr, "\n");
	}
	lat = bench_alloc((size_t)nn * (size_t)nn, sizeof(*lat));
	bw = bench_alloc((size_t)nn * (size_t)nn, sizeof(*bw));
	/* Binding with one node proves nothing and may not be supported. */
	bound = nn > 1;
	for (i = 0; i < nn; i++) {
		int cpu = -1;

		/* From the list taken before any pinning: a node's
		 * measurement pins this process to its CPU, and the
		 * affinity mask then allows that CPU alone. */
		for (k = 0; k < ncpus && cpu < 0; k++)
			if (topo_cpu(&t, cpus[k])->node == t.nodes[i].id)
				cpu = cpus[k];
		if (cpu >= 0)
			fprintf(stderr, "# node %d measured from CPU %d\n",
				t.nodes[i].id, cpu);
		for (j = 0; j < nn; j++) {
			if (cpu < 0 || t.nodes[j].mem_kb == 0)
				continue;	/* no CPU, or no memory */
			memset(&s, 0, sizeof(s));
			s.len = len;
			s.cpu = cpu;
			s.node = bound ? t.nodes[j].id : -1;
			benchmp_copy(setup, chain_bench, teardown, &one, &s);
			lat[i * nn + j] = report_median(result_last(),
							1.0 / CHAIN_UNROLL, 0);
			benchmp_copy(setup, read_all, teardown, &one, &s);
			bw[i * nn + j] = mb_per_s(len);
		}
	}
	fprintf(stderr, "# memory %s; %zu MB per buffer; rows: the CPU's "
		"node, columns: the memory's node\n", bound ? "bound with mbind"
		: "not bound (one node)", len >> 20);
	print_matrix(&t, "numa latency", &latency, lat);
	print_matrix(&t, "numa read bandwidth", &bandwidth, bw);

	/* One core: its own node's memory, from the matrix. */
	for (i = 0; i < nn; i++)
		if (t.nodes[i].id == topo_cpu(&t, cpus[0])->node &&
		    bw[i * nn + i] > 0) {
			fprintf(stderr, "Per-core read bandwidth: %.2f MB/sec\n",
				bw[i * nn + i]);
			metric_value(&per_core, "Per-core read bandwidth",
				     bw[i * nn + i]);
		}
	/* Every CPU at once, each on its local memory: as much in all as
	 * one buffer of the matrix, so the total is well past the caches. */
	memset(&s, 0, sizeof(s));
	s.len = len / (size_t)ncpus;
	if (s.len < 4 * MIN_LEN)
		s.len = 4 * MIN_LEN;
	s.cpu = -1;	/* copy k on the k-th allowed CPU */
	s.copy_cpu = cpus;
	s.node = -1;	/* and on the memory the kernel gives it: local */
	if (ncpus > 1) {
		benchmp_copy(setup, read_all, teardown,
			     &(struct bench_opts){ncpus, r->opts.warmup,
						  r->opts.repetitions}, &s);
		fprintf(stderr, "All-CPU read bandwidth (%d copies): %.2f "
			"MB/sec\n", ncpus, mb_per_s(s.len) * ncpus);
		metric_value(&all_cpu, "All-CPU read bandwidth",
			     mb_per_s(s.len) * ncpus);
	}
	free(cpus);
	free(lat);
	free(bw);
	topo_free(&t);
	return 0;
}

BENCH_MAIN(.usage = "[-M <len>] " BENCH_USAGE_WN,
	   BENCH_STATE(.len = DEFAULT_LEN, .copies = 1),
	   .options = BENCH_OPTIONS(
		BENCH_SIZE("-M", "bytes per buffer; the all-CPU run splits it "
			   "(default 256 MB)", len),
		BENCH_INT("-P", NULL, copies, 1, 4096)))
