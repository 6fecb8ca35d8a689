/*
 * bw_mmap_rd - bandwidth of reading a cached file through mmap().
 *
 *   mmap_only   the first <size> bytes are mapped once, before timing;
 *               each pass sums every 64-bit word of the mapping (after
 *               the first pass this is a read of page-cache memory with
 *               the page tables already filled)
 *   open2close  each pass opens the file, maps it, sums every word,
 *               unmaps and closes it: the page faults that fill the page
 *               tables are part of every pass
 *
 * The file is read once before timing, so its pages are in the page
 * cache.  Bandwidth counts <size> bytes per pass (summed over -P copies),
 * MB = 10^6.  -C gives each copy a private copy of the file.
 *
 * usage: bw_mmap_rd [-C] [-P <parallelism>] [-W <warmup>]
 *                   [-N <repetitions>] <size> mmap_only|open2close <file>
 */
#include "bench.h"
#include "lib_file.h"

#include <sys/mman.h>

struct state {
	struct file_set files;
	size_t size;
	const char *path;	/* this copy's file */
	int fd;
	void *map;		/* mmap_only: the mapping */
};

static void *map_file(const struct state *st, int fd)
{
	void *p = mmap(NULL, st->size, PROT_READ, MAP_SHARED, fd, 0);

	if (p == MAP_FAILED)
		bench_die("mmap %s", st->path);
	return p;
}

static void do_mmap_only(iter_t n, void *cookie)
{
	struct state *st = cookie;
	uint64_t sum = 0;

	while (n-- > 0)
		sum += file_sum(st->map, st->size);
	use_int((int)sum);
}

static void do_open2close(iter_t n, void *cookie)
{
	struct state *st = cookie;
	uint64_t sum = 0;
	void *p;
	int fd;

	while (n-- > 0) {
		fd = file_open(st->path);
		p = map_file(st, fd);
		sum += file_sum(p, st->size);
		munmap(p, st->size);
		close(fd);
	}
	use_int((int)sum);
}

/* Per copy: its file, warmed into the cache (and mapped for mmap_only). */
static void init_copy(iter_t n, void *cookie)
{
	struct state *st = cookie;

	if (n != 0)
		return;
	st->path = file_set_path(&st->files);
	file_warm(st->path, st->size);
	st->fd = file_open(st->path);
	st->map = map_file(st, st->fd);
}

static void cleanup_copy(iter_t n, void *cookie)
{
	struct state *st = cookie;

	if (n != 0)
		return;
	munmap(st->map, st->size);
	close(st->fd);
}

static const struct variant {
	const char *name;
	benchmp_f bench;
	const char *help;	/* its --help line */
	const char *series;	/* the run's series of its points */
} variants[] = {
	{"mmap_only", do_mmap_only,
	 "map once; each pass sums every word", "mmap.reread"},
	{"open2close", do_open2close,
	 "each pass opens, maps, sums, unmaps, closes",
	 "mmap.reread_open2close"},
};
#define NVARIANTS (sizeof(variants) / sizeof(variants[0]))

static const char usage[] =
	"[-C] [-P <parallelism>] [-W <warmup>] [-N <repetitions>] <size> "
	"%s <file>\n";

/* --help: a line per option and operand (bench_init_help). */
static const struct bench_help help[] = {
	FILE_HELP_PRIVATE,
	{"<size>", "bytes mapped and read per pass"},
	{"<file>", "the file, at least <size> bytes"},
	{NULL, NULL}
};

int main(int argc, char *argv[])
{
	struct bench_opts opts = BENCH_OPTS_DEFAULT;
	const struct variant *v;
	struct state st;

	memset(&st, 0, sizeof(st));
	BENCH_INIT_VARIANTS_HELP(argc, argv, usage, help, variants);
	v = &variants[file_bw_args(argc, argv, variants, NVARIANTS,
				   sizeof(variants[0]), &opts, &st.size,
				   &st.files)];
	benchmp(init_copy, v->bench, cleanup_copy, 0, opts.parallel,
		opts.warmup, opts.repetitions, &st);
	file_bw_report(st.size, opts.parallel, v->name, v->series);
	file_set_free(&st.files);
	return 0;
}
