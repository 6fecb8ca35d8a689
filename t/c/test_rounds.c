/*
 * test_rounds - benchmp_rounds() with synthetic points of known cost.
 *
 * Point k's iteration ends at an absolute deadline (start + i * cost_k),
 * as in test_harness, so its interval lasts n * cost_k of wall time on a
 * loaded machine too.  Checks: the interleaving (forwards, then
 * backwards), calibration once per point, the callback protocol per
 * round, the sample counts with one and two copies, the estimates, and
 * bench_point_result() feeding gettime()/get_n().
 */
#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#endif
#include "tap.h"
#include "bench.h"
#include "lib_interval.h"
#include "lib_report.h"
#include "own_timing.h"

#include <math.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define NPTS	3
#define MAXLOG	4096

static const int cost_ns[NPTS] = {1000, 2000, 4000};

struct pstate {
	int id;
	int inits0, cleans0, bad_protocol, open;
};

/* The order in which points were timed (by their timed intervals). */
static int open_now, max_open;
static int order[MAXLOG];
static iter_t order_n[MAXLOG];
static int norder;

/*
 * What each call of the benchmark measured of itself (wall ns), in memory
 * shared with the parallel copies: the harness's figures are checked
 * against it, so load that stretches an interval stretches both alike.
 */
struct selflog {
	int count;
	int id[MAXLOG];
	iter_t n[MAXLOG];
	double ns[MAXLOG];
	int setups[NPTS];	/* initialize(0) calls, every process */
};
static struct selflog *self;

static uint64 now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64)ts.tv_sec * 1000000000ULL + (uint64)ts.tv_nsec;
}

/*
 * Iterations of a fixed wall cost (ns in *cookie): a long one (12 ms,
 * over LONG_FACTOR times the tests' 2 ms ENOUGH however idle the machine)
 * and a short one (1 us: 2 ms intervals; a busy CPU at most doubles them).
 */
static void spin(iter_t n, void *cookie)
{
	uint64 end = now();

	while (n-- > 0) {
		end += *(const uint64 *)cookie;
		while (now() < end)
			;
	}
}

/* spin, counting the calls: the calibration's and the intervals'. */
struct counted {
	uint64 ns;
	int calls;
};

static void spin_counted(iter_t n, void *cookie)
{
	struct counted *c = cookie;

	c->calls++;
	spin(n, &c->ns);
}

/*
 * A 25 ms iteration (over LONG_FACTOR intervals and 20 ms, however idle
 * the machine): calibrated by one run, not two, so the point costs one
 * pass before its intervals.
 */
static void calibrated_once(void)
{
	struct counted c = {25000000, 0};

	benchmp(NULL, spin_counted, NULL, 0, 1, 0, 0, &c);
	ok(c.calls == result_last()->count + 1, "a 25 ms iteration: one "
	   "calibration run before its %d intervals (%d calls)",
	   result_last()->count, c.calls);
}

/* The long-interval rule (lib_interval.h: LONG_REPS, LONG_FACTOR). */
static void long_rule(void)
{
	static const uint64 slow = 12000000, quick = 1000;
	struct bench_point lp[2];
	int k;

	lp[0] = BENCH_POINT(NULL, spin, NULL, (void *)&quick);
	lp[1] = BENCH_POINT(NULL, spin, NULL, (void *)&slow);
	benchmp_rounds(lp, 2, 1, 0, 0);
	ok(lp[1].result->count == LONG_REPS && lp[1].result->asked ==
	   LONG_REPS, "no -N, 12 ms intervals: %d of them, asked %d (%d)",
	   LONG_REPS, LONG_REPS, lp[1].result->count);
	ok(lp[0].result->count == TRIES, "no -N, 2 ms intervals beside them: "
	   "%d (%d)", TRIES, lp[0].result->count);
	for (k = 0; k < 2; k++)
		bench_point_free(&lp[k]);
	benchmp_rounds(lp, 2, 1, 0, TRIES);
	ok(lp[0].result->count == TRIES && lp[1].result->count == TRIES,
	   "-N %d given: %d of each, long or not (%d, %d)", TRIES, TRIES,
	   lp[0].result->count, lp[1].result->count);
	for (k = 0; k < 2; k++)
		bench_point_free(&lp[k]);
	benchmp(NULL, spin, NULL, 0, 1, 0, 0, (void *)&slow);
	ok(result_last()->count == LONG_REPS, "benchmp, no -N, 12 ms "
	   "intervals: %d of them (%d)", LONG_REPS, result_last()->count);
	/* Tainted intervals (valgrind, a busy host) may be timed again. */
	benchmp(NULL, spin, NULL, 0, 1, 0, 7, (void *)&slow);
	ok(result_last()->count >= 7 &&
	   result_last()->count <= 7 * RETIME_MAX_FACTOR,
	   "benchmp, -N 7: 7, or more re-timed (%d)", result_last()->count);
	benchmp(NULL, spin, NULL, 0, 1, 0, 0, (void *)&quick);
	ok(result_last()->count >= TRIES &&
	   result_last()->count <= TRIES * RETIME_MAX_FACTOR,
	   "benchmp, no -N, 2 ms intervals: %d, or more re-timed (%d)", TRIES,
	   result_last()->count);
}

