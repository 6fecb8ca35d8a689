/*
 * lib_mem.h - benchmark buffers: allocated, aligned and touched before
 * any timing starts, optionally backed by transparent huge pages.
 */
#ifndef LMBENCH_LIB_MEM_H
#define LMBENCH_LIB_MEM_H

#include <stddef.h>

#define MEM_HUGE	1	/* ask for transparent huge pages */
#define MEM_NOTOUCH	2	/* pages left for the caller to touch */

/* Page-aligned anonymous memory, every page written once. Dies on failure. */
void *mem_alloc(size_t size, int flags);
void mem_free(void *p, size_t size);
/* The base page size. */
size_t mem_page_size(void);
/*
 * The page size the kernel actually used for the mapping holding p, from
 * /proc/self/smaps (AnonHugePages > 0 counts as 2 MB pages); 0 when it
 * cannot be told.
 */
size_t mem_page_size_of(const void *p);

#endif
