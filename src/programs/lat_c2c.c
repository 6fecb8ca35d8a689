/*
 * lat_c2c - core-to-core latency: one cache line handed back and forth
 * between two CPUs, for every ordered pair of the CPUs chosen.
 *
 * The initiator (this process, pinned to the row's CPU) writes an odd
 * value into a shared line and spins until the responder (a helper
 * pinned to the column's CPU) has answered with the next even one; the
 * figure is half of that round trip: the time for the line to move from
 * one CPU's cache to the other's and be seen there.  Both spin only
 * while an interval runs: between intervals the helpers block on a pipe,
 * so the idle ones cost no CPU time.  Every pair is timed in every round
 * (benchmp_rounds), so other load falls on all pairs alike; the figure is
 * the fastest interval, the cost with the least interference (the pair's
 * placement is fixed by construction).
 *
 * All pairs are timed in two passes, the second in another order (a
 * shuffle with a fixed seed, file_order); a pair's figure is the faster
 * pass's.  The passes' spread and the two directions' spread say
 * whether the matrix is a fact of the machine (lib_stability.c): on a
 * VM whose vCPUs move between host cores it is not, and then the "c2c
 * stability: not stable" line is followed by "vCPUs appear to move:
 * matrix not a topology" and no pair is classified by kind.
 *
 * Output: the matrix (rows: initiating CPU, columns: responding CPU; the
 * diagonal is "-"), one "c2c <relation>: <ns> nanoseconds" line per kind
 * of pair (SMT siblings, shared LLC, ... from lib_topo), the median of
 * the pairs of that kind, where the matrix is stable, and the "x y z"
 * series of all pairs.  The CPUs
 * are the online ones the process may use (taskset, a cpuset); with more
 * than MAX_DEFAULT of them, a spread sample is taken (said on the first
 * line); -c names the CPUs instead.
 *
 * usage: lat_c2c [-W <warmup>] [-N <repetitions>] [-c <cpulist>] [-l]
 *                [-r <sysfs root>]
 *   -l  list the pairs and their relations, measure nothing
 */
#include "bench.h"
#include "lib_file.h"
#include "lib_mem.h"
#include "lib_partner.h"
#include "lib_stability.h"
#include "lib_topo.h"

#include <stdatomic.h>

#define MAX_DEFAULT	32	/* CPUs measured by default: 992 pairs */
#define LINE		128	/* apart, so no two slots share a line */
#define DEFAULT_US	1000	/* interval: ~10^4 round trips */

struct slot {
	_Atomic unsigned long ball;	/* odd: the responder's turn */
	char pad1[LINE - sizeof(unsigned long)];
	_Atomic unsigned long ready;	/* interval sequence the helper is at */
	char pad2[LINE - sizeof(unsigned long)];
};

struct helper {
	int cpu, cmd;		/* command pipe's write end */
	pid_t pid;
	struct slot *slot;
	unsigned long seq;
};

struct pair {
	int from;		/* initiator's CPU */
	struct helper *to;
};

static void respond(struct slot *s, int cmd_rd)
{
	unsigned long n, v, seq = 0;

	while (partner_read_all(cmd_rd, &n, sizeof(n)) == 0) {
		atomic_store_explicit(&s->ready, ++seq, memory_order_release);
		while (n-- > 0) {
			while (((v = atomic_load_explicit(&s->ball,
				  memory_order_acquire)) & 1) == 0)
				;
			atomic_store_explicit(&s->ball, v + 1,
					      memory_order_release);
		}
	}
	_exit(0);
}

static void start_helper(struct helper *h, int which, int count)
{
	int p[2];

	h->slot = mem_shared(sizeof(*h->slot));
	atomic_init(&h->slot->ball, 0);
	atomic_init(&h->slot->ready, 0);
	if (pipe(p) != 0)
		bench_die("pipe");
	h->pid = partner_fork(which, count);
	if (h->pid == 0) {
		close(p[1]);
		if (topo_pin(h->cpu) != 0) {
			fprintf(stderr, "%s: cannot run a helper on CPU %d: "
				"%s\n", bench_progname(), h->cpu,
				strerror(errno));
			_exit(1);
		}
		respond(h->slot, p[0]);
	}
	close(p[0]);
	h->cmd = p[1];
	h->seq = 0;
}

