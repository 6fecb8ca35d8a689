/*
 * cache - the cache levels, found from the latency curve: each level's
 * size, load latency and memory-level parallelism, then memory's.
 *
 * A random chain over every line of the size (huge pages asked for, so
 * page walks stay out of the curve) is timed for sizes from 1 KB to len,
 * four per power of two, and the curve cut into plateaus (lib_levels.c).
 * The curve is swept SWEEPS times and a level is printed only where every
 * sweep found it alike: its size within one point of the grid, its
 * latency within 25% (levels_agree); the median sweep's figures are
 * printed.  A level whose edge is gradual in a sweep has its size to the
 * nearest power of two, the same in every sweep, and a comment says so:
 * where a curve leaves its plateau over an octave, the grid point the
 * noise of one run picks is not a finding.  A level the sweeps disagree
 * on is a line without a figure,
 * "L<k> cache: no clear plateau (sysfs says 32 MB)": on a VM whose
 * neighbours share the last level, a different size each run is noise
 * printed as a fact.  A level's parallelism is the largest
 * k * t(1) / t(k) for k interleaved chains inside its plateau.
 *
 * The curve's sizes up to PROBE_ROUND_MAX are timed together in
 * interleaved rounds (probe_chain_sizes), each in a region of its own.
 *
 * usage: cache [-c] [-L <line>] [-M <len>] [-W <warmup>] [-N <repetitions>]
 */
#include "bench.h"
#include "lib_mem.h"
#include "lib_probe.h"
#include "lib_levels.h"
#include "lib_topo.h"

#define DEFAULT_LEN	((size_t)64 << 20)
#define FIRST_SIZE	1024
#define SWEEPS		3	/* a level in all of them, or not printed */
#define CACHE_SEED	0x6361636865ULL

static size_t next_size(size_t s)
{
	size_t q = 1;

	while (q <= s / 2)
		q *= 2;
	return s + q / 4;
}

/* Memory's load latency and how many loads it overlaps. */
static const struct metric memory = {
	.name = "cache.memory.latency", .unit = "nanoseconds",
	.better = BETTER_LOWER
}, memory_par = {
	.name = "cache.memory.parallelism", .unit = "parallelism",
	.better = BETTER_HIGHER
};

/* The curve's sizes, from FIRST_SIZE to len; returns their count. */
static int grid(size_t len, size_t *size)
{
	size_t s;
	int n = 0;

	for (s = FIRST_SIZE; n < LEVELS_POINTS; s = next_size(s)) {
		if (s > len)
			s = len;
		size[n++] = s;
		if (s == len)
			break;
	}
	return n;
}

/* -c: the curve (each point's median over the sweeps), each sweep's levels. */
static void print_curve(const size_t *size, int n, double (*t)[LEVELS_POINTS],
			const struct curve_levels *sw)
{
	double v[SWEEPS];
	int i, s, k;

	for (i = 0; i < n; i++) {
		for (s = 0; s < SWEEPS; s++)
			v[s] = t[s][i];
		fprintf(stderr, "# %.5f %.3f\n", (double)size[i] / (1024 * 1024),
			stats_median(v, SWEEPS));
	}
	for (s = 0; s < SWEEPS; s++) {
		fprintf(stderr, "# sweep %d:", s + 1);
		for (k = 0; k < sw[s].n; k++) {
			fprintf(stderr, " L%d ", k + 1);
			if (sw[s].lv[k].at >= 0)
				fprintf(stderr, "%zu bytes", size[sw[s].lv[k].at]);
			else
				fprintf(stderr, "past the curve's end");
			fprintf(stderr, " %.2f ns", sw[s].lv[k].lat);
			if (sw[s].lv[k].gradual)
				fprintf(stderr, " (gradual, %zu-%zu)",
					size[sw[s].lv[k].lo],
					size[sw[s].lv[k].hi]);
			fputc(';', stderr);
		}
		fprintf(stderr, " memory %.2f ns%s\n", sw[s].mem,
			sw[s].memory ? "" : " (still rising)");
	}
}

