/*
 * options.c - fuzz the strict number and size parsers behind every
 * program's options (bench_parse_size: "64m", "16k", "8MB";
 * bench_parse_long: counts, -P/-W/-N and the like).
 *
 * Not only "no crash": each answer is compared with a reference parser
 * written here from the documented grammar.
 *   size: digits, then optionally one of kKmMgG (2^10, 2^20, 2^30) and
 *         then optionally b or B; no sign, no space; the value must
 *         fit in size_t.
 *   long: an optional sign, then digits, nothing else (no space); the
 *         value must fit in long and lie in [min, max].
 * Accepted and refused must agree, and an accepted value must be the
 * reference's.  A refusal must leave the output untouched.
 */
#include "fuzz.h"
#include "bench.h"

#include <limits.h>

/* The reference: 0 and *out, or -1. */
static int ref_size(const char *s, size_t *out)
{
	unsigned long long v = 0, mult = 1;
	const char *p = s;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (ULLONG_MAX - (unsigned)(*p - '0')) / 10)
			return -1;
		v = v * 10 + (unsigned)(*p - '0');
	}
	if (*p == 'k' || *p == 'K')
		mult = 1ULL << 10;
	else if (*p == 'm' || *p == 'M')
		mult = 1ULL << 20;
	else if (*p == 'g' || *p == 'G')
		mult = 1ULL << 30;
	if (mult != 1) {
		p++;
		if (*p == 'b' || *p == 'B')
			p++;
	}
	if (*p != '\0' || v > SIZE_MAX / mult)
		return -1;
	*out = (size_t)(v * mult);
	return 0;
}

static int ref_long(const char *s, long min, long max, long *out)
{
	unsigned long mag = 0, lim;
	const char *p = s;
	int neg = 0;
	long v;

	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	if (*p < '0' || *p > '9')
		return -1;
	lim = neg ? (unsigned long)LONG_MAX + 1 : (unsigned long)LONG_MAX;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (mag > (lim - (unsigned)(*p - '0')) / 10)
			return -1;
		mag = mag * 10 + (unsigned)(*p - '0');
	}
	if (*p != '\0')
		return -1;
	if (neg)
		v = mag == (unsigned long)LONG_MAX + 1 ? LONG_MIN : -(long)mag;
	else
		v = (long)mag;
	if (v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/* The ranges the programs use, and the extremes. */
static const long ranges[][2] = {
	{LONG_MIN, LONG_MAX}, {0, LONG_MAX}, {1, LONG_MAX}, {0, 1},
	{0, 2}, {1, 4096}, {0, 1800L * 1000 * 1000}, {1, 100000},
	{-1, 1}, {LONG_MIN, -1},
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_string(data, size);
	size_t got_sz = 7, want_sz = 7;
	long got, want;
	size_t i;
	int rc;

	rc = bench_parse_size(s, &got_sz);
	FUZZ_CHECK(rc == 0 || rc == -1);
	FUZZ_CHECK(rc == ref_size(s, &want_sz));
	FUZZ_CHECK(got_sz == want_sz);
	for (i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++) {
		got = want = 7;
		rc = bench_parse_long(s, ranges[i][0], ranges[i][1], &got);
		FUZZ_CHECK(rc == 0 || rc == -1);
		FUZZ_CHECK(rc == ref_long(s, ranges[i][0], ranges[i][1],
					  &want));
		FUZZ_CHECK(got == want);
		FUZZ_CHECK(rc != 0 || (got >= ranges[i][0] &&
				       got <= ranges[i][1]));
	}
	free(s);
	return 0;
}
