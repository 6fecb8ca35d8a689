/*
 * disk - zone bandwidth and seek time of a disk or a file, read-only.
 *
 *   zones  the device is cut into <zones> equal zones; each sample reads
 *          <size> bytes sequentially (in 1 MB pread()s) inside one zone,
 *          near its start, after an untimed read of its first block has
 *          moved the head there (the seek is not counted).  The zones are
 *          visited in interleaved rounds (forwards, then backwards), so
 *          drift falls on all of them.  A series "offset MB, MB/s"
 *          (MB = 10^6): on a rotating disk the outer zones (low offsets)
 *          are faster.
 *   seeks  each sample is one 4 KB read: at a random offset (the headline
 *          "seek", the median over -n reads, each after another random
 *          read), and at a given distance after an untimed read that puts
 *          the head there (a series "distance MB, microseconds").  Seek
 *          time here is access time: seek, rotation and one block's
 *          transfer, as a program sees it.
 *
 * Only reads: the device or file is opened O_RDONLY and nothing else.
 * O_DIRECT where it is accepted (aligned buffers, allocated and touched
 * before anything is timed); otherwise (or with -B) the file's cached
 * pages are dropped with POSIX_FADV_DONTNEED before each read, and
 * mincore() checks that the range went.  Where they cannot be dropped,
 * or the file lives in memory (tmpfs), the output says that the figures
 * include the page cache.  Each sample is one timed operation (the
 * clock's overhead subtracted), so ENOUGH does not apply.
 *
 * usage: disk [-B] [-z <zones>] [-s <size>] [-n <seeks>] [-W <warmup>]
 *             [-N <repetitions>] <device|file>
 */
#if defined(__linux__)
#define _GNU_SOURCE		/* O_DIRECT under -D_XOPEN_SOURCE */
#endif
#include "bench.h"
#include "lib_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#if defined(__linux__)
#include <sys/vfs.h>
#define TMPFS_MAGIC_NR	0x01021994U	/* linux/magic.h */
#define RAMFS_MAGIC_NR	0x858458f6U
#endif

#define BLK		4096		/* seek read; any O_DIRECT alignment */
#define CHUNK		(1 << 20)	/* bytes per pread() of a zone sample */
#define DEFAULT_ZONES	16		/* enough points to see the falloff */
#define MAX_ZONES	4096		/* past a graph's resolution: a typo */
#define DEFAULT_SIZE	(4 << 20)	/* per sample: several tracks */
/* 5 samples per zone: 16 x 5 x 4 MB is a few seconds on a 100 MB/s disk. */
#define DEFAULT_REPS	5
/* 32 per seek point: 9 points x 32 x 2 reads x 10 ms = 6 s on a disk. */
#define DEFAULT_SEEKS	32
/* 100000 reads: ~20 min per point on a 10 ms disk. */
#define MAX_SEEKS	100000L
#define FIRST_DIST	(64 << 10)	/* shortest seek distance */
#define DIST_STEP	8		/* distances grow x8 */
/* Writeback of a freshly written range: up to 20 x 50 ms per range. */
#define DROP_TRIES	20
#define DROP_PAUSE_NS	50000000L

enum mode { DIRECT, DROPPED, UNVERIFIED, CACHED };
static const char *const mode_text[] = {
	"O_DIRECT", "page cache dropped", "page cache dropped, unverified",
	"page cache included"
};

struct state {
	const char *path;
	int fd;
	enum mode mode;
	off_t size;		/* bytes, a multiple of BLK */
	size_t xfer;		/* bytes per zone sample */
	char *buf;		/* CHUNK bytes, page aligned */
	off_t off, pre;		/* next timed read; untimed one before (-1) */
	size_t len;		/* bytes of the timed read */
	uint64_t rng;
	unsigned long checked, cached;	/* DROPPED: ranges found resident */
	int buffered;		/* -B: no O_DIRECT */
	int write;		/* -w: refused */
	int nzones;		/* -z */
	size_t sample;		/* -s; 0: the default */
	long nseeks;		/* -n */
};

