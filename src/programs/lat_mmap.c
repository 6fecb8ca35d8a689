/*
 * lat_mmap - cost of mapping a cached file, touching it and unmapping it.
 *
 * One iteration: mmap() the first <size> bytes of the file (read-only,
 * shared), read one byte in every 16 KB of the mapping, munmap().  The
 * reads fault the pages in (Linux maps the neighbours of a faulting page
 * too, up to its fault-around window), so the figure is what a program
 * pays to map a file and start using it, as lmbench3's mappings series.
 * -r reads the same bytes in a random order (fixed seed) instead of from
 * the start to the end, which defeats any benefit of ascending faults.
 * The file is read once before timing, so its pages are in the page
 * cache; the descriptor is opened once, outside the timed loop.  -C gives
 * each parallel copy a private copy of the file.  Several sizes are timed
 * in interleaved rounds (benchmp_rounds), one line each in their order.
 *
 * usage: lat_mmap [-r] [-C] [-P <parallelism>] [-W <warmup>]
 *                 [-N <repetitions>] <size>... <file>
 */
#include "bench.h"
#include "lib_file.h"

#include <sys/mman.h>

/* Distance between the bytes read in a mapping. */
#define TOUCH_STRIDE	(16 * 1024)
#define MAX_SIZES	16

/* The file, or each copy's private one: shared by all sizes. */
static struct file_set files;

struct state {
	size_t size;
	const char *path;	/* this copy's file */
	size_t ntouch;
	size_t *offsets;	/* where to read, in the order to read */
	int random;		/* -r */
	int private_copies;	/* -C (read from the options' state) */
	int fd;
};

/* Per copy: its file in the cache, opened, and the order of the reads. */
static void setup_copy(void *cookie)
{
	struct state *st = cookie;
	size_t i;

	st->path = file_set_path(&files);
	file_warm(st->path, st->size);
	st->fd = file_open(st->path);
	st->ntouch = (st->size + TOUCH_STRIDE - 1) / TOUCH_STRIDE;
	st->offsets = bench_alloc(st->ntouch, sizeof(*st->offsets));
	file_order(st->offsets, st->ntouch, st->random);
	for (i = 0; i < st->ntouch; i++)
		st->offsets[i] *= TOUCH_STRIDE;
}

static void do_mmap(iter_t n, void *cookie)
{
	struct state *st = cookie;
	const size_t *off, *end = st->offsets + st->ntouch;
	unsigned sum = 0;
	char *p;

	while (n-- > 0) {
		p = mmap(NULL, st->size, PROT_READ, MAP_SHARED, st->fd, 0);
		if (p == MAP_FAILED)
			bench_die("mmap %s", st->path);
		for (off = st->offsets; off < end; off++)
			sum += ((volatile const char *)p)[*off];
		if (munmap(p, st->size) != 0)
			bench_die("munmap");
	}
	use_int((int)sum);
}

static void takedown_copy(void *cookie)
{
	struct state *st = cookie;

	close(st->fd);
	free(st->offsets);
}

/* The points of the run's "mappings: x MB mapped, y microseconds. */
static const struct metric series = {
	.name = "mmap.latency", .unit = "microseconds", .better = BETTER_LOWER,
	.x_name = "size", .x_unit = "MB"
}, series_random = {
	.name = "mmap.random_latency", .unit = "microseconds",
	.better = BETTER_LOWER, .x_name = "size", .x_unit = "MB"
};

static void report(const struct bench_result *r, const struct state *st,
		   int i)
{
	double us = report_median(r, 1e-3, 0);
	char x[32];

	snprintf(x, sizeof(x), "%.6f", (double)st->size / 1e6);
	fprintf(stderr, "%s %.4f\n", x, us);
	report_result(r, st->random ? &series_random : &series,
		      &(struct report_at){.x = x, .i = i}, "mmap+munmap", us,
		      1e-3, 0);
}

static int run(const struct bench_run *r)
{
	const struct state *given = r->state;
	struct state st[MAX_SIZES];
	struct bench_point pts[MAX_SIZES];
	size_t maxsize = 0;
	int i, nsizes = r->argc - 1, random = given->random;

	memset(st, 0, sizeof(st));
	if (nsizes > MAX_SIZES)
		bench_fail("%d sizes: at most %d", nsizes, MAX_SIZES);
	for (i = 0; i < nsizes; i++) {
		st[i].size = bench_arg_size(r->argv[i]);
		if (st[i].size == 0)
			bench_fail("size must be at least one byte");
		st[i].random = random;
		if (st[i].size > maxsize)
			maxsize = st[i].size;
	}
	file_check(r->argv[r->argc - 1], maxsize);
	file_set_make(&files, r->argv[r->argc - 1], given->private_copies,
		      r->opts.parallel);
	metric_series(random ? &series_random : &series);
	if (nsizes == 1) {
		benchmp_copy(setup_copy, do_mmap, takedown_copy, &r->opts,
			     &st[0]);
		report(result_last(), &st[0], 0);
	} else {
		for (i = 0; i < nsizes; i++)
			pts[i] = BENCH_POINT_COPY(setup_copy, do_mmap,
						  takedown_copy, &st[i]);
		benchmp_rounds(pts, nsizes, r->opts.parallel, r->opts.warmup,
			       r->opts.repetitions);
		for (i = 0; i < nsizes; i++) {
			report(pts[i].result, &st[i], i);
			bench_point_free(&pts[i]);
		}
	}
	file_set_free(&files);
	return 0;
}

BENCH_MAIN(.usage = "[-r] [-C] " BENCH_USAGE_PWN " <size>... <file>\n",
	   .min_ops = 2, .max_ops = -1, BENCH_STATE(0),
	   .options = BENCH_OPTIONS(
		BENCH_FLAG("-r", "touch the pages in random order", random),
		FILE_ROW_PRIVATE(private_copies),
		BENCH_OPERAND("<size>", "bytes of the file mapped per "
			      "iteration; several sizes: one line each, timed "
			      "in interleaved rounds"),
		BENCH_OPERAND("<file>", "the file, at least as large as the "
			      "largest size")))
