/*
 * lib_chain.h - pointer chains for memory latency benchmarks.
 *
 * A chain is a cycle of pointers laid into a buffer: each element (one
 * every `stride` bytes, at `offset` inside its stride) holds the address
 * of the next.  Following it makes every load depend on the one before,
 * so the time per load is the load-to-use latency of wherever the
 * element lives.  Chains are built before anything is timed.
 *
 *   CHAIN_STRIDE   elements in address order (prefetchers may help)
 *   CHAIN_RANDOM   one random order over all elements of the buffer:
 *                  defeats stride and next-line prefetchers; a large
 *                  buffer also misses the TLB on most loads
 *   CHAIN_GROUPED  random order inside groups of `group` bytes, groups
 *                  themselves in random order: TLB misses stay rare
 *                  (google/multichase's default pattern)
 *
 * The order comes from a seeded generator of this module, so a given
 * spec always builds the same chain.
 */
#ifndef LMBENCH_LIB_CHAIN_H
#define LMBENCH_LIB_CHAIN_H

#include "bench.h"

#include <stdint.h>

/* Loads per iteration of chain_chase(): the result is per load. */
#define CHAIN_UNROLL 100
/* Most chains chain_chase_k() follows at once. */
#define CHAIN_MAX_K 16

enum chain_kind { CHAIN_STRIDE, CHAIN_RANDOM, CHAIN_GROUPED };

struct chain_spec {
	enum chain_kind kind;
	size_t stride;		/* bytes between elements, >= sizeof(void *) */
	size_t offset;		/* byte offset of the pointer in its stride */
	size_t group;		/* CHAIN_GROUPED: bytes per group */
	uint64_t seed;
};

/* A small deterministic generator (splitmix64). */
struct chain_rng {
	uint64_t state;
};

void chain_rng_seed(struct chain_rng *r, uint64_t seed);
uint64_t chain_rng_next(struct chain_rng *r);
/* Uniform in [0, n), n > 0. */
size_t chain_rng_below(struct chain_rng *r, size_t n);
/* v[0..n) in the random order `seed` gives (Fisher-Yates), every time. */
void chain_shuffle(size_t *v, size_t n, uint64_t seed);

/* Elements a chain over `size` bytes has (0: too small for one). */
size_t chain_elements(size_t size, const struct chain_spec *spec);

/*
 * Lay a chain over the first `size` bytes of buf and return one of its
 * elements.  With k > 1, chain_build_k splits the same order into k
 * disjoint cycles of (nearly) equal length and stores their heads.
 * Both die if there are fewer than k elements or memory runs out.
 */
void *chain_build(char *buf, size_t size, const struct chain_spec *spec);
void chain_build_k(char *buf, size_t size, const struct chain_spec *spec,
		   int k, void **heads);

/*
 * Before timing, the caches should hold what a steady chase leaves, not
 * the lines the build wrote.  A lap of the chain does that, at the cost
 * of one miss per element (150-200 ns each for a random chain over 520
 * MB on this project's VM, 32 Mi of them at stride 16).  Where a
 * chain has more than CHAIN_SETTLE elements, chain_settle() reads the
 * first `size` bytes of buf in address order instead (at the memory's
 * bandwidth: the build's dirty lines written back, the caches holding
 * clean lines of the buffer as far as they reach, as many as a chase of
 * it keeps) and returns CHAIN_SETTLE, the loads to chase after it; else
 * it reads nothing and returns ne, one lap of the chain's ne elements.
 */
#define CHAIN_SETTLE ((size_t)1 << 18)
size_t chain_settle(const char *buf, size_t size, size_t ne);

/*
 * As chain_build, and the elements at positions at[0..n-1] of the cycle
 * (0 is the head, the one returned; each below the element count) into
 * out[]: where chain_build_k(k) would cut the same order into k pieces.
 */
void *chain_build_at(char *buf, size_t size, const struct chain_spec *spec,
		     const size_t *at, void **out, int n);

/* n * CHAIN_UNROLL dependent loads from p; returns where it stopped. */
void *chain_chase(void *p, iter_t n);
/*
 * The same as a benchmp() kernel: the cookie's first member is the
 * void * where the chase stands, moved on by n * CHAIN_UNROLL loads.
 */
void chain_bench(iter_t n, void *cookie);
/*
 * Follow k chains (1 <= k <= CHAIN_MAX_K) side by side: each iteration
 * advances every chain CHAIN_UNROLL / 10 times, the k loads of a step
 * independent of each other.  heads is updated.
 */
void chain_chase_k(void **heads, int k, iter_t n);
#define CHAIN_K_STEPS (CHAIN_UNROLL / 10)

#endif
