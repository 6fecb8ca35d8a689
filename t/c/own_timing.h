/*
 * own_timing.h - match a harness interval to the call of the benchmark
 * that it timed, by the benchmark's own timing of its calls (for the
 * harness tests: load stretches both alike).  Include after bench.h.
 */
#ifndef LMBENCH_OWN_TIMING_H
#define LMBENCH_OWN_TIMING_H

/*
 * The unused call j with own_n[j] == n (and own_id[j] == id where own_id
 * is not NULL) whose length is closest to ns, within 20%; -1 if none.
 */
static int closest_call(double ns, iter_t n, int id, const iter_t *own_n,
			const double *own_ns, const int *own_id,
			const char *used, int count)
{
	double q, d, bestd = 0.2;
	int j, best = -1;

	for (j = 0; j < count; j++) {
		if (used[j] || own_n[j] != n || (own_id && own_id[j] != id))
			continue;
		q = ns / own_ns[j];
		d = q > 1 ? q - 1 : 1 - q;
		if (d < bestd) {
			bestd = d;
			best = j;
		}
	}
	return best;
}

#endif
