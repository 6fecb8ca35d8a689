/*
 * mem_test - unit tests of lib_mem (TAP): mem_alloc hands back memory
 * whose every page is in, MEM_NOTOUCH memory whose pages are not, and
 * mem_populate_interleaved brings in every page of the buffers it is
 * given and none past them.  Residency is read with mincore(), on Linux.
 */
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "bench.h"
#include "lib_mem.h"
#include "tap.h"

#include <sys/mman.h>

#if defined(__linux__)
/* How many of the pages of [p, p + len) are resident. */
static size_t resident(const char *p, size_t len)
{
	size_t ps = mem_page_size(), n = (len + ps - 1) / ps, i, in = 0;
	unsigned char *vec = malloc(n);

	if (vec == NULL || mincore((void *)p, len, vec) != 0) {
		free(vec);
		return (size_t)-1;
	}
	for (i = 0; i < n; i++)
		in += vec[i] & 1;
	free(vec);
	return in;
}

int main(void)
{
	size_t ps = mem_page_size(), len = 64 * ps, step, i, in;
	size_t bytes = 40 * ps + 100;
	char *p, *map, *starts[3];
	int populate = 0;

	p = mem_alloc(len, 0);
	ok((uintptr_t)p % ps == 0, "mem_alloc: page-aligned");
	ok(resident(p, len) == len / ps, "mem_alloc: every page is in");
	mem_free(p, len);

	/*
	 * Three buffers in one mapping, each MEM_SKEW bytes past the one
	 * before (as stream lays its arrays out), and pages after them.
	 */
	step = (bytes + 63) / 64 * 64 + MEM_SKEW;
	len = 3 * step + 16 * ps;
	map = mem_alloc(len, MEM_NOTOUCH);
	ok(resident(map, len) == 0, "MEM_NOTOUCH: no page is in");
	for (i = 0; i < 3; i++)
		starts[i] = map + i * step;
	mem_populate_interleaved(starts, 3, bytes);
	in = resident(map, len);
#if defined(MADV_POPULATE_WRITE)
	/*
	 * Whether this kernel takes it (5.14 on), asked of a page apart:
	 * the call succeeds and the page is in (qemu-user says yes to it
	 * and does nothing).
	 */
	p = mem_alloc(ps, MEM_NOTOUCH);
	populate = madvise(p, ps, MADV_POPULATE_WRITE) == 0 &&
		   resident(p, ps) == 1;
	mem_free(p, ps);
#endif
	if (populate) {
		size_t last = (size_t)(starts[2] + bytes - 1 - map) / ps;

		ok(resident(map, (last + 1) * ps) == last + 1,
		   "populate: every page of the three buffers is in");
		ok(in == last + 1, "populate: no page past them (%zu of %zu)",
		   in, len / ps);
	} else {
		ok(in == 0, "MADV_POPULATE_WRITE refused: no page brought in");
		printf("# MADV_POPULATE_WRITE not taken here: the writes "
		       "fault the pages in\n");
	}
	/* The buffers still read as fresh memory, and take writes. */
	for (i = 0; i < 3; i++) {
		ok(starts[i][0] == 0 && starts[i][bytes - 1] == 0,
		   "buffer %zu reads zero", i);
		memset(starts[i], 1, bytes);
	}
	ok(resident(map, len) >= (3 * step - MEM_SKEW) / ps,
	   "written: the buffers are in");
	mem_free(map, len);
	return done_testing();
}
#else
int main(void)
{
	printf("1..0 # SKIP residency is read with Linux's mincore()\n");
	return 0;
}
#endif
