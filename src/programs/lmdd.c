/*
 * lmdd - copy blocks from an input to an output, as dd(1) does, and
 * report the bandwidth.
 *
 * The clock runs from the first read (after both ends are open and
 * positioned) to the end of the last write, including the fsync() when
 * fsync=1 asks for one; open and close are outside it.  MB = 10^6 bytes.
 * `internal` as input is a buffer in memory (no read), as output it
 * discards (no write), so either end can be measured alone.
 *
 * Safety: an output file is created new (O_EXCL).  Anything that exists
 * already - a file, a device - is written only with force=1, and is never
 * truncated unless trunc=1 asks for it.  /dev/null is always allowed.  A
 * file lmdd created is removed again if the copy does not complete.
 *
 * usage: lmdd [if=file|internal] [of=file|internal] [bs=size] [count=n]
 *             [move=size] [skip=n] [seek=n] [fsync=0|1] [label=text]
 *             [print=0|1|2] [opat=0|1] [ipat=0|1] [force=0|1] [trunc=0|1]
 */
#include "bench.h"
#include "lib_ddargs.h"

#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <sys/stat.h>

struct state {
	struct dd_args a;	/* the command line */
	int ifd, ofd;		/* -1: internal */
	char *buf;
	uint64 moved;		/* bytes written (or read, to internal) */
	uint64 bad_at;		/* ipat: first mismatching offset + 1 */
};

/* The pattern: each 4-byte word holds its own file offset / 4. */
static void fill_pattern(char *buf, size_t len, uint64 offset)
{
	uint32_t w;
	size_t i;

	for (i = 0; i + sizeof(w) <= len; i += sizeof(w)) {
		w = (uint32_t)((offset + i) / sizeof(w));
		memcpy(buf + i, &w, sizeof(w));
	}
}

/* Offset + 1 of the first word that breaks the pattern, or 0. */
static uint64 check_pattern(const char *buf, size_t len, uint64 offset)
{
	uint32_t w;
	size_t i;

	for (i = 0; i + sizeof(w) <= len; i += sizeof(w)) {
		memcpy(&w, buf + i, sizeof(w));
		if (w != (uint32_t)((offset + i) / sizeof(w)))
			return offset + i + 1;
	}
	return 0;
}

