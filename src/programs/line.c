/*
 * line - the cache line size, found by timing.
 *
 * Pairs of dependent loads, the second d bytes after the first, are
 * chased over a region that fits the second-level cache but not the
 * first: while d is inside the line the second load hits the first-level
 * cache, from the line size on it is a miss of its own.  The smallest d
 * (8 .. 512) from which every pair costs clearly more (1.2x) than the
 * d = 8 pair is the line size (lib_probe.c).  The probe runs three times
 * (probe_line_agreed) and a size is printed where all three found the
 * same, or, where they differ, where most of five runs and the medians
 * of all five do; otherwise "no line size step seen alike", exit 1, and
 * what the host reports in its place.
 *
 * usage: line [-v] [-W <warmup>] [-N <repetitions>] [-M <len>]
 */
#include "bench.h"
#include "lib_probe.h"
#include "lib_topo.h"

#define DEFAULT_LEN ((size_t)2 << 20)	/* 2048 pairs: > L1, < L2 */

/* What the options set. */
struct state {
	int verbose;		/* -v */
	size_t len;		/* -M */
};

/* The host's line size, in words, for the message that found none. */
static void host_line(char *buf, size_t len)
{
	struct topo t;
	int k;

	snprintf(buf, len, "the host reports none");
	if (topo_discover(&t, "/sys") != 0)
		return;
	for (k = 0; k < t.ncaches; k++)
		if (t.cache[k].level == 1 && t.cache[k].type != 'i' &&
		    t.cache[k].line > 0) {
			snprintf(buf, len, "sysfs says %ld bytes",
				 t.cache[k].line);
			break;
		}
	topo_free(&t);
}

static int run(const struct bench_run *r)
{
	const struct state *st = r->state;
	double t[PROBE_LINE_SWEEPS_MAX][PROBE_LINE_STEPS];
	double v[PROBE_LINE_SWEEPS_MAX];
	size_t len = st->len, line, found[PROBE_LINE_SWEEPS_MAX];
	struct probe pr;
	int i, s, runs, verbose = st->verbose;
	char host[64];

	if (len < 64 * 1024)
		bench_fail("-M %zu: at least 64K is needed", len);
	probe_check_len("-M", len, 1);
	probe_init(&pr, len, 0, &r->opts);
	line = probe_line_agreed(&pr, found, t, &runs);
	if (verbose) {
		for (i = 0; i < PROBE_LINE_STEPS; i++) {
			for (s = 0; s < runs; s++)
				v[s] = t[s][i];
			fprintf(stderr, "# pair %4d bytes apart: %.3f "
				"nanoseconds per load\n", 8 << i,
				stats_median(v, runs));
		}
		for (s = 0; s < runs; s++)
			fprintf(stderr, "# run %d: %zu bytes%s\n", s + 1,
				found[s], found[s] ? "" : " (no step)");
	}
	if (line == 0) {
		host_line(host, sizeof(host));
		errno = 0;
		bench_die("no line size step seen alike in %d runs: not clear "
			  "(%s)", runs, host);
	}
	if (metric_json())
		metric_json_value(&(struct metric){.name = "cache.line_size",
						   .unit = "bytes",
						   .kind = KIND_PROPERTY},
				  "cache line size", (double)line);
	else if (verbose)
		printf("cache line size: %zu bytes\n", line);
	else
		printf("%zu\n", line);
	probe_free(&pr);
	return 0;
}

BENCH_MAIN(.usage = "[-v] " BENCH_USAGE_WN " [-M <len>]\n",
	   BENCH_STATE(.len = DEFAULT_LEN),
	   .options = BENCH_OPTIONS(
		BENCH_FLAG("-v", "print the latency of every pair distance "
			   "timed", verbose),
		BENCH_SIZE("-M", "the region chased, > L1 and < L2 (default 2 "
			   "MB)", len)))
