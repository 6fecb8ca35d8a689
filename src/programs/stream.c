/*
 * stream - John McCalpin's STREAM kernels under the lmbench harness.
 *
 *   version 1                          bytes counted per element
 *     copy    c[i] = a[i]              16 (8 read + 8 written)
 *     scale   b[i] = q * c[i]          16
 *     add     c[i] = a[i] + b[i]       24
 *     triad   a[i] = b[i] + q * c[i]   24
 *   version 2
 *     fill    a[i] = q                  8 (written)
 *     copy    a[i] = b[i]              16
 *     daxpy   a[i] = a[i] + q * b[i]   24
 *     sum     s = s + a[i]              8 (read)
 *
 * STREAM's convention: the bytes the kernel reads and writes explicitly,
 * not the extra line reads a cache may do for a write miss.  One
 * iteration is one pass over the arrays; latency is the time per element,
 * bandwidth the bytes per second (MB = 10^6), summed over -P copies.
 * The four kernels are timed in interleaved rounds (benchmp_rounds), one
 * interval of each per round, as McCalpin's program times one pass of
 * each per iteration: timed one after another, each kernel's intervals
 * fell in its own second or two of the run, and a burst of other work on
 * a shared host then took one kernel's figure down and not the others
 * (doc/validation/stream.md).  Each copy maps its own arrays (len doubles
 * each) once for all four kernels; after every call of a kernel the
 * values it must have left are worked out from the values before, and at
 * the end every element is checked against them, as McCalpin's checker
 * does; a mismatch is an error.  The arrays' pages are first touched as
 * his are, the three arrays in one loop (start_values), each page faulted
 * in beforehand in that order by one call (mem_populate_interleaved).
 * The arrays share one mapping, each MEM_SKEW bytes past the end of the
 * one before (as STREAM's OFFSET, which its static arrays need at sizes a
 * power of two); with LMBENCH_STATS a "#stream" record says so before
 * the results.
 * The loops are plain C over restrict pointers (the arrays never overlap),
 * so the compiler treats them as it treats McCalpin's static arrays: it
 * may vectorise them, and gcc and clang turn copy into a memcpy() call
 * and fill into memset(), whose large-size paths write with non-temporal
 * stores and so skip the read-for-ownership of the destination.  A
 * compiler barrier (lib_barrier.h) after every pass keeps the compiler
 * from merging or dropping passes.  sum
 * keeps four partial sums so the latency of a floating-point add does not
 * cap a memory-bound loop.
 *
 * usage: stream [-v 1|2] [-M <array bytes>] [-P <parallelism>]
 *               [-W <warmup>] [-N <repetitions>]
 */
#include "bench.h"
#include "lib_mem.h"

#include <math.h>

/*
 * 40 million doubles (320 MB) per array: the size of the reference STREAM
 * run this program is compared with, and with three arrays 960 MB, over
 * three times the largest last-level cache it is likely to meet.
 */
#define DEFAULT_LEN	40000000UL
#define SCALAR		3.0
/* McCalpin's starting values (a = 1, b = 2, c = 0). */
#define A0		1.0
#define B0		2.0
#define C0		0.0
/* Relative error accepted by the check; the values stay exact integers. */
#define EPSILON		1e-13

struct state {
	size_t len;		/* doubles per array */
	int narrays;
	int users;		/* kernels whose initialize(0) has run */
	double *a, *b, *c;
	char *map;		/* the mapping that holds them */
	size_t maplen;
	double ea, eb, ec;	/* what every element must hold */
	double sum;		/* last result of the sum kernel */
	const char *last;	/* the label of the last kernel run */
	int version;		/* -v */
	size_t bytes;		/* -M; 0: DEFAULT_LEN doubles */
};

/* A kernel's cookie: the arrays it shares, and which kernel it is. */
struct point {
	struct state *st;
	const struct kernel *k;
};

/* One pass of each kernel; restrict: the arrays never overlap. */
static void copy_pass(double *restrict c, const double *restrict a,
		      size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		c[i] = a[i];
}

static void scale_pass(double *restrict b, const double *restrict c,
		       size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		b[i] = SCALAR * c[i];
}

