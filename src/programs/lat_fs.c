/*
 * lat_fs - file creations and deletions per second.
 *
 * create: open(O_CREAT|O_EXCL) a new file by its full path, write `size`
 *         bytes into it (nothing for 0k), close it.
 * delete: unlink() a file of `size` bytes made before the interval.
 *
 * Every timing interval works on fresh files with names no interval used
 * before; the delete benchmark's initialize(n) makes the n files it will
 * remove, outside the timed region.  Path lookup is included; nothing is
 * synced.  The loop overhead is subtracted by the harness.
 *
 * No inode is freed while creations are timed.  ext4 without a journal
 * will not reuse an inode freed less than 60 s ago (360 s while its
 * inode table block is dirty): each new file costs a look at every such
 * inode before a free one (recently_deleted, fs/ext4/ialloc.c).  When the
 * create benchmark removed its files after each interval, every interval
 * paid for all the ones before it, and the figure told how much lat_fs
 * had deleted lately (36,848 vs 152,469 creations a second in two runs
 * seconds apart).  So the files made by the create intervals stay until
 * the end (up to a budget: a tenth of the free space and inodes, at most
 * KEEP_BYTES and KEEP_FILES; past it they are removed after each interval
 * again, with a debug line), and all sizes' creations are timed before
 * any deletion.
 *
 * The files live in a private directory (lat_fs.XXXXXX under dir, or
 * $TMPDIR, or /tmp): copy c's file i is <top>/c<c>r<tag>/d<i/per_dir>/f<i>,
 * so no directory grows past per_dir entries (tag: see spread_dirs).
 * Names are indices, and the highest index each copy may have used is
 * kept in memory shared with the parent, so the parent can remove every
 * file and directory by name at exit, on a fatal error and on
 * SIGINT/SIGTERM/SIGHUP/SIGQUIT, from the harness's cleanup hook, which
 * runs once the copies are gone.
 *
 * usage: lat_fs [-s size] [-n files-per-dir] [-P <parallelism>]
 *               [-W <warmup>] [-N <repetitions>] [dir]
 */
#include "bench.h"
#include "lib_mem.h"

#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#if defined(HAVE_LINUX_FS_H)
#include <linux/fs.h>
#include <sys/ioctl.h>
#endif

/* Small enough that a directory's size does not depend on the interval. */
#define DEFAULT_PER_DIR	100
/*
 * A million names already puts every file of an interval in one
 * directory; larger values are a typo, not a setting.
 */
#define MAX_PER_DIR	1000000L
#define NAME_SLACK	80	/* "/c<int>r<long>/d<long>/f<long>", NUL */
/* The most the create intervals' files may take before they are removed. */
#define KEEP_BYTES	((uint64)512 << 20)
#define KEEP_FILES	262144L

/*
 * Per copy, shared with the parent and with the copies of later runs
 * (each benchmp forks its own): the highest indices the copy may have
 * used (the next file index is files), and what its kept files take.
 */
struct marks {
	volatile long files;
	volatile long dirs;
	volatile long kept_files;
	volatile uint64 kept_bytes;
	volatile int over_budget;
};

struct state {
	char top[PATH_MAX];
	size_t size;
	size_t one_size;	/* -s: this size alone */
	int one_size_given;
	long per_dir;
	char *data;		/* size bytes written into each file */
	int copy;
	int ncopies;
	struct marks *marks;	/* ncopies entries, MAP_SHARED */
	char *names;		/* this interval's file names, stride apart */
	size_t stride;
	long nnames;		/* room for this many in names */
	uint64 keep_bytes;	/* the budget, per copy */
	long keep_files;
	long tag;		/* this run's, in the copies' directory names */
	volatile sig_atomic_t top_made;
};

/* The cleanup hook needs the state. */
static struct state *the_state;

/* Async-signal-safe formatting: append tag and a decimal number. */
static char *add_num(char *p, char tag, long v)
{
	char digits[24];
	int k = 0;

	*p++ = tag;
	do {
		digits[k++] = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0);
	while (k > 0)
		*p++ = digits[--k];
	*p = '\0';
	return p;
}

/* The same as a new path component: "/<tag><v>". */
static char *put_num(char *p, char tag, long v)
{
	*p++ = '/';
	return add_num(p, tag, v);
}

static char *copy_str(char *p, const char *s)
{
	while (*s)
		*p++ = *s++;
	*p = '\0';
	return p;
}

