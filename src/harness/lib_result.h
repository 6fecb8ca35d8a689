/*
 * lib_result.h - the result of a timing run as one value: its samples
 * (one per interval, or per round of aligned intervals for parallel
 * copies), and the last published result behind gettime()/get_n(), the
 * lmbench3 view.
 */
#ifndef LMBENCH_LIB_RESULT_H
#define LMBENCH_LIB_RESULT_H

#include "lib_core.h"

/* Event counts kept per sample (lib_counters.h: CTR_COUNT). */
#define SAMPLE_CTRS	8
/* CPUs a sample's mask can name: 0 .. SAMPLE_CPUS - 1. */
#define SAMPLE_CPUS	256
/* Why a sample is tainted (lib_taint.c); 0: clean. */
#define TAINT_SWITCHED	1	/* switched out involuntarily */
#define TAINT_MIGRATED	2	/* on another CPU at its end */
#define TAINT_STEAL	4	/* the hypervisor stole time from its CPU */

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
	/* Around the interval (lib_taint.c), a round: all copies' together. */
	unsigned taint;		/* TAINT_* bits */
	unsigned ctr_valid;	/* bit i: ctr[i] was counted */
	uint64 ctr[SAMPLE_CTRS];	/* counts over the interval; a round:
					 * all copies' per copy-0 iteration */
	uint64 cpus[SAMPLE_CPUS / 64];	/* CPUs it ran on (start and end) */
};

struct bench_result {
	struct sample *s;	/* in the order taken */
	int count, cap;
	int parallel;
	int asked;		/* intervals the run asked for; 0: count */
};

void result_init(struct bench_result *r, int parallel);
void result_free(struct bench_result *r);
void result_add(struct bench_result *r, const struct sample *s);
/* dst (uninitialised) becomes a copy of src. */
void result_copy(struct bench_result *dst, const struct bench_result *src);
/*
 * The indexes of the samples the statistics use, *n of them (the clean
 * ones where result_use_clean(), else all), ordered by time per
 * iteration: a new array the caller frees; the samples stay in the
 * order taken.
 */
int *result_order(const struct bench_result *r, int *n);
/* The median of those samples by time per iteration (lower of two). */
const struct sample *result_median(const struct bench_result *r);
/* Parallel copies: the median overlap over rounds; one copy: -1. */
double result_overlap(const struct bench_result *r);
/* Samples with no taint. */
int result_clean(const struct bench_result *r);
/*
 * Clean samples a result needs for its statistics to be taken over the
 * clean ones alone: half of those asked for (at least 1).
 */
int result_clean_needed(const struct bench_result *r);
/* 1 if the statistics are over the clean samples, 0: over all. */
int result_use_clean(const struct bench_result *r);
/* Mark cpu in a sample's mask. */
void sample_add_cpu(struct sample *s, int cpu);
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
