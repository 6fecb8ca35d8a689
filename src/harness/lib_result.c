/*
 * lib_result.c - the result value and the last published result
 * (lib_result.h).  Pure bookkeeping: no clock, no processes.
 */
#include "lib_result.h"
#include "lib_stats.h"

void result_init(struct bench_result *r, int parallel)
{
	r->s = NULL;
	r->count = r->cap = r->sorted = 0;
	r->parallel = parallel < 1 ? 1 : parallel;
	r->overlap = 1.0;
}

void result_free(struct bench_result *r)
{
	free(r->s);
	result_init(r, 1);
}

void result_add(struct bench_result *r, const struct sample *s)
{
	struct sample *v;
	int cap;

	if (r->count == r->cap) {
		cap = r->cap ? r->cap * 2 : 64;
		v = realloc(r->s, (size_t)cap * sizeof(*v));
		if (v == NULL)
			bench_die("out of memory for results");
		r->s = v;
		r->cap = cap;
	}
	r->s[r->count] = *s;
	if (r->s[r->count].n == 0)
		r->s[r->count].n = 1;
	r->count++;
	r->sorted = 0;
}

static int cmp_sample(const void *a, const void *b)
{
	const struct sample *x = a, *y = b;
	double u = x->ns / (double)x->n, v = y->ns / (double)y->n;

	return (u > v) - (u < v);
}

const struct sample *result_sorted(struct bench_result *r)
{
	if (!r->sorted && r->count > 1)
		qsort(r->s, (size_t)r->count, sizeof(*r->s), cmp_sample);
	r->sorted = 1;
	return r->s;
}

const struct sample *result_median(struct bench_result *r)
{
	if (r->count == 0)
		return NULL;
	return &result_sorted(r)[(r->count - 1) / 2];
}

/* One round's samples (of every copy) into one. */
static void combine_round(const struct sample *s, int count, int parallel,
			  int round, struct bench_result *out, double *overlap)
{
	uint64 first0 = UINT64_MAX, last0 = 0, first1 = UINT64_MAX, last1 = 0;
	double work = 0, corr = 0, span, ns;
	struct sample c = {0};
	int i, m = 0;

	for (i = 0; i < count; i++) {
		if (s[i].round != round)
			continue;
		if (m == 0 || s[i].copy == 0)
			c.n = s[i].n;
		first0 = s[i].t0 < first0 ? s[i].t0 : first0;
		last0 = s[i].t0 > last0 ? s[i].t0 : last0;
		first1 = s[i].t1 < first1 ? s[i].t1 : first1;
		last1 = s[i].t1 > last1 ? s[i].t1 : last1;
		work += (double)s[i].n;
		corr += (double)(s[i].t1 - s[i].t0) - s[i].ns;
		m++;
	}
	if (m == 0)
		return;
	span = (double)(last1 - first0);
	*overlap = span > 0 && first1 > last0 ?
		   (double)(first1 - last0) / span : 0.0;
	/* The copies' overheads ran side by side: subtract their mean. */
	ns = span - corr / m;
	if (ns <= 0)
		ns = span > 0 ? span : 1.0;
	c.ns = ns * parallel * (double)c.n / work;
	c.t0 = first0;
	c.t1 = last1;
	c.copy = -1;
	c.round = round;
	result_add(out, &c);
}

void result_combine(const struct sample *s, int count, int parallel,
		    int rounds, struct bench_result *out)
{
	double *ov = calloc((size_t)(rounds ? rounds : 1), sizeof(*ov));
	int k, n = 0;

	if (ov == NULL)
		bench_die("out of memory for results");
	result_init(out, parallel);
	for (k = 0; k < rounds; k++) {
		int before = out->count;

		combine_round(s, count, parallel, k, out, &ov[n]);
		n += out->count > before;
	}
	stats_sort(ov, n);
	out->overlap = n ? stats_quantile(ov, n, 0.5) : 0.0;
	free(ov);
}

/* ---- the last result, lmbench3's view ------------------------------- */

static struct bench_result last = {NULL, 0, 0, 0, 1, 1.0};

void result_publish(struct bench_result *r)
{
	free(last.s);
	last = *r;
	r->s = NULL;
	r->count = r->cap = 0;
}

struct bench_result *result_last(void)
{
	return &last;
}

uint64 gettime(void)
{
	const struct sample *m = result_median(&last);

	return m ? (uint64)(m->ns / 1e3 + 0.5) : 0;
}

uint64 get_n(void)
{
	const struct sample *m = result_median(&last);

	return m ? m->n : 0;
}

static void replace(double ns, uint64 n)
{
	struct bench_result r;
	struct sample s = {0};

	s.ns = ns;
	s.n = n ? n : 1;
	result_init(&r, 1);
	result_add(&r, &s);
	result_publish(&r);
}

void settime(uint64 usecs)
{
	replace((double)usecs * 1e3, get_n());
}

void save_n(uint64 n)
{
	const struct sample *m = result_median(&last);

	replace(m ? m->ns : 0.0, n);
}
