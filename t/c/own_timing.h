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
 * Under an emulator (LMBENCH_TEST_EMULATED set, as make cross-test does)
 * within 50%: the harness's clock reads and the call's own are further
 * apart there, and a preemption between them stretches one and not the
 * other (aarch64 under qemu at load 9 on 2 CPUs: 1 run of 4 missed).
 */
static int closest_call(double ns, iter_t n, int id, const iter_t *own_n,
			const double *own_ns, const int *own_id,
			const char *used, int count)
{
	const char *emu = getenv("LMBENCH_TEST_EMULATED");
	double q, d, bestd = emu != NULL && *emu != '\0' ? 0.5 : 0.2;
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
