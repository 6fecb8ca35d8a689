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
#include "lib_timing.h"

#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <sys/stat.h>

/* dd's habit is 512; 8 KB keeps the syscall cost out of file bandwidth. */
#define DEFAULT_BS	8192

struct state {
	const char *in, *out, *label;
	size_t bs;
	long count;		/* blocks; -1: until end of input */
	long skip, seek;
	int fsync, print, opat, ipat, force, trunc;
	int ifd, ofd;		/* -1: internal */
	char *buf;
	uint64 moved;		/* bytes written (or read, to internal) */
	uint64 bad_at;		/* ipat: first mismatching offset + 1 */
};

static const char usage[] =
	"[if=file|internal] [of=file|internal] [bs=size] [count=n] "
	"[move=size] [skip=n] [seek=n] [fsync=0|1] [label=text] "
	"[print=0|1|2] [opat=0|1] [ipat=0|1] [force=0|1] [trunc=0|1]\n";

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
			bench_die("write %s", st->out);
		p += w;
		len -= (size_t)w;
	}
}

/* The timed copy: the whole transfer is one iteration. */
static void copy(iter_t n, void *cookie)
{
	struct state *st = cookie;
	uint64 ioff = (uint64)st->skip * st->bs;
	uint64 ooff = (uint64)st->seek * st->bs;
	ssize_t r;
	long blk;

	(void)n;
	for (blk = 0; st->count < 0 || blk < st->count; blk++) {
		r = (ssize_t)st->bs;
		if (st->ifd >= 0) {
			r = read(st->ifd, st->buf, st->bs);
			if (r < 0 && errno == EINTR) {
				blk--;
				continue;
			}
			if (r < 0)
				bench_die("read %s", st->in);
			if (r == 0)
				break;
		}
		if (st->ipat && st->bad_at == 0)
			st->bad_at = check_pattern(st->buf, (size_t)r, ioff);
		if (st->opat)
			fill_pattern(st->buf, (size_t)r, ooff);
		if (st->ofd >= 0)
			write_all(st, st->buf, (size_t)r);
		ioff += (uint64)r;
		ooff += (uint64)r;
		st->moved += (uint64)r;
	}
	if (st->fsync && st->ofd >= 0 && fsync(st->ofd) != 0)
		bench_die("fsync %s", st->out);
}

static long flag(const char *v)
{
	return bench_arg_long(v, 0, 1);
}

static void parse(struct state *st, int argc, char *argv[])
{
	size_t move = 0;
	int i, have_count = 0, have_move = 0;

	for (i = 1; i < argc; i++) {
		char *k = argv[i], *v = strchr(k, '=');
		size_t klen;

		if (v == NULL)
			bench_usage();
		klen = (size_t)(v++ - k);
#define KEY(name) (klen == strlen(name) && strncmp(k, name, klen) == 0)
		if (KEY("if") && *v)
			st->in = v;
		else if (KEY("of") && *v)
			st->out = v;
		else if (KEY("bs"))
			st->bs = bench_arg_size(v);
		else if (KEY("count") && ++have_count)
			st->count = bench_arg_long(v, 0, LONG_MAX);
		else if (KEY("move") && ++have_move)
			move = bench_arg_size(v);
		else if (KEY("skip"))
			st->skip = bench_arg_long(v, 0, LONG_MAX);
		else if (KEY("seek"))
			st->seek = bench_arg_long(v, 0, LONG_MAX);
		else if (KEY("fsync"))
			st->fsync = (int)flag(v);
		else if (KEY("label"))
			st->label = v;
		else if (KEY("print"))
			st->print = (int)bench_arg_long(v, 0, 2);
		else if (KEY("opat"))
			st->opat = (int)flag(v);
		else if (KEY("ipat"))
			st->ipat = (int)flag(v);
		else if (KEY("force"))
			st->force = (int)flag(v);
		else if (KEY("trunc"))
			st->trunc = (int)flag(v);
		else
			bench_usage();
#undef KEY
	}
	if (st->bs == 0 || st->bs > (size_t)SSIZE_MAX)
		bench_fail("bs=%lu: out of range", (unsigned long)st->bs);
	if (have_count && have_move)
		bench_fail("count= and move= exclude each other");
	if (have_move)
		st->count = (long)(move / st->bs);
	if (have_move && move % st->bs != 0)
		bench_fail("move=%lu is not a multiple of bs=%lu",
			   (unsigned long)move, (unsigned long)st->bs);
	if (st->count < 0 && strcmp(st->in, "internal") == 0)
		bench_fail("if=internal needs count= or move=");
	if (strcmp(st->in, "internal") == 0 &&
	    strcmp(st->out, "internal") == 0)
		bench_fail("if= or of= must name a file");
	if (st->ipat && strcmp(st->in, "internal") == 0)
		bench_fail("ipat=1 needs an input file");
	if (st->skip > 0 && strcmp(st->in, "internal") == 0)
		bench_fail("skip= needs an input file");
	if (st->seek > 0 && strcmp(st->out, "internal") == 0)
		bench_fail("seek= needs an output file");
	if ((st->fsync || st->trunc) && strcmp(st->out, "internal") == 0)
		bench_fail("fsync= and trunc= need an output file");
}

