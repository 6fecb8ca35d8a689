/*
 * chain_test - unit tests of lib_chain (TAP): every chain is one cycle
 * through every element, the order repeats for a seed, groups keep their
 * members together, k chains are disjoint cycles, and the kernels land
 * where a plain walk lands.
 */
#include "bench.h"
#include "lib_chain.h"

static int tests;
static int failed;

static void ok(int cond, const char *name)
{
	tests++;
	if (!cond)
		failed++;
	printf("%sok %d - %s\n", cond ? "" : "not ", tests, name);
}

/* Length of the cycle from head; 0 if it leaves buf or never returns. */
static size_t cycle_len(char *buf, size_t size, void *head, size_t limit)
{
	void *p = head;
	size_t len = 0;

	do {
		if ((char *)p < buf || (char *)p >= buf + size)
			return 0;
		p = *(void **)p;
		len++;
	} while (p != head && len <= limit);
	return p == head ? len : 0;
}

static void check_kind(enum chain_kind kind, const char *name)
{
	size_t size = 1 << 20, stride = 64, n, len, i, run, maxrun;
	struct chain_spec spec = {kind, stride, 8, 16384, 42};
	char *buf = calloc(1, size), *buf2 = calloc(1, size), msg[128];
	void *head, *head2, *heads[5], *p;
	int same = 1, c;

	if (buf == NULL || buf2 == NULL)
		exit(1);
	n = chain_elements(size, &spec);
	head = chain_build(buf, size, &spec);
	len = cycle_len(buf, size, head, n);
	snprintf(msg, sizeof(msg), "%s: one cycle of all %zu elements", name,
		 n);
	ok(len == n && n == size / stride, msg);

	/* The same seed builds the same chain. */
	head2 = chain_build(buf2, size, &spec);
	for (i = 0; i < n; i++)
		if (*(char **)(buf + 8 + i * stride) - buf !=
		    *(char **)(buf2 + 8 + i * stride) - buf2)
			same = 0;
	snprintf(msg, sizeof(msg), "%s: deterministic for a seed", name);
	ok(same && (char *)head - buf == (char *)head2 - buf2, msg);

	/* Grouped: 256 elements per group, visited in one run each. */
	if (kind == CHAIN_GROUPED) {
		p = head;
		run = 0;
		maxrun = 0;
		for (i = 0; i < n; i++) {
			void *q = *(void **)p;

			if (((char *)q - buf) / 16384 ==
			    ((char *)p - buf) / 16384)
				run++;
			else
				run = 0;
			if (run > maxrun)
				maxrun = run;
			p = q;
		}
		ok(maxrun == 255, "grouped: a group is walked in one run");
	}
	if (kind == CHAIN_RANDOM) {
		size_t seq = 0;

		p = head;
		for (i = 0; i < n; i++) {
			if ((char *)*(void **)p - (char *)p == (long)stride)
				seq++;
			p = *(void **)p;
		}
		ok(seq < n / 100, "random: hardly any next-line steps");
	}

	/* k = 5 disjoint cycles covering everything. */
	chain_build_k(buf, size, &spec, 5, heads);
	len = 0;
	for (c = 0; c < 5; c++)
		len += cycle_len(buf, size, heads[c], n);
	snprintf(msg, sizeof(msg), "%s: 5 cycles cover all elements", name);
	ok(len == n, msg);

	/*
	 * chain_build_at: the same cycle, and the positions named are where
	 * chain_build_k(5) starts its pieces (the probe cuts it there).
	 */
	{
		size_t at[5];
		void *el[5], *h;
		int found = 1;

		for (c = 0; c < 5; c++)
			at[c] = n * (size_t)c / 5;
		h = chain_build_at(buf, size, &spec, at, el, 5);
		for (c = 0; c < 5; c++)
			found = found && el[c] == heads[c];
		snprintf(msg, sizeof(msg),
			 "%s: chain_build_at finds chain_build_k's heads", name);
		ok(found && h == el[0], msg);
		snprintf(msg, sizeof(msg), "%s: chain_build_at is one cycle",
			 name);
		ok(cycle_len(buf, size, h, n) == n, msg);
		/* Positions along the cycle: n/5 steps from the head. */
		for (i = 0; i < at[1]; i++)
			h = *(void **)h;
		snprintf(msg, sizeof(msg), "%s: position %zu is %zu steps on",
			 name, at[1], at[1]);
		ok(h == el[1], msg);
		head = el[0];
	}

	/* Kernels: 3 iterations = 300 plain steps. */
	p = head;
	for (i = 0; i < 3 * CHAIN_UNROLL; i++)
		p = *(void **)p;
	snprintf(msg, sizeof(msg), "%s: chain_chase lands right", name);
	ok(chain_chase(head, 3) == p, msg);
	head2 = heads[3];
	for (i = 0; i < 2 * CHAIN_K_STEPS; i++)
		head2 = *(void **)head2;
	chain_chase_k(heads, 5, 2);
	snprintf(msg, sizeof(msg), "%s: chain_chase_k lands right", name);
	ok(heads[3] == head2, msg);
	free(buf);
	free(buf2);
}

int main(void)
{
	struct chain_rng r;
	/* Half a pointer: 4 bytes on a 64-bit target, 2 on a 32-bit one. */
	struct chain_spec bad = {CHAIN_STRIDE, sizeof(void *) / 2, 0, 0, 1};
	size_t i, hits[4] = {0, 0, 0, 0};

	chain_rng_seed(&r, 7);
	for (i = 0; i < 40000; i++)
		hits[chain_rng_below(&r, 4)]++;
	ok(hits[0] > 9000 && hits[1] > 9000 && hits[2] > 9000 &&
	   hits[3] > 9000, "rng: uniform enough over 4 values");
	ok(chain_elements(4096, &bad) == 0, "stride below a pointer refused");
	bad.stride = 64;
	ok(chain_elements(63, &bad) == 1,
	   "tiny size: one element if a pointer fits");
	{
		char *b = calloc(1, (size_t)1 << 20);

		ok(b != NULL && chain_settle(b, (size_t)1 << 20, 1000) == 1000,
		   "chain_settle: a small chain is lapped whole");
		ok(b != NULL && chain_settle(b, (size_t)1 << 20,
					     CHAIN_SETTLE * 4) == CHAIN_SETTLE,
		   "chain_settle: a large one is read, then part-lapped");
		free(b);
	}
	check_kind(CHAIN_STRIDE, "stride");
	check_kind(CHAIN_RANDOM, "random");
	check_kind(CHAIN_GROUPED, "grouped");
	printf("1..%d\n", tests);
	return failed != 0;
}
