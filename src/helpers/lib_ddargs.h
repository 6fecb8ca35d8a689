/*
 * lib_ddargs.h - lmdd's key=value command line, parsed without I/O and
 * without exiting, so that a test or a fuzzer can call it.
 */
#ifndef LMBENCH_LIB_DDARGS_H
#define LMBENCH_LIB_DDARGS_H

#include <stddef.h>

struct dd_args {
	const char *in, *out, *label;	/* "internal": memory, no I/O */
	size_t bs;
	long count;		/* blocks; -1: until end of input */
	long skip, seek;	/* blocks */
	int fsync, print, opat, ipat, force, trunc;
};

/*
 * Parse the operands argv[0..argc-1] into *a (defaults first).  0 if they make a
 * valid copy; -1 if not, with `why` (len bytes) saying what was wrong,
 * or empty when the usage line says it all.
 */
int dd_args_parse(struct dd_args *a, int argc, char *const argv[],
		  char *why, size_t len);

#endif
