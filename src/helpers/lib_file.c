/*
 * lib_file.c - files for bw_file_rd, bw_mmap_rd, lat_mmap, lat_pagefault,
 * and the page cache checks of disk.
 *
 * The paper's file-system section: with many copies either all read one
 * file (contending for its kernel structures) or, with -C, each reads a
 * private copy.  The copies are made by the parent before any copy starts
 * and registered for removal, so they go whatever way the program ends.
 */
#if defined(__linux__)
#define _GNU_SOURCE		/* mincore() under -D_XOPEN_SOURCE */
#endif
#include "bench.h"
#include "lib_file.h"
#include "lib_mem.h"
#include "lib_report.h"

#include <fcntl.h>
#include <limits.h>
#include <sys/mman.h>
#include <sys/stat.h>

/* Chunk for copying and warming files. */
#define COPY_CHUNK	(1 << 20)

size_t file_check(const char *path, size_t min_size)
{
	struct stat sb;

	if (stat(path, &sb) != 0)
		bench_fail("%s: %s", path, strerror(errno));
	if (!S_ISREG(sb.st_mode))
		bench_fail("%s: not a regular file", path);
	if (access(path, R_OK) != 0)
		bench_fail("%s: %s", path, strerror(errno));
	if ((uint64_t)sb.st_size < (uint64_t)min_size)
		bench_fail("%s: %lld bytes, less than the %zu asked for", path,
			   (long long)sb.st_size, min_size);
	return (size_t)sb.st_size;
}

int file_open(const char *path)
{
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		bench_die("open %s", path);
	return fd;
}

static void copy_file(const char *from, int to_fd, const char *to)
{
	char *buf = bench_alloc(1, COPY_CHUNK);
	int fd = file_open(from);
	ssize_t r, w, off;

	while ((r = read(fd, buf, COPY_CHUNK)) != 0) {
		if (r < 0)
			bench_die("read %s", from);
		for (off = 0; off < r; off += w) {
			w = write(to_fd, buf + off, (size_t)(r - off));
			if (w <= 0)
				bench_die("write %s", to);
		}
	}
	close(fd);
	free(buf);
}

void file_set_make(struct file_set *fs, const char *path,
		   int private_copies, int parallel)
{
	int i, fd;

	fs->count = private_copies ? parallel : 1;
	fs->copies = private_copies;
	fs->paths = bench_alloc((size_t)fs->count, sizeof(*fs->paths));
	if (!private_copies) {
		fs->paths[0] = (char *)path;
		return;
	}
	for (i = 0; i < fs->count; i++) {
		fs->paths[i] = bench_alloc(1, PATH_MAX);
		fd = bench_tmpfile(fs->paths[i], PATH_MAX, "lmbench-copy");
		copy_file(path, fd, fs->paths[i]);
		if (close(fd) != 0)
			bench_die("close %s", fs->paths[i]);
	}
}

void file_set_free(struct file_set *fs)
{
	int i;

	if (fs->paths != NULL && fs->copies)
		for (i = 0; i < fs->count; i++)
			free(fs->paths[i]);
	free(fs->paths);
	fs->paths = NULL;
	fs->count = 0;
}

const char *file_set_path(const struct file_set *fs)
{
	int id = benchmp_childid();

	return fs->paths[id < fs->count ? id : 0];
}

void file_warm(const char *path, size_t size)
{
	char *buf = bench_alloc(1, COPY_CHUNK);
	int fd = file_open(path);
	size_t done = 0;
	ssize_t r;

	while (done < size) {
		r = read(fd, buf, size - done < COPY_CHUNK ? size - done
							   : COPY_CHUNK);
		if (r <= 0)
			bench_die("read %s", path);
		done += (size_t)r;
	}
	close(fd);
	free(buf);
}

void file_uncache(int fd, const char *path)
{
	int err = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);

	if (err != 0) {
		errno = err;
		bench_die("posix_fadvise %s", path);
	}
}

/* The C library's prototype: glibc and musl unsigned, the BSDs plain. */
#if defined(__linux__) || defined(__GLIBC__)
typedef unsigned char mincore_vec;
#else
typedef char mincore_vec;
#endif

int file_resident(int fd, off_t off, size_t len)
{
	long page = sysconf(_SC_PAGESIZE);
	off_t start = off - off % page;
	size_t span = len + (size_t)(off - start), pages, i;
	mincore_vec *vec;
	int any = 0;
	void *p;

	pages = (span + (size_t)page - 1) / (size_t)page;
	p = mmap(NULL, span, PROT_READ, MAP_SHARED, fd, start);
	if (p == MAP_FAILED)
		return -1;
	vec = bench_alloc(1, pages);
	if (mincore(p, span, vec) != 0)
		any = -1;
	for (i = 0; any == 0 && i < pages; i++)
		any = vec[i] & 1;
	free(vec);
	munmap(p, span);
	return any;
}

