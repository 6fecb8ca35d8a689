/*
 * lat_ops - latency of basic arithmetic: bit, add, mul, div and mod on
 * int and int64, add, mul and div on float and double, and "bogomflops",
 * the expression x = (x + b) * (c - x) / d.
 *
 * Each kernel runs one dependency chain of LAT_OPS operations per
 * iteration: every operation needs the result of the one before, so the
 * time per operation is its latency, not its throughput.  The chains are
 * those of lib_ops.h: operands come from the cookie, the compiler cannot
 * fold or vectorise them, and each operation is one instruction.  The
 * integer mod chain is x = n % x + d: one add (about a cycle) is
 * included.  A bogomflops step is the whole expression, whose latency is
 * about that of one add, one mul and one div in a row.  The loop counter
 * runs beside the chain; the harness subtracts the timer overhead and its
 * empty-loop time per iteration (at most 0.2% of LAT_OPS operations).  The
 * result is the median of 1 ms intervals (lib_cpu.h) unless ENOUGH is set,
 * timed in interleaved rounds of all the operations (benchmp_rounds), so
 * a slow phase of the machine falls on every operation alike instead of
 * on the few that ran during it.
 *
 * usage: lat_ops [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 */
#include "bench.h"
#include "lib_ops.h"

/*
 * Operations per iteration: the loop counter runs beside the chain, yet
 * the harness subtracts an empty loop's time (about a cycle) from every
 * iteration; 512 operations make that a bias of 0.2% or less.
 */
#define LAT_PAIRS(s) OPS_X256(s)
#define LAT_OPS 512

#define LAT_KERNEL(kind, label, name) OPS_KERNEL(lat_##kind, kind, 1, LAT_PAIRS)
OPS_GRID_INT(LAT_KERNEL)
OPS_GRID_FP(LAT_KERNEL)
OPS_GRID_BOGO(LAT_KERNEL)

static const struct variant {
	const char *label;
	const char *metric;	/* its stable name (doc/results-json.md) */
	benchmp_f bench;
} variants[] = {
#define LAT_ENTRY(kind, label, name) {label, "ops." name, lat_##kind},
	OPS_GRID_INT(LAT_ENTRY)
	OPS_GRID_FP(LAT_ENTRY)
	OPS_GRID_BOGO(LAT_ENTRY)
};
#define NVARIANTS (sizeof(variants) / sizeof(variants[0]))

static int run(const struct bench_run *r)
{
	struct ops_operands ops;
	struct bench_point pts[NVARIANTS];
	size_t i;

	bench_default_enough(CPU_INTERVAL_US);
	ops_operands_init(&ops);
	for (i = 0; i < NVARIANTS; i++)
		pts[i] = BENCH_POINT(NULL, variants[i].bench, NULL, &ops);
	benchmp_rounds(pts, (int)NVARIANTS, r->opts.parallel, r->opts.warmup,
		       r->opts.repetitions);
	for (i = 0; i < NVARIANTS; i++) {
		bench_point_result(&pts[i]);
		report_nano(variants[i].metric, variants[i].label,
			    get_n() * LAT_OPS);
		bench_point_free(&pts[i]);
	}
	return 0;
}

/* No options, no operands: -P/-W/-N alone. */
BENCH_MAIN(.usage = BENCH_USAGE_PWN "\n")
