/*
 * test_harness - benchmp() against a synthetic benchmark of known cost.
 *
 * Iteration k ends when the clock reaches start + k * COST_NS (absolute
 * deadlines: time lost to preemption is caught up by the following
 * iterations), so an interval of n iterations lasts n * COST_NS of wall
 * time however loaded the machine is.  Checks: autosizing, the callback
 * protocol, `enough`, settime/save_n, and with 2..4 copies one sample per
 * round, the copies' intervals aligned (overlap), and that every copy is
 * inside benchmark() while any is timing; result_combine() on made-up
 * rounds, aligned and with one copy late; gettime() at an even count of
 * clean intervals; benchmp_copy()'s setup and takedown once per copy, and
 * a point's five callbacks in their order.
 */
#define _GNU_SOURCE
#include "tap.h"
#include "bench.h"
#include "lib_timing.h"
#include "own_timing.h"

#include <math.h>
#include <sys/mman.h>
#include <time.h>

#define COST_NS	2000
#define MAXP	4
#define MAXLOG	65536

struct shared {
	volatile int in_bench[MAXP];
};

struct state {
	struct shared *sh;
	int parallel;
	int protocol_errors;
	/* single-process event log */
	char ev[MAXLOG];
	iter_t evn[MAXLOG];
	int nev;
	/* per child: mid-interval observations for the largest n */
	iter_t big_n;
	int seen[MAXLOG];
	int nseen;
	/* single process: each call's own wall time */
	iter_t own_n[MAXLOG];
	double own_ns[MAXLOG];
	int nown;
};

static uint64 now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64)ts.tv_sec * 1000000000ULL + (uint64)ts.tv_nsec;
}

static void log_event(struct state *st, char e, iter_t n)
{
	if (st->nev < MAXLOG) {
		st->ev[st->nev] = e;
		st->evn[st->nev++] = n;
	}
}

static void init(iter_t n, void *cookie)
{
	log_event(cookie, 'I', n);
}

static int protocol_ok(const struct state *st);

static void cleanup(iter_t n, void *cookie)
{
	struct state *st = cookie;
	int i, bad = 0;

	log_event(st, 'C', n);
	if (n != 0 || st->parallel == 1)
		return;
	/* In a child: the last TRIES full-size calls are the timed ones. */
	if (st->nseen < TRIES || !protocol_ok(st))
		exit(3);
	for (i = st->nseen - TRIES; i < st->nseen; i++)
		bad += !st->seen[i];
	/* A copy may start late on a loaded machine (the overlap shows it). */
	if (bad > TRIES / 2)
		exit(4);
}

/* Remember, per call with the largest n so far, if all copies were in. */
static void record(struct state *st, iter_t n, int everyone)
{
	if (n < st->big_n)
		return;
	if (n > st->big_n) {
		st->big_n = n;
		st->nseen = 0;
	}
	if (st->nseen < MAXLOG)
		st->seen[st->nseen++] = everyone;
}

static void spin(iter_t n, void *cookie)
{
	struct state *st = cookie;
	int id = benchmp_childid(), k, everyone = 1, sampled = 0;
	uint64 start = now(), t = start, end = start;
	uint64 mid = start + (uint64)n * COST_NS / 2;
	iter_t count = n;

	if (st->sh)
		st->sh->in_bench[id] = 1;
	while (n-- > 0) {
		end += COST_NS;
		while ((t = now()) < end)
			;
		if (st->sh && !sampled && t >= mid) {
			sampled = 1;
			for (k = 0; k < st->parallel; k++)
				everyone &= st->sh->in_bench[k];
		}
	}
	if (st->sh)
		st->sh->in_bench[id] = 0;
	log_event(st, 'B', count);
	if (st->nown < MAXLOG) {
		st->own_n[st->nown] = count;
		st->own_ns[st->nown++] = (double)(now() - start);
	}
	if (st->sh)
		record(st, count, everyone);
}

