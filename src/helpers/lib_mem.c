/*
 * lib_mem.c - buffers for memory benchmarks.
 *
 * Memory is mapped and every page written before the caller times
 * anything, so page faults and zeroing never land in a timed interval
 * (lmbench-ng's seed 003: allocation inside the measured loop distorts
 * it).  MEM_HUGE asks for transparent huge pages with madvise where the
 * system has it; mem_page_size_of() reports what was really obtained.
 */
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "bench.h"
#include "lib_mem.h"

#include <sys/mman.h>

#if !defined(MAP_ANONYMOUS) && defined(MAP_ANON)
#define MAP_ANONYMOUS MAP_ANON
#endif

/* Huge-page alignment, so a buffer can start on a 2 MB boundary. */
#define HUGE_ALIGN ((size_t)2 << 20)

size_t mem_page_size(void)
{
	long ps = sysconf(_SC_PAGESIZE);

	return ps > 0 ? (size_t)ps : 4096;
}

void *mem_shared(size_t size)
{
	void *p = mmap(NULL, size ? size : 1, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		bench_die("mmap %zu shared bytes", size);
	return p;
}

void *mem_alloc(size_t size, int flags)
{
	size_t ps = mem_page_size(), len, extra, i;
	char *base, *p;

	if (size == 0)
		size = 1;
	len = (size + ps - 1) / ps * ps;
	extra = (flags & MEM_HUGE) ? HUGE_ALIGN : 0;
	base = mmap(NULL, len + extra, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (base == MAP_FAILED)
		bench_die("mmap %zu bytes", len + extra);
	p = base;
	if (extra) {
		/* Trim to a 2 MB-aligned start so huge pages can back it. */
		size_t off = (HUGE_ALIGN - (size_t)base % HUGE_ALIGN) %
			     HUGE_ALIGN;

		p = base + off;
		if (off)
			munmap(base, off);
		if (extra - off)
			munmap(p + len, extra - off);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
		(void)madvise(p, len, MADV_HUGEPAGE);
#endif
	}
	if (flags & MEM_NOTOUCH)
		return p;
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
	/*
	 * Fault every page in with one call, then write them as before (the
	 * call is refused by kernels before 5.14).  A KVM guest took 13-15 us
	 * per page faulted one at a time, 3 us per page this way: 3.3-3.6 s
	 * against 0.7-0.8 s for 960 MB, stream's arrays.
	 */
	(void)madvise(p, len, MADV_POPULATE_WRITE);
#endif
	for (i = 0; i < len; i += ps)
		p[i] = 1;
	return p;
}

void mem_populate_interleaved(char *const *starts, size_t n, size_t bytes)
{
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
	size_t ps = mem_page_size(), k, i, left;

	/*
	 * stream -M 600M (three arrays, 1.8 GB) on a KVM guest with PTI:
	 * 3.0-5.5 s of system time with a fault a page, 0.9-1.6 s this way.
	 */
	for (k = 0, left = n; left > 0; k++) {
		left = 0;
		for (i = 0; i < n; i++) {
			uintptr_t first = (uintptr_t)starts[i] / ps * ps;
			uintptr_t page = first + k * ps;

			if (page >= (uintptr_t)starts[i] + bytes)
				continue;
			left++;
			/* Refused (a kernel before 5.14): the writes do it. */
			if (madvise((void *)page, ps, MADV_POPULATE_WRITE) != 0)
				return;
		}
	}
#else
	(void)starts;
	(void)n;
	(void)bytes;
#endif
}

void mem_free(void *p, size_t size)
{
	size_t ps = mem_page_size();

	if (p != NULL)
		munmap(p, (size + ps - 1) / ps * ps);
}

size_t mem_page_size_of(const void *p)
{
#if defined(__linux__)
	unsigned long lo, hi, kb;
	size_t result = 0;
	char line[512];
	int inside = 0;
	FILE *f = fopen("/proc/self/smaps", "r");

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2 &&
		    strchr(line, '-') < strchr(line, ' ')) {
			inside = (unsigned long)p >= lo &&
				 (unsigned long)p < hi;
			continue;
		}
		if (!inside)
			continue;
		if (sscanf(line, "KernelPageSize: %lu kB", &kb) == 1 &&
		    result == 0)
			result = (size_t)kb * 1024;
		if (sscanf(line, "AnonHugePages: %lu kB", &kb) == 1 && kb > 0)
			result = HUGE_ALIGN;
	}
	fclose(f);
	return result;
#else
	(void)p;
	return 0;
#endif
}
