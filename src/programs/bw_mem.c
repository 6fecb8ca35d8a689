/*
 * bw_mem - memory bandwidth: read, write and copy of one buffer of a
 * given size, over and over.
 *
 *   rd     partial read: one 64-bit word in every 32 bytes is loaded
 *   wr     partial write: one 64-bit word in every 32 bytes is stored
 *   rdwr   partial read-modify-write of one word in every 32 bytes
 *   cp     partial copy: one word in every 32 bytes copied to a second
 *          buffer
 *   frd    every word loaded (unrolled, 64 words per loop step)
 *   fwr    every word stored
 *   fcp    every word copied
 *   bzero  libc memset() of the buffer
 *   bcopy  libc memcpy() from one buffer to the other
 *
 * Every operation counts the buffer size once per pass as the bytes moved
 * (lmbench3's convention): a partial read is charged for the whole buffer,
 * since every cache line of it is brought in, and a copy is charged for the
 * bytes copied, not for the bytes read plus the bytes written.  MB = 10^6.
 *
 * The word kernels go through volatile pointers, so each word is one
 * scalar load or store that the compiler can neither drop, merge, widen
 * (vectorise) nor turn into a memset/memcpy call; the libc variants are
 * separated by a compiler barrier for the same reason.  Buffers are mapped
 * and touched in initialize(0), once per copy; the timed loop only runs
 * the passes.  "conflict" places the copy destination a power of two at
 * least the buffer size after the source, so source and destination words
 * share their address bits below that power of two (the same cache sets
 * in every virtually indexed cache, and in physically indexed ones as far
 * as the page mapping keeps those bits); without it the destination is
 * skewed by half a 4 KB page plus one line.
 *
 * Several sizes (one copy): one mapping for the largest, each size using
 * the start of it, timed in interleaved rounds (benchmp_rounds), each
 * interval after one untimed pass of its own, so the caches hold what
 * that size's passes leave; the lines come out in the order given, as
 * from one run per size.  With -P, one size after another.
 *
 * usage: bw_mem [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *               <size> [<size>...] rd|wr|rdwr|cp|fwr|frd|fcp|bzero|bcopy
 *               [conflict]
 */
#include "bench.h"
#include "lib_mem.h"

typedef volatile uint64_t vword;

/* Bytes per unrolled loop step; sizes are rounded down to a multiple. */
#define BLOCK		512
#define BLOCK_WORDS	(BLOCK / 8)

struct state {
	size_t size;		/* bytes per pass, a multiple of BLOCK */
	size_t words;
	int two;		/* the operation needs a destination */
	int conflict;
	char *map;		/* one mapping holds both buffers */
	size_t maplen;
	uint64_t *src, *dst;
	benchmp_f pass;		/* rounds: one untimed pass per interval */
};

/*
 * Partial: word 0 of every 4, i.e. one per 32 bytes, 16 per block.
 * Full: all 64 words of a block.  Reads go to four accumulators in turn,
 * so the adds never form one dependency chain that would cap a cached
 * read below what the loads can do.  OPAQUE4_U64 after every four
 * loads pins the accumulators to integer registers: the loads stay scalar
 * (not vectorised) and cannot be hoisted, merged or summed ahead of time.
 * (Volatile loads would do the same, but gcc then issues all 64 loads of
 * a block first and spills them.)
 */
#define PART4(op, i) op(i) op(i + 4) op(i + 8) op(i + 12)
#define PART(op) PART4(op, 0) PART4(op, 16) PART4(op, 32) PART4(op, 48)
#define FULL8(op, i) op(i) op(i + 1) op(i + 2) op(i + 3) \
	op(i + 4) op(i + 5) op(i + 6) op(i + 7)
#define FULL(op) FULL8(op, 0) FULL8(op, 8) FULL8(op, 16) FULL8(op, 24) \
	FULL8(op, 32) FULL8(op, 40) FULL8(op, 48) FULL8(op, 56)

/* rd: words i, i+4, i+8, i+12; frd: words i .. i+3. */
#define RD4(i, k) s0 += p[i]; s1 += p[i + k]; s2 += p[i + 2 * k]; \
	s3 += p[i + 3 * k]; \
	OPAQUE4_U64(s0, s1, s2, s3);
#define PART_RD(i) RD4(i, 4)
#define FULL_RD(i) RD4(i, 1)
#define WR(i) p[i] = v;
#define RDWR(i) p[i] = p[i] + 1;
#define CP(i) d[i] = s[i];

static void do_rd(iter_t n, void *cookie)
{
	struct state *st = cookie;
	uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
	const uint64_t *p, *end = st->src + st->words;

	while (n-- > 0)
		for (p = st->src; p < end; p += BLOCK_WORDS) {
			PART_RD(0) PART_RD(16) PART_RD(32) PART_RD(48)
		}
	use_int((int)(s0 + s1 + s2 + s3));
}