static void init(iter_t n, void *cookie)
{
	struct pstate *p = cookie;

	if (n == 0) {
		p->inits0++;
		__atomic_fetch_add(&self->setups[p->id], 1, __ATOMIC_RELAXED);
		if (p->open)
			p->bad_protocol++;
		p->open = 1;
		if (++open_now > max_open)
			max_open = open_now;
	} else if (!p->open) {
		p->bad_protocol++;
	}
}

static void clean(iter_t n, void *cookie)
{
	struct pstate *p = cookie;

	if (!p->open)
		p->bad_protocol++;
	if (n == 0) {
		p->cleans0++;
		p->open = 0;
		open_now--;
	}
}

static void bench(iter_t n, void *cookie)
{
	struct pstate *p = cookie;
	uint64 start = now(), end = start;
	iter_t count = n;
	int j;

	if (!p->open)
		p->bad_protocol++;
	while (n-- > 0) {
		end += (uint64)cost_ns[p->id];
		while (now() < end)
			;
	}
	if (norder < MAXLOG) {
		order_n[norder] = count;
		order[norder++] = p->id;
	}
	j = __atomic_fetch_add(&self->count, 1, __ATOMIC_RELAXED);
	if (j < MAXLOG) {
		self->id[j] = p->id;
		self->n[j] = count;
		self->ns[j] = (double)(now() - start);
	}
}

/*
 * The timed calls, in order, are each point's calls with its final n,
 * less the first two (calibration's last two, which found that n): they
 * must go 0 1 2, 2 1 0, 0 1 2, ...
 */
static int expected_order_ok(const struct bench_point *pts, int rounds)
{
	int first_seen[NPTS] = {0}, timed[MAXLOG], ntimed = 0, r, k, j;

	for (j = 0; j < norder; j++) {
		k = order[j];
		if (order_n[j] != pts[k].n)
			continue;
		if (first_seen[k] < 2) {
			first_seen[k]++;
			continue;
		}
		timed[ntimed++] = k;
	}
	if (ntimed != rounds * NPTS)
		return 0;
	for (r = 0; r < rounds; r++)
		for (k = 0; k < NPTS; k++)
			if (timed[r * NPTS + k] !=
			    ((r % 2 == 0) ? k : NPTS - 1 - k))
				return 0;
	return 1;
}

/*
 * Every interval the harness kept for point k (one copy: with parallel
 * copies a sample is a round of all of them) against the benchmark's own
 * timing of the call it came from (same iteration count, same length
 * within 20%): load stretches both alike, so this holds on a busy machine
 * where an absolute cost does not.  Returns how many intervals matched.
 */
static int self_matched(const struct bench_point *pt, int k)
{
	static char used[MAXLOG];
	int i, j, m = 0;
	int count = self->count < MAXLOG ? self->count : MAXLOG;

	memset(used, 0, sizeof(used));
	for (i = 0; i < pt->result->count; i++) {
		j = closest_call(pt->result->s[i].ns, pt->result->s[i].n, k,
				 self->n, self->ns, self->id, used, count);
		if (j >= 0) {
			used[j] = 1;
			m++;
		}
	}
	return m;
}

static void self_ok(const char *what, const struct bench_point *pt, int k)
{
	int m = self_matched(pt, k);

	ok(m == pt->result->count, "%s point %d: %d of %d intervals as long "
	   "as the benchmark's own timing of the call", what, k, m,
	   pt->result->count);
}

