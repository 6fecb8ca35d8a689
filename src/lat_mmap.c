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
 * each parallel copy a private copy of the file.
 *
 * usage: lat_mmap [-r] [-C] [-P <parallelism>] [-W <warmup>]
 *                 [-N <repetitions>] <size> <file>
 */
#include "bench.h"
#include "lib_file.h"
#include "lib_report.h"

#include <sys/mman.h>

/* Distance between the bytes read in a mapping. */
#define TOUCH_STRIDE	(16 * 1024)

struct state {
	struct file_set files;
	size_t size;
	int random;
	const char *path;	/* this copy's file */
	int fd;
	size_t ntouch;
	size_t *offsets;	/* where to read, in the order to read */
};

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

/* Per copy: its file in the cache, opened, and the order of the reads. */
static void init_copy(iter_t n, void *cookie)
{
	struct state *st = cookie;
	size_t i;

	if (n != 0)
		return;
	st->path = file_set_path(&st->files);
	file_warm(st->path, st->size);
	st->fd = file_open(st->path);
	st->ntouch = (st->size + TOUCH_STRIDE - 1) / TOUCH_STRIDE;
	st->offsets = malloc(st->ntouch * sizeof(*st->offsets));
	if (st->offsets == NULL)
		bench_die("out of memory");
	file_order(st->offsets, st->ntouch, st->random);
	for (i = 0; i < st->ntouch; i++)
		st->offsets[i] *= TOUCH_STRIDE;
}

static void cleanup_copy(iter_t n, void *cookie)
{
	struct state *st = cookie;

	if (n != 0)
		return;
	close(st->fd);
	free(st->offsets);
}

static const char usage[] =
	"[-r] [-C] [-P <parallelism>] [-W <warmup>] [-N <repetitions>] "
	"<size> <file>\n";

/* --help: a line per option and operand (bench_init_help). */
static const struct bench_help help[] = {
	{"-r", "touch the pages in random order"},
	FILE_HELP_PRIVATE,
	{"<size>", "bytes of the file mapped per iteration"},
	{"<file>", "the file, at least <size> bytes"},
	{NULL, NULL}
};

int main(int argc, char *argv[])
{
	struct bench_opts opts = BENCH_OPTS_DEFAULT;
	struct state st;
	int c, private_copies = 0;

	memset(&st, 0, sizeof(st));
	bench_init_help(argc, argv, usage, help);
	while ((c = getopt(argc, argv, "rC" BENCH_COMMON_OPTS)) != -1) {
		if (bench_common_opt(c, optarg, &opts))
			continue;
		if (c == 'r')
			st.random = 1;
		else if (c == 'C')
			private_copies = 1;
		else
			bench_usage();
	}
	if (argc - optind != 2)
		bench_usage();
	st.size = bench_arg_size(argv[optind]);
	if (st.size == 0)
		bench_fail("size must be at least one byte");
	file_check(argv[optind + 1], st.size);
	file_set_make(&st.files, argv[optind + 1], private_copies,
		      opts.parallel);

	benchmp(init_copy, do_mmap, cleanup_copy, 0, opts.parallel,
		opts.warmup, opts.repetitions, &st);
	fprintf(stderr, "%.6f %.4f\n", (double)st.size / 1e6,
		report_median(1e-3, 0));
	report_stats_line("mmap+munmap", "microseconds", 1e-3, 0);
	file_set_free(&st.files);
	return 0;
}