uint64_t file_sum(const void *p, size_t len)
{
	const unsigned char *c = p;
	uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, w0, w1, w2, w3;
	size_t i = 0;

	/*
	 * memcpy: the data need not be 8-byte aligned.  A word at a time, so
	 * that each compiles to one load: copied 32 bytes at once, gcc went
	 * through a stack buffer, and the figure moved 7% with where the
	 * stack fell against the buffer (doc/validation/file.md).
	 */
	for (; i + 32 <= len; i += 32) {
		memcpy(&w0, c + i, 8);
		memcpy(&w1, c + i + 8, 8);
		memcpy(&w2, c + i + 16, 8);
		memcpy(&w3, c + i + 24, 8);
		s0 += w0;
		s1 += w1;
		s2 += w2;
		s3 += w3;
	}
	for (; i < len; i++)
		s0 += c[i];
	return (s0 + s1) + (s2 + s3);
}

void file_order(size_t *idx, size_t n, int random)
{
	uint64_t x = 0x9e3779b97f4a7c15ULL;	/* xorshift64 state */
	size_t i, j, t;

	for (i = 0; i < n; i++)
		idx[i] = i;
	if (!random)
		return;
	for (i = n; i > 1; i--) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		j = (size_t)(x % i);
		t = idx[i - 1];
		idx[i - 1] = idx[j];
		idx[j] = t;
	}
}

/*
 * "<size MB> <MB/s>" for the last benchmp(), a point of the series named
 * `series` (declared first), then its #stats line.
 */
static void file_bw_report(size_t size, int parallel, const char *label,
			   const char *series)
{
	const struct bench_result *r = result_last();
	double scale = (double)size * parallel * 1e3;
	double mbs = report_median(r, scale, 1);
	/* One point of the run's series: its #stats line declares it. */
	const struct metric m = {
		.name = series, .unit = "MB/sec", .better = BETTER_HIGHER,
		.bytes = "bytes read", .x_name = "size", .x_unit = "MB"
	};
	char x[32];

	snprintf(x, sizeof(x), "%.6f", (double)size / 1e6);
	fprintf(stderr, "%s %.2f\n", x, mbs);
	report_result(r, &m, &(struct report_at){.x = x, .declare = 1}, label,
		      mbs, scale, 1);
}

/*
 * Per copy: its file, warmed into the cache and opened, its read buffer,
 * then its setup.
 */
static void file_bw_setup(void *cookie)
{
	struct file_bw *f = cookie;

	f->path = file_set_path(&f->files);
	file_warm(f->path, f->size);
	f->fd = file_open(f->path);
	if (f->prog->buf_size > 0)
		f->buf = mem_alloc(f->prog->buf_size, 0);
	if (f->prog->setup != NULL)
		f->prog->setup(f);
}

static void file_bw_takedown(void *cookie)
{
	struct file_bw *f = cookie;

	if (f->prog->takedown != NULL)
		f->prog->takedown(f);
	if (f->prog->buf_size > 0)
		mem_free(f->buf, f->prog->buf_size);
	close(f->fd);
}

/* What file_bw_main's options set (bench_main). */
struct state {
	int private_copies;
};

static struct file_bw *file_bw_state;

static int file_bw_run(const struct bench_run *r)
{
	struct file_bw *st = file_bw_state;
	const struct file_bw_program *p = st->prog;
	const struct file_bw_variant *v;

	st->size = bench_arg_size(r->argv[0]);
	v = &p->variants[bench_arg_variant(r->argv[1], p->variants,
					   p->nvariants, sizeof(p->variants[0]))];
	if (st->size == 0)
		bench_fail("size must be at least one byte");
	file_check(r->argv[2], st->size);
	file_set_make(&st->files, r->argv[2],
		      ((struct state *)r->state)->private_copies,
		      r->opts.parallel);
	benchmp_copy(file_bw_setup, v->bench, file_bw_takedown, &r->opts, st);
	file_bw_report(st->size, r->opts.parallel, v->name, v->series);
	file_set_free(&st->files);
	return 0;
}

int file_bw_main(int argc, char *argv[], const struct file_bw_program *p,
		 struct file_bw *st)
{
	/* <size>'s --help line is the program's: set below. */
	static struct bench_option options[] = {
		FILE_ROW_PRIVATE(private_copies),
		BENCH_OPERAND("<size>", NULL),
		BENCH_OPERAND("<file>", "the file, at least <size> bytes"),
		BENCH_END
	};
	const struct bench_program program = {
		.usage = "[-C] " BENCH_USAGE_PWN " <size> %s <file>\n",
		.options = options, .min_ops = 3, .max_ops = 3,
		.run = file_bw_run, .modes = p->variants,
		.nmodes = p->nvariants, .mode_size = sizeof(p->variants[0]),
		.mode_help = offsetof(struct file_bw_variant, help),
		BENCH_STATE(0),
	};

	options[1].text = p->size_help;
	st->prog = p;
	file_bw_state = st;
	return bench_main(argc, argv, &program);
}
