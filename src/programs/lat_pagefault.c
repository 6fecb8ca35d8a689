/*
 * lat_pagefault - cost of one page fault on a file mapping whose page is
 * in the page cache (a minor fault: no I/O).
 *
 * One iteration is one read of one byte that faults.  To make every
 * iteration a real fault, the reads are far enough apart that none lands
 * on a page an earlier fault already mapped (Linux maps the cached
 * neighbours of a faulting page: a 64 KB fault-around window, or a whole
 * large folio, which on 6.x kernels can be a megabyte; the spacing is
 * found at start-up by doubling from 64 KB until every read of a mapping
 * faults, counted with getrusage), go in a random order (fixed seed),
 * and never come back to a mapping that has been read: before each timed
 * interval of n iterations, outside the timed region, the file is mapped
 * afresh (read-only, shared) as many times as n reads need, and the
 * mappings are removed after the interval, again outside it.  The timed region is the
 * n loads and nothing else: the fault entry, the lookup of the cached
 * page, the mapping of it and of the neighbours the kernel maps with it,
 * and the return.  The minor-fault count is checked again around every
 * interval; a warning says so if fewer than 95% of the reads faulted.
 * The file is read once before timing so it is cached.
 * -C gives each parallel copy a private copy of the file.
 *
 * usage: lat_pagefault [-C] [-P <parallelism>] [-W <warmup>]
 *                      [-N <repetitions>] <file>
 */
#include "bench.h"
#include "lib_file.h"
#include "lib_mem.h"

#include <sys/mman.h>
#include <sys/resource.h>

/* Linux's default fault-around window (fault_around_bytes). */
#define WINDOW		(64 * 1024)
/* Mappings one interval may use; Linux allows 65530 per process. */
#define MAX_MAPS	16384

struct state {
	struct file_set files;
	const char *path;	/* this copy's file */
	size_t size;		/* bytes of the file that are mapped */
	size_t stride;		/* distance between faulting reads */
	size_t nwin;		/* reads per mapping */
	int fd;
	size_t *order;		/* window order within a mapping */
	char **maps;		/* this interval's mappings */
	size_t nmaps;
	char **addrs;		/* this interval's reads, in order */
	iter_t prepared;
	long flt_before;	/* minor faults when the interval began */
	uint64 reads, faults;	/* totals over all intervals */
	int private_copies;	/* -C */
};

static long minor_faults(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0)
		bench_die("getrusage");
	return ru.ru_minflt;
}

static void do_fault(iter_t n, void *cookie)
{
	struct state *st = cookie;
	char **a = st->addrs;
	unsigned sum = 0;

	if (n > st->prepared)
		bench_die("lat_pagefault: %lu reads asked, %lu prepared",
			  (unsigned long)n, (unsigned long)st->prepared);
	while (n-- > 0)
		sum += *(volatile const char *)*a++;
	use_int((int)sum);
}

/* Per interval: fresh mappings and the addresses of n faulting reads. */
static void prepare(struct state *st, iter_t n)
{
	size_t i, m;

	st->nmaps = (n + st->nwin - 1) / st->nwin;
	if (st->nmaps > MAX_MAPS)
		bench_die("%s: %lu faults per interval need %zu mappings of "
			  "a %zu-byte file; use a larger file", st->path,
			  (unsigned long)n, st->nmaps, st->size);
	st->maps = bench_alloc(st->nmaps, sizeof(*st->maps));
	st->addrs = bench_alloc((size_t)n, sizeof(*st->addrs));
	for (m = 0; m < st->nmaps; m++) {
		st->maps[m] = mmap(NULL, st->size, PROT_READ, MAP_SHARED,
				   st->fd, 0);
		if (st->maps[m] == MAP_FAILED)
			bench_die("mmap %s", st->path);
	}
	for (i = 0; i < n; i++)
		st->addrs[i] = st->maps[i / st->nwin] +
			       st->order[i % st->nwin] * st->stride;
	st->prepared = n;
	st->flt_before = minor_faults();
}

static void unprepare(struct state *st)
{
	long faults = minor_faults() - st->flt_before;
	size_t m;

	st->reads += st->prepared;
	st->faults += faults > 0 ? (uint64)faults : 0;
	for (m = 0; m < st->nmaps; m++)
		if (munmap(st->maps[m], st->size) != 0)
			bench_die("munmap");
	free(st->maps);
	free(st->addrs);
	st->maps = NULL;
	st->addrs = NULL;
	st->nmaps = 0;
	st->prepared = 0;
}

/*
 * How far apart reads must be for each to fault: the kernel maps the
 * cached neighbours of a faulting page, a fault-around window or a whole
 * large folio (on Linux 6.x up to megabytes).  Start at the window and
 * double until every read of one mapping, in the timed order, faults.
 */
static void find_stride(struct state *st, size_t page)
{
	size_t i;
	long before;
	char *p;
	unsigned sum = 0;

	for (st->stride = WINDOW > page ? WINDOW : page;; st->stride *= 2) {
		st->nwin = (st->size - page) / st->stride + 1;
		free(st->order);
		st->order = bench_alloc(st->nwin, sizeof(*st->order));
		file_order(st->order, st->nwin, 1);
		if (st->nwin == 1)
			return;
		p = mmap(NULL, st->size, PROT_READ, MAP_SHARED, st->fd, 0);
		if (p == MAP_FAILED)
			bench_die("mmap %s", st->path);
		before = minor_faults();
		for (i = 0; i < st->nwin; i++)
			sum += ((volatile const char *)p)[st->order[i] *
							   st->stride];
		if (minor_faults() - before >= (long)st->nwin) {
			munmap(p, st->size);
			break;
		}
		munmap(p, st->size);
	}
	use_int((int)sum);
	bench_debug("lat_pagefault: reads %zu bytes apart, %zu per mapping",
		    st->stride, st->nwin);
}

static void init_fault(iter_t n, void *cookie)
{
	struct state *st = cookie;

	if (n != 0) {
		prepare(st, n);
		return;
	}
	st->path = file_set_path(&st->files);
	file_warm(st->path, st->size);
	st->fd = file_open(st->path);
	find_stride(st, mem_page_size());
}

static void cleanup_fault(iter_t n, void *cookie)
{
	struct state *st = cookie;

	if (n != 0) {
		unprepare(st);
		return;
	}
	close(st->fd);
	free(st->order);
	/* Say so if reads stopped faulting (e.g. the page cache changed). */
	if (st->faults < st->reads - st->reads / 20)
		fprintf(stderr, "%s: warning: only %llu of %llu timed reads "
			"faulted\n", bench_progname(), st->faults, st->reads);
}

static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	char label[64 + 4096];
	size_t page = mem_page_size();

	st->size = file_check(r->argv[0], page);
	file_set_make(&st->files, r->argv[0], st->private_copies,
		      r->opts.parallel);

	benchmp_opts(init_fault, do_fault, cleanup_fault, &r->opts, st);
	snprintf(label, sizeof(label), "Pagefaults on %s", r->argv[0]);
	report_micro("pagefault", label, get_n());
	file_set_free(&st->files);
	return 0;
}

BENCH_MAIN(.usage = "[-C] " BENCH_USAGE_PWN " <file>\n",
	   .min_ops = 1, .max_ops = 1, BENCH_STATE(.private_copies = 0),
	   .options = BENCH_OPTIONS(
		FILE_ROW_PRIVATE(private_copies),
		BENCH_OPERAND("<file>", "the file whose pages are faulted in")))