/* <top>/c<copy>r<tag>[/d<dir>[/f<file>]]; dir or file < 0 stops there. */
static void make_path(char *dst, const struct state *st, int copy, long dir,
		      long file)
{
	char *p = add_num(put_num(copy_str(dst, st->top), 'c', copy), 'r',
			  st->tag);

	if (dir >= 0)
		p = put_num(p, 'd', dir);
	if (file >= 0)
		put_num(p, 'f', file);
}

/* Remove everything by name; safe in a signal handler. */
static void remove_all(struct state *st)
{
	char path[PATH_MAX + NAME_SLACK];
	long i;
	int c;

	if (!st->top_made)
		return;
	for (c = 0; c < st->ncopies; c++) {
		for (i = 0; i < st->marks[c].files; i++) {
			make_path(path, st, c, i / st->per_dir, i);
			unlink(path);
		}
		for (i = 0; i < st->marks[c].dirs; i++) {
			make_path(path, st, c, i, -1);
			rmdir(path);
		}
		make_path(path, st, c, -1, -1);
		rmdir(path);
	}
	rmdir(st->top);
	st->top_made = 0;
}

/* The harness calls this after the copies are gone, also on signals. */
static void remove_hook(void)
{
	if (the_state != NULL)
		remove_all(the_state);
}

static void install_handlers(struct state *st)
{
	the_state = st;
	bench_cleanup_hook(remove_hook);
}

/*
 * Mark dir as the top of a directory tree (chattr +T): ext2/3/4's Orlov
 * allocator then puts each directory made in it in a block group of its
 * own, chosen from the name, and the files of that directory go there.
 * With a name new each run (the tag), a run's files do not land among
 * the inodes the previous run freed, which ext4 without a journal skips
 * for up to 6 minutes (see the top): right after a run, 16,903-24,598
 * creations a second in a plain directory, 96,941-101,300 under one
 * marked so.  Elsewhere the flag does not exist or is refused: no matter.
 */
static void spread_dirs(const char *dir)
{
#if defined(HAVE_LINUX_FS_H) && defined(FS_IOC_SETFLAGS) && defined(FS_TOPDIR_FL)
	int fd = open(dir, O_RDONLY | O_DIRECTORY), fl;

	if (fd < 0)
		return;
	if (ioctl(fd, FS_IOC_GETFLAGS, &fl) == 0) {
		fl |= FS_TOPDIR_FL;
		(void)ioctl(fd, FS_IOC_SETFLAGS, &fl);
	}
	close(fd);
#else
	(void)dir;
#endif
}

/* The private directory and one directory per copy. */
static void make_top(struct state *st, const char *dir)
{
	char path[PATH_MAX + NAME_SLACK];
	sigset_t all, old;
	int c, len;

	len = snprintf(st->top, sizeof(st->top), "%s/lat_fs.XXXXXX", dir);
	if (len < 0 || (size_t)len >= sizeof(st->top) - NAME_SLACK)
		bench_fail("%s: path too long", dir);
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	if (mkdtemp(st->top) == NULL) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		bench_die("mkdtemp %s", st->top);
	}
	st->top_made = 1;
	bench_tmp_register(st->top);
	sigprocmask(SIG_SETMASK, &old, NULL);
	spread_dirs(st->top);
	st->tag = (long)(clock_now_ns() % 1000000000u);	/* new each run */
	for (c = 0; c < st->ncopies; c++) {
		make_path(path, st, c, -1, -1);
		if (mkdir(path, 0700) != 0)
			bench_die("mkdir %s", path);
	}
}

/*
 * Names for the next n files of this copy, indices no interval used
 * before, and the directories they go in.
 */
static void need_names(struct state *st, iter_t n)
{
	struct marks *m = &st->marks[st->copy];
	char path[PATH_MAX + NAME_SLACK];
	long i, first = m->files, end = m->files + (long)n, ndirs;
	char *p;

	m->files = end;			/* before any file can exist */
	if ((long)n > st->nnames) {
		p = realloc(st->names, (size_t)n * st->stride);
		if (p == NULL)
			bench_die("out of memory for %lu names",
				  (unsigned long)n);
		st->names = p;
		st->nnames = (long)n;
	}
	for (i = first; i < end; i++)
		make_path(st->names + (size_t)(i - first) * st->stride, st,
			  st->copy, i / st->per_dir, i);
	ndirs = (end + st->per_dir - 1) / st->per_dir;
	for (i = m->dirs; i < ndirs; i++) {
		m->dirs = i + 1;
		make_path(path, st, st->copy, i, -1);
		if (mkdir(path, 0700) != 0 && errno != EEXIST)
			bench_die("mkdir %s", path);
	}
}

