/*
 * lib_result.h - the result of a timing run as one value: its samples
 * (one per interval, or per round of aligned intervals for parallel
 * copies), and the last published result behind gettime()/get_n(), the
 * lmbench3 view.
 */
#ifndef LMBENCH_LIB_RESULT_H
#define LMBENCH_LIB_RESULT_H

#include "bench.h"

/* One interval, or one round of parallel copies: the one sample shape. */
struct sample {
	double ns;	/* the interval, overheads subtracted */
	uint64 n;	/* iterations in it */
	uint64 t0, t1;	/* its raw start and end, CLOCK_MONOTONIC ns */
	int copy, round;
	/*
	 * A round of parallel copies: (last start .. first end) / (first
	 * start .. last end), 0 if they never ran together; one copy: 1.
	 */
	double overlap;
};

struct bench_result {
	struct sample *s;	/* in the order added */
	int count, cap;
	int parallel;
};

void result_init(struct bench_result *r, int parallel);
void result_free(struct bench_result *r);
void result_add(struct bench_result *r, const struct sample *s);
/* dst (uninitialised) becomes a copy of src. */
void result_copy(struct bench_result *dst, const struct bench_result *src);
/*
 * The samples' indexes ordered by time per iteration (a new array the
 * caller frees; the samples stay as they are).
 */
int *result_order(const struct bench_result *r);
/* The median sample by time per iteration (lower of two), or NULL. */
const struct sample *result_median(const struct bench_result *r);
/* Parallel copies: the median overlap over rounds; one copy: -1. */
double result_overlap(const struct bench_result *r);
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

/*
 * The last result, lmbench3's view (gettime, get_n, settime, save_n,
 * nano, micro, mb): published by benchmp() and bench_point_result().
 */
void result_publish(struct bench_result *r);	/* takes r's samples */
const struct bench_result *result_last(void);

#endif
