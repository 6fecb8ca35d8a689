/*
 * tlb - the number of pages the first-level data TLB maps, and with -c
 * the cost of missing it, found by timing.
 *
 * A chain touches one line in each of P pages, the pages in random
 * order, each page's line at a different place so that the lines spread
 * over the cache sets and all stay in the first-level cache while P is
 * below its line count.  While the TLB holds all P pages every load is a
 * cache hit; past it every load also needs a translation from the next
 * level.  The answer is the largest P before the latency steps up (four
 * steps per power of two: a step is a power-of-two quarter, not a page);
 * where the step is gradual, the largest P below its half height.
 * The miss cost is the latency after the step minus the one before it.
 * The scan runs SWEEPS times; a count is printed only where every sweep
 * found one and all lie within one step of the count grid of each other
 * (lib_levels.h's rule): the median sweep's count, the median miss cost.
 * Otherwise no figure: "no TLB step seen alike", exit 1.
 *
 * usage: tlb [-c] [-L <line>] [-M <len>] [-W <warmup>] [-N <repetitions>]
 */
#include "bench.h"
#include "lib_mem.h"
#include "lib_probe.h"
#include "lib_levels.h"

#define DEFAULT_LEN	((size_t)16 << 20)	/* 4096 pages of 4 KB */
#define DEFAULT_LINE	64
#define TLB_SEED	0x746c62ULL
#define STEP_RATIO	1.25	/* a TLB miss costs far more than noise */
#define SWEEPS		3	/* a count found by all of them, alike */

/* One line per page for npages pages, pages in random order. */
static void *page_chain(char *buf, size_t npages, size_t page, size_t line)
{
	size_t *perm = bench_alloc(npages, sizeof(*perm)), i;
	size_t lines = page / line;
	char *x, *first = NULL, *prev = NULL;

	for (i = 0; i < npages; i++)
		perm[i] = i;
	chain_shuffle(perm, npages, TLB_SEED);
	for (i = 0; i < npages; i++) {
		x = buf + perm[i] * page + perm[i] % lines * line;
		if (prev != NULL)
			*(void **)prev = x;
		else
			first = x;
		prev = x;
	}
	/* At least 4 pages (scan()), so the loop has set prev. */
	/* cppcheck-suppress nullPointer */
	*(void **)prev = first;
	free(perm);
	return first;
}

static size_t next_count(size_t p)
{
	size_t q = 1;

	if (p < 8)
		return p * 2;
	while (q <= p / 2)
		q *= 2;
	return p + q / 4;
}

/*
 * Is p pages slower than 8 by STEP_RATIO, each against a base timed just
 * before it, three times in a row?  The VM this was written on has slow
 * phases of 0.1-0.3 s in which everything runs 1.25-1.45x slower: a
 * count probed in one looked like a TLB step against a base probed
 * before it (80 pages in one run of five, 96 in the others).  A phase
 * slows the base and the count alike.  *excess: the least of the three
 * t - b, how far past the base p lies at least.
 */
static int slower_than_base(struct probe *pr, size_t p, size_t page,
			    size_t line, double *excess)
{
	double b, t;
	int k;

	for (k = 0; k < 3; k++) {
		b = probe_head(pr, page_chain(pr->buf, 8, page, line));
		t = probe_head(pr, page_chain(pr->buf, p, page, line));
		bench_debug("tlb: confirm %zu pages: %.3f ns, base %.3f ns",
			    p, t, b);
		if (t <= STEP_RATIO * b)
			return 0;
		if (k == 0 || t - b < *excess)
			*excess = t - b;
	}
	return 1;
}

/* The entries found (a fact of the machine) and the cost of a miss. */
static const struct metric pages = {
	.name = "tlb.pages", .unit = "pages", .kind = KIND_PROPERTY
}, miss = {
	.name = "tlb.miss", .unit = "nanoseconds", .better = BETTER_LOWER
};

/*
 * One sweep: the largest count before the step (0: none up to maxp), and
 * in *cost the latency well past it minus the base.
 *
 * A step may be gradual: where replacement is not strict LRU, or other
 * pages (code, stack) share the TLB, the count just below its size
 * misses some of the time.  On a Zen 3 guest (64 entries by AMD's
 * account), 56 pages ran 1.4-2.1x the base and 64 pages about 2.7x, so a
 * sweep found 48 or 64 as 56 passed its confirmation or not, two steps
 * apart, and the sweeps disagreed in 9 runs of 30.  The count is
 * therefore taken at the step's half height: a confirmed count still
 * less than half the miss cost past the base (in its least
 * confirmation) lies before the step.
 */
