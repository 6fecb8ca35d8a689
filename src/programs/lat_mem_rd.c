/*
 * lat_mem_rd - memory read latency over a range of sizes: the time of
 * one load whose address comes from the load before it.
 *
 * For each stride, chains of pointers are laid over sizes from 512 bytes
 * up to len (a step within len/8 of len is left out: len stands for it),
 * one element every `stride` bytes, and followed with
 * CHAIN_UNROLL dependent loads per iteration; the figure is nanoseconds
 * per load (loop and timer overheads subtracted by the harness).  The
 * buffer is allocated and touched once, each chain is built and read
 * once before its size is timed (so the caches hold what a steady chase
 * leaves, not what the build wrote: a lap of the chain, or for a chain of
 * more than CHAIN_SETTLE elements the buffer read in address order and
 * part of a lap, lib_chain.h), and the chase resumes where the last
 * interval stopped, so a size larger than the caches is never re-read
 * from a warm start.
 *
 * In address order with one copy, the sizes of a stride are timed in
 * interleaved rounds (benchmp_rounds): the chain is built once over len,
 * a size's chain is its prefix closed by one patched pointer, and before
 * each interval the size is chased a lap so the caches hold what its
 * own chase leaves; sizes over ROUND_MAX, whose lap would cost too much
 * every interval, follow one after another.  Random and grouped chains
 * of different sizes cannot share the buffer, and -P copies set up their
 * state every round: those are timed size after size.
 *
 *   default  elements in address order (lmbench3's stride chain; the
 *            hardware prefetchers can hide much of the latency)
 *   -t       one random order over every element of the size: defeats
 *            stride and next-line prefetchers; big sizes also miss the TLB
 *   -g size  random order inside groups of `size` bytes, the groups in
 *            random order: prefetchers defeated, TLB misses rare (the load
 *            latency without page walks, as google/multichase measures)
 *   -H       ask for transparent huge pages; the page size obtained is
 *            reported on a "#" line
 *   -m size  leave out the sizes below this one (a run's later
 *            invocations time only the main-memory sizes)
 *   -c list  the caches' sizes, comma-separated: four steps per power of
 *            two within a factor of two of each, where the curve
 *            changes; one step per power of two elsewhere, where it is
 *            flat (without -c: four everywhere, as lmbench3)
 *
 * Unless ENOUGH is set, each size is timed with 0.5 ms intervals.
 *
 * usage: lat_mem_rd [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *                   [-t | -g <group>] [-H] [-m <min>] [-c <caches>]
 *                   len_MB [stride...]
 */
#include "bench.h"
#include "lib_chain.h"
#include "lib_mem.h"
#include "lib_probe.h"

#include <ctype.h>
#include <stdarg.h>

#define SMALLEST	512		/* lmbench3's first size */
#define DEFAULT_STRIDE	64		/* one cache line on current CPUs */
/* us: seldom preempted on a busy machine, yet >1000x the clock cost */
#define DEFAULT_ENOUGH	500
#define WARM_LOADS	((iter_t)4 << 20)	/* a lap of 256 MB */
/*
 * Sizes up to this are timed in interleaved rounds, each interval after
 * a lap of its chain (so the caches hold what its own chase leaves, not
 * what the size timed before it left): 11 laps of every size up to 32 MB
 * cost about as much as the sizes' old single warm-up laps.  Larger sizes
 * would need a lap as large as the last-level cache before every
 * interval; they are timed one after another, as before.
 */
#define ROUND_MAX	((size_t)32 << 20)
#define CHAIN_SEED	0x6c6d62656e6368ULL
#define MAX_STRIDES	64
#define MAX_POINTS	512	/* 4 per power of two up to 2^64 bytes */
#define MAX_CACHES	8	/* -c: levels of data cache */

struct state {
	void *p;		/* where the chase stands (first: chain_bench) */
	char *buf;		/* the whole buffer, len bytes */
	size_t len;
	size_t min;		/* -m: no smaller size is timed */
	int owned;		/* allocated by this copy's setup */
	int mem_flags;
	size_t size;		/* the size being timed */
	size_t caches[MAX_CACHES];	/* -c: where the curve changes */
	int ncaches;
	struct chain_spec spec;	/* -g: spec.group */
	int random;		/* -t */
	int huge;		/* -H */
	const char *cache_list;	/* -c, parsed in run() */
};

