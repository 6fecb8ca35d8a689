/*
 * lib_ddargs.c - lmdd's key=value command line (usage in lmdd.c).
 */
#include "bench.h"
#include "lib_ddargs.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>

/* dd's habit is 512; 8 KB keeps the syscall cost out of file bandwidth. */
#define DEFAULT_BS	8192

/* The largest off_t: skip * bs and seek * bs are lseek() offsets. */
#define OFF_T_MAX \
	(((uintmax_t)1 << (sizeof(off_t) * CHAR_BIT - 1)) - 1)

static int bad(char *why, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int bad(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return -1;
}

static int is_internal(const char *name)
{
	return strcmp(name, "internal") == 0;
}

static int flag(const char *v, int *out)
{
	long f;

	if (bench_parse_long(v, 0, 1, &f) != 0)
		return -1;
	*out = (int)f;
	return 0;
}

/* One key=value into *a: 0, or -1 for the usage line. */
static int one(struct dd_args *a, const char *k, size_t klen,
	       const char *v, size_t *move, int *have_count, int *have_move)
{
	long n;

#define KEY(name) (klen == strlen(name) && strncmp(k, name, klen) == 0)
	if (KEY("if") && *v)
		a->in = v;
	else if (KEY("of") && *v)
		a->out = v;
	else if (KEY("bs"))
		return bench_parse_size(v, &a->bs);
	else if (KEY("count") && ++*have_count)
		return bench_parse_long(v, 0, LONG_MAX, &a->count);
	else if (KEY("move") && ++*have_move)
		return bench_parse_size(v, move);
	else if (KEY("skip"))
		return bench_parse_long(v, 0, LONG_MAX, &a->skip);
	else if (KEY("seek"))
		return bench_parse_long(v, 0, LONG_MAX, &a->seek);
	else if (KEY("fsync"))
		return flag(v, &a->fsync);
	else if (KEY("label"))
		a->label = v;
	else if (KEY("print")) {
		if (bench_parse_long(v, 0, 2, &n) != 0)
			return -1;
		a->print = (int)n;
	} else if (KEY("opat"))
		return flag(v, &a->opat);
	else if (KEY("ipat"))
		return flag(v, &a->ipat);
	else if (KEY("force"))
		return flag(v, &a->force);
	else if (KEY("trunc"))
		return flag(v, &a->trunc);
	else
		return -1;
#undef KEY
	return 0;
}

int dd_args_parse(struct dd_args *a, int argc, char *const argv[],
		  char *why, size_t len)
{
	size_t move = 0;
	int i, have_count = 0, have_move = 0;

	memset(a, 0, sizeof(*a));
	a->in = a->out = "internal";
	a->label = "";
	a->bs = DEFAULT_BS;
	a->count = -1;
	*why = '\0';
	for (i = 0; i < argc; i++) {
		const char *k = argv[i], *v = strchr(k, '=');

		if (v == NULL)
			return bad(why, len, "%s: not key=value", k);
		if (one(a, k, (size_t)(v - k), v + 1, &move, &have_count,
			&have_move) != 0)
			return bad(why, len, "%s: no such key, or a bad value",
				   k);
	}
	if (a->bs == 0 || a->bs > (size_t)SSIZE_MAX)
		return bad(why, len, "bs=%lu: out of range",
			   (unsigned long)a->bs);
	if ((uintmax_t)a->skip > OFF_T_MAX / a->bs ||
	    (uintmax_t)a->seek > OFF_T_MAX / a->bs)
		return bad(why, len, "skip= or seek= times bs is past the "
			   "largest file offset");
	if (have_count && have_move)
		return bad(why, len, "count= and move= exclude each other");
	if (have_move && move / a->bs > (size_t)LONG_MAX)
		return bad(why, len, "move=%lu is more than %ld blocks",
			   (unsigned long)move, LONG_MAX);
	if (have_move)
		a->count = (long)(move / a->bs);
	if (have_move && move % a->bs != 0)
		return bad(why, len, "move=%lu is not a multiple of bs=%lu",
			   (unsigned long)move, (unsigned long)a->bs);
	if (a->count < 0 && is_internal(a->in))
		return bad(why, len, "if=internal needs count= or move=");
	if (is_internal(a->in) && is_internal(a->out))
		return bad(why, len, "if= or of= must name a file");
	if (a->ipat && is_internal(a->in))
		return bad(why, len, "ipat=1 needs an input file");
	if (a->skip > 0 && is_internal(a->in))
		return bad(why, len, "skip= needs an input file");
	if (a->seek > 0 && is_internal(a->out))
		return bad(why, len, "seek= needs an output file");
	if ((a->fsync || a->trunc) && is_internal(a->out))
		return bad(why, len, "fsync= and trunc= need an output file");
	return 0;
}
