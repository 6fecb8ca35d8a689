/*
 * xchase - an independent random pointer chase, to cross-check
 * lat_mem_rd -t.  Written apart from the harness and lib_chain: its own
 * allocation, its own shuffle (Sattolo, xorshift64), its own timing.
 *
 * usage: xchase size_bytes [stride [runs]]   (runs default 101)
 * prints: <size_bytes> <median ns per load> <min> <max>
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned long long rng = 88172645463325252ULL;

static unsigned long long xorshift(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(int argc, char *argv[])
{
	size_t size, stride = 64, n, i, j, loads;
	int runs = 101, r;
	size_t *idx;
	char *buf;
	void **p;
	double t[101], t0;

	if (argc < 2 || argc > 4)
		return fprintf(stderr, "usage: xchase size [stride [runs]]\n"), 2;
	size = strtoul(argv[1], NULL, 0);
	if (argc > 2)
		stride = strtoul(argv[2], NULL, 0);
	if (argc > 3)
		runs = atoi(argv[3]);
	if (runs < 1 || runs > 101 || stride < sizeof(void *) || size < 2 * stride)
		return fprintf(stderr, "xchase: bad arguments\n"), 2;
	n = size / stride;
	buf = aligned_alloc(4096, (size + 4095) / 4096 * 4096);
	idx = malloc(n * sizeof(*idx));
	if (buf == NULL || idx == NULL)
		return fprintf(stderr, "xchase: out of memory\n"), 1;
	memset(buf, 1, size);
	/* Sattolo: a single random cycle; idx[i] is the successor of i. */
	for (i = 0; i < n; i++)
		idx[i] = i;
	for (i = n - 1; i > 0; i--) {
		size_t tmp;

		j = xorshift() % i;
		tmp = idx[i];
		idx[i] = idx[j];
		idx[j] = tmp;
	}
	for (i = 0; i < n; i++)
		*(void **)(buf + i * stride) = buf + idx[i] * stride;
	free(idx);
	/*
	 * Warm up with two laps (at most 4M loads), timing them to size the
	 * runs: about 300 us each, so a busy machine seldom preempts one
	 * (a preempted run is an outlier the median ignores).
	 */
	p = (void **)buf;
	loads = 2 * n < 4000000 ? 2 * n : 4000000;
	t0 = now();
	for (i = 0; i < loads; i++)
		p = (void **)*p;
	loads = (size_t)(300000.0 / ((now() - t0) / (double)loads));
	if (loads < 1000)
		loads = 1000;
	if (loads > 10000000)
		loads = 10000000;
	for (r = 0; r < runs; r++) {
		t0 = now();
		for (i = 0; i < loads; i += 10) {
			p = (void **)*p; p = (void **)*p; p = (void **)*p;
			p = (void **)*p; p = (void **)*p; p = (void **)*p;
			p = (void **)*p; p = (void **)*p; p = (void **)*p;
			p = (void **)*p;
		}
		t[r] = (now() - t0) / (double)((loads + 9) / 10 * 10);
	}
	qsort(t, (size_t)runs, sizeof(t[0]), cmp);
	printf("%zu %.3f %.3f %.3f%s\n", size, t[runs / 2], t[0], t[runs - 1],
	       p == NULL ? " " : "");
	free(buf);
	return 0;
}
