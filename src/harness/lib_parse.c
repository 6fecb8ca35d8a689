/*
 * lib_parse.c - strict number and size parsing (bench_parse_long,
 * bench_parse_size in bench.h): pure functions, no error exits, so the
 * knobs (lib_env) and the options (lib_options) can both use them.
 */
#include "bench.h"

#include <limits.h>

int bench_parse_long(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	/* strtol() would skip any leading white space, '\n' and '\r' too. */
	if (s == NULL || (*s != '-' && *s != '+' && (*s < '0' || *s > '9')))
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int bench_parse_size(const char *s, size_t *out)
{
	unsigned long long v, mult = 1;
	char *end;

	if (s == NULL || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0)
		return -1;
	switch (*end) {
	case '\0':
		break;
	case 'k': case 'K':
		mult = 1ULL << 10;
		end++;
		break;
	case 'm': case 'M':
		mult = 1ULL << 20;
		end++;
		break;
	case 'g': case 'G':
		mult = 1ULL << 30;
		end++;
		break;
	default:
		return -1;
	}
	/* Accept "64KB"/"8MB" as well as "64K". */
	if (mult != 1 && (*end == 'b' || *end == 'B'))
		end++;
	if (*end != '\0' || v > SIZE_MAX / mult)
		return -1;
	*out = (size_t)(v * mult);
	return 0;
}