static int run(const struct bench_run *r)
{
	struct probe_args *st = r->state;
	struct chain_spec spec = {CHAIN_RANDOM, 0, 0, 0, CACHE_SEED};
	static double t[SWEEPS][LEVELS_POINTS];
	static size_t size[LEVELS_POINTS];
	struct curve_levels sw[SWEEPS];
	struct agreed_level lv[LEVELS_MAX];
	size_t len = st->len, line = st->line;
	double par, m, mem[SWEEPS];
	struct probe pr;
	struct topo host;
	int i, s, n, nl, shown, top, rising = 0, flat = 0, any = 0;
	int runs = 0;
	long host_kb[LEVELS_MAX + 1] = {0};
	const char *from = "sysfs";
	char name[32], label[32], text[128];
	struct metric level = {.name = name, .unit = "nanoseconds",
			       .better = BETTER_LOWER},
		      level_size = {.name = name, .unit = "bytes",
				    .kind = KIND_PROPERTY};

	probe_check_line(line);
	if (len < 64 * 1024)
		bench_fail("-M %zu: at least 64K is needed", len);
	probe_check_len("-M", len, 1);
	probe_init(&pr, len, MEM_HUGE, &r->opts);
	if (line == 0 &&
	    (line = probe_line_agreed(&pr, NULL, NULL, &runs)) == 0) {
		line = 64;	/* no step seen alike: the common size */
		if (st->more)
			fprintf(stderr, "# no line size found alike in %d "
				"runs: a 64-byte stride\n", runs);
	}
	if (st->more)
		fprintf(stderr, "# page size %zu bytes, line %zu bytes\n",
			mem_page_size_of(pr.buf), line);
	spec.stride = line;
	n = grid(len, size);
	/* The sweeps are the repetition: each point one median per sweep. */
	pr.rounds = 1;
	for (s = 0; s < SWEEPS; s++) {
		probe_chain_sizes(&pr, &spec, size, n, t[s]);
		levels_find(t[s], n, &sw[s]);
		mem[s] = sw[s].mem;
		rising |= !sw[s].memory;
		any |= sw[s].plateaus > 0;
		flat |= sw[s].n == 0 && sw[s].start == 0;
	}
	pr.rounds = PROBE_ROUNDS;
	if (st->more)
		print_curve(size, n, t, sw);
	nl = levels_agree(sw, SWEEPS, lv);
	if (!any) {
		errno = 0;
		bench_die("no plateau in the latency curve (noisy machine?)");
	}
	/*
	 * One plateau from the first size to len is the first level, not
	 * memory: nothing was found (seen on a busy machine, whose noise hid
	 * a step a sweep within L2 shows when idle).
	 */
	if (nl == 0 && flat) {
		errno = 0;
		bench_die("no step in the latency curve from %d to %zu bytes "
			  "(noisy machine, or all within one level: try a "
			  "larger -M)", FIRST_SIZE, len);
	}
	/*
	 * The host's levels: sysfs's, else the C library's (a VM without
	 * sysfs's cache directory), so that a level it reports is named
	 * either way.  Those the curve goes past could be seen.
	 */
	if (topo_discover(&host, "/sys") == 0) {
		if (host.ncaches == 0)
			from = "getconf";
		for (i = 1; i <= LEVELS_MAX; i++)
			host_kb[i] = host.ncaches > 0 ? topo_cache_kb(&host, i)
						      : topo_libc_cache_kb(i);
		topo_free(&host);
	}
	for (top = 0; top < LEVELS_MAX && host_kb[top + 1] > 0 &&
		      (size_t)host_kb[top + 1] * 1024 < len;
	     top++)
		;
	shown = levels_shown(lv, nl, top);
	for (i = 0; i < shown; i++) {
		if (!lv[i].clear) {
			levels_unclear_line(text, sizeof(text), i + 1,
					    host_kb[i + 1], from);
			fprintf(stderr, "%s\n", text);
			levels_unclear_host(text, sizeof(text), i + 1,
					    host_kb[i + 1], from);
			snprintf(name, sizeof(name), "cache.l%d", i + 1);
			metric_finding(name, "unclear", "host", text);
			continue;
		}
		par = probe_parallelism(&pr, &spec, size[lv[i].mid]);
		fprintf(stderr, "L%d cache: %zu bytes %.2f nanoseconds "
			"%zu linesize %.2f parallelism\n", i + 1,
			size[lv[i].at], lv[i].lat, line, par);
		if (lv[i].gradual)
			fprintf(stderr, "# L%d's edge is gradual: the curve "
				"leaves its plateau from %zu to %zu bytes, so "
				"its size is the nearest power of two\n", i + 1,
				size[lv[i].lo], size[lv[i].hi]);
		snprintf(name, sizeof(name), "cache.l%d.latency", i + 1);
		snprintf(label, sizeof(label), "L%d cache", i + 1);
		metric_value(&level, label, lv[i].lat);
		snprintf(name, sizeof(name), "cache.l%d.size", i + 1);
		snprintf(label, sizeof(label), "L%d cache size", i + 1);
		metric_value(&level_size, label, (double)size[lv[i].at]);
	}
	if (nl > shown)
		fprintf(stderr, "# a level past L%d in some sweeps, not in all "
			"alike: not printed\n", shown);
	if (rising)
		fprintf(stderr, "# the curve still rises at %zu bytes in a "
			"sweep: memory latency is the last point (try a larger "
			"-M)\n", len);
	par = probe_parallelism(&pr, &spec, len);
	/* Memory's latency is a measurement, not a find: the median sweep. */
	m = stats_median(mem, SWEEPS);
	fprintf(stderr, "Memory latency: %.2f nanoseconds %.2f "
		"parallelism\n", m, par);
	metric_value(&memory, "Memory latency", m);
	metric_value(&memory_par, "Memory latency parallelism", par);
	probe_free(&pr);
	return 0;
}

PROBE_MAIN("also print the latency curve and what each sweep found",
	   "the cache line size in bytes (default: found by timing)",
	   "the largest size timed (default 64 MB)", .len = DEFAULT_LEN)