/* Per copy: a buffer (unless the parent's is used) and this size's chain. */
static void build(void *cookie)
{
	struct state *st = cookie;
	size_t laps;

	if (st->buf == NULL) {
		st->buf = mem_alloc(st->len, st->mem_flags);
		st->owned = 1;
	}
	st->p = chain_build(st->buf, st->size, &st->spec);
	/*
	 * Settle the caches before timing (a lap, or for a large chain a
	 * read of the buffer and part of a lap, chain_settle): building it
	 * wrote every line, and the timing should see lines that were read
	 * and evicted as the chase leaves them, not the build's leftovers.
	 */
	laps = chain_settle(st->buf, st->size,
			    chain_elements(st->size, &st->spec));
	st->p = chain_chase(st->p, laps / CHAIN_UNROLL + 1);
}

static void release(void *cookie)
{
	struct state *st = cookie;

	if (st->owned) {
		mem_free(st->buf, st->len);
		st->buf = NULL;
		st->owned = 0;
	}
}

/* Is size within a factor of two of one of the caches (-c)? */
static int near_cache(const struct state *st, size_t size)
{
	int i;

	for (i = 0; i < st->ncaches; i++)
		if (size >= st->caches[i] / 2 && size / 2 <= st->caches[i])
			return 1;
	return 0;
}

/*
 * lmbench3-like steps: doubling to 2 KB, then four per power of two;
 * with -c, the four only near a cache and the next power of two
 * elsewhere (a flat stretch of the curve needs one point an octave).
 */
static size_t next_size(const struct state *st, size_t s)
{
	size_t p = 1;

	if (s < 2048)
		return s * 2;
	while (p <= s / 2)
		p *= 2;
	if (st->ncaches == 0 || near_cache(st, s + p / 4))
		return s + p / 4;
	return 2 * p;
}

/* One line of the series m, and its #stats line when asked for. */
static void print_point(const struct bench_result *r, size_t size,
			const struct metric *m, int i)
{
	const double scale = 1.0 / CHAIN_UNROLL;
	double ns = report_median(r, scale, 0);
	char x[32];

	snprintf(x, sizeof(x), "%.5f", (double)size / (1024 * 1024));
	fprintf(stderr, "%s %.3f\n", x, ns);
	report_result(r, m, &(struct report_at){.x = x, .i = i}, "lat_mem_rd",
		      ns, scale, 0);
}

/*
 * A stride's series: mem.<order>_latency.stride_<stride>, x the size in
 * MiB (2^20 bytes, as printed); with -H mem.<order>_latency_huge...: a
 * chase over huge pages misses the TLB far less, another quantity.
 */
static void series_of(const struct state *st, char *name, size_t len,
		      struct metric *m)
{
	const char *huge = st->mem_flags & MEM_HUGE ? "_huge" : "";

	if (st->spec.kind == CHAIN_GROUPED)
		snprintf(name, len,
			 "mem.grouped_latency%s.group_%zu.stride_%zu", huge,
			 st->spec.group, st->spec.stride);
	else
		snprintf(name, len, "mem.%s_latency%s.stride_%zu",
			 st->spec.kind == CHAIN_RANDOM ? "random" : "load",
			 huge, st->spec.stride);
	*m = (struct metric){.name = name, .unit = "nanoseconds",
			     .better = BETTER_LOWER, .x_name = "size",
			     .x_unit = "MiB"};
	metric_series(m);
}

/*
 * A step within an eighth of len (1024 MB before 1040 MB) would repeat
 * the last point at the cost of the largest one: go to len instead.
 */
static size_t clamp_size(size_t size, size_t len)
{
	return size > len || size > len - len / 8 ? len : size;
}

static void sweep(struct state *st, const struct bench_opts *opts)
{
	size_t size, last = 0;
	struct metric m;
	char name[METRIC_NAME_MAX];
	int i = 0;

	fprintf(stderr, "\"stride=%zu\n", st->spec.stride);
	series_of(st, name, sizeof(name), &m);
	for (size = SMALLEST; last < st->len; size = next_size(st, size)) {
		size = clamp_size(size, st->len);
		last = size;
		if (size < st->min || chain_elements(size, &st->spec) < 2)
			continue;
		st->size = size;
		benchmp_copy(build, chain_bench, release, opts, st);
		print_point(result_last(), size, &m, i++);
	}
	fprintf(stderr, "\n");
}

