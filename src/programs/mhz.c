/*
 * mhz - the processor clock, measured: the time of one cycle, found from
 * dependency chains of operations whose latency in cycles is known.
 *
 * An integer add whose input is the previous add's result takes one
 * cycle on every pipelined processor (that is what "one cycle" means for
 * the simplest ALU operation).  Four chains, each timed as the fastest
 * of many intervals (the paper's rule for mhz: other work can only make
 * an interval longer):
 *
 *   add4096   x += a, 4096 dependent adds per iteration: the clock is
 *             its time per add (the loop counter runs beside the chain;
 *             the harness's empty-loop subtraction, about one cycle per
 *             iteration, biases it by about 0.025%)
 *   add1024   the same with 1024 adds: (t4096 - t1024) / 3072, in which
 *             the loop and any fixed cost cancel, must agree
 *   alu1024   x = (x + a) ^ b: a second 1-cycle operation mixed in, 1024
 *             operations per iteration, must agree
 *   mul256    x *= a: a multiply must take a whole number of cycles
 *
 * The clock is printed only when the estimates agree (MAX_ALU, MAX_SLOPE,
 * MAX_FRACTION).  Rounds of all four run until the clock settles (the
 * same within SETTLED for STABLE rounds in a row, at least MIN_ROUNDS, at
 * most MAX_ROUNDS); if they still disagree, mhz says so on stderr,
 * prints no number and exits 1.
 *
 * usage: mhz [-d] [-c]
 *   -d  print every round's estimates and the checks on stderr
 *   -c  print only the clock period in nanoseconds
 */
#include "bench.h"
#include "lib_ops.h"

#include <math.h>

#define MIN_ROUNDS	4	/* the minimum needs a few tries to settle */
#define MAX_ROUNDS	12	/* about 3 s on a busy machine */
#define SETTLED		0.002	/* a round changing the clock less ... */
#define STABLE		2	/* ... this many times in a row: done */
#define MAX_ALU		0.03	/* add and add/xor per operation: same cycle */
#define MAX_SLOPE	0.03	/* the slope amplifies noise a little */
#define MAX_FRACTION	0.2	/* cycles of a multiply off a whole number */
#define REPS		7	/* intervals per chain per round */

/* x = (x + a) ^ b: two different 1-cycle operations per pair. */
#define OPS_T_mhz_alu unsigned int
#define OPS_LOAD_mhz_alu OPS_INT_LOAD(unsigned int)
#define OPS_PAIR_mhz_alu(x) x += a_; OPAQUE(x); x ^= b_; OPAQUE(x);
#define OPS_IS_FP_mhz_alu 0

#define MHZ_X2048(s) OPS_X4(OPS_X512(s))
OPS_KERNEL(add1024, int_add, 1, OPS_X512)
OPS_KERNEL(add4096, int_add, 1, MHZ_X2048)
OPS_KERNEL(alu1024, mhz_alu, 1, OPS_X512)
OPS_KERNEL(mul256, int_mul, 1, OPS_X128)

enum { ADD1024, ADD4096, ALU1024, MUL256, NCHAINS };

static const struct chain {
	const char *name;
	benchmp_f bench;
	double ops;		/* dependent operations per iteration */
} chains[NCHAINS] = {
	{"add1024", add1024, 1024},
	{"add4096", add4096, 4096},
	{"alu1024", alu1024, 1024},
	{"mul256", mul256, 256},
};

struct estimate {
	double best[NCHAINS];	/* fastest ns per iteration so far */
	double clock;		/* ns per cycle: add4096 per add */
	double slope, alu;	/* the two other 1-cycle estimates */
	double mul;		/* cycles per multiply */
};

static void estimate(struct estimate *e)
{
	e->clock = e->best[ADD4096] / chains[ADD4096].ops;
	e->slope = (e->best[ADD4096] - e->best[ADD1024]) /
		   (chains[ADD4096].ops - chains[ADD1024].ops);
	e->alu = e->best[ALU1024] / chains[ALU1024].ops;
	e->mul = e->clock > 0 ? e->best[MUL256] / chains[MUL256].ops /
				e->clock : 0;
}

