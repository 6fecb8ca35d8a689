/*
 * lib_result.h - the result of a timing run as one value: its samples
 * (one per interval, or per round of aligned intervals for parallel
 * copies), and the last published result behind gettime()/get_n().
 */
#ifndef LMBENCH_LIB_RESULT_H
#define LMBENCH_LIB_RESULT_H

#include "bench.h"

struct sample {
	double ns;	/* the interval, overheads subtracted */
	uint64 n;	/* iterations in it */
	uint64 t0, t1;	/* its raw start and end, CLOCK_MONOTONIC ns */
	int copy, round;
};

struct bench_result {
	struct sample *s;
	int count, cap, sorted;
	int parallel;
	double overlap;	/* parallel: median over rounds, else 1 */
};

void result_init(struct bench_result *r, int parallel);
void result_free(struct bench_result *r);
void result_add(struct bench_result *r, const struct sample *s);
/* The samples sorted by time per iteration; the median (lower of two). */
const struct sample *result_sorted(struct bench_result *r);
const struct sample *result_median(struct bench_result *r);
/*
 * Parallel copies: `count` samples of `parallel` copies and `rounds`
 * rounds become one sample per round in *out.  A round counts the work
 * of all copies over the span from the first start to the last end, so
 * time when not every copy was running is not counted as if it were;
 * its overlap is (last start .. first end) / (first start .. last end).
 * The sample's n is copy 0's, its ns scaled so that ns/n is the time
 * per iteration of one copy at the pace of all of them together.
 */
void result_combine(const struct sample *s, int count, int parallel,
		    int rounds, struct bench_result *out);

/* The last result: published by benchmp() and bench_point_result(). */
void result_publish(struct bench_result *r);	/* takes r's samples */
struct bench_result *result_last(void);

#endif
