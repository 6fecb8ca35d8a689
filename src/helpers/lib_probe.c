/*
 * lib_probe.c - timed chases for the discovery programs.
 *
 * Every measurement is one benchmp() run of a chain built beforehand, in
 * this process only (the discovery programs take no -P); the figure is
 * the median over the intervals, per load or per step of k chains.
 */
#include "lib_probe.h"
#include "lib_interval.h"
#include "lib_mem.h"
#include "lib_report.h"

/* Line probe: cells of this many bytes, each holding one pair. */
#define LINE_CELL	1024
#define LINE_REGION	((size_t)2 << 20)
#define LINE_SEED	0x6c696e65ULL
/*
 * A miss of the first-level cache costs the second load several times a
 * hit, so a pair across two lines costs ~1.4x a pair in one line or more;
 * 1.2x is well above the noise of a median of short intervals.
 */
#define STEP_RATIO	1.2
#define STAY_RATIO	1.15

void probe_init(struct probe *pr, size_t len, int mem_flags,
		const struct bench_opts *opts)
{
	memset(pr, 0, sizeof(*pr));
	bench_default_enough(PROBE_ENOUGH_US);
	interval_span_off();
	pr->buf = mem_alloc(len, mem_flags);
	pr->len = len;
	pr->opts = *opts;
	pr->k = 1;
	pr->rounds = PROBE_ROUNDS;
}

void probe_check_len(const char *what, size_t len, int copies)
{
	long pages = sysconf(_SC_PHYS_PAGES);
	double limit = (double)pages * (double)mem_page_size() * 0.75;

	if (pages > 0 && (double)len * copies > limit)
		bench_fail("%s %zu: %d buffer%s of that size exceed%s 3/4 of "
			   "the %.0f MB of memory", what, len, copies,
			   copies > 1 ? "s" : "", copies > 1 ? "" : "s",
			   (double)pages * (double)mem_page_size() / 1e6);
}

void probe_free(struct probe *pr)
{
	mem_free(pr->buf, pr->len);
	pr->buf = NULL;
}

/* n iterations of k chains (one: chain_chase, more: chain_chase_k). */
static void chase_heads(void **heads, int k, iter_t n)
{
	if (k == 1)
		heads[0] = chain_chase(heads[0], n);
	else
		chain_chase_k(heads, k, n);
	use_pointer(heads[0]);
}

static void chase(iter_t n, void *cookie)
{
	struct probe *pr = cookie;

	chase_heads(pr->heads, pr->k, n);
}

/*
 * The smallest of pr->rounds (PROBE_ROUNDS) medians: on a busy machine
 * another process can take the CPU during most intervals of one run; it
 * can only make a run slower, so the fastest run's median is the truest.
 */
static double run_once(struct probe *pr)
{
	double scale = 1.0 / (pr->k == 1 ? CHAIN_UNROLL : CHAIN_K_STEPS);

	benchmp(NULL, chase, NULL, 0, 1, pr->opts.warmup,
		pr->opts.repetitions, pr);
	return report_median(result_last(), scale, 0);
}

static double run(struct probe *pr)
{
	double best = 0.0, t;
	int r;

	for (r = 0; r < pr->rounds; r++) {
		t = run_once(pr);
		if (r == 0 || t < best)
			best = t;
	}
	return best;
}

double probe_chain(struct probe *pr, const struct chain_spec *spec,
		   size_t size, int k)
{
	iter_t n;

	if (size > pr->len)
		size = pr->len;
	chain_build_k(pr->buf, size, spec, k, pr->heads);
	pr->k = k;
	/* Settle the caches first (chain_settle): time a steady chase, not
	 * the cache state the build's writes left. */
	n = chain_settle(pr->buf, size, chain_elements(size, spec));
	if (k == 1)
		pr->heads[0] = chain_chase(pr->heads[0], n / CHAIN_UNROLL + 1);
	else
		chain_chase_k(pr->heads, k, n / ((iter_t)k * CHAIN_K_STEPS) + 1);
	return run(pr);
}

