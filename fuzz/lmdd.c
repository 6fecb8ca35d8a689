/*
 * lmdd.c - fuzz lmdd's key=value command line (dd_args_parse).
 *
 * The input is the arguments, separated by newlines or NULs.  Beyond
 * "no crash", an accepted command line must describe a copy lmdd can
 * do without undefined arithmetic:
 *   - 1 <= bs <= SSIZE_MAX; print in 0..2; each flag 0 or 1;
 *   - count >= 0, or -1 (to the end of the input) only from a file;
 *     with move=, count * bs is exactly the bytes asked for;
 *   - skip * bs and seek * bs fit in off_t (they are lseek() offsets);
 *   - an internal input has no ipat, skip; an internal output has no
 *     seek, fsync, trunc; not both ends internal;
 *   - the names and the label are the defaults or point into argv.
 * A refusal gives a reason that fits its buffer (or none: the usage).
 */
#include "fuzz.h"
#include "bench.h"
#include "lib_ddargs.h"

#include <limits.h>
#include <string.h>
#include <sys/types.h>

#define MAX_ARGS	16

static int within(const char *p, char *const argv[], int argc)
{
	int i;

	for (i = 1; i < argc; i++)
		if (p >= argv[i] && p <= argv[i] + strlen(argv[i]))
			return 1;
	return 0;
}

/* Fits: n * bs <= the largest off_t. */
static int fits_off_t(long n, size_t bs)
{
	uintmax_t max = ((uintmax_t)1 << (sizeof(off_t) * CHAR_BIT - 1)) - 1;

	return n == 0 || bs <= max / (uintmax_t)n;
}

/* The bytes the last move= asked for, or -1 with none. */
static int asked_move(char *const argv[], int argc, size_t *move)
{
	int i, found = -1;

	for (i = 1; i < argc; i++)
		if (strncmp(argv[i], "move=", 5) == 0 &&
		    bench_parse_size(argv[i] + 5, move) == 0)
			found = 0;
	return found;
}

static void check(const struct dd_args *a, char *const argv[], int argc)
{
	int in_mem = strcmp(a->in, "internal") == 0;
	int out_mem = strcmp(a->out, "internal") == 0;
	size_t move;

	FUZZ_CHECK(a->bs >= 1 && a->bs <= (size_t)SSIZE_MAX);
	FUZZ_CHECK(a->print >= 0 && a->print <= 2);
	FUZZ_CHECK((a->fsync | a->opat | a->ipat | a->force | a->trunc) ==
		   ((a->fsync | a->opat | a->ipat | a->force | a->trunc) & 1));
	FUZZ_CHECK(a->count >= 0 || (a->count == -1 && !in_mem));
	FUZZ_CHECK(a->skip >= 0 && a->seek >= 0);
	FUZZ_CHECK(fits_off_t(a->skip, a->bs) && fits_off_t(a->seek, a->bs));
	FUZZ_CHECK(!(in_mem && out_mem));
	FUZZ_CHECK(!in_mem || (!a->ipat && a->skip == 0));
	FUZZ_CHECK(!out_mem || (a->seek == 0 && !a->fsync && !a->trunc));
	FUZZ_CHECK(*a->in != '\0' && *a->out != '\0');
	FUZZ_CHECK(in_mem || within(a->in, argv, argc));
	FUZZ_CHECK(out_mem || within(a->out, argv, argc));
	FUZZ_CHECK(*a->label == '\0' || within(a->label, argv, argc));
	if (asked_move(argv, argc, &move) == 0)
		FUZZ_CHECK(a->count >= 0 &&
			   (uintmax_t)a->count * a->bs == (uintmax_t)move);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char name[] = "lmdd";
	char *s = fuzz_string(data, size), *argv[MAX_ARGS + 1], *p;
	char why[128];
	struct dd_args a, b;
	int argc = 1, rc;

	argv[0] = name;
	for (p = s; argc < MAX_ARGS && p <= s + size; argc++) {
		argv[argc] = p;
		p += strcspn(p, "\n");
		*p++ = '\0';
	}
	argv[argc] = NULL;
	rc = dd_args_parse(&a, argc - 1, argv + 1, why, sizeof(why));
	FUZZ_CHECK(rc == 0 || rc == -1);
	FUZZ_CHECK(memchr(why, '\0', sizeof(why)) != NULL);
	if (rc == 0)
		check(&a, argv, argc);
	else
		FUZZ_CHECK(dd_args_parse(&b, argc - 1, argv + 1, why,
					 sizeof(why)) == -1);
	free(s);
	return 0;
}
