/*
 * lat_rand - cost of one call to the C library's random number
 * generators: drand48(), lrand48(), rand() and random().
 *
 * Each call updates the generator's hidden state from the previous one,
 * so the calls form a chain; the time per call is its latency, function
 * call included.  Every result is added into a sum that is sunk, so no
 * call can be dropped.  The generators are seeded once per copy before
 * timing starts.  The result is the median of 1 ms intervals (lib_cpu.h)
 * unless ENOUGH is set; the harness subtracts timer and loop overheads.
 *
 * usage: lat_rand [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 */
#include "bench.h"

#include <stdlib.h>

/* A fixed seed: every run draws the same numbers. */
#define SEED 20260101

static void do_drand48(iter_t n, void *cookie)
{
	double sum = 0;

	(void)cookie;
	while (n-- > 0)
		sum += drand48();
	use_int(sum > 0);
}

static void do_lrand48(iter_t n, void *cookie)
{
	long sum = 0;

	(void)cookie;
	while (n-- > 0)
		sum += lrand48();
	use_int((int)sum);
}

static void do_rand(iter_t n, void *cookie)
{
	unsigned int sum = 0;

	(void)cookie;
	while (n-- > 0)
		/* rand() is what is measured, not used for randomness. */
		sum += (unsigned int)rand(); /* NOLINT(cert-msc30-c) */
	use_int((int)sum);
}

static void do_random(iter_t n, void *cookie)
{
	long sum = 0;

	(void)cookie;
	while (n-- > 0)
		sum += random();
	use_int((int)sum);
}

/* Per copy, before any timing: a known state for every generator. */
static void seed(void *cookie)
{
	(void)cookie;
	/* A fixed seed on purpose: every run times the same sequence. */
	srand48(SEED);
	srand(SEED); /* NOLINT(cert-msc32-c) */
	srandom(SEED);
}

static const struct variant {
	benchmp_f bench;
	const char *label;
	const char *metric;	/* its stable name (doc/results-json.md) */
} variants[] = {
	{do_drand48, "drand48 latency", "rand.drand48"},
	{do_lrand48, "lrand48 latency", "rand.lrand48"},
	{do_rand, "rand latency", "rand.rand"},
	{do_random, "random latency", "rand.random"},
};
#define NVARIANTS (sizeof(variants) / sizeof(variants[0]))

static int run(const struct bench_run *r)
{
	size_t i;

	bench_default_enough(CPU_INTERVAL_US);
	for (i = 0; i < NVARIANTS; i++) {
		benchmp_copy(seed, variants[i].bench, NULL, &r->opts, NULL);
		report_nano(variants[i].metric, variants[i].label, get_n());
	}
	return 0;
}

/* No options, no operands: -P/-W/-N alone. */
BENCH_MAIN(.usage = BENCH_USAGE_PWN "\n")
