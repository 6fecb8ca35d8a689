/*
 * lib_syscall.c - the null system call (lib_syscall.h).
 */
#include "lib_syscall.h"

#include <limits.h>

void syscall_getppid(iter_t n, void *cookie)
{
	unsigned int sum = 0;	/* wraps: a signed sum would overflow */

	(void)cookie;
	while (n-- > 0)
		sum += (unsigned int)getppid();
	use_int((int)(sum & INT_MAX));
}