static void add_pass(double *restrict c, const double *restrict a,
		     const double *restrict b, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		c[i] = a[i] + b[i];
}

static void triad_pass(double *restrict a, const double *restrict b,
		       const double *restrict c, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		a[i] = b[i] + SCALAR * c[i];
}

static void fill_pass(double *restrict a, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		a[i] = SCALAR;
}

static void daxpy_pass(double *restrict a, const double *restrict b,
		       size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		a[i] = a[i] + SCALAR * b[i];
}

static double sum_pass(const double *restrict a, size_t len)
{
	double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
	size_t i, body = len - len % 4;

	for (i = 0; i < body; i += 4) {
		s0 += a[i];
		s1 += a[i + 1];
		s2 += a[i + 2];
		s3 += a[i + 3];
	}
	for (; i < len; i++)
		s0 += a[i];
	return (s0 + s1) + (s2 + s3);
}

/* The timed kernels: n passes, nothing else. */
static void do_copy(iter_t n, void *cookie)
{
	struct state *st = ((struct point *)cookie)->st;

	while (n-- > 0) {
		copy_pass(st->c, st->a, st->len);
		BARRIER();
	}
}

static void do_scale(iter_t n, void *cookie)
{
	struct state *st = ((struct point *)cookie)->st;

	while (n-- > 0) {
		scale_pass(st->b, st->c, st->len);
		BARRIER();
	}
}

static void do_add(iter_t n, void *cookie)
{
	struct state *st = ((struct point *)cookie)->st;

	while (n-- > 0) {
		add_pass(st->c, st->a, st->b, st->len);
		BARRIER();
	}
}

static void do_triad(iter_t n, void *cookie)
{
	struct state *st = ((struct point *)cookie)->st;

	while (n-- > 0) {
		triad_pass(st->a, st->b, st->c, st->len);
		BARRIER();
	}
}

static void do_fill(iter_t n, void *cookie)
{
	struct state *st = ((struct point *)cookie)->st;

	while (n-- > 0) {
		fill_pass(st->a, st->len);
		BARRIER();
	}
}

static void do_copy2(iter_t n, void *cookie)
{
	struct state *st = ((struct point *)cookie)->st;

	while (n-- > 0) {
		copy_pass(st->a, st->b, st->len);
		BARRIER();
	}
}

static void do_daxpy(iter_t n, void *cookie)
{
	struct state *st = ((struct point *)cookie)->st;

	while (n-- > 0) {
		daxpy_pass(st->a, st->b, st->len);
		BARRIER();
	}
}

static void do_sum(iter_t n, void *cookie)
{
	struct state *st = ((struct point *)cookie)->st;
	double s = 0;

	while (n-- > 0) {
		s = sum_pass(st->a, st->len);
		BARRIER();
	}
	st->sum = s;
}

/*
 * What one pass does to the (uniform) array values, for the check.  Only
 * daxpy changes its own input, so only its result depends on how many
 * passes ran; the others are the same after one pass as after many.  The
 * model does the kernel's own arithmetic, so its values are the kernel's
 * to the last bit.
 */
static void m_copy(struct state *st) { st->ec = st->ea; }
static void m_scale(struct state *st) { st->eb = SCALAR * st->ec; }
static void m_add(struct state *st) { st->ec = st->ea + st->eb; }
static void m_triad(struct state *st) { st->ea = st->eb + SCALAR * st->ec; }
static void m_fill(struct state *st) { st->ea = SCALAR; }
static void m_copy2(struct state *st) { st->ea = st->eb; }
static void m_daxpy(struct state *st) { st->ea = st->ea + SCALAR * st->eb; }
static void m_sum(struct state *st) { (void)st; }