static void read_range(struct state *st, off_t off, size_t len)
{
	size_t done, want;
	ssize_t r;

	for (done = 0; done < len; done += (size_t)r) {
		want = len - done < CHUNK ? len - done : CHUNK;
		r = pread(st->fd, st->buf, want, off + (off_t)done);
		if (r <= 0) {
			if (r == 0)
				errno = EIO;
			bench_die("read %s at %lld", st->path,
				  (long long)off + (long long)done);
		}
	}
}

/* The timed operation: one read of st->len bytes at st->off. */
static void do_read(iter_t n, void *cookie)
{
	struct state *st = cookie;

	while (n-- > 0)
		read_range(st, st->off, st->len);
	use_pointer(st->buf);
}

/*
 * Dirty pages (a file just written) are not dropped until written back,
 * which dropping starts: a range still cached is dropped again after a
 * pause, up to DROP_TRIES times (once, after a range stayed cached).
 * 1 if it stayed cached.
 */
static int still_cached(struct state *st, off_t off, size_t len)
{
	struct timespec pause = {0, DROP_PAUSE_NS};
	int i, tries = st->cached > 0 ? 1 : DROP_TRIES;

	for (i = 0; i < tries; i++) {
		if (file_resident(st->fd, off, len) == 0)
			return 0;
		nanosleep(&pause, NULL);
		file_uncache(st->fd, st->path);
	}
	return 1;
}

/*
 * Before a timed read: the positioning read made, the page cache dropped
 * (after it too, so that it only moves the head), and (DROPPED) a check
 * that the timed range is not cached.
 */
static void arm(iter_t n, void *cookie)
{
	struct state *st = cookie;
	int drops = st->mode == DROPPED || st->mode == UNVERIFIED;

	(void)n;
	if (drops)
		file_uncache(st->fd, st->path);
	if (st->pre >= 0) {
		read_range(st, st->pre, BLK);
		if (drops)
			file_uncache(st->fd, st->path);
	}
	if (st->mode == DROPPED) {
		st->checked++;
		st->cached += (unsigned long)still_cached(st, st->off, st->len);
	}
}

static off_t random_block(struct state *st, off_t below)
{
	st->rng ^= st->rng << 13;
	st->rng ^= st->rng >> 7;
	st->rng ^= st->rng << 17;
	return (off_t)(st->rng % (uint64_t)(below / BLK)) * BLK;
}

/* Warm-up: a read anywhere (a disk that slept spins up). */
static void arm_random(iter_t n, void *cookie)
{
	struct state *st = cookie;

	st->off = random_block(st, st->size);
	arm(n, cookie);
}

/* One sample: the timed read as set up in st, overheads subtracted. */
static double sample_ns(struct state *st)
{
	return timing_correct(timing_once(arm, do_read, NULL, 1, st), 1);
}

static void add_sample(struct bench_result *r, double ns, int round)
{
	struct sample s;

	memset(&s, 0, sizeof(s));
	s.ns = ns;
	s.n = 1;
	s.round = round;
	result_add(r, &s);
}

/* Say so when some ranges could not be dropped after all. */
static void cache_note(struct state *st, const char *what)
{
	if (st->cached > 0)
		fprintf(stderr, "disk: %s: %lu of %lu %s reads found pages "
			"still cached after POSIX_FADV_DONTNEED: those figures "
			"include the page cache\n", st->path, st->cached,
			st->checked, what);
	st->cached = st->checked = 0;
}

/*
 * "disk.<the path's last component, slugged>.<what>" (/dev/sda: sda; a
 * path of slashes alone: root).
 */
static void disk_name(const struct state *st, const char *what, char *out,
		      size_t len)
{
	char last[METRIC_NAME_MAX], slug[METRIC_NAME_MAX / 2];
	size_t end = strlen(st->path), start;

	while (end > 0 && st->path[end - 1] == '/')
		end--;
	for (start = end; start > 0 && st->path[start - 1] != '/'; start--)
		;
	snprintf(last, sizeof(last), "%.*s", (int)(end - start),
		 st->path + start);
	metric_slug(last, slug, sizeof(slug));
	snprintf(out, len, "disk.%s.%s", slug[0] ? slug : "root", what);
}

