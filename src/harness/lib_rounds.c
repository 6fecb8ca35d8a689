/*
 * lib_rounds.c - benchmp_rounds(): several points of a series timed in
 * interleaved rounds (see bench.h).
 *
 * benchmp() times one point's intervals back to back, so a burst of
 * other load, or a slow drift of the machine, lands on whichever point
 * happens to be running and bends the series.  Here each round times one
 * interval of every point, forwards in even rounds and backwards in odd
 * ones, so disturbances spread over all points alike.
 */
#include "lib_copy.h"
#include "lib_interval.h"
#include "lib_parallel.h"
#include "lib_result.h"

/*
 * With parallel copies each round starts the copies anew and calibrates
 * them (parallel_run): at most this many
 * rounds, so that calibration stays a small part of the run.
 */
#define PARALLEL_ROUNDS	4

static void add_sample(struct bench_point *p, double ns, uint64 n)
{
	if (p->count == p->cap) {
		int cap = p->cap ? 2 * p->cap : 16;
		double *ns_v = realloc(p->ns, (size_t)cap * sizeof(*ns_v));
		uint64 *n_v;

		if (ns_v == NULL)
			bench_die("out of memory");
		p->ns = ns_v;
		n_v = realloc(p->iters, (size_t)cap * sizeof(*n_v));
		if (n_v == NULL)
			bench_die("out of memory");
		p->iters = n_v;
		p->cap = cap;
	}
	p->ns[p->count] = ns;
	p->iters[p->count] = n;
	p->count++;
}

/* One copy, in this process: all points set up at once, then rounds. */
static void single_rounds(struct bench_point *pts, int npts,
			  double interval_ns, int warmup, int rounds)
{
	struct copy *c = calloc((size_t)npts, sizeof(*c));
	struct sample s;
	uint64 first = 0;
	int r, k, i;

	if (c == NULL)
		bench_die("out of memory");
	copy_place(0);
	fflush(NULL);
	for (k = 0; k < npts; k++) {
		c[k] = (struct copy){pts[k].initialize, pts[k].benchmark,
				     pts[k].cleanup, pts[k].cookie, 0, 0};
		copy_begin(&c[k]);
	}
	for (r = 0; interval_more(r, rounds, first); r++) {
		for (k = 0; k < npts; k++) {
			i = (r % 2 == 0) ? k : npts - 1 - k;
			/* Sized and warmed up in its first round. */
			if (c[i].n == 0) {
				copy_prepare(&c[i], interval_ns, warmup);
				pts[i].n = c[i].n;
			}
			copy_interval(&c[i], &s);
			if (r == 0 && k == npts - 1)
				first = s.t0;
			add_sample(&pts[i], s.ns, s.n);
		}
	}
	for (k = npts - 1; k >= 0; k--)
		copy_end(&c[k]);
	free(c);
}

/* Parallel copies: this round's share of the intervals of one point. */
static void parallel_round(struct bench_point *p, double interval_ns,
			   int parallel, int warmup, int reps)
{
	struct copy c = {p->initialize, p->benchmark, p->cleanup, p->cookie,
			 0, 0};
	struct bench_result res;
	int i;

	if (interval_ns < PARALLEL_MIN_US * 1e3)
		interval_ns = PARALLEL_MIN_US * 1e3;
	fflush(NULL);
	parallel_run(&c, interval_ns, parallel, warmup, reps, &res);
	for (i = 0; i < res.count; i++)
		add_sample(p, res.s[i].ns, res.s[i].n);
	if (res.count > 0)
		p->n = res.s[0].n;
	result_free(&res);
}

void benchmp_rounds(struct bench_point *pts, int npts, int parallel,
		    int warmup, int repetitions)
{
	double interval_ns;
	int r, k, i, rounds;

	if (npts < 1)
		bench_fail("benchmp_rounds: no points");
	for (k = 0; k < npts; k++) {
		if (pts[k].benchmark == NULL)
			bench_fail("benchmp_rounds: no benchmark function");
		pts[k].n = 0;
		pts[k].count = 0;
	}
	interval_ns = copy_setup(&parallel, &warmup, &repetitions) * 1e3;
	if (parallel == 1) {
		single_rounds(pts, npts, interval_ns, warmup, repetitions);
		return;
	}
	rounds = repetitions < PARALLEL_ROUNDS ? repetitions : PARALLEL_ROUNDS;
	for (r = 0; r < rounds; r++) {
		for (k = 0; k < npts; k++) {
			i = (r % 2 == 0) ? k : npts - 1 - k;
			parallel_round(&pts[i], interval_ns, parallel, warmup,
				       repetitions / rounds +
				       (r < repetitions % rounds));
		}
	}
}

void bench_point_result(const struct bench_point *p, int parallel)
{
	struct bench_result res;
	struct sample s = {0};
	int i;

	if (p->count == 0) {
		errno = 0;
		bench_die("a point of the series was not measured");
	}
	result_init(&res, parallel);
	/* The rounds keep no start and end times: overlap unknown. */
	if (res.parallel > 1)
		res.overlap = -1;
	for (i = 0; i < p->count; i++) {
		s.ns = p->ns[i];
		s.n = p->iters[i];
		s.round = i;
		result_add(&res, &s);
	}
	result_publish(&res);
}

void bench_point_free(struct bench_point *p)
{
	free(p->ns);
	free(p->iters);
	p->ns = NULL;
	p->iters = NULL;
	p->count = p->cap = 0;
}