/*
 * The address-order chain, one stride at a time: its chain is built over
 * the whole buffer once, and the chain of a size is the same prefix
 * closed by one pointer, the last element's, pointed back to the head
 * before each of its intervals and restored after.  So every size's
 * chain is there at once, and benchmp_rounds() times one interval of
 * each size per round.
 */
struct point {
	void *p;		/* where this size's chase stands (first:
				 * chain_bench) */
	void *head;		/* element 0 */
	void **last;		/* element n-1 of this size */
	void *next;		/* what *last holds in the whole chain */
	iter_t warm;		/* chain_chase() iterations of a warm-up */
	int rounds;		/* warm up before every interval */
};

/* Rounds: patch and warm up around every interval; else once. */
static void pt_init(iter_t n, void *cookie)
{
	struct point *pt = cookie;

	if (n == 0)
		pt->p = pt->head;
	if ((n != 0) == (pt->rounds != 0)) {
		*pt->last = pt->head;
		pt->p = chain_chase(pt->p, pt->warm);
	}
}

static void pt_cleanup(iter_t n, void *cookie)
{
	struct point *pt = cookie;

	if ((n != 0) == (pt->rounds != 0))
		*pt->last = pt->next;
}

static void sweep_rounds(struct state *st, const struct bench_opts *opts)
{
	size_t sizes[MAX_POINTS], size, last = 0, ne;
	struct bench_point bp[MAX_POINTS];
	struct point pts[MAX_POINTS];
	int i, np = 0, nr = 0;
	void *head;
	struct metric m;
	char name[METRIC_NAME_MAX];

	fprintf(stderr, "\"stride=%zu\n", st->spec.stride);
	series_of(st, name, sizeof(name), &m);
	head = chain_build(st->buf, st->len, &st->spec);
	for (size = SMALLEST; last < st->len && np < MAX_POINTS;
	     size = next_size(st, size)) {
		size = clamp_size(size, st->len);
		last = size;
		ne = chain_elements(size, &st->spec);
		if (size < st->min || ne < 2)
			continue;
		sizes[np] = size;
		pts[np].head = head;
		pts[np].last = (void **)(st->buf + st->spec.offset +
					 (ne - 1) * st->spec.stride);
		pts[np].next = *pts[np].last;
		pts[np].rounds = size <= ROUND_MAX;
		nr += pts[np].rounds;
		/* As sweep(): a lap, at most WARM_LOADS when once. */
		if (!pts[np].rounds && ne > WARM_LOADS)
			ne = WARM_LOADS;
		pts[np].warm = ne / CHAIN_UNROLL + 1;
		bp[np] = BENCH_POINT(pt_init, chain_bench, pt_cleanup,
				     &pts[np]);
		np++;
	}
	/* Sizes grow: the interleaved ones are the first nr. */
	if (nr > 0)
		benchmp_rounds(bp, nr, 1, opts->warmup, opts->repetitions);
	for (i = 0; i < nr; i++) {
		print_point(bp[i].result, sizes[i], &m, i);
		bench_point_free(&bp[i]);
	}
	for (; i < np; i++) {
		benchmp(pt_init, chain_bench, pt_cleanup, 0, 1, opts->warmup,
			opts->repetitions, &pts[i]);
		print_point(result_last(), sizes[i], &m, i);
	}
	fprintf(stderr, "\n");
}

/* len_MB: a plain number means megabytes; a K/M/G suffix is explicit. */
static size_t parse_len(const char *s)
{
	size_t len;

	if (*s != '\0' && isdigit((unsigned char)s[strlen(s) - 1])) {
		len = (size_t)bench_arg_long(s, 1, (long)(SIZE_MAX >> 21));
		return len << 20;
	}
	return bench_arg_size(s);
}

/* What was wrong on one line, then the usage line; exit 2. */
static void __attribute__((noreturn, format(printf, 1, 2)))
bad_arg(const char *fmt, ...);

/* -c: sizes separated by commas, each with its K/M/G suffix or bytes. */
static void parse_caches(struct state *st, const char *list)
{
	char buf[256], *tok, *save = NULL;

	if (strlen(list) >= sizeof(buf))
		bad_arg("-c %s: too long a list", list);
	strcpy(buf, list);
	st->ncaches = 0;
	for (tok = strtok_r(buf, ",", &save); tok != NULL;
	     tok = strtok_r(NULL, ",", &save)) {
		if (st->ncaches == MAX_CACHES)
			bad_arg("-c %s: at most %d caches", list, MAX_CACHES);
		st->caches[st->ncaches] = bench_arg_size(tok);
		if (st->caches[st->ncaches] == 0)
			bad_arg("-c %s: a cache of 0 bytes", list);
		st->ncaches++;
	}
	if (st->ncaches == 0)
		bad_arg("-c '%s': no size", list);
}

