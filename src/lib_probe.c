/*
 * lib_probe.c - timed chases for the discovery programs.
 *
 * Every measurement is one benchmp() run of a chain built beforehand, in
 * this process only (the discovery programs take no -P); the figure is
 * the median over the intervals, per load or per step of k chains.
 */
#include "lib_probe.h"
#include "lib_mem.h"
#include "lib_report.h"

/* Line probe: cells of this many bytes, each holding one pair. */
#define LINE_CELL	1024
#define LINE_REGION	((size_t)2 << 20)
#define WARM_LOADS	((iter_t)4 << 20)	/* a lap of 256 MB of lines */
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
	pr->buf = mem_alloc(len, mem_flags);
	pr->len = len;
	pr->opts = *opts;
	pr->k = 1;
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

static void chase(iter_t n, void *cookie)
{
	struct probe *pr = cookie;

	if (pr->k == 1)
		pr->heads[0] = chain_chase(pr->heads[0], n);
	else
		chain_chase_k(pr->heads, pr->k, n);
	use_pointer(pr->heads[0]);
}

/*
 * The smallest of PROBE_ROUNDS medians: on a busy machine another
 * process can take the CPU during most intervals of one run; it can only
 * make a run slower, so the fastest run's median is the truest.
 */
static double run(struct probe *pr)
{
	double scale = 1.0 / (pr->k == 1 ? CHAIN_UNROLL : CHAIN_K_STEPS);
	double best = 0.0, t;
	int r;

	for (r = 0; r < PROBE_ROUNDS; r++) {
		benchmp(NULL, chase, NULL, 0, 1, pr->opts.warmup,
			pr->opts.repetitions, pr);
		t = report_median(scale, 0);
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
	/* Read every element once first: time a steady chase, not the
	 * cache state the build's writes left. */
	n = chain_elements(size, spec);
	n = n < WARM_LOADS ? n : WARM_LOADS;
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

/* Chain counts tried: enough to see a plateau, few enough to be quick. */
static const int par_k[] = {2, 3, 4, 6, 8, 10, 12, 16};

double probe_parallelism(struct probe *pr, const struct chain_spec *spec,
			 size_t size)
{
	double t1, tk, par = 1.0;
	size_t n = chain_elements(size, spec), i;
	int k;

	t1 = probe_chain(pr, spec, size, 1);
	for (i = 0; i < sizeof(par_k) / sizeof(par_k[0]); i++) {
		k = par_k[i];
		if (k > CHAIN_MAX_K || (size_t)k * 4 > n)
			break;
		tk = probe_chain(pr, spec, size, k);
		/*
		 * k chains cannot overlap more than k loads: a larger ratio
		 * means t(1) and t(k) saw different machines (a neighbour
		 * left the shared cache between them); count k at most.
		 */
		if (tk > 0 && k * t1 / tk > par)
			par = t1 / tk > 1.0 ? k : k * t1 / tk;
	}
	/*
	 * t(1) again: if the machine got quieter meanwhile, the smaller t(1)
	 * keeps a noisy first measurement from inflating the ratio.
	 */
	tk = probe_chain(pr, spec, size, 1);
	if (tk < t1)
		par *= tk / t1;
	return par < 1.0 ? 1.0 : par;
}

/* Pairs: cell i's first load at x, its second at x + d, then on. */
static void *line_chain(struct probe *pr, size_t region, size_t d)
{
	size_t ncells = region / LINE_CELL, i, j, t;
	size_t *perm = malloc(ncells * sizeof(*perm));
	struct chain_rng r;
	char *x, *first = NULL, *prev = NULL;

	if (perm == NULL)
		bench_die("out of memory");
	chain_rng_seed(&r, LINE_SEED);
	for (i = 0; i < ncells; i++)
		perm[i] = i;
	for (i = ncells; i > 1; i--) {
		j = chain_rng_below(&r, i);
		t = perm[i - 1];
		perm[i - 1] = perm[j];
		perm[j] = t;
	}
	for (i = 0; i < ncells; i++) {
		/* Vary the first load's place in its cell: no set conflicts. */
		x = pr->buf + perm[i] * LINE_CELL + (perm[i] * 5 % 8) * 64;
		if (prev != NULL)
			*(void **)prev = x;
		else
			first = x;
		*(void **)x = x + d;
		prev = x + d;
	}
	*(void **)prev = first;
	free(perm);
	return first;
}

size_t probe_line_size(struct probe *pr, double *t)
{
	double v[PROBE_LINE_STEPS], lo;
	size_t region = pr->len < LINE_REGION ? pr->len : LINE_REGION;
	int i, j;

	if (region < 16 * LINE_CELL) {
		errno = 0;
		bench_die("line probe: %zu bytes are too few", region);
	}
	for (i = 0; i < PROBE_LINE_STEPS; i++) {
		v[i] = probe_head(pr, line_chain(pr, region, (size_t)8 << i));
		if (t != NULL)
			t[i] = v[i];
	}
	/*
	 * The line is the first d whose pair is clearly dearer than d = 8
	 * and stays so for every larger d (one noisy point is not a step).
	 */
	lo = v[0];
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

void probe_args(int argc, char *argv[], char flag, struct bench_opts *opts,
		int *flagged, size_t *len, size_t *line)
{
	char optstring[16];
	int c;

	snprintf(optstring, sizeof(optstring), "%cM:W:N:%s", flag,
		 line != NULL ? "L:" : "");
	while ((c = getopt(argc, argv, optstring)) != -1) {
		if (bench_common_opt(c, optarg, opts))
			continue;
		if (c == flag)
			*flagged = 1;
		else if (c == 'M')
			*len = bench_arg_size(optarg);
		else if (c == 'L' && line != NULL) {
			*line = bench_arg_size(optarg);
			/* Left out, -L means "find it"; a line is never 0. */
			if (*line == 0) {
				fprintf(stderr, "%s: -L 0: a line holds at "
					"least one pointer\n",
					bench_progname());
				bench_usage();
			}
		} else
			bench_usage();
	}
	if (optind != argc)
		bench_usage();
}

void probe_check_line(size_t line)
{
	if (line != 0 && (line < sizeof(void *) ||
			  line % sizeof(void *) != 0 || line > 4096))
		bench_fail("-L: a line is a multiple of %zu up to 4096 bytes",
			   sizeof(void *));
}