static const struct kernel {
	benchmp_f bench;
	void (*model)(struct state *st);	/* one pass, on the values */
	int bytes;				/* per element, STREAM's */
	int grows;				/* changes its own input */
	int sums;				/* leaves a sum to check */
	const char *label;
	const char *metric;	/* stable names: <metric>.latency, .bandwidth */
} v1[] = {
	{do_copy, m_copy, 16, 0, 0, "STREAM copy", "stream.copy"},
	{do_scale, m_scale, 16, 0, 0, "STREAM scale", "stream.scale"},
	{do_add, m_add, 24, 0, 0, "STREAM add", "stream.add"},
	{do_triad, m_triad, 24, 0, 0, "STREAM triad", "stream.triad"},
}, v2[] = {
	{do_fill, m_fill, 8, 0, 0, "STREAM2 fill", "stream2.fill"},
	{do_copy2, m_copy2, 16, 0, 0, "STREAM2 copy", "stream2.copy"},
	{do_daxpy, m_daxpy, 24, 1, 0, "STREAM2 daxpy", "stream2.daxpy"},
	{do_sum, m_sum, 8, 0, 1, "STREAM2 sum", "stream2.sum"},
};

static int off_by(double got, double want)
{
	return fabs(got - want) > EPSILON * fabs(want) + EPSILON;
}

static void check_array(const struct state *st, const double *x,
			double want, const char *name)
{
	size_t i;

	for (i = 0; i < st->len; i++)
		if (off_by(x[i], want))
			bench_die("%s: check failed: %s[%zu] = %.17g, expected "
				  "%.17g", st->last ? st->last : "STREAM", name,
				  i, x[i], want);
}

/*
 * Values past this are reset (the arrays written anew, outside the timed
 * intervals): a round of the version 1 kernels multiplies them by up to
 * 15, and a long run would otherwise reach infinity.
 */
#define RESET_ABOVE	1e100

/*
 * The arrays are first written here, element by element in one loop, as
 * McCalpin's program initialises his (init_arrays has their pages faulted
 * in, without a fault each, in the order this loop would fault them): the
 * kernel hands out physical pages in the order they are touched, so the
 * arrays' pages interleave, a, b, c, a, b, c.  Filled one
 * array after another, each array had a stretch of its own, and on one
 * VM two copies ran scale 13%, add 4% and triad 8% slower, one copy
 * scale 3% (doc/validation/stream.md).
 */
static void start_values(struct state *st)
{
	size_t i;

	if (st->c != NULL) {
		for (i = 0; i < st->len; i++) {
			st->a[i] = A0;
			st->b[i] = B0;
			st->c[i] = C0;
		}
	} else {
		for (i = 0; i < st->len; i++) {
			st->a[i] = A0;
			st->b[i] = B0;
		}
	}
	st->ea = A0;
	st->eb = B0;
	st->ec = C0;
}

/* McCalpin's check: every element holds what the model says. */
static void check(const struct state *st)
{
	errno = 0;
	check_array(st, st->a, st->ea, "a");
	check_array(st, st->b, st->eb, "b");
	if (st->c != NULL)
		check_array(st, st->c, st->ec, "c");
}

/*
 * From one array's start to the next's: its bytes rounded up to a line,
 * and MEM_SKEW.
 */
static size_t array_step(size_t len)
{
	return (len * sizeof(double) + 63) / 64 * 64 + MEM_SKEW;
}

/* The arrays, once per copy for all the kernels. */
static void init_arrays(iter_t n, void *cookie)
{
	struct state *st = ((struct point *)cookie)->st;
	size_t step = array_step(st->len);
	char *starts[3];

	if (n != 0 || st->users++ > 0)
		return;
	/* Touched by start_values(), in McCalpin's order. */
	st->maplen = step * (size_t)st->narrays;
	st->map = mem_alloc(st->maplen, MEM_NOTOUCH);
	st->a = (void *)st->map;
	st->b = (void *)(st->map + step);
	st->c = st->narrays == 3 ? (void *)(st->map + 2 * step) : NULL;
	starts[0] = st->map;
	starts[1] = st->map + step;
	starts[2] = st->map + 2 * step;
	mem_populate_interleaved(starts, (size_t)st->narrays,
				 st->len * sizeof(double));
	start_values(st);
}

/*
 * After every call of a kernel (n passes): what it left, per the model;
 * a sum is checked at once (the kernels after it change a).  After the
 * last kernel's end (n == 0): every element, then the arrays go.
 */