static void __attribute__((noreturn, format(printf, 1, 2)))
bad_arg(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", bench_progname());
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	bench_usage();
}

/* -g: a group holds a byte at least. */
static void set_group(void *state, const char *arg)
{
	struct state *st = state;

	st->spec.group = bench_arg_size(arg);
	if (st->spec.group == 0)
		bad_arg("-g 0: a group must hold a byte");
}

static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	size_t strides[MAX_STRIDES], group = st->spec.group, ps;
	int i, nstrides = 0;

	if (st->random && group)
		bench_usage();
	if (st->cache_list != NULL)
		parse_caches(st, st->cache_list);
	st->len = parse_len(r->argv[0]);
	if (st->len < SMALLEST)
		bench_fail("len %zu bytes is below the first size, %d bytes",
			   st->len, SMALLEST);
	if (st->min > st->len)
		bad_arg("-m %zu: larger than len (%zu bytes)", st->min,
			st->len);
	if (group > st->len)
		bad_arg("-g %zu: a group larger than len (%zu bytes)", group,
			st->len);
	for (i = 1; i < r->argc; i++) {
		strides[nstrides] = bench_arg_size(r->argv[i]);
		if (strides[nstrides] < sizeof(void *) ||
		    strides[nstrides] % sizeof(void *) != 0)
			bench_fail("stride %s: must be a multiple of %zu bytes",
				   r->argv[i], sizeof(void *));
		if (strides[nstrides] > st->len / 2)
			bench_fail("stride %s: over half of len", r->argv[i]);
		nstrides++;
	}
	if (nstrides == 0)
		strides[nstrides++] = DEFAULT_STRIDE;
	for (i = 0; i < nstrides; i++)
		if (group && group < strides[i])
			bad_arg("-g %zu: a group smaller than stride %zu",
				group, strides[i]);
	bench_default_enough(DEFAULT_ENOUGH);

	probe_check_len("len", st->len, r->opts.parallel);
	st->mem_flags = st->huge ? MEM_HUGE : 0;
	st->buf = mem_alloc(st->len, st->mem_flags);
	ps = mem_page_size_of(st->buf);
	if (st->huge || ps != mem_page_size())
		fprintf(stderr, "# page size obtained: %zu bytes%s\n", ps,
			st->huge ? " (huge pages asked for)" : "");
	if (r->opts.parallel > 1) {
		/* Each copy allocates its own: no shared physical pages. */
		mem_free(st->buf, st->len);
		st->buf = NULL;
	}
	st->spec.kind = group ? CHAIN_GROUPED
			      : st->random ? CHAIN_RANDOM : CHAIN_STRIDE;
	st->spec.seed = CHAIN_SEED;
	for (i = 0; i < nstrides; i++) {
		st->spec.stride = strides[i];
		if (st->spec.kind == CHAIN_STRIDE && r->opts.parallel == 1)
			sweep_rounds(st, &r->opts);
		else
			sweep(st, &r->opts);
	}
	return 0;
}

BENCH_MAIN(.usage = BENCH_USAGE_PWN " [-t | -g <group>] [-H] [-m <min>] "
		    "[-c <caches>] len_MB [stride...]\n",
	   .min_ops = 1, .max_ops = MAX_STRIDES + 1, BENCH_STATE(0),
	   .options = BENCH_OPTIONS(
		BENCH_FLAG("-t", "random order over the whole size (defeats "
			   "prefetch)", random),
		BENCH_CALL("-g", "random order inside groups of this many "
			   "bytes", set_group),
		BENCH_FLAG("-H", "ask for transparent huge pages", huge),
		BENCH_SIZE("-m", "the smallest size timed (default 512 bytes): "
			   "the sizes below are left out", min),
		BENCH_TEXT("-c", "the caches' sizes, comma-separated: four "
			   "sizes per power of two near each, one elsewhere",
			   cache_list),
		BENCH_OPERAND("len_MB", "the largest size, MB unless it has a "
			      "K/M/G suffix"),
		BENCH_OPERAND("stride", "bytes between elements, one series "
			      "each (default 64)")))