static void do_frd(iter_t n, void *cookie)
{
	struct state *st = cookie;
	uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
	const uint64_t *p, *end = st->src + st->words;

	while (n-- > 0)
		for (p = st->src; p < end; p += BLOCK_WORDS) {
			FULL_RD(0) FULL_RD(4) FULL_RD(8) FULL_RD(12)
			FULL_RD(16) FULL_RD(20) FULL_RD(24) FULL_RD(28)
			FULL_RD(32) FULL_RD(36) FULL_RD(40) FULL_RD(44)
			FULL_RD(48) FULL_RD(52) FULL_RD(56) FULL_RD(60)
		}
	use_int((int)(s0 + s1 + s2 + s3));
}

static void do_wr(iter_t n, void *cookie)
{
	struct state *st = cookie;
	vword *p, *end = st->src + st->words;
	uint64_t v;

	while (n-- > 0) {
		v = n;
		for (p = st->src; p < end; p += BLOCK_WORDS) {
			PART(WR)
		}
	}
}

static void do_fwr(iter_t n, void *cookie)
{
	struct state *st = cookie;
	vword *p, *end = st->src + st->words;
	uint64_t v;

	while (n-- > 0) {
		v = n;
		for (p = st->src; p < end; p += BLOCK_WORDS) {
			FULL(WR)
		}
	}
}

static void do_rdwr(iter_t n, void *cookie)
{
	struct state *st = cookie;
	vword *p, *end = st->src + st->words;

	while (n-- > 0)
		for (p = st->src; p < end; p += BLOCK_WORDS) {
			PART(RDWR)
		}
}

static void do_cp(iter_t n, void *cookie)
{
	struct state *st = cookie;
	vword *s, *d, *end = st->src + st->words;

	while (n-- > 0)
		for (s = st->src, d = st->dst; s < end;
		     s += BLOCK_WORDS, d += BLOCK_WORDS) {
			PART(CP)
		}
}

static void do_fcp(iter_t n, void *cookie)
{
	struct state *st = cookie;
	vword *s, *d, *end = st->src + st->words;

	while (n-- > 0)
		for (s = st->src, d = st->dst; s < end;
		     s += BLOCK_WORDS, d += BLOCK_WORDS) {
			FULL(CP)
		}
}

static void do_bzero(iter_t n, void *cookie)
{
	struct state *st = cookie;

	while (n-- > 0) {
		memset(st->src, 0, st->size);
		BARRIER();
	}
	use_pointer(st->src);
}

static void do_bcopy(iter_t n, void *cookie)
{
	struct state *st = cookie;

	while (n-- > 0) {
		memcpy(st->dst, st->src, st->size);
		BARRIER();
	}
	use_pointer(st->dst);
}

/* Where the destination starts, counted from the source. */
static size_t dst_offset(const struct state *st)
{
	size_t span = mem_page_size();

	if (!st->conflict)
		return st->size + MEM_SKEW;
	while (span < st->size)
		span *= 2;
	return span;
}

/* Per copy: map and touch the buffers, fill the source. */
static void init_bufs(void *cookie)
{
	struct state *st = cookie;
	size_t i, off = st->two ? dst_offset(st) : 0;

	st->maplen = off + st->size;
	st->map = mem_alloc(st->maplen, 0);
	st->src = (uint64_t *)st->map;
	st->dst = st->two ? (uint64_t *)(st->map + off) : NULL;
	for (i = 0; i < st->words; i++)
		st->src[i] = i;
}

/* Rounds: the buffers are the shared mapping's; a pass before each. */
static void warm_pass(iter_t n, void *cookie)
{
	struct state *st = cookie;

	if (n != 0)
		st->pass(1, st);
}

static void free_bufs(void *cookie)
{
	struct state *st = cookie;

	if (st->map == NULL)
		return;
	mem_free(st->map, st->maplen);
	st->map = NULL;
}

static const struct variant {
	const char *name;
	benchmp_f bench;
	int two;		/* needs a destination buffer */
	const char *help;	/* its --help line */
	const char *bytes;	/* what its MB count */
} variants[] = {
	{"rd", do_rd, 0,
	 "read one word in every 32 bytes", "bytes read"},
	{"wr", do_wr, 0,
	 "write one word in every 32 bytes", "bytes written"},
	{"rdwr", do_rdwr, 0,
	 "read and write one word in every 32 bytes",
	 "bytes of the buffer (each read and written once)"},
	{"cp", do_cp, 1,
	 "copy one word in every 32 bytes", "bytes copied (counted once)"},
	{"fwr", do_fwr, 0,
	 "write every word", "bytes written"},
	{"frd", do_frd, 0,
	 "read every word", "bytes read"},
	{"fcp", do_fcp, 1,
	 "copy every word", "bytes copied (counted once)"},
	{"bzero", do_bzero, 0,
	 "libc memset()", "bytes zeroed"},
	{"bcopy", do_bcopy, 1,
	 "libc memcpy()", "bytes copied (counted once)"},
};

