/*
 * lat_dram_page - how much longer a load takes when its DRAM page (row)
 * is closed than when a load just before opened it.
 *
 * Chains of load pairs over a buffer larger than the caches: the first
 * load of a pair goes to a random line (a memory access that opens some
 * DRAM row), the second either to the other half of the same 4 KB page
 * ("near": physically contiguous, so on most memory maps the same row,
 * still open) or to a line 514 KB away in the same 2 MB huge page ("far":
 * almost surely another row).  Both second loads hit the TLB, neither is
 * a line an adjacent-line or stream prefetcher would fetch, and no line
 * is used twice, so the pair times differ only by where the second load
 * lands.  Printed: far minus near, nanoseconds per pair.
 *
 * It needs huge pages: with 4 KB pages the far load would also miss the
 * TLB.  What a virtual machine can show is limited: see the man page.
 *
 * usage: lat_dram_page [-v] [-W <warmup>] [-N <repetitions>] [-M <len>]
 */
#include "bench.h"
#include "lib_mem.h"
#include "lib_probe.h"

#define DEFAULT_LEN	((size_t)256 << 20)	/* beyond most caches */
#define HUGE		((size_t)2 << 20)
#define PAGE		4096
#define LINE		64
#define NEAR_XOR	((size_t)2048)			/* other half page */
#define FAR_XOR		((size_t)(512 << 10) | 2048)	/* 514 KB away */
#define DRAM_SEED	0x6472616dULL

/* What the options set. */
struct state {
	int verbose;		/* -v */
	size_t len;		/* -M */
};

/*
 * Pairs x -> x ^ partner -> next x.  The x are every line in the first
 * half of 4 KB pages whose 512 KB bit is clear: neither partner is ever
 * an x, so no line is touched twice per lap.
 */
static void *pair_chain(char *buf, size_t len, size_t partner)
{
	size_t nx = 0, i, j, *xs;
	size_t per_page = PAGE / 2 / LINE;
	char *x, *first = NULL, *prev = NULL;

	xs = bench_alloc(len / PAGE * per_page, sizeof(*xs));
	for (i = 0; i + PAGE <= len; i += PAGE)
		if (!(i & (512 << 10)) && (i ^ FAR_XOR) < len)
			for (j = 0; j < per_page; j++)
				xs[nx++] = i + j * LINE;
	if (nx == 0)
		bench_die("-M %zu: no line pairs to chain", len);
	chain_shuffle(xs, nx, DRAM_SEED);
	for (i = 0; i < nx; i++) {
		x = buf + xs[i];
		if (prev != NULL)
			*(void **)prev = x;
		else
			first = x;
		*(void **)x = buf + (xs[i] ^ partner);
		prev = buf + (xs[i] ^ partner);
	}
	*(void **)prev = first;
	free(xs);
	return first;
}

/* Build, read one lap (steady cache state), then time: ns per load. */
static double pairs(struct probe *pr, size_t len, size_t partner)
{
	void *head = pair_chain(pr->buf, len, partner);
	iter_t lap = len / PAGE * (PAGE / 2 / LINE);	/* loads, at most */

	return probe_head(pr, chain_chase(head, lap / CHAIN_UNROLL + 1));
}

static int run(const struct bench_run *r)
{
	const struct state *st = r->state;
	size_t len = st->len, ps;
	double near, far, t;
	struct probe pr;

	if (len < HUGE)
		bench_fail("-M %zu: at least one 2 MB huge page is needed", len);
	len = len / HUGE * HUGE;
	probe_check_len("-M", len, 1);
	probe_init(&pr, len, MEM_HUGE, &r->opts);
	ps = mem_page_size_of(pr.buf);
	if (ps < HUGE) {
		errno = 0;
		bench_die("got %zu-byte pages, not 2 MB huge pages: the far "
			  "load would add a TLB miss (enable transparent huge "
			  "pages: madvise or always)", ps);
	}
	/* Twice each, alternating, so a drift hits both alike. */
	near = pairs(&pr, len, NEAR_XOR);
	far = pairs(&pr, len, FAR_XOR);
	t = pairs(&pr, len, NEAR_XOR);
	near = t < near ? t : near;
	t = pairs(&pr, len, FAR_XOR);
	far = t < far ? t : far;
	/* probe_head gives ns per load; a pair is two loads. */
	near *= 2;
	far *= 2;
	if (st->verbose)
		fprintf(stderr, "# %zu-byte pages; pair with the second load "
			"near: %.3f ns, far: %.3f ns\n", ps, near, far);
	fprintf(stderr, "%f\n", far - near);
	metric_value(&(struct metric){.name = "dram.page_miss",
				      .unit = "nanoseconds",
				      .better = BETTER_LOWER},
		     "DRAM page miss", far - near);
	probe_free(&pr);
	return 0;
}

BENCH_MAIN(.usage = "[-v] " BENCH_USAGE_WN " [-M <len>]\n",
	   BENCH_STATE(.len = DEFAULT_LEN),
	   .options = BENCH_OPTIONS(
		BENCH_FLAG("-v", "also print the near and far pair times",
			   verbose),
		BENCH_SIZE("-M", "the buffer, larger than the caches (default "
			   "256 MB)", len)))