double probe_head(struct probe *pr, void *head)
{
	pr->k = 1;
	pr->heads[0] = head;
	return run(pr);
}

double probe_head_once(struct probe *pr, void *head)
{
	pr->k = 1;
	pr->heads[0] = head;
	return run_once(pr);
}

/* Chain counts tried: enough to see a plateau, few enough to be quick. */
static const int par_k[] = {2, 3, 4, 6, 8, 10, 12, 16};

/* The ks probe_parallelism() tries at a size of ne elements. */
static int par_ks(size_t ne, int *ks)
{
	size_t i;
	int n = 0;

	ks[n++] = 1;
	for (i = 0; i < sizeof(par_k) / sizeof(par_k[0]); i++) {
		if (par_k[i] > CHAIN_MAX_K || (size_t)par_k[i] * 4 > ne)
			break;
		ks[n++] = par_k[i];
	}
	return n;
}

/*
 * One size's parallelism: the chain is built once (chain_build_at, which
 * also says where chain_build_k would cut it for each k) and the caches
 * settled once (chain_settle); each k then closes its pieces by
 * re-pointing k elements, chases CHAIN_SETTLE loads over them (without
 * that, its first intervals ran 16-32 MB chains at half the parallelism
 * a build per k showed), times them, and restores them.  The k chains are
 * chain_build_k's, over the same lines: par_mem -M 520M took 4.6-5.0 s
 * this way, 14.5-17 s with a build and a lap per k.
 */
double probe_parallelism(struct probe *pr, const struct chain_spec *spec,
			 size_t size)
{
	size_t n, at[2 * CHAIN_MAX_K * (sizeof(par_k) / sizeof(par_k[0]) + 1)];
	void *el[sizeof(at) / sizeof(at[0])], *head;
	void **cut[CHAIN_MAX_K] = {NULL}, *orig[CHAIN_MAX_K] = {NULL};
	int ks[1 + sizeof(par_k) / sizeof(par_k[0])], nk, na = 0, i, c, k;
	double t1 = 0.0, tk, par = 1.0;
	iter_t settle;

	if (size > pr->len)
		size = pr->len;
	n = chain_elements(size, spec);
	nk = par_ks(n, ks);
	/* Each k's pieces: [n*c/k, n*(c+1)/k), first and last element. */
	for (i = 0; i < nk; i++)
		for (c = 0; c < ks[i]; c++) {
			at[na++] = n * (size_t)c / (size_t)ks[i];
			at[na++] = n * (size_t)(c + 1) / (size_t)ks[i] - 1;
		}
	head = chain_build_at(pr->buf, size, spec, at, el, na);
	settle = chain_settle(pr->buf, size, n);
	head = chain_chase(head, settle / CHAIN_UNROLL + 1);
	use_pointer(head);
	/* k = 1, the others, and k = 1 again (see below): ks[0] is 1. */
	for (i = 0, na = 0; i <= nk; i++) {
		if (i == nk)
			na = 0;
		k = i < nk ? ks[i] : 1;
		pr->k = k;
		for (c = 0; c < k; c++) {
			pr->heads[c] = el[na + 2 * c];
			cut[c] = (void **)el[na + 2 * c + 1];
			orig[c] = *cut[c];
			*cut[c] = pr->heads[c];
		}
		na += 2 * k;
		chase_heads(pr->heads, k, k == 1 ? settle / CHAIN_UNROLL + 1
				: settle / ((iter_t)k * CHAIN_K_STEPS) + 1);
		tk = run(pr);
		for (c = 0; c < k && cut[c] != NULL; c++)
			*cut[c] = orig[c];
		if (i == 0) {
			t1 = tk;
		} else if (i < nk) {
			/*
			 * k chains cannot overlap more than k loads: a larger
			 * ratio means t(1) and t(k) saw different machines (a
			 * neighbour left the shared cache between them);
			 * count k at most.
			 */
			if (tk > 0 && k * t1 / tk > par)
				par = t1 / tk > 1.0 ? k : k * t1 / tk;
		} else if (tk < t1) {
			/*
			 * t(1) again: if the machine got quieter meanwhile,
			 * the smaller t(1) keeps a noisy first measurement
			 * from inflating the ratio.
			 */
			par *= tk / t1;
		}
	}
	return par < 1.0 ? 1.0 : par;
}

