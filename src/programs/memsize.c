/*
 * memsize - how many megabytes this process can allocate and touch.
 *
 * Memory is mapped in chunks and every page of a chunk written before
 * the next is mapped; the count stops at the first chunk that cannot be
 * mapped, or at the limit.  The limit is the smallest of the request
 * (default 1024 MB), the physical memory (sysconf) and, on Linux, the
 * memory the kernel says is available without swapping (MemAvailable),
 * so the probe neither swaps nor calls in the OOM killer.  The result, in
 * MB (2^20 bytes), goes to stdout; scripts use it to size their buffers.
 *
 * usage: memsize [max_MB]
 */
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "bench.h"

#include <stdint.h>
#include <sys/mman.h>

#ifndef MAP_ANONYMOUS
#define MAP_ANONYMOUS MAP_ANON
#endif
/*
 * Linux: have mmap fault the pages in, in one pass through the kernel:
 * several times faster than a fault per page, and faster (and steadier)
 * than huge pages, whose allocation may have to compact memory first.
 */
#ifndef MAP_POPULATE
#define MAP_POPULATE 0
#endif

#define DEFAULT_MB	1024	/* lmbench3's default request */
#define CHUNK_MB	64	/* few mmaps, yet a fine-grained answer */
#define MB		((size_t)1 << 20)
/* Any request whose byte count fits a size_t with room to spare. */
#define MAX_REQUEST_MB	((long)(SIZE_MAX / MB / 2))

static size_t physical_mb(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), ps = sysconf(_SC_PAGESIZE);

	if (pages <= 0 || ps <= 0)
		return SIZE_MAX;
	return (size_t)((double)pages * (double)ps / (double)MB);
}

/* MB the kernel can hand out without swapping; SIZE_MAX if unknown. */
static size_t available_mb(void)
{
#if defined(__linux__)
	unsigned long kb;
	char line[256];
	FILE *f = fopen("/proc/meminfo", "r");
	size_t result = SIZE_MAX;

	if (f == NULL)
		return SIZE_MAX;
	while (fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "MemAvailable: %lu kB", &kb) == 1)
			result = kb / 1024;
	fclose(f);
	return result;
#else
	return SIZE_MAX;
#endif
}

/* Map and touch one chunk; 0 on success, -1 if it cannot be mapped. */
static int take_chunk(size_t len, size_t ps)
{
	char *p;
	size_t i;

	p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (p == MAP_FAILED)
		return -1;
	/* Populated or not, every page is written: it must really be ours. */
	for (i = 0; i < len; i += ps)
		p[i] = 1;
	return 0;
}

static int run(const struct bench_run *r)
{
	size_t limit = DEFAULT_MB, got = 0, step, cap;
	long ps = sysconf(_SC_PAGESIZE), v;

	if (r->argc == 1 &&
	    bench_parse_long(r->argv[0], 1, MAX_REQUEST_MB, &v) != 0)
		bench_fail("%s: not a number of MB from 1 to %ld", r->argv[0],
			   MAX_REQUEST_MB);
	if (r->argc == 1)
		limit = (size_t)v;
	if (ps <= 0)
		bench_die("sysconf(_SC_PAGESIZE)");
	cap = physical_mb();
	if (available_mb() < cap)
		cap = available_mb();
	if (limit > cap)
		limit = cap;
	while (got < limit) {
		step = limit - got < CHUNK_MB ? limit - got : CHUNK_MB;
		if (take_chunk(step * MB, (size_t)ps) != 0)
			break;
		got += step;
	}
	bench_figure_print(&(struct metric){.name = "memsize", .unit = "MB",
					    .kind = KIND_PROPERTY},
			   "memory allocated and touched", (double)got, 0);
	return 0;
}

BENCH_MAIN(.usage = "[max_MB]\n",
	   .max_ops = 1,
	   .options = BENCH_OPTIONS(
		BENCH_OPERAND("max_MB", "stop counting at this many MB "
			      "(default 1024)")))