static void zones(struct state *st, int nzones, int reps)
{
	struct bench_result *res = bench_alloc((size_t)nzones, sizeof(*res));
	off_t width = st->size / nzones / BLK * BLK, slots, k;
	int r, i, z;
	char label[64], name[METRIC_NAME_MAX], x[32];
	struct metric m = {.name = name, .unit = "MB/sec",
			   .better = BETTER_HIGHER, .bytes = "bytes read",
			   .x_name = "offset", .x_unit = "MB"};
	double mbs;

	slots = (width - (off_t)st->xfer) / (off_t)st->xfer + 1;
	for (z = 0; z < nzones; z++)
		result_init(&res[z], 1);
	st->len = st->xfer;
	for (r = 0; r < reps; r++) {
		/* Every other slot while there are some: not where the last
		 * read (and a drive's read-ahead) ended. */
		k = 2 * (off_t)r < slots ? 2 * (off_t)r : (off_t)r % slots;
		for (i = 0; i < nzones; i++) {
			z = r % 2 ? nzones - 1 - i : i;
			st->off = (off_t)z * width + k * (off_t)st->xfer;
			st->pre = st->off;	/* the head there first */
			add_sample(&res[z], sample_ns(st), r);
		}
	}
	fprintf(stderr, "\"disk %s zone bandwidth (%s, %zu-byte reads)\n",
		st->path, mode_text[st->mode], st->xfer);
	disk_name(st, "zone_bandwidth", name, sizeof(name));
	metric_series(&m);
	for (z = 0; z < nzones; z++) {
		snprintf(x, sizeof(x), "%.6f", (double)z * (double)width / 1e6);
		mbs = report_median(&res[z], (double)st->xfer * 1e3, 1);
		fprintf(stderr, "%s %.2f\n", x, mbs);
		snprintf(label, sizeof(label), "disk zone %d", z);
		report_result(&res[z], &m,
			      &(struct report_at){.x = x, .i = z}, label, mbs,
			      (double)st->xfer * 1e3, 1);
		result_free(&res[z]);
	}
	fputc('\n', stderr);
	cache_note(st, "zone");
	free(res);
}

/* n random reads, or n reads `dist` after an untimed one (dist > 0). */
static void seeks(struct state *st, off_t dist, long n,
		  struct bench_result *res)
{
	long i;

	result_init(res, 1);
	st->len = BLK;
	for (i = 0; i < n; i++) {
		if (dist > 0) {
			st->pre = random_block(st, st->size - dist);
			st->off = st->pre + dist;
		} else {
			st->pre = -1;
			st->off = random_block(st, st->size);
		}
		add_sample(res, sample_ns(st), (int)i);
	}
}

static void seek_series(struct state *st, long n)
{
	struct bench_result res;
	char label[64], name[METRIC_NAME_MAX], x[32];
	struct metric m = {.name = name, .unit = "microseconds",
			   .better = BETTER_LOWER, .x_name = "distance",
			   .x_unit = "MB"};
	double us;
	off_t d;
	int i = 0;

	fprintf(stderr, "\"disk %s seek by distance (%s, %d-byte reads)\n",
		st->path, mode_text[st->mode], BLK);
	disk_name(st, "seek_distance", name, sizeof(name));
	metric_series(&m);
	for (d = FIRST_DIST; d <= st->size - BLK; d *= DIST_STEP) {
		seeks(st, d, n, &res);
		snprintf(x, sizeof(x), "%.6f", (double)d / 1e6);
		us = report_median(&res, 1e-3, 0);
		fprintf(stderr, "%s %.2f\n", x, us);
		snprintf(label, sizeof(label), "disk seek %lld",
			 (long long)d);
		report_result(&res, &m, &(struct report_at){.x = x, .i = i},
			      label, us, 1e-3, 0);
		i++;
		result_free(&res);
	}
	fputc('\n', stderr);
	cache_note(st, "seek");
	seeks(st, 0, n, &res);
	us = report_median(&res, 1e-3, 0);
	fprintf(stderr, "disk %s seek (%s): %.2f microseconds\n", st->path,
		mode_text[st->mode], us);
	disk_name(st, "seek", name, sizeof(name));
	m.x_name = m.x_unit = NULL;
	report_result(&res, &m, NULL, "disk seek", us, 1e-3, 0);
	result_free(&res);
	cache_note(st, "random seek");
}