static size_t scan(struct probe *pr, size_t maxp, size_t page, size_t line,
		   double *cost)
{
	double base = 0.0, t, prev_t = 0.0, ex_p = 0.0, ex_q = 0.0;
	size_t p, q, prev_p = 0, far;

	for (p = 4; p <= maxp; p = next_count(p)) {
		t = probe_head(pr, page_chain(pr->buf, p, page, line));
		bench_debug("tlb: %zu pages: %.3f ns", p, t);
		if (p <= 8 && (base == 0.0 || t < base))
			base = t;
		/*
		 * Confirm: this count and the next one must be slow against
		 * a base timed beside them; a single slow point, or a slow
		 * phase of the machine, is noise.
		 */
		q = next_count(p);
		if (p > 8 && t > STEP_RATIO * base && prev_t > 0 &&
		    prev_p > 8 && q <= maxp &&
		    slower_than_base(pr, p, page, line, &ex_p) &&
		    slower_than_base(pr, q, page, line, &ex_q)) {
			/* The miss cost: well past the step. */
			far = 4 * prev_p <= maxp ? 4 * prev_p : maxp;
			*cost = probe_head(pr, page_chain(pr->buf, far, page,
							  line)) - base;
			if (ex_p >= *cost / 2)
				return prev_p;
			return ex_q >= *cost / 2 ? p : q;
		}
		prev_t = t;
		prev_p = p;
	}
	return 0;
}

/* Where count p lies on the grid next_count() walks from 4; -1: none. */
static int grid_place(size_t p)
{
	size_t q;
	int k;

	for (k = 0, q = 4; p != 0 && q < p; q = next_count(q))
		k++;
	return p != 0 ? k : -1;
}

static int run(const struct bench_run *r)
{
	const struct probe_args *st = r->state;
	size_t len = st->len, line = st->line, page, maxp, found = 0;
	size_t got[SWEEPS], p;
	double after[SWEEPS], cost = 0.0;
	struct probe pr;
	int at[SWEEPS], s, k, none = 0, place, want_cost = st->more;

	page = mem_page_size();
	if (line < sizeof(void *) || line > page || page % line != 0)
		bench_fail("-L %zu: a line must divide the %zu-byte page", line,
			   page);
	maxp = len / page;
	if (maxp < 32)
		bench_fail("-M %zu: at least 32 pages are needed", len);
	probe_check_len("-M", len, 1);
	probe_init(&pr, len, 0, &r->opts);
	/* The sweeps are the repetition: one median a measurement. */
	pr.rounds = 1;
	for (s = 0; s < SWEEPS; s++) {
		after[s] = 0.0;
		got[s] = scan(&pr, maxp, page, line, &after[s]);
		at[s] = grid_place(got[s]);
		none += got[s] == 0;
		bench_debug("sweep %d: %zu pages", s + 1, got[s]);
	}
	probe_free(&pr);
	if (none == SWEEPS) {
		errno = 0;
		bench_die("no TLB step seen up to %zu pages (try a larger -M)",
			  maxp);
	}
	if (!levels_places_agree(at, SWEEPS, LEVELS_AGREE_STEPS, &place)) {
		errno = 0;
		bench_die("no TLB step seen alike in %d sweeps (%d without "
			  "one): not clear, no count printed", SWEEPS, none);
	}
	for (k = 0, p = 4; k < place; k++)
		p = next_count(p);
	found = p;
	cost = stats_median(after, SWEEPS);
	if (want_cost)
		fprintf(stderr, "tlb: %zu pages %.5f nanoseconds\n", found,
			cost);
	else
		fprintf(stderr, "tlb: %zu pages\n", found);
	metric_value(&pages, "tlb", (double)found);
	if (want_cost)
		metric_value(&miss, "tlb miss", cost);
	return 0;
}

PROBE_MAIN("also find the cost of a TLB miss",
	   "the cache line size in bytes (default 64)",
	   "the buffer; at most its pages are counted (default 16 MB)",
	   .line = DEFAULT_LINE, .len = DEFAULT_LEN)
