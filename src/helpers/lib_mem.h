/*
 * lib_mem.h - benchmark buffers: allocated, aligned and touched before
 * any timing starts, optionally backed by transparent huge pages.
 */
#ifndef LMBENCH_LIB_MEM_H
#define LMBENCH_LIB_MEM_H

#include <stddef.h>

#define MEM_HUGE	1	/* ask for transparent huge pages */
#define MEM_NOTOUCH	2	/* pages left for the caller to touch */
/*
 * Bytes between buffers that share one mapping (half a 4 KB page plus a
 * line): whatever the buffers' size, element i of one and of the next
 * fall in other cache sets.  Buffers a power of two long, each at the
 * start of its own (huge-page) mapping, can put element i of every
 * buffer in one set (the loss reported at 640 MiB on a Xeon VM:
 * doc/validation/stream.md).
 */
#define MEM_SKEW	(2048 + 64)

/* Page-aligned anonymous memory, every page written once. Dies on failure. */
void *mem_alloc(size_t size, int flags);
void mem_free(void *p, size_t size);
/*
 * Fault in the pages of n buffers of bytes each (left untouched by
 * MEM_NOTOUCH) in the order one loop writing element i of each would:
 * page k of every buffer before page k + 1 of any, so that the kernel
 * hands out their physical pages interleaved as such a loop gets them.
 * One madvise() a page in place of a page fault; where the kernel has
 * no MADV_POPULATE_WRITE the caller's writes fault the pages in.
 */
void mem_populate_interleaved(char *const *starts, size_t n, size_t bytes);
/*
 * Zeroed memory shared with the processes forked after (a control block
 * or a slot two processes write); dies on failure.  Freed at exit.
 */
void *mem_shared(size_t size);
/* The base page size. */
size_t mem_page_size(void);
/*
 * The page size the kernel actually used for the mapping holding p, from
 * /proc/self/smaps (AnonHugePages > 0 counts as 2 MB pages); 0 when it
 * cannot be told.
 */
size_t mem_page_size_of(const void *p);

#endif
