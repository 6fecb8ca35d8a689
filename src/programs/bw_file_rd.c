/*
 * bw_file_rd - bandwidth of re-reading a cached file with read().
 *
 *   io_only     the file is opened once; each pass reads its first
 *               <size> bytes with pread() in 64 KB chunks into one buffer
 *               and sums every 64-bit word of each chunk
 *   open2close  each pass also opens and closes the file
 *
 * The file is read once before timing so the passes find it in the page
 * cache: this is the cost of the copy out of the cache plus using the
 * data, not of the disk.  Bandwidth counts <size> bytes per pass (summed
 * over -P copies), MB = 10^6.  -C gives each copy a private copy of the
 * file instead of all copies reading the one file.
 *
 * usage: bw_file_rd [-C] [-P <parallelism>] [-W <warmup>]
 *                   [-N <repetitions>] <size> io_only|open2close <file>
 */
#include "bench.h"
#include "lib_file.h"
#include "lib_mem.h"

/* read() size: lmbench3's transfer size, a buffer that stays in L2. */
#define XFER	(64 * 1024)

struct state {
	struct file_set files;
	size_t size;
	const char *path;	/* this copy's file */
	int fd;
	char *buf;
};

/* Read and use the first size bytes of fd. */
static uint64_t read_pass(struct state *st, int fd)
{
	uint64_t sum = 0;
	size_t off, want;
	ssize_t r;

	for (off = 0; off < st->size; off += (size_t)r) {
		want = st->size - off < XFER ? st->size - off : XFER;
		r = pread(fd, st->buf, want, (off_t)off);
		if (r <= 0)
			bench_die("read %s", st->path);
		sum += file_sum(st->buf, (size_t)r);
	}
	return sum;
}

static void do_io_only(iter_t n, void *cookie)
{
	struct state *st = cookie;
	uint64_t sum = 0;

	while (n-- > 0)
		sum += read_pass(st, st->fd);
	use_int((int)sum);
}

static void do_open2close(iter_t n, void *cookie)
{
	struct state *st = cookie;
	uint64_t sum = 0;
	int fd;

	while (n-- > 0) {
		fd = file_open(st->path);
		sum += read_pass(st, fd);
		close(fd);
	}
	use_int((int)sum);
}

/* Per copy: its file, warmed into the cache, and the read buffer. */
static void init_copy(iter_t n, void *cookie)
{
	struct state *st = cookie;

	if (n != 0)
		return;
	st->path = file_set_path(&st->files);
	file_warm(st->path, st->size);
	st->fd = file_open(st->path);
	st->buf = mem_alloc(XFER, 0);
}

static void cleanup_copy(iter_t n, void *cookie)
{
	struct state *st = cookie;

	if (n != 0)
		return;
	close(st->fd);
	mem_free(st->buf, XFER);
}

static const struct variant {
	const char *name;
	benchmp_f bench;
	const char *help;	/* its --help line */
	const char *series;	/* the run's series of its points */
} variants[] = {
	{"io_only", do_io_only,
	 "open once; each pass reads with pread()", "file.reread"},
	{"open2close", do_open2close,
	 "each pass also opens and closes the file",
	 "file.reread_open2close"},
};
#define NVARIANTS (sizeof(variants) / sizeof(variants[0]))

static const char usage[] =
	"[-C] [-P <parallelism>] [-W <warmup>] [-N <repetitions>] <size> "
	"%s <file>\n";

/* --help: a line per option and operand (bench_init_help). */
static const struct bench_help help[] = {
	FILE_HELP_PRIVATE,
	{"<size>", "bytes read per pass"},
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
