/*
 * lib_result.c - the result value and the last published result
 * (lib_result.h).  Pure bookkeeping: no clock, no processes.
 */
#include "lib_result.h"
#include "lib_stats.h"

void result_init(struct bench_result *r, int parallel)
{
	r->s = NULL;
	r->count = r->cap = 0;
	r->parallel = parallel < 1 ? 1 : parallel;
	r->asked = 0;
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
}

void result_copy(struct bench_result *dst, const struct bench_result *src)
{
	int i;

	result_init(dst, src->parallel);
	dst->asked = src->asked;
	for (i = 0; i < src->count; i++)
		result_add(dst, &src->s[i]);
}

static double per_iter(const struct sample *s)
{
	return s->ns / (double)s->n;
}

int result_clean(const struct bench_result *r)
{
	int i, n = 0;

	for (i = 0; i < r->count; i++)
		n += r->s[i].taint == 0;
	return n;
}

int result_clean_needed(const struct bench_result *r)
{
	int asked = r->asked > 0 ? r->asked : r->count;

	return asked > 1 ? (asked + 1) / 2 : 1;
}

int result_use_clean(const struct bench_result *r)
{
	int clean = result_clean(r);

	return clean < r->count && clean >= result_clean_needed(r);
}

void sample_add_cpu(struct sample *s, int cpu)
{
	if (cpu >= 0 && cpu < SAMPLE_CPUS)
		s->cpus[cpu / 64] |= 1ULL << (cpu % 64);
}

/* Insertion sort of indexes: a result holds at most a few hundred. */
int *result_order(const struct bench_result *r, int *n)
{
	int *idx = malloc((size_t)(r->count ? r->count : 1) * sizeof(*idx));
	int clean = result_use_clean(r), i, j, t;

	if (idx == NULL)
		bench_die("out of memory for results");
	*n = 0;
	for (i = 0; i < r->count; i++) {
		if (clean && r->s[i].taint != 0)
			continue;
		t = i;
		for (j = (*n)++; j > 0 && per_iter(&r->s[idx[j - 1]]) >
					  per_iter(&r->s[t]); j--)
			idx[j] = idx[j - 1];
		idx[j] = t;
	}
	return idx;
}

const struct sample *result_median(const struct bench_result *r)
{
	const struct sample *m;
	int *idx, n;

	if (r->count == 0)
		return NULL;
	idx = result_order(r, &n);
	m = n > 0 ? &r->s[idx[(n - 1) / 2]] : NULL;
	free(idx);
	return m;
}

double result_overlap(const struct bench_result *r)
{
	double *v, m;
	int i;

	if (r->parallel <= 1 || r->count == 0)
		return -1.0;
	v = malloc((size_t)r->count * sizeof(*v));
	if (v == NULL)
		bench_die("out of memory for results");
	for (i = 0; i < r->count; i++)
		v[i] = r->s[i].overlap;
	m = stats_median(v, r->count);
	free(v);
	return m;
}

/* One round's samples (of every copy) into one. */
static void combine_round(const struct sample *s, int count, int parallel,
			  int round, struct bench_result *out)
{
	uint64 first0 = UINT64_MAX, last0 = 0, first1 = UINT64_MAX, last1 = 0;
	double work = 0, corr = 0, span, ns, ctr[SAMPLE_CTRS] = {0};
	struct sample c = {0};
	int i, k, m = 0;

	c.ctr_valid = ~0u;
	for (i = 0; i < count; i++) {
		if (s[i].round != round)
			continue;
		if (m == 0 || s[i].copy == 0)
			c.n = s[i].n;
		c.taint |= s[i].taint;
		c.ctr_valid &= s[i].ctr_valid;
		for (k = 0; k < SAMPLE_CTRS; k++)
			ctr[k] += (double)s[i].ctr[k];
		for (k = 0; k < SAMPLE_CPUS / 64; k++)
			c.cpus[k] |= s[i].cpus[k];
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
	c.overlap = span > 0 && first1 > last0 ?
		    (double)(first1 - last0) / span : 0.0;
	/* The copies' overheads ran side by side: subtract their mean. */
	ns = span - corr / m;
	if (ns <= 0)
		ns = span > 0 ? span : 1.0;
	c.ns = ns * parallel * (double)c.n / work;
	/* Counts per copy-0 iteration as the time: all copies' work. */
	for (k = 0; k < SAMPLE_CTRS; k++)
		c.ctr[k] = (uint64)(ctr[k] * (double)c.n / work + 0.5);
	c.t0 = first0;
	c.t1 = last1;
	c.copy = -1;
	c.round = round;
	result_add(out, &c);
}

void result_combine(const struct sample *s, int count, int parallel,
		    int rounds, struct bench_result *out)
{
	int k;

	result_init(out, parallel);
	for (k = 0; k < rounds; k++)
		combine_round(s, count, parallel, k, out);
}

/* ---- the last result, lmbench3's view ------------------------------- */

static struct bench_result last = {NULL, 0, 0, 1, 0};

void result_publish(struct bench_result *r)
{
	free(last.s);
	last = *r;
	r->s = NULL;
	r->count = r->cap = 0;
}

const struct bench_result *result_last(void)
{
	return &last;
}

/*
 * The median interval's time at its own iteration count, from the median
 * time per iteration as the reports take it: with an even number of
 * intervals, the mean of the middle two, so that gettime()/get_n() is the
 * figure printed for the same result.
 */
static double median_ns(const struct bench_result *r)
{
	const struct sample *m = result_median(r);
	double *v;
	int *idx, n, i;
	double med;

	if (m == NULL)
		return 0.0;
	idx = result_order(r, &n);
	v = malloc((size_t)(n ? n : 1) * sizeof(*v));
	if (v == NULL)
		bench_die("out of memory for results");
	for (i = 0; i < n; i++)
		v[i] = per_iter(&r->s[idx[i]]);
	med = n > 0 ? stats_quantile(v, n, 0.5) : 0.0;
	free(v);
	free(idx);
	return med * (double)m->n;
}

uint64 gettime(void)
{
	return (uint64)(median_ns(&last) / 1e3 + 0.5);
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
	s.overlap = 1.0;
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
	replace(median_ns(&last), n);
}
