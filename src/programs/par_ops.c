/*
 * par_ops - instruction-level parallelism of basic arithmetic: how many
 * independent bit/add/mul/div/mod (int, int64) or add/mul/div (float,
 * double) operations the CPU overlaps.
 *
 * For each operation, kernels with K = 1 .. 8 independent dependency
 * chains (lib_ops.h) run PAR_STEPS operations per chain per iteration,
 * interleaved.  With t(K) the fastest time of an iteration, K chains do K
 * times the work of one, so
 *
 *     parallelism(K) = K * t(1) / t(K)
 *
 * is how many operations were in flight at once, compared with one chain
 * (1: no overlap; the number of pipelined units times their latency in
 * cycles, at most).  The result is the largest parallelism(K).  t(1) is
 * timed before and after the other K and the faster kept, since a
 * disturbed t(1) would inflate every ratio.  Past PAR_MIN_K, K stops
 * growing once two K in a row gain less than PAR_GAIN over the best so
 * far: the units are saturated and larger K only costs time.  (Always
 * trying up to PAR_MIN_K keeps one or two disturbed timings from ending
 * the search early.)
 *
 * usage: par_ops [-W <warmup>] [-N <repetitions>]
 */
#include "bench.h"
#include "lib_ops.h"

/* Operations per chain per iteration (pairs x 2), at most 8 chains. */
#define PAR_PAIRS(s) OPS_X16(s)
#define PAR_STEPS 32
/* A K that adds less than 3% to the best so far counts as no gain. */
#define PAR_GAIN 1.03
#define PAR_MIN_K 5

#define PAR_KERNELS(kind, label, name)				\
	OPS_KERNEL(par_##kind##_1, kind, 1, PAR_PAIRS)			\
	OPS_KERNEL(par_##kind##_2, kind, 2, PAR_PAIRS)			\
	OPS_KERNEL(par_##kind##_3, kind, 3, PAR_PAIRS)			\
	OPS_KERNEL(par_##kind##_4, kind, 4, PAR_PAIRS)			\
	OPS_KERNEL(par_##kind##_5, kind, 5, PAR_PAIRS)			\
	OPS_KERNEL(par_##kind##_6, kind, 6, PAR_PAIRS)			\
	OPS_KERNEL(par_##kind##_7, kind, 7, PAR_PAIRS)			\
	OPS_KERNEL(par_##kind##_8, kind, 8, PAR_PAIRS)
OPS_GRID_INT(PAR_KERNELS)
OPS_GRID_FP(PAR_KERNELS)

static const struct variant {
	const char *label;
	const char *metric;	/* its stable name (doc/results-json.md) */
	benchmp_f chains[OPS_MAX_CHAINS];	/* [K - 1] */
} variants[] = {
#define PAR_ENTRY(kind, label, name)					\
	{label, "par_ops." name, {par_##kind##_1, par_##kind##_2, par_##kind##_3,	\
		 par_##kind##_4, par_##kind##_5, par_##kind##_6,	\
		 par_##kind##_7, par_##kind##_8}},
	OPS_GRID_INT(PAR_ENTRY)
	OPS_GRID_FP(PAR_ENTRY)
};
#define NVARIANTS (sizeof(variants) / sizeof(variants[0]))

/*
 * Fastest ns per iteration of one kernel.  The minimum, not the median:
 * parallelism is a ratio of two runs taken at different moments, and
 * other work on the machine only ever lengthens an interval.
 */
static double iteration_ns(benchmp_f bench, const struct bench_opts *opts,
			   struct ops_operands *ops)
{
	benchmp(NULL, bench, NULL, 0, 1, opts->warmup, opts->repetitions,
		ops);
	return result_min_ns(result_last());
}

static double max_parallelism(const struct variant *v,
			      const struct bench_opts *opts,
			      struct ops_operands *ops)
{
	double t1, t1b, tk, par, best = 1.0;
	int k, idle = 0;

	t1 = iteration_ns(v->chains[0], opts, ops);
	if (!(t1 > 0))
		return 0.0;
	for (k = 2; k <= OPS_MAX_CHAINS && (k <= PAR_MIN_K || idle < 2);
	     k++) {
		tk = iteration_ns(v->chains[k - 1], opts, ops);
		par = tk > 0 ? k * t1 / tk : 0.0;
		bench_debug("%s: K=%d t=%.2f ns parallelism %.2f", v->label,
			    k, tk, par);
		idle = par > best * PAR_GAIN ? 0 : idle + 1;
		if (par > best)
			best = par;
	}
	/*
	 * An inflated t(1) would inflate every ratio: time one chain again
	 * now and keep the faster; the best K is rescaled accordingly.
	 */
	t1b = iteration_ns(v->chains[0], opts, ops);
	if (t1b > 0 && t1b < t1) {
		bench_debug("%s: K=1 again: t=%.2f ns (was %.2f)", v->label,
			    t1b, t1);
		best = best * t1b / t1;
		if (best < 1.0)
			best = 1.0;
	}
	return best;
}

static int run(const struct bench_run *r)
{
	struct ops_operands ops;
	double par;
	size_t i;

	bench_default_enough(CPU_INTERVAL_US);
	/* A search over chain counts, each the fastest of its intervals:
	 * a span per step would make it 10x longer for nothing. */
	interval_span_off();
	ops_operands_init(&ops);
	for (i = 0; i < NVARIANTS; i++) {
		par = max_parallelism(&variants[i], &r->opts, &ops);
		if (!(par > 0)) {
			errno = 0;
			bench_die("%s: one chain took no measurable time",
				  variants[i].label);
		}
		fprintf(stderr, "%s parallelism: %.2f\n", variants[i].label,
			par);
		metric_value(&(struct metric){.name = variants[i].metric,
					      .unit = "parallelism",
					      .better = BETTER_HIGHER},
			     variants[i].label, par);
	}
	return 0;
}

BENCH_MAIN(.usage = BENCH_USAGE_WN "\n")