static void do_create(iter_t n, void *cookie)
{
	struct state *st = cookie;
	const char *name = st->names;
	int fd;

	while (n-- > 0) {
		fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0600);
		if (fd < 0)
			bench_die("create %s", name);
		if (st->size > 0 &&
		    write(fd, st->data, st->size) != (ssize_t)st->size)
			bench_die("write %s", name);
		if (close(fd) != 0)
			bench_die("close %s", name);
		name += st->stride;
	}
}

static void do_delete(iter_t n, void *cookie)
{
	struct state *st = cookie;
	const char *name = st->names;

	while (n-- > 0) {
		if (unlink(name) != 0)
			bench_die("unlink %s", name);
		name += st->stride;
	}
}

static void start_copy(struct state *st)
{
	st->copy = benchmp_childid();
	if (st->copy < 0 || st->copy >= st->ncopies)
		bench_die("copy %d out of range", st->copy);
}

static void init_create(iter_t n, void *cookie)
{
	struct state *st = cookie;

	if (n == 0)
		start_copy(st);
	else
		need_names(st, n);
}

/* What one file of st->size takes on disk, in whole blocks. */
static uint64 file_bytes(const struct state *st)
{
	return (st->size + 4095) / 4096 * 4096;
}

/* Keep the interval's files (see the top), unless over the budget. */
static void cleanup_create(iter_t n, void *cookie)
{
	struct state *st = cookie;
	struct marks *m = &st->marks[st->copy];
	uint64 bytes = file_bytes(st) * n;

	if (!m->over_budget && m->kept_files + (long)n <= st->keep_files &&
	    m->kept_bytes + bytes <= st->keep_bytes) {
		m->kept_files += (long)n;
		m->kept_bytes += bytes;
		return;
	}
	if (!m->over_budget)
		bench_debug("copy %d keeps %ld files (%llu MB), its "
			    "budget; creations from now on follow deletions",
			    st->copy, m->kept_files,
			    (unsigned long long)(m->kept_bytes >> 20));
	m->over_budget = 1;
	do_delete(n, cookie);
}

static void init_delete(iter_t n, void *cookie)
{
	struct state *st = cookie;

	if (n == 0) {
		start_copy(st);
		return;
	}
	need_names(st, n);
	do_create(n, cookie);
}

static void check_dir(const char *dir)
{
	struct stat sb;

	if (stat(dir, &sb) != 0)
		bench_fail("%s: %s", dir, strerror(errno));
	if (!S_ISDIR(sb.st_mode))
		bench_fail("%s: not a directory", dir);
	if (access(dir, W_OK | X_OK) != 0)
		bench_fail("%s: %s", dir, strerror(errno));
}

/* A size as the line writes it: 0k, 4k, 1.500k. */
static void size_text(size_t size, char *out, size_t len)
{
	if (size % 1024 == 0)
		snprintf(out, len, "%luk", (unsigned long)(size / 1024));
	else
		snprintf(out, len, "%.3fk", (double)size / 1024);
}

/*
 * The run's "File system latency": a line per file size, its x, the
 * files one interval made (the harness's count), then the files created
 * and deleted per second, a metric each.
 */
static const struct metric files_made = {
	.name = "fs.latency", .unit = "files", .kind = KIND_COUNT,
	.x_name = "size", .x_unit = "size"
}, created = {
	.name = "fs.create", .unit = "files/sec", .better = BETTER_HIGHER,
	.x_name = "size", .x_unit = "size", .col = 3
}, deleted = {
	.name = "fs.delete", .unit = "files/sec", .better = BETTER_HIGHER,
	.x_name = "size", .x_unit = "size", .col = 4
};

/* One size's figures, kept from its create run to its delete run. */
struct size_result {
	size_t size;
	uint64 files;
	double created;
	struct bench_result create;
};

static void time_create(struct state *st, const struct bench_opts *o,
			struct size_result *sr)
{
	st->size = sr->size;
	benchmp_opts(init_create, do_create, cleanup_create, o, st);
	sr->files = get_n() * (uint64)o->parallel;
	/* Kept to print its #stats line after the size's line. */
	result_copy(&sr->create, result_last());
	sr->created = report_median(&sr->create, 1e9, 1) * o->parallel;
}

/* The delete rate, then the size's line and its two #stats lines. */
static void time_delete(struct state *st, const struct bench_opts *o,
			struct size_result *sr, int i)
{
	struct report_at at = {.i = i};
	double del;
	char x[32];