/* NULL when the estimates agree, else what is wrong. */
static const char *disagreement(const struct estimate *e)
{
	if (!(e->clock > 0) || !isfinite(e->clock))
		return "the add chain took no time";
	if (fabs(e->slope / e->clock - 1) > MAX_SLOPE)
		return "add chains of different lengths disagree";
	if (fabs(e->alu / e->clock - 1) > MAX_ALU)
		return "the add and add/xor chains disagree";
	if (e->mul < 1 - MAX_FRACTION ||
	    fabs(e->mul - floor(e->mul + 0.5)) > MAX_FRACTION)
		return "a multiply is not a whole number of cycles";
	return NULL;
}

static void debug_round(int round, const struct estimate *e)
{
	fprintf(stderr, "mhz: round %d: add %.4f ns (%.0f MHz), slope "
		"%.4f, add/xor %.4f ns per op, mul %.2f cycles\n", round,
		e->clock, e->clock > 0 ? 1e3 / e->clock : 0.0, e->slope,
		e->alu, e->mul);
}

struct state {
	int debug;		/* -d */
	int period_only;	/* -c */
};

/* What --json prints: facts of the machine, found by measuring. */
static const struct metric mhz = {
	.name = "cpu.mhz", .unit = "MHz", .kind = KIND_PROPERTY
}, period = {
	.name = "cpu.clock_period", .unit = "nanoseconds",
	.kind = KIND_PROPERTY
};

static int run(const struct bench_run *r)
{
	const struct state *st = r->state;
	struct ops_operands ops;
	struct estimate e;
	const char *why;
	double last = 0, t;
	int round, i, stable = 0;

	bench_default_enough(CPU_INTERVAL_US);
	ops_operands_init(&ops);
	for (i = 0; i < NCHAINS; i++)
		e.best[i] = INFINITY;
	for (round = 1; round <= MAX_ROUNDS; round++) {
		for (i = 0; i < NCHAINS; i++) {
			benchmp(NULL, chains[i].bench, NULL, 0, 1, 0, REPS,
				&ops);
			t = result_min_ns(result_last());
			if (t < e.best[i])
				e.best[i] = t;
		}
		estimate(&e);
		why = disagreement(&e);
		if (st->debug)
			debug_round(round, &e);
		stable = fabs(e.clock - last) <= SETTLED * e.clock ?
			 stable + 1 : 0;
		if (round >= MIN_ROUNDS && why == NULL && stable >= STABLE)
			break;
		last = e.clock;
	}
	if ((why = disagreement(&e)) != NULL) {
		fprintf(stderr, "mhz: no clock rate: %s (add %.4f ns, slope "
			"%.4f ns, add/xor %.4f ns, mul %.2f cycles); the "
			"machine may be too busy or changing its clock\n", why,
			e.clock, e.slope, e.alu, e.mul);
		return 1;
	}
	if (st->debug)
		fprintf(stderr, "mhz: multiply = %.0f cycles\n",
			floor(e.mul + 0.5));
	if (metric_json()) {
		metric_json_value(&mhz, "MHz", 1e3 / e.clock);
		metric_json_value(&period, "nanosec clock", e.clock);
	} else if (st->period_only) {
		printf("%.4f\n", e.clock);
	} else {
		printf("%.0f MHz, %.4f nanosec clock\n", 1e3 / e.clock,
		       e.clock);
	}
	return 0;
}

BENCH_MAIN(.usage = "[-d] [-c]\n",
	   BENCH_STATE(0),
	   .options = BENCH_OPTIONS(
		BENCH_FLAG("-d", "print every round's estimates and checks on "
			   "stderr", debug),
		BENCH_FLAG("-c", "print only the clock period in nanoseconds",
			   period_only)))
