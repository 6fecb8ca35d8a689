/*
 * stream_check - an independent STREAM-style measurement, written apart
 * from the harness, to cross-check bin/stream.
 *
 * Like McCalpin's program: three arrays of a compile-time length (one
 * static array, see SKEW), each kernel timed over NTIMES passes with
 * clock_gettime (copy a memcpy(), as the compiler made of the loop), the
 * first pass dropped, bandwidth from the bytes the kernel names (16 for
 * copy and scale, 24 for add and triad), the arrays checked at the end.
 * Before the passes, WARMUP_S of untimed copies, as bin/stream
 * calibrates before it times.  (On the AMD EPYC VM, without them and
 * with the arrays apart, this oracle's scale read 0.6 of the program's
 * in five rounds of six; the arrays' layout, SKEW below, may have been
 * the cause rather than the start: that slow mode has not been seen
 * since either changed.)  It prints the best and the median pass per
 * kernel:
 *
 *   <kernel> best <MB/s> median <MB/s>
 *
 * usage: stream_check [passes [doubles]]
 *   passes   default 10
 *   doubles  elements per array, at most (and by default) STREAM_N: a
 *            smaller length measures a cache's bandwidth, as the tests do
 * MB = 10^6 bytes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef STREAM_N
#define STREAM_N 40000000	/* doubles per array, the reference run's */
#endif
#define MAXTIMES 100
#define WARMUP_S 0.02

/*
 * The three arrays in one, each SKEW doubles past the end of the one
 * before (McCalpin's OFFSET; bin/stream's MEM_SKEW is 2112 bytes): three
 * arrays of their own lay a[i], b[i] and c[i] at one offset in their
 * pages, and on the AMD EPYC VM this oracle's triad then read 44 GB/s in
 * every run of a musl build and 50 or 81 in turn of a glibc one, against
 * 81 in every run with the skew, and the program's 76-81.
 */
#define SKEW 264
static double mem[3 * ((size_t)STREAM_N + SKEW)];

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp(const void *x, const void *y)
{
	double u = *(const double *)x, v = *(const double *)y;

	return (u > v) - (u < v);
}

int main(int argc, char *argv[])
{
	static const char *names[4] = {"copy", "scale", "add", "triad"};
	static const double bytes[4] = {16, 16, 24, 24};
	double t[4][MAXTIMES], q = 3.0, ea = 1.0, eb = 2.0, ec = 0.0, t0;
	long i, n = argc > 2 ? atol(argv[2]) : STREAM_N;
	int k, r, ntimes = argc > 1 ? atoi(argv[1]) : 10;
	double *restrict a, *restrict b, *restrict c;

	if (ntimes < 2 || ntimes > MAXTIMES || n < 1 || n > STREAM_N ||
	    argc > 3) {
		fprintf(stderr, "usage: stream_check [passes 2..%d [doubles "
			"1..%d]]\n", MAXTIMES, STREAM_N);
		return 2;
	}
	a = mem;
	b = mem + n + SKEW;
	c = mem + 2 * (n + SKEW);
	for (i = 0; i < n; i++) {
		a[i] = 1.0;
		b[i] = 2.0;
		c[i] = 0.0;
	}
	/* c = a leaves the arrays as the first pass finds them either way. */
	for (t0 = now(); now() - t0 < WARMUP_S;)
		memcpy(c, a, (size_t)n * sizeof(*a));
	for (r = 0; r < ntimes; r++) {
		t0 = now();
		memcpy(c, a, (size_t)n * sizeof(*a));
		t[0][r] = now() - t0;
		t0 = now();
		for (i = 0; i < n; i++)
			b[i] = q * c[i];
		t[1][r] = now() - t0;
		t0 = now();
		for (i = 0; i < n; i++)
			c[i] = a[i] + b[i];
		t[2][r] = now() - t0;
		t0 = now();
		for (i = 0; i < n; i++)
			a[i] = b[i] + q * c[i];
		t[3][r] = now() - t0;
		ec = ea;
		eb = q * ec;
		ec = ea + eb;
		ea = eb + q * ec;
	}
	for (i = 0; i < n; i++)
		if (fabs(a[i] - ea) > 1e-13 * ea ||
		    fabs(b[i] - eb) > 1e-13 * eb ||
		    fabs(c[i] - ec) > 1e-13 * ec) {
			fprintf(stderr, "stream_check: arrays wrong at %ld\n",
				i);
			return 1;
		}
	for (k = 0; k < 4; k++) {
		double mbytes = bytes[k] * (double)n / 1e6;

		qsort(&t[k][1], (size_t)ntimes - 1, sizeof(double), cmp);
		printf("%s best %.1f median %.1f\n", names[k],
		       mbytes / t[k][1], mbytes / t[k][1 + (ntimes - 2) / 2]);
	}
	return 0;
}