/*
 * Interleaved parallelism: every (size, k) point's chains live at once.
 * A size has its own region, [size, 2 * size) of the buffer, holding the
 * one-chain cycle; the k chains of chain_build_k() follow the same order
 * cut in k pieces, so a point closes its pieces by re-pointing k
 * elements around each of its intervals and restoring them after.
 */
struct kpoint {
	int k;
	void *heads[CHAIN_MAX_K];
	void **cut[CHAIN_MAX_K];	/* the last element of piece c */
	void *to[CHAIN_MAX_K];		/* piece c's first element */
	void *orig[CHAIN_MAX_K];	/* what *cut[c] holds in the cycle */
	iter_t warm;			/* iterations of one lap */
};

static void kp_chase(iter_t n, void *cookie)
{
	struct kpoint *kp = cookie;

	chase_heads(kp->heads, kp->k, n);
}

/* Close the pieces, then a lap: the caches as this point's chase has them. */
static void kp_init(iter_t n, void *cookie)
{
	struct kpoint *kp = cookie;
	int c;

	if (n == 0)
		return;
	for (c = 0; c < kp->k; c++)
		*kp->cut[c] = kp->to[c];
	kp_chase(kp->warm, kp);
}

static void kp_cleanup(iter_t n, void *cookie)
{
	struct kpoint *kp = cookie;
	int c;

	if (n == 0)
		return;
	for (c = 0; c < kp->k; c++)
		*kp->cut[c] = kp->orig[c];
}

/* Set kp up as chain_build_k(k) over the cycle from head (ne elements). */
static void kp_setup(struct kpoint *kp, void *head, size_t ne, int k)
{
	size_t i, lo, hi;
	void *p = head;
	int c = 0;

	kp->k = k;
	for (i = 0; i < ne && c < k; i++, p = *(void **)p) {
		lo = ne * (size_t)c / (size_t)k;
		hi = ne * (size_t)(c + 1) / (size_t)k;
		if (i == lo)
			kp->heads[c] = kp->to[c] = p;
		if (i == hi - 1) {
			kp->cut[c] = (void **)p;
			kp->orig[c] = *(void **)p;
			c++;
		}
	}
	kp->warm = k == 1 ? ne / CHAIN_UNROLL + 1
			  : ne / ((iter_t)k * CHAIN_K_STEPS) + 1;
}

int probe_interleaved(const struct probe *pr, size_t size)
{
	return size <= PROBE_ROUND_MAX && size <= pr->len / 2;
}

