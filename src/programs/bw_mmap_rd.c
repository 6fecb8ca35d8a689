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
	struct file_bw f;	/* first: the harness's part */
	void *map;		/* mmap_only: the mapping */
};

static void *map_file(const struct file_bw *f, int fd)
{
	void *p = mmap(NULL, f->size, PROT_READ, MAP_SHARED, fd, 0);

	if (p == MAP_FAILED)
		bench_die("mmap %s", f->path);
	return p;
}

static void do_mmap_only(iter_t n, void *cookie)
{
	struct state *st = cookie;
	uint64_t sum = 0;

	while (n-- > 0)
		sum += file_sum(st->map, st->f.size);
	use_int((int)sum);
}

static void do_open2close(iter_t n, void *cookie)
{
	struct state *st = cookie;
	uint64_t sum = 0;
	void *p;
	int fd;

	while (n-- > 0) {
		fd = file_open(st->f.path);
		p = map_file(&st->f, fd);
		sum += file_sum(p, st->f.size);
		munmap(p, st->f.size);
		close(fd);
	}
	use_int((int)sum);
}

/* Per copy, once its file is warm and open: the mapping mmap_only reads. */
static void setup(struct file_bw *f)
{
	((struct state *)f)->map = map_file(f, f->fd);
}

static void takedown(struct file_bw *f)
{
	munmap(((struct state *)f)->map, f->size);
}

static const struct file_bw_variant variants[] = {
	{"mmap_only", do_mmap_only,
	 "map once; each pass sums every word", "mmap.reread"},
	{"open2close", do_open2close,
	 "each pass opens, maps, sums, unmaps, closes",
	 "mmap.reread_open2close"},
};

FILE_BW_MAIN(variants, .size_help = "bytes mapped and read per pass",
	     .setup = setup, .takedown = takedown)
