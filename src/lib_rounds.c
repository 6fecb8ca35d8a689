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
#include "lib_timing.h"

/*
 * With parallel copies each round goes through benchmp(), which
 * calibrates and starts the copies on every call: at most this many
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

/*
 * One copy, one round of one point: calibration and warm-up the first
 * time, then one interval.  Its state was set up by initialize(0) before
 * the first round and stays until after the last; initialize(n) and
 * cleanup(n) still run around every interval, as in benchmp().
 */
static void single_round(struct bench_point *p, double interval_ns,
			 int warmup)
{
	if (p->n == 0) {
		p->n = timing_calibrate(p->initialize, p->benchmark,
					p->cleanup, interval_ns, p->cookie);
		if (warmup > 0)
			timing_spin(p->initialize, p->benchmark, p->cleanup,
				    p->n, p->cookie, warmup);
	}
	add_sample(p, timing_correct(timing_once(p->initialize, p->benchmark,
						 p->cleanup, p->n, p->cookie),
				     p->n), p->n);
}

/* Parallel copies: this round's share of the intervals via benchmp(). */
static void parallel_round(struct bench_point *p, int parallel, int warmup,
			   int reps)
{
	const struct sample *s;
	int i, n;

	benchmp(p->initialize, p->benchmark, p->cleanup, 0, parallel, warmup,
		reps, p->cookie);
	s = result_sorted();
	n = result_count();
	for (i = 0; i < n; i++)
		add_sample(p, s[i].ns, s[i].n);
}

void benchmp_rounds(struct bench_point *pts, int npts, int parallel,
		    int warmup, int repetitions)
{
	double interval_ns = 0;
	int r, k, i, rounds;

	if (npts < 1)
		bench_fail("benchmp_rounds: no points");
	for (k = 0; k < npts; k++) {
		if (pts[k].benchmark == NULL)
			bench_fail("benchmp_rounds: no benchmark function");
		pts[k].n = 0;
		pts[k].count = 0;
	}
	/* What benchmp() does first, once for all rounds. */
	interval_ns = timing_setup(&parallel, &warmup, &repetitions) * 1e3;
	rounds = repetitions;
	if (parallel > 1 && rounds > PARALLEL_ROUNDS)
		rounds = PARALLEL_ROUNDS;
	if (parallel == 1) {
		if (handle_scheduler(0, 0, 0) != 0)
			bench_die("LMBENCH_SCHED: cannot place the benchmark");
		parallel_set_childid(0);
		fflush(NULL);
		for (k = 0; k < npts; k++)
			if (pts[k].initialize)
				pts[k].initialize(0, pts[k].cookie);
	}
	for (r = 0; r < rounds; r++) {
		for (k = 0; k < npts; k++) {
			i = (r % 2 == 0) ? k : npts - 1 - k;
			if (parallel == 1)
				single_round(&pts[i], interval_ns, warmup);
			else
				parallel_round(&pts[i], parallel, warmup,
					       repetitions / rounds +
					       (r < repetitions % rounds));
		}
	}
	if (parallel == 1)
		for (k = npts - 1; k >= 0; k--)
			if (pts[k].cleanup)
				pts[k].cleanup(0, pts[k].cookie);
	result_reset();
}

void bench_point_result(const struct bench_point *p, int parallel)
{
	int i;

	if (p->count == 0) {
		errno = 0;
		bench_die("a point of the series was not measured");
	}
	result_reset();
	result_set_parallel(parallel < 1 ? 1 : parallel);
	for (i = 0; i < p->count; i++)
		result_add(p->ns[i], p->iters[i]);
}

void bench_point_free(struct bench_point *p)
{
	free(p->ns);
	free(p->iters);
	p->ns = NULL;
	p->iters = NULL;
	p->count = p->cap = 0;
}