/* Before every interval: be on the row's CPU, the helper spinning. */
static void arm(iter_t n, void *cookie)
{
	struct pair *pr = cookie;
	unsigned long cnt = n;

	if (n == 0)
		return;
	if (topo_pin(pr->from) != 0)
		bench_die("cannot run on CPU %d", pr->from);
	if (partner_write_all(pr->to->cmd, &cnt, sizeof(cnt)) != 0)
		bench_die("helper on CPU %d is gone", pr->to->cpu);
	pr->to->seq++;
	while (atomic_load_explicit(&pr->to->slot->ready,
				    memory_order_acquire) != pr->to->seq)
		;
}

static void ping_pong(iter_t n, void *cookie)
{
	struct pair *pr = cookie;
	_Atomic unsigned long *ball = &pr->to->slot->ball;
	unsigned long v = atomic_load_explicit(ball, memory_order_relaxed);

	while (n-- > 0) {
		atomic_store_explicit(ball, v + 1, memory_order_release);
		v += 2;
		while (atomic_load_explicit(ball, memory_order_acquire) != v)
			;
	}
}

/*
 * The CPUs to measure: -c's list, else the online ones (a spread sample
 * of MAX_DEFAULT); either way only those the process may use (taskset, a
 * cpuset), unless the topology is a tree of another machine (-r: mask
 * is 0), whose CPUs this one's mask says nothing of.
 */
static int choose_cpus(const struct topo *t, const char *list, int *cpus,
		       int mask)
{
	int n, i, step;

	if (list != NULL) {
		n = topo_parse_list(list, cpus, t->ncpus + 1);
		if (n < 2)
			bench_fail("-c %s: at least two CPUs, at most the %d "
				   "online", list, t->ncpus);
		for (i = 0; i < n; i++) {
			if (topo_cpu(t, cpus[i]) == NULL)
				bench_fail("-c %s: CPU %d is not online", list,
					   cpus[i]);
			if (mask && !topo_allowed(cpus[i]))
				bench_fail("-c %s: CPU %d is outside the CPUs "
					   "this process may use (taskset, "
					   "cpuset)", list, cpus[i]);
		}
		return n;
	}
	/* The online CPUs the process may use: taskset's, a cpuset's. */
	n = topo_cpu_list(t, mask, cpus);
	step = (n + MAX_DEFAULT - 1) / MAX_DEFAULT;
	if (step > 1) {
		for (i = 0; i * step < n; i++)
			cpus[i] = cpus[i * step];
		printf("# %d of %d CPUs this process may use: every %d-th "
		       "(-c chooses)\n", i, n, step);
		n = i;
	}
	return n;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* One line per kind of pair: the median of that kind's pairs. */
static void by_relation(const struct topo *t, const int *cpus, int n,
			const double *ns)
{
	static const char *kinds[] = {
		"SMT siblings", "shared LLC", "different LLCs, same package",
		"same package", "same node", "different nodes",
	};
	double *v = bench_alloc((size_t)n * (size_t)n, sizeof(*v)), med;
	char label[64], slug[40], name[64];
	struct metric kind = {.name = name, .unit = "nanoseconds",
			      .better = BETTER_LOWER};
	size_t k;
	int i, j, m;

	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		for (m = 0, i = 0; i < n; i++)
			for (j = 0; j < n; j++)
				if (i != j && !strcmp(topo_relation(t, cpus[i],
						      cpus[j]), kinds[k]))
					v[m++] = ns[i * n + j];
		if (m == 0)
			continue;
		qsort(v, (size_t)m, sizeof(*v), cmp_double);
		med = m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
		fprintf(stderr, "c2c %s: %.2f nanoseconds\n", kinds[k], med);
		snprintf(label, sizeof(label), "c2c %s", kinds[k]);
		metric_slug(kinds[k], slug, sizeof(slug));
		snprintf(name, sizeof(name), "c2c.%s", slug);
		metric_value(&kind, label, med);
	}
	free(v);
}

