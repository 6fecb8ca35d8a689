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
 * steps per power of two: a step is a power-of-two quarter, not a page).
 * The miss cost is the latency after the step minus the one before it.
 *
 * usage: tlb [-c] [-L <line>] [-M <len>] [-W <warmup>] [-N <repetitions>]
 */
#include "bench.h"
#include "lib_report.h"
#include "lib_mem.h"
#include "lib_probe.h"
#include "lib_env.h"

#define DEFAULT_LEN	((size_t)16 << 20)	/* 4096 pages of 4 KB */
#define DEFAULT_LINE	64
#define TLB_SEED	0x746c62ULL
#define STEP_RATIO	1.25	/* a TLB miss costs far more than noise */

/* One line per page for npages pages, pages in random order. */
static void *page_chain(char *buf, size_t npages, size_t page, size_t line)
{
	size_t *perm = malloc(npages * sizeof(*perm)), i, j, t;
	size_t lines = page / line;
	struct chain_rng r;
	char *x, *first = NULL, *prev = NULL;

	if (perm == NULL)
		bench_die("out of memory");
	chain_rng_seed(&r, TLB_SEED);
	for (i = 0; i < npages; i++)
		perm[i] = i;
	for (i = npages; i > 1; i--) {
		j = chain_rng_below(&r, i);
		t = perm[i - 1];
		perm[i - 1] = perm[j];
		perm[j] = t;
	}
	for (i = 0; i < npages; i++) {
		x = buf + perm[i] * page + perm[i] % lines * line;
		if (prev != NULL)
			*(void **)prev = x;
		else
			first = x;
		prev = x;
	}
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
 * slows the base and the count alike.
 */
static int slower_than_base(struct probe *pr, size_t p, size_t page,
			    size_t line)
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
	}
	return 1;
}

static const char usage[] =
	"[-c] [-L <line>] [-M <len>] [-W <warmup>] [-N <repetitions>]\n";

/* --help: a line per option and operand (bench_init_help). */
static const struct bench_help help[] = {
	{"-c", "also find the cost of a TLB miss"},
	{"-L", "the cache line size in bytes (default 64)"},
	{"-M", "the buffer; at most its pages are counted (default 16 MB)"},
	{NULL, NULL}
};

/* The entries found (a fact of the machine) and the cost of a miss. */
static const struct metric pages = {
	.name = "tlb.pages", .unit = "pages", .kind = KIND_PROPERTY
}, miss = {
	.name = "tlb.miss", .unit = "nanoseconds", .better = BETTER_LOWER
};

int main(int argc, char *argv[])
{
	struct bench_opts opts = BENCH_OPTS_DEFAULT;
	size_t len = DEFAULT_LEN, line = DEFAULT_LINE, page, p, maxp, found = 0;
	double base = 0.0, t, after = 0.0, prev_t = 0.0;
	size_t prev_p = 0;
	struct probe pr;
	int cost = 0;

	bench_init_help(argc, argv, usage, help);
	probe_args(argc, argv, 'c', &opts, &cost, &len, &line);
	page = mem_page_size();
	if (line < sizeof(void *) || line > page || page % line != 0)
		bench_fail("-L %zu: a line must divide the %zu-byte page", line,
			   page);
	maxp = len / page;
	if (maxp < 32)
		bench_fail("-M %zu: at least 32 pages are needed", len);
	probe_check_len("-M", len, 1);
	probe_init(&pr, len, 0, &opts);
	for (p = 4; p <= maxp; p = next_count(p)) {
		t = probe_head(&pr, page_chain(pr.buf, p, page, line));
		bench_debug("tlb: %zu pages: %.3f ns", p, t);
		if (p <= 8 && (base == 0.0 || t < base))
			base = t;
		if (p > 8 && !found && t > STEP_RATIO * base &&
		    prev_t > 0 && prev_p > 8) {
			/*
			 * Confirm: this count and the next one must be slow
			 * against a base timed beside them; a single slow
			 * point, or a slow phase of the machine, is noise.
			 */
			size_t q = next_count(p);

			if (q <= maxp &&
			    slower_than_base(&pr, p, page, line) &&
			    slower_than_base(&pr, q, page, line)) {
				found = prev_p;
				/* The miss cost: well past the step. */
				q = 4 * found <= maxp ? 4 * found : maxp;
				after = probe_head(&pr, page_chain(pr.buf, q,
								   page, line));
				break;
			}
		}
		prev_t = t;
		prev_p = p;
	}
	probe_free(&pr);
	if (!found) {
		errno = 0;
		bench_die("no TLB step seen up to %zu pages (try a larger -M)",
			  maxp);
	}
	if (cost)
		fprintf(stderr, "tlb: %zu pages %.5f nanoseconds\n", found,
			after - base);
	else
		fprintf(stderr, "tlb: %zu pages\n", found);
	metric_value(&pages, "tlb", (double)found);
	if (cost)
		metric_value(&miss, "tlb miss", after - base);
	return 0;
}