void probe_parallelism_sizes(struct probe *pr, const struct chain_spec *spec,
			     const size_t *sizes, int nsizes, double *par,
			     double *t1)
{
	int ks[1 + sizeof(par_k) / sizeof(par_k[0])], nk, i, j, np = 0;
	struct bench_point *bp;
	struct kpoint *kp;
	double t, scale, base = 0.0;
	size_t ne;
	void *head;

	bp = bench_alloc((size_t)nsizes * 16, sizeof(*bp));
	kp = bench_alloc((size_t)nsizes * 16, sizeof(*kp));
	for (i = 0; i < nsizes && probe_interleaved(pr, sizes[i]); i++) {
		ne = chain_elements(sizes[i], spec);
		head = chain_build(pr->buf + sizes[i], sizes[i], spec);
		nk = par_ks(ne, ks);
		for (j = 0; j < nk; j++, np++) {
			kp_setup(&kp[np], head, ne, ks[j]);
			bp[np] = BENCH_POINT(kp_init, kp_chase, kp_cleanup,
					     &kp[np]);
		}
	}
	if (np > 0)
		benchmp_rounds(bp, np, 1, pr->opts.warmup,
			       pr->opts.repetitions);
	for (i = 0, np = 0; i < nsizes && probe_interleaved(pr, sizes[i]);
	     i++) {
		nk = par_ks(chain_elements(sizes[i], spec), ks);
		par[i] = 1.0;
		for (j = 0; j < nk; j++, np++) {
			scale = 1.0 / (ks[j] == 1 ? CHAIN_UNROLL
						  : CHAIN_K_STEPS);
			t = report_median(bp[np].result, scale, 0);
			bench_point_free(&bp[np]);
			if (j == 0) {
				base = t;
				continue;
			}
			/* As probe_parallelism(): k at most. */
			if (t > 0 && ks[j] * base / t > par[i])
				par[i] = base / t > 1.0 ? ks[j]
						       : ks[j] * base / t;
		}
		if (t1 != NULL)
			t1[i] = base;
	}
	/* The rest one after another, as probe_parallelism() does. */
	for (; i < nsizes; i++) {
		par[i] = probe_parallelism(pr, spec, sizes[i]);
		if (t1 != NULL)
			t1[i] = probe_chain(pr, spec, sizes[i], 1);
	}
	free(bp);
	free(kp);
}

void probe_chain_sizes(struct probe *pr, const struct chain_spec *spec,
		       const size_t *sizes, int nsizes, double *t)
{
	struct bench_point *bp = bench_alloc((size_t)nsizes, sizeof(*bp));
	struct kpoint *kp = bench_alloc((size_t)nsizes, sizeof(*kp));
	size_t at = 0, ne;
	int i, nr;

	/* Regions one after another from the start, while they fit. */
	for (nr = 0; nr < nsizes && sizes[nr] <= PROBE_ROUND_MAX &&
		     sizes[nr] <= pr->len - at; nr++) {
		ne = chain_elements(sizes[nr], spec);
		kp_setup(&kp[nr], chain_build(pr->buf + at, sizes[nr], spec),
			 ne, 1);
		bp[nr] = BENCH_POINT(kp_init, kp_chase, kp_cleanup, &kp[nr]);
		at += sizes[nr];
	}
	if (nr > 0)
		benchmp_rounds(bp, nr, 1, pr->opts.warmup,
			       pr->opts.repetitions);
	for (i = 0; i < nr; i++) {
		t[i] = report_median(bp[i].result, 1.0 / CHAIN_UNROLL, 0);
		bench_point_free(&bp[i]);
	}
	for (; i < nsizes; i++)
		t[i] = probe_chain(pr, spec, sizes[i], 1);
	free(bp);
	free(kp);
}

