/*
 * cache - the cache levels, found from the latency curve: each level's
 * size, load latency and memory-level parallelism, then memory's.
 *
 * A random chain over every line of the size (huge pages asked for, so
 * page walks stay out of the curve) is timed for sizes from 1 KB to len,
 * four per power of two.  The curve is smoothed with a running median of
 * three and cut into plateaus: runs of at least three sizes within 30%
 * of the run's first latency; neighbouring plateaus less than 1.6x apart
 * are one level (replacement and TLB effects make a level's latency
 * drift upward).  The last plateau, when it reaches len, is memory.  A
 * level's size is the largest size whose latency is below the geometric
 * mean of its plateau and the next; its parallelism is the largest
 * k * t(1) / t(k) for k interleaved chains inside the plateau.
 *
 * The curve's sizes up to PROBE_ROUND_MAX are timed together in
 * interleaved rounds (probe_chain_sizes), each in a region of its own.
 *
 * usage: cache [-c] [-L <line>] [-M <len>] [-W <warmup>] [-N <repetitions>]
 */
#include "bench.h"
#include "lib_report.h"
#include "lib_mem.h"
#include "lib_probe.h"

#include <math.h>

#define DEFAULT_LEN	((size_t)64 << 20)
#define FIRST_SIZE	1024
#define MAX_POINTS	256
#define SEG_TOL		1.3	/* a plateau: within 30% of its start */
#define SEG_MIN		3	/* sizes in a plateau: most of an octave */
#define MERGE_RATIO	1.6	/* levels differ by more than this */
#define CACHE_SEED	0x6361636865ULL

struct curve {
	size_t size[MAX_POINTS];
	double t[MAX_POINTS], f[MAX_POINTS];
	int n;
};

struct plateau {
	int lo, hi;		/* indices, inclusive */
	double lat;
};

