/*
 * lib_chain.c - building pointer chains and following them.
 *
 * The builder first writes the visiting order of the elements into a
 * scratch array (identity, one shuffle, or shuffles inside groups whose
 * order is shuffled too), then links each element to the next in that
 * order, the last back to the first.  Shuffles are Fisher-Yates with
 * this module's splitmix64 generator, so runs repeat exactly.
 *
 * The chase kernels are plain dependent loads, unrolled so the loop
 * branch is one per CHAIN_UNROLL loads; the pointer they stop at is
 * returned, so the compiler must perform every load.
 */
#include "lib_chain.h"

void chain_rng_seed(struct chain_rng *r, uint64_t seed)
{
	r->state = seed;
}

uint64_t chain_rng_next(struct chain_rng *r)
{
	uint64_t z = (r->state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

size_t chain_rng_below(struct chain_rng *r, size_t n)
{
	/* The modulo bias is below n / 2^64: nothing a chain can show. */
	return (size_t)(chain_rng_next(r) % (uint64_t)n);
}

void chain_shuffle(size_t *v, size_t n, uint64_t seed)
{
	struct chain_rng r;
	size_t i, j, t;

	chain_rng_seed(&r, seed);
	for (i = n; i > 1; i--) {
		j = chain_rng_below(&r, i);
		t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

static void shuffle(uint32_t *v, size_t n, struct chain_rng *r)
{
	size_t i, j;
	uint32_t t;

	for (i = n; i > 1; i--) {
		j = chain_rng_below(r, i);
		t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

size_t chain_elements(size_t size, const struct chain_spec *spec)
{
	if (spec->stride < sizeof(void *) ||
	    spec->offset + sizeof(void *) > spec->stride)
		return 0;
	/* The last element's pointer must lie inside size. */
	if (size < spec->offset + sizeof(void *))
		return 0;
	return (size - spec->offset - sizeof(void *)) / spec->stride + 1;
}

/* order[] = the visiting order of n elements, per spec. */
static void make_order(uint32_t *order, size_t n,
		       const struct chain_spec *spec)
{
	struct chain_rng r;
	uint32_t *groups;
	size_t i, g, per, ngroups, at, len;

	chain_rng_seed(&r, spec->seed);
	if (spec->kind == CHAIN_GROUPED) {
		per = spec->group / spec->stride;
		if (per < 1)
			per = 1;
		ngroups = (n + per - 1) / per;
		groups = malloc(ngroups * sizeof(*groups));
		if (groups == NULL)
			bench_die("chain: out of memory");
		for (g = 0; g < ngroups; g++)
			groups[g] = (uint32_t)g;
		shuffle(groups, ngroups, &r);
		at = 0;
		for (g = 0; g < ngroups; g++) {
			len = per;
			if ((size_t)groups[g] * per + len > n)
				len = n - (size_t)groups[g] * per;
			for (i = 0; i < len; i++)
				order[at + i] =
					(uint32_t)((size_t)groups[g] * per + i);
			shuffle(order + at, len, &r);
			at += len;
		}
		free(groups);
		return;
	}
	for (i = 0; i < n; i++)
		order[i] = (uint32_t)i;
	if (spec->kind == CHAIN_RANDOM)
		shuffle(order, n, &r);
}

size_t chain_settle(const char *buf, size_t size, size_t ne)
{
	const volatile unsigned char *p = (const volatile unsigned char *)buf;
	unsigned sum = 0;
	size_t i;

	if (ne <= CHAIN_SETTLE)
		return ne;
	/* A byte every 32: every line of any size the caches use. */
	for (i = 0; i < size; i += 32)
		sum += p[i];
	use_int((int)sum);
	return CHAIN_SETTLE;
}

/* The visiting order of a chain's n elements, checked against k pieces. */
static uint32_t *order_of(size_t size, const struct chain_spec *spec, int k,
			  size_t *np)
{
	size_t n = chain_elements(size, spec);
	uint32_t *order;

	errno = 0;
	if (k < 1 || n < (size_t)k)
		bench_die("chain: %zu bytes hold %zu elements of stride %zu, "
			  "need %d", size, n, spec->stride, k < 1 ? 1 : k);
	if (n > UINT32_MAX)
		bench_die("chain: %zu elements are too many", n);
	order = calloc(n, sizeof(*order));	/* make_order() fills it */
	if (order == NULL)
		bench_die("chain: out of memory for %zu elements", n);
	make_order(order, n, spec);
	*np = n;
	return order;
}

/* Link the order's n elements into k cycles of (nearly) equal length. */
static void link_pieces(char *base, const uint32_t *order, size_t n,
			size_t stride, int k, void **heads)
{
	size_t lo, hi, i;
	int c;

	for (c = 0; c < k; c++) {
		lo = n * (size_t)c / (size_t)k;
		hi = n * (size_t)(c + 1) / (size_t)k;
		for (i = lo; i + 1 < hi; i++)
			*(void **)(base + order[i] * stride) =
				base + order[i + 1] * stride;
		*(void **)(base + order[hi - 1] * stride) =
			base + order[lo] * stride;
		heads[c] = base + order[lo] * stride;
	}
}

void *chain_build_at(char *buf, size_t size, const struct chain_spec *spec,
		     const size_t *at, void **out, int n)
{
	size_t ne;
	char *base = buf + spec->offset;
	uint32_t *order = order_of(size, spec, 1, &ne);
	void *head;
	int j;

	link_pieces(base, order, ne, spec->stride, 1, &head);
	for (j = 0; j < n; j++) {
		if (at[j] >= ne) {
			errno = 0;
			bench_die("chain: position %zu of %zu elements",
				  at[j], ne);
		}
		out[j] = base + order[at[j]] * spec->stride;
	}
	free(order);
	return head;
}

void chain_build_k(char *buf, size_t size, const struct chain_spec *spec,
		   int k, void **heads)
{
	size_t n;
	uint32_t *order = order_of(size, spec, k, &n);

	link_pieces(buf + spec->offset, order, n, spec->stride, k, heads);
	free(order);
}

void *chain_build(char *buf, size_t size, const struct chain_spec *spec)
{
	void *head;

	chain_build_k(buf, size, spec, 1, &head);
	return head;
}

#define LOAD(p)		p = *(void **)(p);
#define X10(s)		s s s s s s s s s s
#define X100(s)		X10(X10(s))

void *chain_chase(void *p, iter_t n)
{
	while (n-- > 0) {
		X100(LOAD(p))
	}
	return p;
}

void chain_bench(iter_t n, void *cookie)
{
	void **at = cookie;

	*at = chain_chase(*at, n);
	use_pointer(*at);
}

/*
 * k chains side by side.  Each pointer is its own variable and k is a
 * constant where this is inlined, so the guards fold away and the
 * pointers stay in registers (an array would go through the stack and
 * add store-to-load forwarding to every step).
 */
#define P_IN(j)		void *p##j = k > j ? heads[j] : NULL;
#define P_LOAD(j)	if (k > j) LOAD(p##j)
#define P_OUT(j)	if (k > j) heads[j] = p##j;
#define EACH(m)		m(0) m(1) m(2) m(3) m(4) m(5) m(6) m(7) \
			m(8) m(9) m(10) m(11) m(12) m(13) m(14) m(15)

static inline __attribute__((always_inline)) void
chase_k(void **heads, const int k, iter_t n)
{
	EACH(P_IN)
	while (n-- > 0) {
		X10(EACH(P_LOAD))
	}
	EACH(P_OUT)
}

#define CASE_K(K)	case K: chase_k(heads, K, n); break;

void chain_chase_k(void **heads, int k, iter_t n)
{
	switch (k) {
	CASE_K(1) CASE_K(2) CASE_K(3) CASE_K(4)
	CASE_K(5) CASE_K(6) CASE_K(7) CASE_K(8)
	CASE_K(9) CASE_K(10) CASE_K(11) CASE_K(12)
	CASE_K(13) CASE_K(14) CASE_K(15) CASE_K(16)
	default:
		errno = 0;
		bench_die("chain: %d chains at once is beyond %d", k,
			  CHAIN_MAX_K);
	}
}