/* I(0) first, C(0) last, and I(n) B(n) C(n) triples in between. */
static int protocol_ok(const struct state *st)
{
	int i;

	if (st->nev < 5 || st->nev >= MAXLOG || st->ev[0] != 'I' ||
	    st->evn[0] != 0 || st->ev[st->nev - 1] != 'C' ||
	    st->evn[st->nev - 1] != 0)
		return 0;
	for (i = 1; i + 2 < st->nev - 1; i += 3)
		if (st->ev[i] != 'I' || st->evn[i] == 0 ||
		    st->ev[i + 1] != 'B' || st->evn[i + 1] != st->evn[i] ||
		    st->ev[i + 2] != 'C' || st->evn[i + 2] != st->evn[i])
			return 0;
	return i == st->nev - 1;
}

/* benchmp_copy(): S first, T last, nothing but B in between. */
static int copy_protocol_ok(const struct state *st)
{
	int i;

	if (st->nev < 3 || st->nev >= MAXLOG || st->ev[0] != 'S' ||
	    st->ev[st->nev - 1] != 'T')
		return 0;
	for (i = 1; i < st->nev - 1; i++)
		if (st->ev[i] != 'B')
			return 0;
	return 1;
}

static void log_setup(void *cookie)
{
	log_event(cookie, 'S', 0);
}

/* In a child (parallel): a broken protocol is its exit status 5. */
static void log_takedown(void *cookie)
{
	struct state *st = cookie;

	log_event(st, 'T', 0);
	if (st->parallel > 1 && !copy_protocol_ok(st))
		exit(5);
}

/* One point with all five callbacks: S, I(0), triples, C(0), T. */
static void point_checks(struct state *st)
{
	struct bench_point pt = {.setup = log_setup, .initialize = init,
				 .benchmark = spin, .cleanup = cleanup,
				 .takedown = log_takedown, .cookie = st};
	static struct state inner;

	st->parallel = 1;
	st->nev = 0;
	benchmp_rounds(&pt, 1, 1, 0, 5);
	inner = *st;
	/* Without the outer S and T, what is left keeps benchmp()'s order. */
	inner.nev = st->nev - 2;
	memmove(inner.ev, st->ev + 1, (size_t)inner.nev);
	memmove(inner.evn, st->evn + 1, (size_t)inner.nev * sizeof(iter_t));
	ok(st->nev >= 7 && st->ev[0] == 'S' && st->ev[st->nev - 1] == 'T' &&
	   protocol_ok(&inner), "a point's setup before initialize(0), its "
	   "takedown after cleanup(0), each once (%d events)", st->nev);
	bench_point_free(&pt);
}

/*
 * A benchmark that sleeps to its deadline (start + n * COST_NS): it
 * needs no CPU, so on a loaded machine too its copies' intervals last
 * what they should, and how well they line up is the harness's doing.
 */
static void nap(iter_t n, void *cookie)
{
	uint64 end = now() + (uint64)n * COST_NS;
	struct timespec ts = {(time_t)(end / 1000000000ULL),
			      (long)(end % 1000000000ULL)};

	(void)cookie;
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL))
		;
}

static void overlap_checks(void)
{
	double per;

	benchmp(NULL, nap, NULL, 0, 2, 0, 5, NULL);
	per = (double)gettime() * 1000.0 / (double)get_n();
	ok(result_overlap(result_last()) > 0.9, "P=2 sleeping copies: "
	   "intervals aligned, overlap %.3f", result_overlap(result_last()));
	ok(per > COST_NS * 0.9 && per < COST_NS * 1.25, "P=2 sleeping copies: "
	   "%.0f ns per iteration of one copy at the pace of both (%d)", per,
	   COST_NS);
}

/*
 * result_combine() on made-up rounds of two copies, each 1000 ns for 100
 * iterations: aligned, then copy 1 started half an interval late.  The
 * late round must not count as if the copies had overlapped: its overlap
 * is 1/3 and its pace that of 200 iterations over 1500 ns.
 */