/* Refuse sizes whose buffers (per copy, all copies) exceed physical RAM. */
static void check_memory(const struct state *st, int parallel)
{
	long pages = sysconf(_SC_PHYS_PAGES);
	double need = (double)(st->two ? dst_offset(st) + st->size : st->size)
		      * parallel;

	if (pages > 0 && need > (double)pages * (double)mem_page_size())
		bench_fail("%zu bytes x %d copies: more than the physical "
			   "memory", st->size, parallel);
}

/* The size operand, rounded down to whole blocks. */
static void set_size(struct state *st, const char *arg)
{
	st->size = bench_arg_size(arg);
	if (st->size < BLOCK)
		bench_fail("size %s: at least %d bytes", arg, BLOCK);
	st->size -= st->size % BLOCK;
	st->words = st->size / sizeof(uint64_t);
}

/* A point of series m: x the size in MB (10^6 bytes), y MB/s. */
static void report(const struct bench_result *r, const struct state *st,
		   const struct metric *m, int i, const char *name,
		   int parallel)
{
	/* MB/s = bytes per iteration (all copies) / ns per iteration * 1e3 */
	double scale = (double)st->size * parallel * 1e3;
	double mbs = report_median(r, scale, 1);
	char x[32];

	snprintf(x, sizeof(x), "%.6f", (double)st->size / 1e6);
	fprintf(stderr, "%s %.2f\n", x, mbs);
	report_result(r, m, &(struct report_at){.x = x, .i = i}, name, mbs,
		      scale, 1);
}

/* One copy, several sizes: one mapping, interleaved rounds. */
static void sizes_rounds(struct state *sts, int n, const struct variant *v,
			 const struct metric *m, const struct bench_opts *opts)
{
	struct bench_point *pts = bench_alloc((size_t)n, sizeof(*pts));
	struct state big;
	size_t need = 0, words = 0, i;
	int k;

	for (k = 0; k < n; k++) {
		i = (sts[k].two ? dst_offset(&sts[k]) : 0) + sts[k].size;
		need = i > need ? i : need;
		words = sts[k].words > words ? sts[k].words : words;
	}
	big = sts[0];
	big.words = words;
	big.two = 0;
	big.size = need;
	init_bufs(&big);
	for (k = 0; k < n; k++) {
		sts[k].map = NULL;	/* not this size's to free */
		sts[k].src = big.src;
		sts[k].dst = sts[k].two ? (uint64_t *)(big.map +
						       dst_offset(&sts[k]))
					: NULL;
		sts[k].pass = v->bench;
		pts[k] = BENCH_POINT(warm_pass, v->bench, NULL, &sts[k]);
	}
	benchmp_rounds(pts, n, 1, opts->warmup, opts->repetitions);
	for (k = 0; k < n; k++) {
		report(pts[k].result, &sts[k], m, k, v->name, 1);
		bench_point_free(&pts[k]);
	}
	free_bufs(&big);
	free(pts);
}

static int run(const struct bench_run *r)
{
	struct state *sts;
	const struct variant *v = NULL;
	int nops = r->argc, nsizes, conflict = 0, k;
	char name[64];
	struct metric m = {.name = name, .unit = "MB/sec",
			   .better = BETTER_HIGHER, .x_name = "size",
			   .x_unit = "MB"};

	if (strcmp(r->argv[r->argc - 1], "conflict") == 0) {
		conflict = 1;
		nops--;
	}
	if (nops < 2)
		bench_usage();
	nsizes = nops - 1;
	v = &variants[BENCH_VARIANT(r->argv[nsizes], variants)];
	if (conflict && !v->two)
		bench_fail("conflict applies to cp, fcp and bcopy only");
	sts = bench_alloc((size_t)nsizes, sizeof(*sts));
	for (k = 0; k < nsizes; k++) {
		set_size(&sts[k], r->argv[k]);
		sts[k].two = v->two;
		sts[k].conflict = conflict;
		check_memory(&sts[k], r->opts.parallel);
	}
	/* The points of the run's series of this operation. */
	snprintf(name, sizeof(name), "bw_mem.%s%s", v->name,
		 conflict ? "_conflict" : "");
	m.bytes = v->bytes;
	metric_series(&m);
	if (nsizes > 1 && r->opts.parallel == 1) {
		sizes_rounds(sts, nsizes, v, &m, &r->opts);
	} else {
		for (k = 0; k < nsizes; k++) {
			benchmp_copy(init_bufs, v->bench, free_bufs, &r->opts,
				     &sts[k]);
			report(result_last(), &sts[k], &m, k, v->name,
			       r->opts.parallel);
		}
	}
	free(sts);
	return 0;
}

BENCH_MAIN(.usage = BENCH_USAGE_PWN " <size> [<size>...] %s [conflict]\n",
	   .min_ops = 2, .max_ops = -1, BENCH_MODES(variants, struct variant),
	   .options = BENCH_OPTIONS(
		BENCH_OPERAND("<size>", "buffer bytes (K/M/G suffixes); "
			      "several: a series"),
		BENCH_OPERAND("conflict", "place the copy destination to share "
			      "cache sets")))