static void after(iter_t n, void *cookie)
{
	struct point *p = cookie;
	struct state *st = p->st;

	if (n > 0) {
		st->last = p->k->label;
		if (!p->k->grows)
			n = 1;
		while (n-- > 0)
			p->k->model(st);
		if (p->k->sums && off_by(st->sum, st->ea * (double)st->len))
			bench_die("%s: check failed: sum %.17g, expected %.17g",
				  p->k->label, st->sum,
				  st->ea * (double)st->len);
		if (fabs(st->ea) > RESET_ABOVE || fabs(st->eb) > RESET_ABOVE ||
		    fabs(st->ec) > RESET_ABOVE) {
			check(st);
			start_values(st);
			bench_debug("stream: values past %g: arrays written "
				    "anew", RESET_ABOVE);
		}
		return;
	}
	if (--st->users > 0)
		return;
	check(st);
	mem_free(st->map, st->maplen);
	st->map = NULL;
	st->a = st->b = st->c = NULL;
}

/* -M: 0 is not "the default": a left-out -M is. */
static void set_bytes(void *state, const char *arg)
{
	struct state *st = state;

	st->bytes = bench_arg_size(arg);
	if (st->bytes < sizeof(double))
		bench_fail("-M %s: an array must hold at least one double",
			   arg);
}

static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	const struct kernel *ks = st->version == 2 ? v2 : v1;
	struct bench_point pts[4];
	struct point cookies[4];
	size_t i;
	char label[64], name[64];
	long pages;

	st->len = st->bytes ? st->bytes / sizeof(double) : DEFAULT_LEN;
	st->narrays = st->version == 1 ? 3 : 2;
	pages = sysconf(_SC_PHYS_PAGES);
	if (pages > 0 && (double)st->len * sizeof(double) * st->narrays *
				 r->opts.parallel >
			 (double)pages * (double)mem_page_size())
		bench_fail("%d copies of %d arrays of %zu doubles: more than "
			   "the physical memory", r->opts.parallel, st->narrays,
			   st->len);
	/* lmbench3's eight lines stay alone unless the statistics are asked. */
	if (bench_env()->stats) {
		struct jw w;

		jw_begin(&w, stderr, "#stream ");
		jw_num(&w, "arrays", "%.0f", (double)st->narrays);
		jw_num(&w, "bytes", "%.0f", (double)(st->len * sizeof(double)));
		jw_num(&w, "skew", "%.0f", (double)MEM_SKEW);
		jw_end(&w);
	}
	for (i = 0; i < 4; i++) {
		cookies[i] = (struct point){st, &ks[i]};
		pts[i] = BENCH_POINT(init_arrays, ks[i].bench, after,
				     &cookies[i]);
	}
	benchmp_rounds(pts, 4, r->opts.parallel, r->opts.warmup,
		       r->opts.repetitions);
	for (i = 0; i < 4; i++) {
		bench_point_result(&pts[i]);
		snprintf(label, sizeof(label), "%s latency", ks[i].label);
		snprintf(name, sizeof(name), "%s.latency", ks[i].metric);
		report_nano(name, label, get_n() * st->len);
		fprintf(stderr, "%s bandwidth: ", ks[i].label);
		snprintf(label, sizeof(label), "%s bandwidth", ks[i].label);
		snprintf(name, sizeof(name), "%s.bandwidth", ks[i].metric);
		report_mb(name, "STREAM: bytes read + bytes written per element",
			  label, get_n() * st->len * (uint64)ks[i].bytes *
				 (uint64)r->opts.parallel);
		bench_point_free(&pts[i]);
	}
	return 0;
}

BENCH_MAIN(.usage = "[-v 1|2] [-M <array bytes>] " BENCH_USAGE_PWN "\n",
	   BENCH_STATE(.version = 1),
	   .options = BENCH_OPTIONS(
		BENCH_INT("-v", "the kernels of STREAM version 1 (default) or "
			  "2", version, 1, 2),
		BENCH_CALL("-M", "bytes per array (default: 40000000 doubles)",
			   set_bytes)))
