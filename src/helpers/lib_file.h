/*
 * lib_file.h - the file the file-system benchmarks read: checked, warmed
 * into the page cache, and with -C one private copy per parallel copy.
 */
#ifndef LMBENCH_LIB_FILE_H
#define LMBENCH_LIB_FILE_H

#include "bench.h"

#include <stddef.h>
#include <stdint.h>

struct file_set {
	int count;		/* 1 (shared) or the number of copies */
	char **paths;
	int copies;		/* paths[] are our copies (malloc'ed) */
};

/*
 * Check that `path` is a readable regular file of at least `min_size`
 * bytes (bad input, exit 2, otherwise) and return its size.
 */
size_t file_check(const char *path, size_t min_size);
/*
 * The files for `parallel` copies: `path` itself for all of them, or with
 * `private_copies` set a temporary copy of it for each, made now in
 * $TMPDIR by the calling process, which removes them at exit (also on
 * SIGINT/SIGTERM).
 */
void file_set_make(struct file_set *fs, const char *path,
		   int private_copies, int parallel);
/*
 * Free what file_set_make() allocated; the copies themselves are still
 * removed at exit.
 */
void file_set_free(struct file_set *fs);
/* The file of the calling copy (benchmp_childid()). */
const char *file_set_path(const struct file_set *fs);
/* Open read-only or die. */
int file_open(const char *path);
/* Read the first `size` bytes once, so a later read finds them cached. */
void file_warm(const char *path, size_t size);
/*
 * idx[0 .. n) = 0 .. n-1, shuffled when `random` is set (a fixed seed, so
 * every run visits in the same order).
 */
void file_order(size_t *idx, size_t n, int random);
/*
 * Ask the kernel to drop fd's cached pages (POSIX_FADV_DONTNEED over the
 * whole file: a page cache of large folios keeps any folio only part of
 * which was named).  Dirty pages stay until written back.  Dies on error.
 */
void file_uncache(int fd, const char *path);
/*
 * 1 if part of [off, off+len) of fd is in the page cache, 0 if none of
 * it is, -1 if that cannot be told (the file cannot be mapped).
 */
int file_resident(int fd, off_t off, size_t len);
/* Sum every 64-bit word (and trailing byte) of p[0 .. len). */
uint64_t file_sum(const void *p, size_t len);

/* One way of re-reading the file (a variant: name first). */
struct file_bw_variant {
	const char *name;
	benchmp_f bench;
	const char *help;	/* its --help line */
	const char *series;	/* the run's series of its points */
};

struct file_bw_program;

/* What every copy of a re-read program has; a program's state starts so. */
struct file_bw {
	struct file_set files;
	size_t size;			/* bytes read per pass */
	const char *path;		/* this copy's file */
	int fd;				/* open on it, in every copy */
	void *buf;			/* the program's buf_size bytes */
	const struct file_bw_program *prog;
};

/*
 * A re-read program (bw_file_rd, bw_mmap_rd) is this table: its ways of
 * reading, what <size> is to it, the bytes of the buffer each copy reads
 * into (buf_size, in f->buf, allocated and touched with mem_alloc once
 * its file is warmed into the page cache and opened; 0: none), and what
 * a copy sets up then (setup) and takes down before its file is closed
 * (takedown; NULL: nothing).  file_bw_main() is the whole program, st
 * its state: [-C] [-P n] [-W us] [-N n] <size> <variant> <file>, the
 * passes timed, "<size MB> <MB/s>" as a point of the variant's series
 * (its #stats line declares it).
 */
struct file_bw_program {
	const struct file_bw_variant *variants;
	size_t nvariants;
	const char *size_help;
	size_t buf_size;
	void (*setup)(struct file_bw *f);
	void (*takedown)(struct file_bw *f);
};
int file_bw_main(int argc, char *argv[], const struct file_bw_program *p,
		 struct file_bw *st);
/*
 * The whole main() of a re-read program: its table of ways `variants`,
 * the rest of struct file_bw_program (.size_help, .buf_size, .setup,
 * .takedown) given as designated initializers, its state a struct state
 * that starts with its struct file_bw f.
 */
#define FILE_BW_MAIN(variants_, ...) \
	static const struct file_bw_program file_bw_program_ = { \
		.variants = (variants_), \
		.nvariants = sizeof(variants_) / sizeof((variants_)[0]), \
		__VA_ARGS__}; \
	int main(int argc, char *argv[]) \
	{ \
		static struct state st; \
		return file_bw_main(argc, argv, &file_bw_program_, &st.f); \
	}

/* The row of -C in a bench_main table (bench.h): an int member m. */
#define FILE_ROW_PRIVATE(m) \
	BENCH_FLAG("-C", "each parallel copy gets a private copy of the " \
		   "file", m)

#endif