/* An interval of 1000 ns for 100 iterations from t0. */
static struct sample made_up(uint64 t0, int copy, int round)
{
	struct sample s;

	memset(&s, 0, sizeof(s));
	s.ns = 1000;
	s.n = 100;
	s.t0 = t0;
	s.t1 = t0 + 1000;
	s.copy = copy;
	s.round = round;
	s.overlap = 1;
	return s;
}

static void combine_checks(void)
{
	struct sample s[4] = {
		made_up(0, 0, 0), made_up(0, 1, 0),
		made_up(5000, 0, 1), made_up(5500, 1, 1),
	};
	struct bench_result r;

	result_combine(s, 2, 2, 1, &r);
	ok(r.count == 1 && result_overlap(&r) > 0.999 &&
	   fabs(r.s[0].ns / (double)r.s[0].n - 10.0) < 1e-9,
	   "combined aligned round: overlap %.3f, %.2f ns per iteration of "
	   "one copy", result_overlap(&r),
	   r.count ? r.s[0].ns / r.s[0].n : -1.0);
	result_free(&r);
	s[2].round = s[3].round = 0;
	result_combine(s + 2, 2, 2, 1, &r);
	ok(r.count == 1 && fabs(result_overlap(&r) - 1.0 / 3) < 1e-9 &&
	   fabs(r.s[0].ns / (double)r.s[0].n - 15.0) < 1e-9,
	   "a copy half an interval late: overlap %.3f (1/3), %.2f ns per "
	   "iteration (15, not 10)", result_overlap(&r),
	   r.count ? r.s[0].ns / r.s[0].n : -1.0);
	result_free(&r);
}

/*
 * Seven intervals of 1000 iterations, one of them tainted, so the reports
 * take the six clean ones: an even count, whose median is the mean of the
 * middle two (30 and 40 ns per iteration: 35).  gettime()/get_n() must be
 * that figure, not the lower of the two.
 */
static void even_median_checks(void)
{
	static const double per[7] = {10, 40, 20, 5000, 30, 50, 60};
	struct bench_result r;
	struct sample s;
	double got;
	int i;

	result_init(&r, 1);
	r.asked = 7;
	for (i = 0; i < 7; i++) {
		s = made_up(0, 0, i);
		s.n = 1000;
		s.ns = per[i] * (double)s.n;
		s.taint = per[i] > 1000;
		result_add(&r, &s);
	}
	result_publish(&r);
	got = (double)gettime() * 1e3 / (double)get_n();
	ok(fabs(got - 35.0) < 1e-9 &&
	   fabs(report_median(result_last(), 1.0, 0) - got) < 1e-9,
	   "six clean intervals: gettime()/get_n() %.2f ns, the printed "
	   "median %.2f ns (35)", got, report_median(result_last(), 1.0, 0));
	save_n(2000);
	ok(gettime() == 35 && get_n() == 2000, "save_n keeps that median "
	   "time (%llu us at n=%llu)", (unsigned long long)gettime(),
	   (unsigned long long)get_n());
}

/*
 * How many of the last result's intervals match, in iteration count and
 * within 20% in length (the closest one), a call the benchmark timed itself: load stretches
 * both alike, where an absolute bound would fail.
 */
static int own_match(const struct state *st)
{
	const struct bench_result *r = result_last();
	char used[MAXLOG] = {0};
	int i, j, m = 0;

	for (i = 0; i < r->count; i++) {
		j = closest_call(r->s[i].ns, r->s[i].n, 0, st->own_n,
				 st->own_ns, NULL, used, st->nown);
		if (j >= 0) {
			used[j] = 1;
			m++;
		} else {
			printf("# unmatched: n=%llu ns=%.0f\n",
			       (unsigned long long)r->s[i].n, r->s[i].ns);
		}
	}
	return m;
}