static size_t next_size(size_t s)
{
	size_t q = 1;

	while (q <= s / 2)
		q *= 2;
	return s + q / 4;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(const double *v, int n)
{
	double tmp[MAX_POINTS];

	memcpy(tmp, v, (size_t)n * sizeof(*v));
	qsort(tmp, (size_t)n, sizeof(*tmp), cmp_double);
	return tmp[(n - 1) / 2];
}

/* Plateaus of the smoothed curve, merged into levels; returns count. */
static int find_levels(struct curve *cv, struct plateau *pl)
{
	int i, j, np = 0, m;

	for (i = 0; i < cv->n; i++)
		cv->f[i] = (i == 0 || i == cv->n - 1)
				   ? cv->t[i]
				   : median(cv->t + i - 1, 3);
	for (i = 0; i < cv->n; i = j) {
		for (j = i + 1; j < cv->n && cv->f[j] <= SEG_TOL * cv->f[i];
		     j++)
			;
		if (j - i >= SEG_MIN) {
			pl[np].lo = i;
			pl[np].hi = j - 1;
			pl[np].lat = median(cv->f + i, j - i);
			np++;
		}
	}
	for (i = 0, m = 0; i < np; i++) {
		if (m > 0 && pl[i].lat < MERGE_RATIO * pl[m - 1].lat) {
			pl[m - 1].hi = pl[i].hi;
			pl[m - 1].lat = median(cv->f + pl[m - 1].lo,
					       pl[m - 1].hi - pl[m - 1].lo + 1);
		} else {
			pl[m++] = pl[i];
		}
	}
	return m;
}

static const char usage[] =
	"[-c] [-L <line>] [-M <len>] [-W <warmup>] [-N <repetitions>]\n";

/* --help: a line per option and operand (bench_init_help). */
static const struct bench_help help[] = {
	{"-c", "also print the latency curve the levels come from"},
	PROBE_HELP_LINE,
	{"-M", "the largest size timed (default 64 MB)"},
	{NULL, NULL}
};

/* Memory's load latency and how many loads it overlaps. */
static const struct metric memory = {
	.name = "cache.memory.latency", .unit = "nanoseconds",
	.better = BETTER_LOWER
}, memory_par = {
	.name = "cache.memory.parallelism", .unit = "parallelism",
	.better = BETTER_HIGHER
};

int main(int argc, char *argv[])
{
	struct bench_opts opts = BENCH_OPTS_DEFAULT;
	struct chain_spec spec = {CHAIN_RANDOM, 0, 0, 0, CACHE_SEED};
	struct plateau pl[MAX_POINTS];
	static struct curve cv;
	size_t len = DEFAULT_LEN, line = 0, s, mid;
	double cut, par, mem;
	struct probe pr;
	int i, j, np, curve = 0, levels;
	char name[32], label[32];
	struct metric level = {.name = name, .unit = "nanoseconds",
			       .better = BETTER_LOWER};

	bench_init_help(argc, argv, usage, help);
	probe_args(argc, argv, 'c', &opts, &curve, &len, &line);
	probe_check_line(line);
	if (len < 64 * 1024)
		bench_fail("-M %zu: at least 64K is needed", len);
	probe_check_len("-M", len, 1);
	probe_init(&pr, len, MEM_HUGE, &opts);
	if (line == 0 && (line = probe_line_size(&pr, NULL)) == 0)
		line = 64;	/* no step seen: the common size */
	if (curve)
		fprintf(stderr, "# page size %zu bytes, line %zu bytes\n",
			mem_page_size_of(pr.buf), line);
	spec.stride = line;
	for (s = FIRST_SIZE; cv.n < MAX_POINTS; s = next_size(s)) {
		if (s > len)
			s = len;
		cv.size[cv.n++] = s;
		if (s == len)
			break;
	}
	probe_chain_sizes(&pr, &spec, cv.size, cv.n, cv.t);
	for (i = 0; curve && i < cv.n; i++)
		fprintf(stderr, "# %.5f %.3f\n",
			(double)cv.size[i] / (1024 * 1024), cv.t[i]);
	np = find_levels(&cv, pl);
	if (np < 1) {
		errno = 0;
		bench_die("no plateau in the latency curve (noisy machine?)");
	}
	/* The last plateau is memory only if the curve ends on it. */
	levels = pl[np - 1].hi == cv.n - 1 ? np - 1 : np;
	/*
	 * One plateau from the first size to len is the first level, not
	 * memory: nothing was found (seen on a busy machine, whose noise hid
	 * a step a sweep within L2 shows when idle).
	 */
	if (levels == 0 && pl[0].lo == 0) {
		errno = 0;
		bench_die("no step in the latency curve from %d to %zu bytes "
			  "(noisy machine, or all within one level: try a "
			  "larger -M)", FIRST_SIZE, len);
	}
	for (i = 0; i < levels; i++) {
		cut = i + 1 < np ? sqrt(pl[i].lat * pl[i + 1].lat)
				 : 2 * pl[i].lat;
		for (j = pl[i].lo; j + 1 < cv.n && cv.f[j + 1] <= cut; j++)
			;
		mid = cv.size[(pl[i].lo + pl[i].hi + 1) / 2];
		par = probe_parallelism(&pr, &spec, mid);
		fprintf(stderr, "L%d cache: %zu bytes %.2f nanoseconds "
			"%zu linesize %.2f parallelism\n", i + 1, cv.size[j],
			pl[i].lat, line, par);
		snprintf(name, sizeof(name), "cache.l%d.latency", i + 1);
		snprintf(label, sizeof(label), "L%d cache", i + 1);
		metric_value(&level, label, pl[i].lat);
	}
	if (levels == np) {
		fprintf(stderr, "# the curve still rises at %zu bytes: memory "
			"latency is the last point (try a larger -M)\n", len);
		par = probe_parallelism(&pr, &spec, len);
		mem = cv.f[cv.n - 1];
	} else {
		par = probe_parallelism(&pr, &spec, len);
		mem = pl[np - 1].lat;
	}
	fprintf(stderr, "Memory latency: %.2f nanoseconds %.2f "
		"parallelism\n", mem, par);
	metric_value(&memory, "Memory latency", mem);
	metric_value(&memory_par, "Memory latency parallelism", par);
	probe_free(&pr);
	return 0;
}