int main(void)
{
	static struct pstate ps[NPTS];
	struct bench_point pts[NPTS];
	double per[NPTS];
	int k, i, same;

	self = mmap(NULL, sizeof(*self), PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (self == MAP_FAILED)
		return 1;
	for (k = 0; k < NPTS; k++) {
		ps[k].id = k;
		pts[k] = BENCH_POINT(init, bench, clean, &ps[k]);
	}
	benchmp_rounds(pts, NPTS, 1, 0, 7);
	for (k = 0; k < NPTS; k++) {
		ok(pts[k].result->count == 7, "point %d: 7 intervals for -N 7 "
		   "(%d)", k, pts[k].result->count);
		ok(ps[k].inits0 == 1 && ps[k].cleans0 == 1,
		   "point %d: initialize(0) before the rounds, cleanup(0) "
		   "after them (%d/%d)", k, ps[k].inits0, ps[k].cleans0);
		ok(ps[k].bad_protocol == 0 && ps[k].open == 0,
		   "point %d: benchmark only between initialize and cleanup",
		   k);
		same = 1;
		for (i = 0; i < pts[k].result->count; i++)
			same &= pts[k].result->s[i].n == pts[k].n;
		ok(pts[k].n > 0 && same, "point %d: calibrated once, n=%llu "
		   "in every interval", k, (unsigned long long)pts[k].n);
		bench_point_result(&pts[k]);
		per[k] = report_median(pts[k].result, 1.0, 0);
		ok(get_n() == pts[k].n && gettime() > 0 &&
		   fabs((double)gettime() * 1e3 / (double)get_n() - per[k]) <=
		   per[k] * 0.01 + 1e3 / (double)get_n(),
		   "point %d: bench_point_result: get_n() is its n, gettime() "
		   "its median", k);
		ok(per[k] > cost_ns[k] * 0.9, "point %d: %.0f ns per iteration "
		   "of a %d ns benchmark: not less (load only adds)", k,
		   per[k], cost_ns[k]);
		self_ok("one copy", &pts[k], k);
		ok(report_quantile(pts[k].result, 0, 1.0, 0) <= per[k],
		   "point %d: fastest interval <= median", k);
	}
	ok(max_open == NPTS && open_now == 0, "one copy: all %d states live "
	   "at once (%d), none after", NPTS, max_open);
	ok(expected_order_ok(pts, 7), "rounds alternate forwards and backwards "
	   "(%d timed calls)", norder);

	for (k = 0; k < NPTS; k++) {
		bench_point_free(&pts[k]);
		memset(&ps[k], 0, sizeof(ps[k]));
		ps[k].id = k;
		pts[k] = BENCH_POINT(init, bench, clean, &ps[k]);
	}
	self->count = 0;
	memset(self->setups, 0, sizeof(self->setups));
	benchmp_rounds(pts, NPTS, 2, 0, 6);
	for (k = 0; k < NPTS; k++) {
		/* Each copy sets a point up once for the whole run. */
		ok(self->setups[k] == 2, "P=2 point %d: set up once in each "
		   "of the two copies (%d times)", k, self->setups[k]);
		ok(pts[k].result->count == 6, "P=2 point %d: 6 rounds of both "
		   "copies (%d)", k, pts[k].result->count);
		ok(result_overlap(pts[k].result) >= 0 &&
		   result_overlap(pts[k].result) <= 1 &&
		   pts[k].result->s[0].t1 > pts[k].result->s[0].t0,
		   "P=2 point %d: rounds keep their start, end and overlap "
		   "(%.3f)", k, result_overlap(pts[k].result));
		per[k] = report_median(pts[k].result, 1.0, 0);
		ok(per[k] > cost_ns[k] * 0.9, "P=2 point %d: %.0f ns per "
		   "iteration, not less than %d", k, per[k], cost_ns[k]);
		bench_point_free(&pts[k]);
	}
#if defined(__linux__)
	{
		cpu_set_t all, one;

		if (sched_getaffinity(0, sizeof(all), &all) == 0 &&
		    CPU_COUNT(&all) > 1 && getenv("LMBENCH_SCHED") == NULL)
			ok(bench_placement_fixed() == 0,
			   "several CPUs, no LMBENCH_SCHED: placement free");
		for (k = 0; k < CPU_SETSIZE && !CPU_ISSET(k, &all); k++)
			;
		CPU_ZERO(&one);
		CPU_SET(k, &one);
		ok(sched_setaffinity(0, sizeof(one), &one) == 0 &&
		   bench_placement_fixed() == 1,
		   "allowed one CPU only: placement fixed");
		sched_setaffinity(0, sizeof(all), &all);
	}
#endif
	long_rule();
	calibrated_once();
	return done_testing();
}