/* The matrix's stability, in the JSON output (the text has its line). */
static void stability_json(const struct stability *st)
{
	static const struct metric spread = {
		.name = "c2c.stability.repeat_spread", .unit = "percent",
		.kind = KIND_PROPERTY
	}, asym = {
		.name = "c2c.stability.asymmetry", .unit = "percent",
		.kind = KIND_PROPERTY
	}, stable = {
		.name = "c2c.stability.stable", .unit = "flag",
		.kind = KIND_PROPERTY
	};

	if (!metric_json())
		return;
	metric_json_value(&spread, "c2c repeat spread, largest",
			  100 * st->repeat_max);
	metric_json_value(&asym, "c2c asymmetry, largest", 100 * st->asym_max);
	metric_json_value(&stable, "c2c stable", st->stable);
}

/* Both passes, the second in a shuffled order; ns[k] = pair k's figure
 * in each (the least interval: half a round trip per iteration). */
static void two_passes(struct pair *pairs, int np, const struct bench_opts *o,
		       double *ns1, double *ns2, struct bench_point *keep)
{
	struct bench_point *pts = bench_alloc((size_t)np, sizeof(*pts));
	size_t *order = bench_alloc((size_t)np, sizeof(*order));
	int k;

	for (k = 0; k < np; k++)
		keep[k] = BENCH_POINT(arm, ping_pong, NULL, &pairs[k]);
	benchmp_rounds(keep, np, 1, o->warmup, o->repetitions);
	/* The second pass's order: a shuffle with a fixed seed. */
	file_order(order, (size_t)np, 1);
	for (k = 0; k < np; k++)
		pts[k] = BENCH_POINT(arm, ping_pong, NULL, &pairs[order[k]]);
	benchmp_rounds(pts, np, 1, o->warmup, o->repetitions);
	for (k = 0; k < np; k++) {
		ns1[k] = report_quantile(keep[k].result, 0, 0.5, 0);
		ns2[order[k]] = report_quantile(pts[k].result, 0, 0.5, 0);
	}
	/* The faster pass's result is the pair's (its samples, its value). */
	for (k = 0; k < np; k++) {
		if (ns2[order[k]] < ns1[order[k]]) {
			bench_point_free(&keep[order[k]]);
			keep[order[k]] = pts[k];
		} else {
			bench_point_free(&pts[k]);
		}
	}
	free(pts);
	free(order);
}

/*
 * The "c2c latency" block: a line per ordered pair, "from to ns", each
 * a metric (the least of its intervals: a hand-over at its cheapest).
 */
static const struct metric matrix = {
	.name = "c2c.matrix", .unit = "nanoseconds", .better = BETTER_LOWER,
	.x_name = "cpu", .x_unit = "cpu", .y_name = "cpu", .y_unit = "cpu",
	.col = 3, .point = "c2c.pair.{x}_{y}"
};

struct state {
	const char *list;	/* -c */
	int listing;		/* -l */
	const char *root;	/* -r */
	int copies;		/* -P: taken to be refused, in words */
};

