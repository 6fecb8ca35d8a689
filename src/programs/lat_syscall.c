/*
 * lat_syscall - cost of entering the kernel through simple system calls.
 *
 *   null    getppid(): the cheapest call the kernel must really make
 *   getpid  getpid(): libc may answer this without entering the kernel
 *   read    read one byte from /dev/zero
 *   write   write one byte to /dev/null
 *   stat    stat() a file (path lookup included)
 *   fstat   fstat() an open descriptor of that file
 *   open    open() the file read-only and close() it
 *
 * Loop and timer overheads are subtracted by the harness.  The file is the
 * one named, or a temporary file this program creates and removes.
 *
 * usage: lat_syscall [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *                    null|getpid|read|write|stat|fstat|open [file]
 */
#include "bench.h"
#include "lib_syscall.h"

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>

struct state {
	const char *file;
	int fd;
};

static void do_getpid(iter_t n, void *cookie)
{
	unsigned int sum = 0;	/* wraps: a signed sum would overflow */

	(void)cookie;
	while (n-- > 0)
		sum += (unsigned int)getpid();
	use_int((int)(sum & INT_MAX));
}

static void do_read(iter_t n, void *cookie)
{
	struct state *st = cookie;
	char c = 0;	/* defined for use_int() also when n is 0 */

	while (n-- > 0)
		if (read(st->fd, &c, 1) != 1)
			bench_die("read /dev/zero");
	use_int(c);
}

static void do_write(iter_t n, void *cookie)
{
	struct state *st = cookie;
	char c = 0;

	while (n-- > 0)
		if (write(st->fd, &c, 1) != 1)
			bench_die("write /dev/null");
}

static void do_stat(iter_t n, void *cookie)
{
	struct state *st = cookie;
	struct stat sb = {0};	/* defined also when n is 0 */

	while (n-- > 0)
		if (stat(st->file, &sb) != 0)
			bench_die("stat %s", st->file);
	use_int((int)sb.st_size);
}

static void do_fstat(iter_t n, void *cookie)
{
	struct state *st = cookie;
	struct stat sb = {0};	/* defined also when n is 0 */

	while (n-- > 0)
		if (fstat(st->fd, &sb) != 0)
			bench_die("fstat %s", st->file);
	use_int((int)sb.st_size);
}

static void do_open(iter_t n, void *cookie)
{
	struct state *st = cookie;
	int fd;

	while (n-- > 0) {
		fd = open(st->file, O_RDONLY);
		if (fd < 0)
			bench_die("open %s", st->file);
		close(fd);
	}
}

/* Per copy: open what the kernel will be asked about. */
static void open_dev(void *cookie, const char *path, int flags)
{
	struct state *st = cookie;

	st->fd = open(path, flags);
	if (st->fd < 0)
		bench_die("open %s", path);
}

static void open_read(void *cookie)
{
	open_dev(cookie, "/dev/zero", O_RDONLY);
}

static void open_write(void *cookie)
{
	open_dev(cookie, "/dev/null", O_WRONLY);
}

static void open_file(void *cookie)
{
	struct state *st = cookie;

	open_dev(cookie, st->file, O_RDONLY);
}

static void close_fd(void *cookie)
{
	struct state *st = cookie;

	if (st->fd >= 0) {
		close(st->fd);
		st->fd = -1;
	}
}

#define NEEDS_FILE 1u	/* a mode's flag: it works on a file */

static const struct bench_mode variants[] = {
	{"null", NULL, syscall_getppid, NULL, 0, "Simple syscall", "syscall.null",
	 "getppid(): the cheapest real system call"},
	{"getpid", NULL, do_getpid, NULL, 0, "Simple getpid",
	 "syscall.getpid", "getpid(), which libc may answer itself"},
	{"read", open_read, do_read, close_fd, 0, "Simple read",
	 "syscall.read", "read one byte from /dev/zero"},
	{"write", open_write, do_write, close_fd, 0, "Simple write",
	 "syscall.write", "write one byte to /dev/null"},
	{"stat", NULL, do_stat, NULL, NEEDS_FILE, "Simple stat", "syscall.stat",
	 "stat() the file"},
	{"fstat", open_file, do_fstat, close_fd, NEEDS_FILE, "Simple fstat",
	 "syscall.fstat", "fstat() the open file"},
	{"open", NULL, do_open, NULL, NEEDS_FILE, "Simple open/close",
	 "syscall.open_close", "open() and close() the file"},
};

static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	const struct bench_mode *v =
		&variants[BENCH_VARIANT(r->argv[0], variants)];
	char tmp[PATH_MAX];
	int needs_file = (v->flags & NEEDS_FILE) != 0;

	if (r->argc == 2 && !needs_file)
		bench_usage();
	if (needs_file && r->argc == 2) {
		st->file = r->argv[1];
		if (access(st->file, R_OK) != 0)
			bench_fail("%s: %s", st->file, strerror(errno));
	} else if (needs_file) {
		close(bench_tmpfile(tmp, sizeof(tmp), "lat_syscall"));
		st->file = tmp;
	}
	bench_mode_micro(v, &r->opts, st);
	return 0;
}

BENCH_MAIN(.usage = BENCH_USAGE_PWN " %s [file]\n",
	   .min_ops = 1, .max_ops = 2, BENCH_MODES(variants, struct bench_mode),
	   BENCH_STATE(.fd = -1),
	   .options = BENCH_OPTIONS(
		BENCH_OPERAND("file", "the file for stat, fstat, open "
			      "(default: a temp file)")))