static void open_input(struct state *st)
{
	if (strcmp(st->in, "internal") == 0)
		return;
	st->ifd = open(st->in, O_RDONLY);
	if (st->ifd < 0)
		bench_fail("%s: %s", st->in, strerror(errno));
	if (st->skip > 0 &&
	    lseek(st->ifd, (off_t)st->skip * (off_t)st->bs, SEEK_SET) < 0)
		bench_die("skip in %s", st->in);
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

	if (strcmp(st->out, "internal") == 0)
		return;
	if (stat(st->out, &sb) == 0) {
		if (same_storage(st, &sb))
			bench_fail("%s and %s are the same file; it would be "
				   "read while overwritten", st->in, st->out);
		if (!st->force && strcmp(st->out, "/dev/null") != 0)
			bench_fail("%s exists; force=1 writes over it",
				   st->out);
		if (st->trunc && S_ISREG(sb.st_mode))
			flags |= O_TRUNC;
		st->ofd = open(st->out, flags);
	} else if (errno == ENOENT) {
		sigset_t all, old;

		/* No signal between creating the file and registering it. */
		sigfillset(&all);
		sigprocmask(SIG_BLOCK, &all, &old);
		st->ofd = open(st->out, flags | O_CREAT | O_EXCL, 0644);
		if (st->ofd >= 0)
			bench_tmp_register(st->out);
		sigprocmask(SIG_SETMASK, &old, NULL);
	}
	if (st->ofd < 0)
		bench_fail("%s: %s", st->out, strerror(errno));
	if (st->seek > 0 &&
	    lseek(st->ofd, (off_t)st->seek * (off_t)st->bs, SEEK_SET) < 0)
		bench_die("seek in %s", st->out);
}

static void report(const struct state *st, double ns)
{
	double secs = ns / 1e9, mbs = (double)st->moved * 1e3 / ns;

	if (ns <= 0)
		bench_die("the copy took no measurable time");
	if (st->print == 0)
		fprintf(stderr, "%s%.2f MB/sec (%.4f MB in %.4f secs)\n",
			st->label, mbs, (double)st->moved / 1e6, secs);
	else if (st->print == 1)
		fprintf(stderr, "%s%.2f MB/sec\n", st->label, mbs);
	else
		fprintf(stderr, "%s%.4f secs\n", st->label, secs);
}

int main(int argc, char *argv[])
{
	struct state st = {
		"internal", "internal", "", DEFAULT_BS, -1, 0, 0,
		0, 0, 0, 0, 0, 0, -1, -1, NULL, 0, 0,
	};
	double ns;

	bench_init(argc, argv, usage);
	parse(&st, argc, argv);
	st.buf = malloc(st.bs);
	if (st.buf == NULL)
		bench_fail("bs=%lu: cannot allocate", (unsigned long)st.bs);
	memset(st.buf, 0, st.bs);	/* touched before the clock starts */
	open_input(&st);
	open_output(&st);
	ns = timing_once(NULL, copy, NULL, 1, &st);
	if (st.ofd >= 0 && close(st.ofd) != 0)
		bench_die("close %s", st.out);
	if (st.ipat && st.bad_at != 0) {
		fprintf(stderr, "%s: %s: pattern mismatch at offset %llu\n",
			bench_progname(), st.in,
			(unsigned long long)(st.bad_at - 1));
		exit(1);
	}
	bench_tmp_unregister(st.out);	/* complete: the user's file now */
	report(&st, ns);
	free(st.buf);
	return 0;
}