static void write_all(struct state *st, const char *p, size_t len)
{
	ssize_t w;

	while (len > 0) {
		w = write(st->ofd, p, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			bench_die("write %s", st->a.out);
		p += w;
		len -= (size_t)w;
	}
}

/* The timed copy: the whole transfer is one iteration. */
static void copy(iter_t n, void *cookie)
{
	struct state *st = cookie;
	uint64 ioff = (uint64)st->a.skip * st->a.bs;
	uint64 ooff = (uint64)st->a.seek * st->a.bs;
	ssize_t r;
	long blk;

	(void)n;
	for (blk = 0; st->a.count < 0 || blk < st->a.count; blk++) {
		r = (ssize_t)st->a.bs;
		if (st->ifd >= 0) {
			r = read(st->ifd, st->buf, st->a.bs);
			if (r < 0 && errno == EINTR) {
				blk--;
				continue;
			}
			if (r < 0)
				bench_die("read %s", st->a.in);
			if (r == 0)
				break;
		}
		if (st->a.ipat && st->bad_at == 0)
			st->bad_at = check_pattern(st->buf, (size_t)r, ioff);
		if (st->a.opat)
			fill_pattern(st->buf, (size_t)r, ooff);
		if (st->ofd >= 0)
			write_all(st, st->buf, (size_t)r);
		ioff += (uint64)r;
		ooff += (uint64)r;
		st->moved += (uint64)r;
	}
	if (st->a.fsync && st->ofd >= 0 && fsync(st->ofd) != 0)
		bench_die("fsync %s", st->a.out);
}

static void open_input(struct state *st)
{
	if (strcmp(st->a.in, "internal") == 0)
		return;
	st->ifd = open(st->a.in, O_RDONLY);
	if (st->ifd < 0)
		bench_fail("%s: %s", st->a.in, strerror(errno));
	if (st->a.skip > 0 &&
	    lseek(st->ifd, (off_t)st->a.skip * (off_t)st->a.bs, SEEK_SET) < 0)
		bench_die("skip in %s", st->a.in);
}

/*
 * 1 if the output sb is the open input and holds data (a file or a
 * block device): copying it onto itself (worse, truncated first)
 * destroys it and measures nothing.
 */
static int same_storage(const struct state *st, const struct stat *sb)
{
	struct stat in;

	if (st->ifd < 0 || fstat(st->ifd, &in) != 0)
		return 0;
	return in.st_dev == sb->st_dev && in.st_ino == sb->st_ino &&
	       (S_ISREG(sb->st_mode) || S_ISBLK(sb->st_mode));
}

static void open_output(struct state *st)
{
	struct stat sb;
	int flags = O_WRONLY;

	if (strcmp(st->a.out, "internal") == 0)
		return;
	if (stat(st->a.out, &sb) == 0) {
		if (same_storage(st, &sb))
			bench_fail("%s and %s are the same file; it would be "
				   "read while overwritten", st->a.in, st->a.out);
		if (!st->a.force && strcmp(st->a.out, "/dev/null") != 0)
			bench_fail("%s exists; force=1 writes over it",
				   st->a.out);
		if (st->a.trunc && S_ISREG(sb.st_mode))
			flags |= O_TRUNC;
		st->ofd = open(st->a.out, flags);
	} else if (errno == ENOENT) {
		sigset_t all, old;

		/* No signal between creating the file and registering it. */
		sigfillset(&all);
		sigprocmask(SIG_BLOCK, &all, &old);
		st->ofd = open(st->a.out, flags | O_CREAT | O_EXCL, 0644);
		if (st->ofd >= 0)
			bench_tmp_register(st->a.out);
		sigprocmask(SIG_SETMASK, &old, NULL);
	}
	if (st->ofd < 0)
		bench_fail("%s: %s", st->a.out, strerror(errno));
	if (st->a.seek > 0 &&
	    lseek(st->ofd, (off_t)st->a.seek * (off_t)st->a.bs, SEEK_SET) < 0)
		bench_die("seek in %s", st->a.out);
}

/*
 * The metric: file.{write,read,copy}_bandwidth by which end is a file
 * (one interval: no samples); print=2 gives the time instead.
 */
static void report(const struct state *st, double ns)
{
	double secs = ns / 1e9, mbs = (double)st->moved * 1e3 / ns;
	int reads = strcmp(st->a.in, "internal") != 0;
	int writes = strcmp(st->a.out, "internal") != 0;
	const char *how = !reads ? "write" : !writes ? "read" : "copy";
	char name[64];
	struct metric m = {
		.name = name, .unit = "MB/sec", .better = BETTER_HIGHER,
		.bytes = !reads ? "bytes written" : !writes ? "bytes read"
				 : "bytes copied (counted once)"
	};

	if (ns <= 0)
		bench_die("the copy took no measurable time");
	snprintf(name, sizeof(name), "file.%s_%s", how,
		 st->a.print == 2 ? "time" : "bandwidth");
	if (st->a.print == 0)
		fprintf(stderr, "%s%.2f MB/sec (%.4f MB in %.4f secs)\n",
			st->a.label, mbs, (double)st->moved / 1e6, secs);
	else if (st->a.print == 1)
		fprintf(stderr, "%s%.2f MB/sec\n", st->a.label, mbs);
	else
		fprintf(stderr, "%s%.4f secs\n", st->a.label, secs);
	if (st->a.print == 2) {
		m.unit = "seconds";
		m.better = BETTER_LOWER;
		m.bytes = NULL;
	}
	metric_value(&m, st->a.label, st->a.print == 2 ? secs : mbs);
}

static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	char why[128];
	double ns;

	if (dd_args_parse(&st->a, r->argc, r->argv, why, sizeof(why)) != 0) {
		if (*why == '\0')
			bench_usage();
		bench_fail("%s", why);
	}
	st->buf = malloc(st->a.bs);
	if (st->buf == NULL)
		bench_fail("bs=%lu: cannot allocate", (unsigned long)st->a.bs);
	memset(st->buf, 0, st->a.bs);	/* touched before the clock starts */
	open_input(st);
	open_output(st);
	ns = timing_once(NULL, copy, NULL, 1, st);
	if (st->ofd >= 0 && close(st->ofd) != 0)
		bench_die("close %s", st->a.out);
	if (st->a.ipat && st->bad_at != 0) {
		fprintf(stderr, "%s: %s: pattern mismatch at offset %llu\n",
			bench_progname(), st->a.in,
			(unsigned long long)(st->bad_at - 1));
		exit(1);
	}
	/* Complete: the user's file now. */
	bench_tmp_unregister(st->a.out);
	report(st, ns);
	free(st->buf);
	return 0;
}

BENCH_MAIN(.usage = "[if=file|internal] [of=file|internal] [bs=size] "
		    "[count=n] [move=size] [skip=n] [seek=n] [fsync=0|1] "
		    "[label=text] [print=0|1|2] [opat=0|1] [ipat=0|1] "
		    "[force=0|1] [trunc=0|1]\n",
	   .max_ops = -1, BENCH_STATE(.ifd = -1, .ofd = -1),
	   .options = BENCH_OPTIONS(
		BENCH_OPERAND("if", "input file (default internal: a buffer, "
			      "no read)"),
		BENCH_OPERAND("of", "output file (default internal: discard, "
			      "no write)"),
		BENCH_OPERAND("bs", "block size in bytes, k/m/g suffixes "
			      "(default 8k)"),
		BENCH_OPERAND("count",
			      "blocks to copy (default: until the input ends)"),
		BENCH_OPERAND("move", "bytes to copy, a multiple of bs, "
			      "instead of count"),
		BENCH_OPERAND("skip", "start reading at this block of the "
			      "input"),
		BENCH_OPERAND("seek", "start writing at this block of the "
			      "output"),
		BENCH_OPERAND("fsync", "1: the fsync() of the output is timed "
			      "too"),
		BENCH_OPERAND("label", "text printed before the result, as is"),
		BENCH_OPERAND("print", "0: the full line (default), 1: MB/s "
			      "only, 2: seconds only"),
		BENCH_OPERAND("opat", "1: each 4-byte word written holds its "
			      "offset / 4"),
		BENCH_OPERAND("ipat", "1: check the input holds that pattern"),
		BENCH_OPERAND("force", "1: allow writing to a path that exists"),
		BENCH_OPERAND("trunc", "1: with force=1, truncate an existing "
			      "file first")))