/*
 * A file system whose storage is the page cache (tmpfs, ramfs), where
 * even O_DIRECT reads memory.
 */
static int in_memory(int fd)
{
#if defined(__linux__)
	struct statfs sf;

	return fstatfs(fd, &sf) == 0 &&
	       ((uint32_t)sf.f_type == TMPFS_MAGIC_NR ||
		(uint32_t)sf.f_type == RAMFS_MAGIC_NR);
#else
	(void)fd;
	return 0;
#endif
}

/* Open read-only: O_DIRECT if the file takes it (and an aligned read). */
static void open_target(struct state *st, int buffered)
{
	st->fd = -1;
#ifdef O_DIRECT
	if (!buffered) {
		st->fd = open(st->path, O_RDONLY | O_DIRECT);
		if (st->fd >= 0 && pread(st->fd, st->buf, BLK, 0) != BLK) {
			close(st->fd);
			st->fd = -1;
		}
	}
#else
	(void)buffered;
#endif
	if (st->fd >= 0) {
		st->mode = in_memory(st->fd) ? CACHED : DIRECT;
		return;
	}
	st->fd = open(st->path, O_RDONLY);
	if (st->fd < 0)
		bench_die("open %s", st->path);
	/* Can a range be dropped?  Read one, drop it, look. */
	read_range(st, 0, BLK);
	file_uncache(st->fd, st->path);
	if (file_resident(st->fd, 0, BLK) < 0)
		st->mode = UNVERIFIED;
	else
		st->mode = still_cached(st, 0, BLK) ? CACHED : DROPPED;
}

/* A regular file or a disk device, readable, at least two blocks. */
static void check_target(struct state *st)
{
	struct stat sb;
	off_t end;

	if (stat(st->path, &sb) != 0)
		bench_fail("%s: %s", st->path, strerror(errno));
#if defined(__linux__)
	/* Linux's disks are block devices; a character device may be a
	 * tape, which reading moves. */
	if (!S_ISREG(sb.st_mode) && !S_ISBLK(sb.st_mode))
		bench_fail("%s: not a block device or regular file", st->path);
#else
	if (!S_ISREG(sb.st_mode) && !S_ISBLK(sb.st_mode) &&
	    !S_ISCHR(sb.st_mode))
		bench_fail("%s: not a disk device or regular file", st->path);
#endif
	if (access(st->path, R_OK) != 0)
		bench_fail("%s: %s", st->path, strerror(errno));
	if (S_ISREG(sb.st_mode))
		end = sb.st_size;
	else {
		int fd = open(st->path, O_RDONLY);

		if (fd < 0)
			bench_die("open %s", st->path);
		end = lseek(fd, 0, SEEK_END);
		close(fd);
	}
	st->size = end / BLK * BLK;
	if (st->size < 2 * BLK)
		bench_fail("%s: %lld bytes: too small (at least %d)", st->path,
			   (long long)end, 2 * BLK);
}

static long long_opt(int c, const char *arg, long max)
{
	long v;

	if (bench_parse_long(arg, 1, max, &v) != 0)
		bench_fail("-%c %s: not a number from 1 to %ld", c, arg, max);
	return v;
}

static void set_zones(void *state, const char *arg)
{
	((struct state *)state)->nzones = (int)long_opt('z', arg, MAX_ZONES);
}