int main(void)
{
	static struct state st;
	double per;
	int p;

	combine_checks();
	even_median_checks();
	overlap_checks();
	st.parallel = 1;
	benchmp(init, spin, cleanup, 0, 1, 0, TRIES, &st);
	per = (double)gettime() * 1000.0 / (double)get_n();
	/* More where too few intervals were clean: at most as many again. */
	ok(result_last()->count >= TRIES && result_last()->count <= 2 * TRIES,
	   "%d samples for %d repetitions", result_last()->count, TRIES);
	ok(per > COST_NS * 0.9, "autosized: %.0f ns per iteration of a %d "
	   "ns benchmark, not less (load only adds)", per, COST_NS);
	/*
	 * One may have been preempted between a clock read and its call
	 * without a switch being seen; a switched-out one is tainted.
	 */
	p = own_match(&st);
	ok(p >= result_clean(result_last()) - 1, "the %d clean intervals as "
	   "long as the benchmark's own timing of the call: %d of %d are",
	   result_clean(result_last()), p, result_last()->count);
	/*
	 * Sized to the interval, not to one 2 us iteration.  Not "at least
	 * ENOUGH": a calibration that other load slowed down settles on too
	 * few iterations for the quieter intervals after it (under valgrind
	 * with another test beside it, the median interval once came out
	 * under 95% of ENOUGH).  Half of it still fails a loop sized 1000x
	 * too short.
	 */
	ok(gettime() >= (uint64)(interval_us() * 0.5),
	   "interval %llu us >= half of ENOUGH %ld us", gettime(),
	   interval_us());
	ok(protocol_ok(&st), "init(0), then init(n)/bench/cleanup(n), "
	   "then cleanup(0) (%d events)", st.nev);

	st.nev = 0;
	benchmp_copy(log_setup, spin, log_takedown,
		     &(struct bench_opts){1, 0, 5}, &st);
	ok(copy_protocol_ok(&st), "benchmp_copy: setup once, first; takedown "
	   "once, last; nothing else around the intervals (%d events)",
	   st.nev);
	point_checks(&st);

	st.nev = 0;
	benchmp(init, spin, cleanup, 30000, 1, 0, 5, &st);
	ok(result_last()->count >= 5 && result_last()->count <= 10,
	   "-N 5: 5 samples, at most 10 (%d)", result_last()->count);
	ok(gettime() >= 28500, "enough=30000 gives intervals of %llu us",
	   gettime());

	settime(1234);
	save_n(10);
	ok(gettime() == 1234 && get_n() == 10, "settime and save_n");

	st.sh = mmap(NULL, sizeof(*st.sh), PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	for (p = 2; p <= MAXP; p++) {
		st.parallel = p;
		st.nev = 0;
		st.nseen = 0;
		st.big_n = 0;
		benchmp(init, spin, cleanup, 0, p, 1000, TRIES, &st);
		per = (double)gettime() * 1000.0 / (double)get_n();
		ok(result_last()->count == TRIES, "P=%d: %d rounds, one sample "
		   "each", p, result_last()->count);
		ok(result_overlap(result_last()) >= 0 &&
		   result_overlap(result_last()) <= 1,
		   "P=%d: overlap %.3f in [0, 1]", p,
		   result_overlap(result_last()));
		ok(per > COST_NS * 0.9, "P=%d: %.0f ns per iteration of one "
		   "copy at the pace of all, not less than %d", p, per,
		   COST_NS);
		ok(gettime() >= 50000, "P=%d: intervals of %llu us "
		   "(long against a time slice)", p, gettime());
	}
	st.parallel = 2;
	st.nev = 0;
	benchmp_copy(log_setup, spin, log_takedown,
		     &(struct bench_opts){2, 0, 5}, &st);
	ok(result_last()->count == 5, "benchmp_copy, P=2: 5 rounds, each "
	   "copy's setup once first and takedown once last (else exit 5)");
	ok(1, "every copy saw all copies in benchmark() while timing, and "
	   "kept the callback protocol (else benchmp would have exited)");
	return done_testing();
}