static int run(const struct bench_run *r)
{
	const struct state *args = r->state;
	struct helper *helpers;
	struct bench_point *pts;
	struct pair *pairs;
	struct topo t;
	struct stability st;
	int n, i, j, k, np, *cpus;
	double *ns, *p1, *p2, *f1, *f2;
	char x[16], y[16], line[256];

	if (args->copies != 1)
		bench_fail("-P %d: each pair is already two processes; use 1",
			   args->copies);
	topo_discover(&t, args->root);
	cpus = bench_alloc((size_t)t.ncpus + 1, sizeof(*cpus));
	n = choose_cpus(&t, args->list, cpus, strcmp(args->root, "/sys") == 0);
	if (n < 2) {
		errno = 0;
		bench_die("only one CPU online and allowed to this process "
			  "(taskset, cpuset): no pair to measure");
	}
	if (args->listing) {
		for (i = 0; i < n; i++)
			for (j = 0; j < n; j++)
				if (i != j)
					printf("%d %d %s\n", cpus[i], cpus[j],
					       topo_relation(&t, cpus[i],
							     cpus[j]));
		free(cpus);
		topo_free(&t);
		return 0;
	}
	helpers = bench_alloc((size_t)n, sizeof(*helpers));
	pairs = bench_alloc((size_t)n * (size_t)n, sizeof(*pairs));
	pts = bench_alloc((size_t)n * (size_t)n, sizeof(*pts));
	ns = bench_alloc((size_t)n * (size_t)n, sizeof(*ns));
	p1 = bench_alloc((size_t)n * (size_t)n, sizeof(*p1));
	p2 = bench_alloc((size_t)n * (size_t)n, sizeof(*p2));
	f1 = bench_alloc((size_t)n * (size_t)n, sizeof(*f1));
	f2 = bench_alloc((size_t)n * (size_t)n, sizeof(*f2));
	partner_place_self(n);
	for (j = 0; j < n; j++) {
		helpers[j].cpu = cpus[j];
		start_helper(&helpers[j], j + 1, n);
	}
	for (np = 0, i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			if (i == j)
				continue;
			pairs[np].from = cpus[i];
			pairs[np].to = &helpers[j];
			np++;
		}
	bench_default_enough(DEFAULT_US);
	two_passes(pairs, np, &r->opts, f1, f2, pts);
	for (k = 0, i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			if (i == j)
				continue;
			p1[i * n + j] = f1[k];
			p2[i * n + j] = f2[k];
			ns[i * n + j] = f1[k] < f2[k] ? f1[k] : f2[k];
			snprintf(x, sizeof(x), "%d", cpus[i]);
			snprintf(y, sizeof(y), "%d", cpus[j]);
			report_json(pts[k].result, &matrix,
				    &(struct report_at){.x = x, .y = y,
							.i = k},
				    NULL, ns[i * n + j], 0.5, 0);
			bench_point_free(&pts[k]);
			k++;
		}
	for (j = 0; j < n; j++)
		close(helpers[j].cmd);
	for (j = 0; j < n; j++)
		partner_reap(&helpers[j].pid, 1);
	fprintf(stderr, "# core-to-core latency (ns, half a round trip; "
		"rows: initiating CPU, columns: responding CPU)\n%6s", "");
	for (j = 0; j < n; j++)
		fprintf(stderr, " %7d", cpus[j]);
	fprintf(stderr, "\n");
	for (i = 0; i < n; i++) {
		fprintf(stderr, "%6d", cpus[i]);
		for (j = 0; j < n; j++)
			if (i == j)
				fprintf(stderr, " %7s", "-");
			else
				fprintf(stderr, " %7.1f", ns[i * n + j]);
		fprintf(stderr, "\n");
	}
	fprintf(stderr, "\n");
	stability_of(p1, p2, n, &st);
	stability_line(line, sizeof(line), &st);
	fprintf(stderr, "%s\n", line);
	stability_detail(line, sizeof(line), &st);
	metric_finding("c2c.stability", st.stable ? "stable" : "not_stable",
		       "text", line);
	stability_json(&st);
	if (st.stable)
		by_relation(&t, cpus, n, ns);
	else {
		fprintf(stderr, "%s\n", STABILITY_MOVED);
		metric_finding("c2c.placement", "moved", NULL, NULL);
		fprintf(stderr, "# no figure per kind of pair: the kinds are "
			"sysfs's, the figures not those of fixed CPUs\n");
	}
	fprintf(stderr, "\"c2c latency\n");
	metric_series(&matrix);
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			if (i != j)
				fprintf(stderr, "%d %d %.2f\n", cpus[i],
					cpus[j], ns[i * n + j]);
	fprintf(stderr, "\n");
	free(cpus);
	free(helpers);
	free(pairs);
	free(pts);
	free(ns);
	free(p1);
	free(p2);
	free(f1);
	free(f2);
	topo_free(&t);
	return 0;
}

BENCH_MAIN(.usage = BENCH_USAGE_WN " [-c <cpulist>] [-l] [-r <sysfs root>]",
	   BENCH_STATE(.root = "/sys", .copies = 1),
	   .options = BENCH_OPTIONS(
		BENCH_TEXT("-c", "the CPUs to pair, e.g. 0-3,8 (default: all, "
			   "or a sample)", list),
		BENCH_FLAG("-l", "list the pairs and their relations, measure "
			   "nothing", listing),
		BENCH_TEXT("-r", "read the topology under this root instead of "
			   "/sys", root),
		BENCH_INT("-P", NULL, copies, 1, 4096)))
