/*
 * fuzz.h - what a fuzz target defines, and how it says an invariant broke.
 *
 * Each fuzz/<target>.c defines LLVMFuzzerTestOneInput().  Built with
 * clang -fsanitize=fuzzer it is driven by libFuzzer (make fuzz); built
 * with fuzz/driver.c by any compiler it replays the kept inputs (the
 * seed corpus and every input that once failed) under make test.
 */
#ifndef LMBENCH_FUZZ_H
#define LMBENCH_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What a target made outside itself, removed before an abort. */
static void (*fuzz_cleanup)(void);

/* A broken invariant: name it and abort, so libFuzzer keeps the input. */
static inline void fuzz_fail(const char *what, const char *file, int line)
{
	fprintf(stderr, "%s:%d: invariant broken: %s\n", file, line, what);
	if (fuzz_cleanup != NULL)
		fuzz_cleanup();
	abort();
}

#define FUZZ_CHECK(cond) \
	((cond) ? (void)0 : fuzz_fail(#cond, __FILE__, __LINE__))

/* The input as a NUL-terminated string (malloc'd; abort if none). */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	FUZZ_CHECK(s != NULL);
	for (size_t i = 0; i < size; i++)
		s[i] = (char)data[i];
	s[size] = '\0';
	return s;
}

#endif
