/*
 * lib_rounds.c - benchmp_rounds(): several points of a series timed in
 * interleaved rounds (see bench.h).
 *
 * benchmp() times one point's intervals back to back, so a burst of
 * other load, or a slow drift of the machine, lands on whichever point
 * happens to be running and bends the series.  Here each round times one
 * interval of every point, forwards in even rounds and backwards in odd
 * ones, so disturbances spread over all points alike.  Every point keeps
 * its samples in a result of its own, of the same shape as benchmp()'s.
 */
#include "lib_copy.h"
#include "lib_interval.h"
#include "lib_parallel.h"
#include "lib_result.h"

static struct copy point_copy(const struct bench_point *p)
{
	return (struct copy){p->initialize, p->benchmark, p->cleanup,
			     p->setup, p->takedown, p->cookie, 0, 0};
}

/* One copy, in this process: all points set up at once, then rounds. */
static void single_rounds(struct bench_point *pts, int npts,
			  double interval_ns, int warmup, int rounds, int deflt)
{
	struct copy *c = bench_alloc((size_t)npts, sizeof(*c));
	int *all_long = bench_alloc((size_t)npts, sizeof(*all_long));
	struct sample s;
	uint64 first = 0;
	int r, k, i, left;

	/* Nobody gave the repetitions: a point of long intervals stops at
	 * LONG_REPS (lib_interval.h), the others go on. */
	for (k = 0; k < npts; k++)
		all_long[k] = deflt;
	copy_place(0);
	fflush(NULL);
	for (k = 0; k < npts; k++) {
		c[k] = point_copy(&pts[k]);
		copy_begin(&c[k]);
	}
	for (r = 0; interval_more(r, rounds, first); r++) {
		for (k = 0, left = 0; k < npts; k++) {
			i = (r % 2 == 0) ? k : npts - 1 - k;
			if (all_long[i] && r >= LONG_REPS) {
				pts[i].result->asked = LONG_REPS;
				continue;
			}
			left++;
			/* Sized and warmed up in its first round. */
			if (c[i].n == 0) {
				copy_prepare(&c[i], interval_ns, warmup);
				pts[i].n = c[i].n;
			}
			copy_interval(&c[i], &s);
			if (r == 0 && k == npts - 1)
				first = s.t0;
			s.round = r;
			all_long[i] = all_long[i] &&
				      interval_long(s.t0, s.t1, interval_ns);
			result_add(pts[i].result, &s);
		}
		if (left == 0)
			break;
	}
	for (k = npts - 1; k >= 0; k--)
		copy_end(&c[k]);
	free(all_long);
	free(c);
}

/*
 * Parallel copies, forked once: each sets up every point and times the
 * rounds as a single copy does, interval by interval with the others.
 */
static void parallel_rounds(struct bench_point *pts, int npts,
			    double interval_ns, int parallel, int warmup,
			    int rounds)
{
	struct copy *c = bench_alloc((size_t)npts, sizeof(*c));
	struct bench_result *res = bench_alloc((size_t)npts, sizeof(*res));
	int *sched = bench_alloc((size_t)npts * (size_t)rounds, sizeof(*sched));
	int r, k, i;

	for (k = 0; k < npts; k++)
		c[k] = point_copy(&pts[k]);
	for (r = 0; r < rounds; r++)
		for (k = 0; k < npts; k++)
			sched[r * npts + k] = (r % 2 == 0) ? k : npts - 1 - k;
	fflush(NULL);
	parallel_run_points(c, npts, sched, npts * rounds, interval_ns,
			    parallel, warmup, res);
	for (k = 0; k < npts; k++) {
		for (i = 0; i < res[k].count; i++)
			result_add(pts[k].result, &res[k].s[i]);
		if (res[k].count > 0)
			pts[k].n = res[k].s[0].n;
		result_free(&res[k]);
	}
	free(sched);
	free(res);
	free(c);
}

void benchmp_rounds(struct bench_point *pts, int npts, int parallel,
		    int warmup, int repetitions)
{
	double interval_ns;
	int k, deflt;

	if (npts < 1)
		bench_fail("benchmp_rounds: no points");
	for (k = 0; k < npts; k++)
		if (pts[k].benchmark == NULL)
			bench_fail("benchmp_rounds: no benchmark function");
	deflt = repetitions < 1;	/* nobody asked: LONG_REPS applies */
	interval_ns = copy_setup(0, &parallel, &warmup, &repetitions) * 1e3;
	for (k = 0; k < npts; k++) {
		pts[k].n = 0;
		if (pts[k].result == NULL) {
			pts[k].result = bench_alloc(1, sizeof(*pts[k].result));
		} else {
			free(pts[k].result->s);
		}
		result_init(pts[k].result, parallel);
		pts[k].result->asked = repetitions;
	}
	if (parallel == 1) {
		single_rounds(pts, npts, interval_ns, warmup, repetitions,
			      deflt);
		return;
	}
	parallel_rounds(pts, npts, interval_ns, parallel, warmup,
			repetitions);
}

void bench_point_result(const struct bench_point *p)
{
	struct bench_result res;

	if (p->result == NULL || p->result->count == 0) {
		errno = 0;
		bench_die("a point of the series was not measured");
	}
	result_copy(&res, p->result);
	result_publish(&res);
}

void bench_point_free(struct bench_point *p)
{
	if (p->result != NULL)
		result_free(p->result);
	free(p->result);
	p->result = NULL;
}
