/*
 * par_mem - memory-level parallelism by size: how many independent
 * loads the processor keeps in flight at each level of the hierarchy.
 *
 * For each size (powers of two from 4 KB to len) the lines of the size
 * are split into k random chains, followed side by side (the k loads of
 * a step independent of each other) for k = 1 .. 16; the parallelism is
 * the largest k * t(1) / t(k), t(k) being the time of one step.  Huge
 * pages are asked for, so page walks do not limit the overlap.  Sizes up
 * to PROBE_ROUND_MAX are timed together in interleaved rounds, each in
 * its own region (the buffer is twice the largest of them where len is
 * smaller than that); the larger ones follow one after another.
 *
 * usage: par_mem [-c] [-L <line>] [-M <len>] [-W <warmup>] [-N <repetitions>]
 */
#include "bench.h"
#include "lib_mem.h"
#include "lib_probe.h"

#define DEFAULT_LEN	((size_t)32 << 20)
#define FIRST_SIZE	((size_t)4 << 10)
#define PAR_SEED	0x7061725f6d656dULL
#define MAX_SIZES	64

/* The points of the run's "Memory load parallelism": x in MiB. */
static const struct metric series = {
	.name = "mem.parallelism", .unit = "parallelism",
	.better = BETTER_HIGHER, .x_name = "size", .x_unit = "MiB"
};

static int run(const struct bench_run *r)
{
	const struct probe_args *st = r->state;
	struct chain_spec spec = {CHAIN_RANDOM, 0, 0, 0, PAR_SEED};
	size_t len = st->len, line = st->line, s, alloc, sizes[MAX_SIZES];
	double par[MAX_SIZES], t1[MAX_SIZES];
	struct probe pr;
	int cost = st->more, n = 0, i;
	char x[32];

	probe_check_line(line);
	if (len < FIRST_SIZE)
		bench_fail("-M %zu: at least %zu bytes are needed", len,
			   FIRST_SIZE);
	/* Room for the interleaved sizes' regions, [s, 2s) each. */
	for (s = FIRST_SIZE; 2 * s <= len && 2 * s <= PROBE_ROUND_MAX; s *= 2)
		;
	alloc = len > 2 * s ? len : 2 * s;
	probe_check_len("-M", alloc, 1);
	probe_init(&pr, alloc, MEM_HUGE, &r->opts);
	if (line == 0 && (len < 64 * 1024 ||
			  (line = probe_line_size(&pr, NULL)) == 0))
		line = 64;	/* too small to measure, or no step seen */
	spec.stride = line;
	for (s = FIRST_SIZE; s <= len && n < MAX_SIZES; s *= 2) {
		sizes[n++] = s;
		if (s > len / 2)
			break;
	}
	probe_parallelism_sizes(&pr, &spec, sizes, n, par,
				cost ? t1 : NULL);
	metric_series(&series);
	for (i = 0; i < n; i++) {
		if (cost)
			fprintf(stderr, "# %zu bytes: %.3f nanoseconds per "
				"load, one chain\n", sizes[i], t1[i]);
		snprintf(x, sizeof(x), "%.6f",
			 (double)sizes[i] / (1024 * 1024));
		fprintf(stderr, "%s %.2f\n", x, par[i]);
		metric_point_value(&series, x, NULL, i, par[i]);
	}
	probe_free(&pr);
	return 0;
}

PROBE_MAIN("also print each size's latency of one chain",
	   "the cache line size in bytes (default: found by timing)",
	   "the largest size timed (default 32 MB)", .len = DEFAULT_LEN)