	st->size = sr->size;
	benchmp_opts(init_delete, do_delete, NULL, o, st);
	del = report_median(result_last(), 1e9, 1) * o->parallel;
	size_text(sr->size, x, sizeof(x));
	at.x = x;
	fprintf(stderr, "%s\t%llu\t%.0f\t%.0f\n", x,
		(unsigned long long)sr->files, sr->created, del);
	metric_point_value(&files_made, x, NULL, i, (double)sr->files);
	report_result(&sr->create, &created, &at, "lat_fs create",
		      sr->created, 1e9, 1);
	result_free(&sr->create);
	report_result(result_last(), &deleted, &at, "lat_fs delete", del, 1e9,
		      1);
}

/* A tenth of what the file system has free, within KEEP_*, per copy. */
static void set_budget(struct state *st, const char *dir)
{
	struct statvfs vfs;
	uint64 bytes = KEEP_BYTES, room;
	long files = KEEP_FILES;

	if (statvfs(dir, &vfs) == 0) {
		room = (uint64)vfs.f_bavail * (uint64)vfs.f_frsize / 10;
		if (room < bytes)
			bytes = room;
		/* Some file systems have no inode count (f_files 0). */
		if (vfs.f_files > 0 && (uint64)vfs.f_favail / 10 < (uint64)files)
			files = (long)(vfs.f_favail / 10);
	}
	st->keep_bytes = bytes / (uint64)st->ncopies;
	st->keep_files = files / st->ncopies;
}

static const size_t default_sizes[] = {0, 1024, 4096, 10 * 1024};
#define NSIZES (sizeof(default_sizes) / sizeof(default_sizes[0]))

/* -s: one size instead of the default ones. */
static void set_size(void *state, const char *arg)
{
	struct state *st = state;

	st->one_size = bench_arg_size(arg);
	st->one_size_given = 1;
}

static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	static struct size_result res[NSIZES];
	const char *dir;
	size_t i, nsizes, maxsize = 10 * 1024;

	dir = r->argc > 0 ? r->argv[0] : getenv("TMPDIR");
	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	check_dir(dir);
	if (st->one_size_given)
		maxsize = st->one_size;
	st->data = malloc(maxsize ? maxsize : 1);
	if (st->data == NULL)
		bench_fail("-s %lu: cannot allocate", (unsigned long)maxsize);
	memset(st->data, 'f', maxsize);

	/* Shared with the copies: which names may exist. */
	st->ncopies = r->opts.parallel;
	st->marks = mem_shared((size_t)st->ncopies * sizeof(*st->marks));
	install_handlers(st);
	make_top(st, dir);
	st->stride = strlen(st->top) + NAME_SLACK;

	/*
	 * No LMBENCH_SPAN: with it a run made 129,117 files (the four
	 * sizes, creations and the files the deletions remove; counted with
	 * perf stat), without it 11,813, and removing them slowed the next
	 * run's creations (0K create 21-292 us in five runs 3 minutes apart,
	 * against 125,000 a second, 8 us, in a run after a quiet spell).
	 */
	interval_span_off();
	set_budget(st, dir);
	if (st->one_size_given) {
		res[0].size = st->one_size;
		nsizes = 1;
	} else {
		for (i = 0; i < NSIZES; i++)
			res[i].size = default_sizes[i];
		nsizes = NSIZES;
	}
	metric_series(&files_made);
	metric_series(&created);
	metric_series(&deleted);
	/* Every size's creations first: no deletion before them (the top). */
	for (i = 0; i < nsizes; i++)
		time_create(st, &r->opts, &res[i]);
	for (i = 0; i < nsizes; i++)
		time_delete(st, &r->opts, &res[i], (int)i);
	remove_all(st);
	the_state = NULL;	/* all removed: nothing left for the hook */
	return 0;
}

BENCH_MAIN(.usage = "[-s <size>] [-n <files-per-dir>] " BENCH_USAGE_PWN
		    " [dir]\n",
	   .max_ops = 1, BENCH_STATE(.per_dir = DEFAULT_PER_DIR),
	   .options = BENCH_OPTIONS(
		BENCH_CALL("-s", "file size (default: 0, 1, 4 and 10 KB in "
			   "turn)", set_size),
		BENCH_LONG("-n", "files per directory (default 100)", per_dir,
			   1, MAX_PER_DIR),
		BENCH_OPERAND("dir", "where the files go (default $TMPDIR, "
			      "else /tmp)")))
