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

/* read() size: lmbench3's transfer size, a buffer that stays in L2. */
#define XFER	(64 * 1024)

struct state {
	struct file_bw f;	/* the harness's part; f.buf: XFER bytes */
};

/* Read and use the first size bytes of fd. */
static uint64_t read_pass(struct state *st, int fd)
{
	uint64_t sum = 0;
	size_t off, want;
	ssize_t r;

	for (off = 0; off < st->f.size; off += (size_t)r) {
		want = st->f.size - off < XFER ? st->f.size - off : XFER;
		r = pread(fd, st->f.buf, want, (off_t)off);
		if (r <= 0)
			bench_die("read %s", st->f.path);
		sum += file_sum(st->f.buf, (size_t)r);
	}
	return sum;
}

static void do_io_only(iter_t n, void *cookie)
{
	struct state *st = cookie;
	uint64_t sum = 0;

	while (n-- > 0)
		sum += read_pass(st, st->f.fd);
	use_int((int)sum);
}

static void do_open2close(iter_t n, void *cookie)
{
	struct state *st = cookie;
	uint64_t sum = 0;
	int fd;

	while (n-- > 0) {
		fd = file_open(st->f.path);
		sum += read_pass(st, fd);
		close(fd);
	}
	use_int((int)sum);
}

static const struct file_bw_variant variants[] = {
	{"io_only", do_io_only,
	 "open once; each pass reads with pread()", "file.reread"},
	{"open2close", do_open2close,
	 "each pass also opens and closes the file",
	 "file.reread_open2close"},
};

FILE_BW_MAIN(variants, .size_help = "bytes read per pass", .buf_size = XFER)