/* Pairs: cell i's first load at x, its second at x + d, then on. */
static void *line_chain(struct probe *pr, size_t region, size_t d)
{
	size_t ncells = region / LINE_CELL, i;
	size_t *perm = bench_alloc(ncells, sizeof(*perm));
	char *x, *first = NULL, *prev = NULL;

	for (i = 0; i < ncells; i++)
		perm[i] = i;
	chain_shuffle(perm, ncells, LINE_SEED);
	for (i = 0; i < ncells; i++) {
		/* Vary the first load's place in its cell: no set conflicts. */
		x = pr->buf + perm[i] * LINE_CELL + (perm[i] * 5 % 8) * 64;
		if (prev != NULL)
			*(void **)prev = x;
		else
			first = x;
		/* pr->buf is mapped (mem_alloc dies on failure): not NULL. */
		/* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
		*(void **)x = x + d;
		prev = x + d;
	}
	/* At least 16 cells (probe_line_size()), so the loop has set prev. */
	/* cppcheck-suppress nullPointer */
	/* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
	*(void **)prev = first;
	free(perm);
	return first;
}

/*
 * The line is the first d whose pair is clearly dearer than d = 8 and
 * stays so for every larger d (one noisy point is not a step); 0: none.
 */
static size_t line_step(const double *v)
{
	double lo = v[0];
	int i, j;

	for (i = 1; i < PROBE_LINE_STEPS; i++) {
		if (v[i] <= STEP_RATIO * lo)
			continue;
		for (j = i; j < PROBE_LINE_STEPS; j++)
			if (v[j] <= STAY_RATIO * lo)
				break;
		if (j == PROBE_LINE_STEPS)
			return (size_t)8 << i;
	}
	return 0;
}

size_t probe_line_size(struct probe *pr, double *t)
{
	double v[PROBE_LINE_STEPS];
	size_t region = pr->len < LINE_REGION ? pr->len : LINE_REGION;
	int i;

	if (region < 16 * LINE_CELL) {
		errno = 0;
		bench_die("line probe: %zu bytes are too few", region);
	}
	for (i = 0; i < PROBE_LINE_STEPS; i++) {
		v[i] = probe_head(pr, line_chain(pr, region, (size_t)8 << i));
		if (t != NULL)
			t[i] = v[i];
	}
	return line_step(v);
}

/* The size most runs found (0 counts as none), and how many found it. */
static size_t line_mode(const size_t *found, int n, int *count)
{
	size_t best = 0;
	int s, k, c;

	*count = 0;
	for (s = 0; s < n; s++) {
		if (found[s] == 0)
			continue;
		for (c = 0, k = 0; k < n; k++)
			c += found[k] == found[s];
		if (c > *count) {
			*count = c;
			best = found[s];
		}
	}
	return best;
}

size_t probe_line_agreed(struct probe *pr, size_t *found,
			 double (*t)[PROBE_LINE_STEPS], int *runs)
{
	double own[PROBE_LINE_SWEEPS_MAX][PROBE_LINE_STEPS];
	double (*tt)[PROBE_LINE_STEPS] = t != NULL ? t : own;
	double v[PROBE_LINE_SWEEPS_MAX], mid[PROBE_LINE_STEPS];
	size_t own_found[PROBE_LINE_SWEEPS_MAX], line;
	size_t *f = found != NULL ? found : own_found;
	int n = 0, s, i, count, rounds = pr->rounds;

	/* The runs are the repetition: one median a measurement. */
	pr->rounds = 1;
	while (n < PROBE_LINE_SWEEPS ||
	       (n < PROBE_LINE_SWEEPS_MAX &&
		(line_mode(f, n, &count), count < n))) {
		f[n] = probe_line_size(pr, tt[n]);
		n++;
	}
	pr->rounds = rounds;
	if (runs != NULL)
		*runs = n;
	line = line_mode(f, n, &count);
	if (count == n)
		return line;
	/*
	 * After the runs beyond the first: a majority, and the step of the
	 * per-distance medians over all runs is the same size.
	 */
	if (2 * count <= n)
		return 0;
	for (i = 0; i < PROBE_LINE_STEPS; i++) {
		for (s = 0; s < n; s++)
			v[s] = tt[s][i];
		mid[i] = stats_median(v, n);
	}
	return line_step(mid) == line ? line : 0;
}

size_t probe_arg_line(const char *arg)
{
	size_t line = bench_arg_size(arg);

	if (line == 0)
		bench_fail("-L 0: a line holds at least one pointer");
	return line;
}

void probe_set_line(void *state, const char *arg)
{
	((struct probe_args *)state)->line = probe_arg_line(arg);
}

void probe_check_line(size_t line)
{
	if (line != 0 && (line < sizeof(void *) ||
			  line % sizeof(void *) != 0 || line > 4096))
		bench_fail("-L: a line is a multiple of %zu up to 4096 bytes",
			   sizeof(void *));
}