static void set_size(void *state, const char *arg)
{
	struct state *st = state;

	if (bench_parse_size(arg, &st->sample) != 0 || st->sample == 0)
		bench_fail("-s %s: not a size", arg);
}

static void set_seeks(void *state, const char *arg)
{
	((struct state *)state)->nseeks = long_opt('n', arg, MAX_SEEKS);
}

static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	/* -N not given (0): DEFAULT_REPS samples per zone. */
	int warmup = r->opts.warmup, one = 1,
	    reps = r->opts.repetitions > 0 ? r->opts.repetitions : DEFAULT_REPS;
	long page;
	size_t size = st->sample;
	void *buf;

	/* -w first, whatever the operands (hence their count here). */
	if (st->write)
		bench_fail("-w: disk only reads: it opens the device "
			   "read-only and has no write test");
	if (r->argc != 1)
		bench_usage();
	st->path = r->argv[0];
	if (size > 0 && (size % BLK != 0 || size > ((size_t)1 << 30)))
		bench_fail("-s %zu: a multiple of %d bytes up to 1G", size,
			   BLK);
	check_target(st);
	if (size == 0) {
		/* The default, made to fit a small file. */
		size = DEFAULT_SIZE;
		while (size > BLK && (off_t)size * st->nzones > st->size)
			size /= 2;
	}
	if ((off_t)size * st->nzones > st->size)
		bench_fail("%s: %lld bytes: less than %d zones of %zu",
			   st->path, (long long)st->size, st->nzones, size);
	st->xfer = size;
	page = sysconf(_SC_PAGESIZE);
	st->rng = 0x9e3779b97f4a7c15ULL;	/* every run, the same reads */
	if (posix_memalign(&buf, (size_t)(page > BLK ? page : BLK),
			   CHUNK) != 0)
		bench_die("out of memory");
	st->buf = buf;
	memset(st->buf, 0, CHUNK);
	copy_setup(0, &one, &warmup, &reps);
	copy_place(0);
	open_target(st, st->buffered);
#ifdef POSIX_FADV_SEQUENTIAL
	posix_fadvise(st->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
	if (warmup > 0) {
		st->pre = -1;
		st->len = BLK;
		timing_spin(arm_random, do_read, NULL, 1, st, warmup);
		st->checked = st->cached = 0;
	}
	zones(st, st->nzones, reps);
	/* No read-ahead around the single blocks. */
	posix_fadvise(st->fd, 0, 0, POSIX_FADV_RANDOM);
	seek_series(st, st->nseeks);
	close(st->fd);
	free(st->buf);
	return 0;
}

/*
 * -W and -N are the common options, described here for what they do in
 * disk.  -w has no line: it is refused (run()).
 */
#define STR_(x) #x
#define STR(x) STR_(x)
BENCH_MAIN(.usage = "[-B] [-z <zones>] [-s <size>] [-n <seeks>] "
		    BENCH_USAGE_WN " <device|file>\n",
	   .max_ops = -1,
	   BENCH_STATE(.nzones = DEFAULT_ZONES, .nseeks = DEFAULT_SEEKS),
	   .options = BENCH_OPTIONS(
		BENCH_FLAG("-B", "no O_DIRECT: drop the page cache per range",
			   buffered),
		BENCH_FLAG("-w", NULL, write),
		BENCH_CALL("-z", "zones across the device (default "
			   STR(DEFAULT_ZONES) ")", set_zones),
		BENCH_CALL("-s", "bytes per zone sample (default 4M)", set_size),
		BENCH_CALL("-n", "reads per seek figure (default "
			   STR(DEFAULT_SEEKS) ")", set_seeks),
		BENCH_OPERAND("-W",
			      "microseconds of untimed random reads first"),
		BENCH_OPERAND("-N", "samples per zone (default "
			      STR(DEFAULT_REPS) ")"),
		BENCH_OPERAND("<device|file>", "what to read: a block device "
			      "or a file; only read")))
