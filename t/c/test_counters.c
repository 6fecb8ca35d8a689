/*
 * test_counters - counters and taint (lib_counters.c, lib_taint.c,
 * lib_report.c) with a fake counter source: a PMU present (every
 * counter), absent (ENOENT for the hardware events), kernel counting
 * refused (user time only), and no permission at all; taint from
 * made-up marks; statistics over the clean samples; samples printed in
 * the order taken; the re-timing bound.  The real, absent PMU of most
 * VMs is t/counters.t's.
 */
#include "tap.h"
#include "bench.h"
#include "lib_counters.h"
#include "lib_interval.h"
#include "lib_report.h"
#include "lib_taint.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Added to each counter at every read: a delta per interval. */
static const uint64 step[CTR_COUNT] = {
	1000000, 0, 0, 2, 3000000, 5000000, 70, 11
};
static int refuse_hw, refuse_kernel, refuse_all, nopen;
static uint64 total[CTR_COUNT];
static int member_of[64];	/* fake fd - 100 -> counter */
static int group_size[64];

static int fake_open(unsigned type, unsigned long long config,
		     int exclude_kernel, int group)
{
	int i, hw = type != 1;	/* PERF_TYPE_SOFTWARE is 1 */

	(void)config;
	if (refuse_all)
		return -EACCES;
	if (refuse_kernel && !exclude_kernel)
		return -EACCES;
	if (hw && refuse_hw)
		return -ENOENT;
	i = nopen++;
	member_of[i] = i;	/* opened in counter order */
	group_size[i] = 0;
	if (group >= 100)
		group_size[group - 100]++;
	else
		group_size[i] = 1;
	return 100 + i;
}

/* A group read: nr, then the group's counters from its leader on. */
static long fake_read(int fd, void *buf, unsigned long len)
{
	uint64 *v = buf;
	int lead = fd - 100, n = group_size[lead], i;

	if (len < (unsigned long)(1 + n) * sizeof(uint64))
		return -1;
	v[0] = (uint64)n;
	for (i = 0; i < n; i++) {
		total[lead + i] += step[lead + i];
		v[1 + i] = total[lead + i];
	}
	return (long)((1 + n) * sizeof(uint64));
}

static void fake_close(int fd)
{
	(void)fd;
}

static const struct counters_backend fake = {
	fake_open, fake_read, fake_close
};

static void spin(iter_t n, void *cookie)
{
	volatile iter_t x = 0;

	(void)cookie;
	while (n-- > 0)
		x = x + 1;
}

/* Stderr of fn() into buf. */
static void capture(void (*fn)(void), char *buf, size_t size)
{
	FILE *f = tmpfile();
	int saved = dup(2);
	size_t got;

	fflush(stderr);
	dup2(fileno(f), 2);
	fn();
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(f);
	got = fread(buf, 1, size - 1, f);
	buf[got] = '\0';
	fclose(f);
}

static double key(const char *line, const char *k)
{
	char pat[64];
	const char *p;

	snprintf(pat, sizeof(pat), "\"%s\":", k);
	p = strstr(line, pat);
	return p ? atof(p + strlen(pat)) : NAN;
}

static void print_last(void)
{
	report_stats_line(result_last(), "x", "nanoseconds", 1.0, 0);
}

static void reopen(void)
{
	counters_set_backend(&fake);
	nopen = 0;
	memset(total, 0, sizeof(total));
	counters_open();
}

static void present(void)
{
	char out[8192];
	uint64 n;
	int i, all = 1;

	refuse_hw = refuse_kernel = refuse_all = 0;
	reopen();
	ok(counters_missing() == NULL, "fake PMU: nothing missing");
	benchmp(NULL, spin, NULL, 0, 1, 0, 5, NULL);
	n = get_n();
	for (i = 0; i < result_last()->count; i++)
		all &= result_last()->s[i].ctr_valid == (1u << CTR_COUNT) - 1 &&
		       result_last()->s[i].ctr[CTR_CYCLES] == step[CTR_CYCLES];
	ok(all, "every sample has all %d counters, each the delta of one "
	   "interval", CTR_COUNT);
	capture(print_last, out, sizeof(out));
	ok(fabs(key(out, "ghz") - 3.0) < 1e-3, "ghz = cycles / task-clock "
	   "(%g)", key(out, "ghz"));
	ok(fabs(key(out, "cycles_op") - 3e6 / (double)n) <=
	   3e6 / (double)n * 1e-3, "cycles_op = cycles / iterations (%g, n=%llu)",
	   key(out, "cycles_op"), (unsigned long long)n);
	ok(fabs(key(out, "instructions_op") - 5e6 / (double)n) <=
	   5e6 / (double)n * 1e-3, "instructions_op (%g)",
	   key(out, "instructions_op"));
	ok(!isnan(key(out, "cache_misses_op")) &&
	   !isnan(key(out, "dtlb_misses_op")) && !isnan(key(out, "faults_op")),
	   "cache, TLB and fault counts per op");
	ok(strstr(out, "counters_missing") == NULL &&
	   strstr(out, "#counters {\"missing\":\"\"}\n") != NULL,
	   "#counters record: nothing missing");
}

static void absent(void)
{
	char out[8192];
	const char *why;

	refuse_hw = 1;
	reopen();
	why = counters_missing();
	ok(why != NULL && strstr(why, "cycles instructions cache_misses "
				 "dtlb_misses: no PMU") != NULL,
	   "no PMU: the hardware counters named, and why (%s)",
	   why ? why : "none");
	benchmp(NULL, spin, NULL, 0, 1, 0, 5, NULL);
	ok(result_last()->s[0].ctr_valid == (1u << CTR_FIRST_HW) - 1,
	   "no PMU: the software counters still counted");
	capture(print_last, out, sizeof(out));
	ok(isnan(key(out, "cycles_op")) && isnan(key(out, "ghz")) &&
	   !isnan(key(out, "cpu_share")) && !isnan(key(out, "switches")),
	   "no PMU: no cycles_op or ghz, software keys there");
	ok(strstr(out, "#counters {\"missing\":\"cycles") != NULL &&
	   strstr(out, "counters_missing") == NULL,
	   "no PMU: said on the #counters line, not on #stats");
	capture(print_last, out, sizeof(out));
	ok(strstr(out, "#counters") == NULL && strstr(out, "#stats") != NULL,
	   "said once: no #counters line while it is unchanged");

	refuse_hw = 0;
	refuse_kernel = 1;
	reopen();
	why = counters_missing();
	ok(why != NULL && strstr(why, "user time only") != NULL,
	   "kernel counting refused: user time only, said (%s)",
	   why ? why : "none");
	refuse_all = 1;
	reopen();
	why = counters_missing();
	ok(why != NULL && strstr(why, "task_clock") != NULL &&
	   strstr(why, "not permitted") != NULL,
	   "perf_event_open refused: every counter missing, not permitted "
	   "(%s)", why ? why : "none");
	refuse_all = refuse_kernel = 0;
}

static void taint(void)
{
	struct taint_mark b, a;
	struct sample s;

	memset(&b, 0, sizeof(b));
	b.cpu = 0;
	b.nivcsw = 5;
	b.steal = 100;
	a = b;
	memset(&s, 0, sizeof(s));
	taint_sample(&b, &a, &s);
	ok(s.taint == 0 && (s.cpus[0] & 1), "same CPU, no switch, no steal: "
	   "clean, on CPU 0");
	a.nivcsw = 6;
	taint_sample(&b, &a, &s);
	ok(s.taint == TAINT_SWITCHED, "an involuntary switch taints");
	a = b;
	a.cpu = 1;
	taint_sample(&b, &a, &s);
	ok((s.taint & TAINT_MIGRATED) && (s.cpus[0] & 3) == 3,
	   "another CPU at the end: migrated, both CPUs kept");
	a = b;
	a.steal = 101;
	taint_sample(&b, &a, &s);
	ok(s.taint == TAINT_STEAL, "steal grew: tainted");
	a = b;
	b.ctr_valid = a.ctr_valid = 1u << CTR_MIGRATIONS;
	a.ctr[CTR_MIGRATIONS] = 1;
	taint_sample(&b, &a, &s);
	ok(s.taint == TAINT_MIGRATED, "the migration counter moved: tainted");
}

/* 11 samples of 10 ns per iteration, some tainted ones of 1000. */
static void made_up(struct bench_result *r, int tainted)
{
	struct sample s;
	int i;

	result_init(r, 1);
	r->asked = 11;
	for (i = 0; i < 11; i++) {
		memset(&s, 0, sizeof(s));
		s.n = 100;
		s.ns = i < tainted ? 100000.0 : 1000.0 + i;
		s.taint = i < tainted ? TAINT_SWITCHED : 0;
		result_add(r, &s);
	}
}

static struct bench_result shown;

static void print_shown(void)
{
	report_stats_line(&shown, "x", "nanoseconds", 1.0, 0);
}

static void clean_stats(void)
{
	char out[8192];
	int extra;

	made_up(&shown, 5);
	ok(result_use_clean(&shown) &&
	   fabs(report_median(&shown, 1.0, 0) - 10.075) < 1e-9,
	   "6 of 11 clean: the median of the clean ones (%g)",
	   report_median(&shown, 1.0, 0));
	capture(print_shown, out, sizeof(out));
	ok(strstr(out, "\"samples\":[1000,1000,1000,1000,1000,10.05,10.06") != NULL,
	   "samples printed in the order taken, tainted ones too");
	ok(key(out, "n") == 11 && key(out, "tainted") == 5 &&
	   strstr(out, "\"median_of\":\"clean\"") != NULL &&
	   strstr(out, "\"taint\":[1,1,1,1,1,0,") != NULL,
	   "n counts all, tainted 5, taint per sample, median_of clean");
	ok(key(out, "max") < 11, "statistics over the clean ones (max %g)",
	   key(out, "max"));
	ok(interval_retime(&shown, 0) == 0, "enough clean: no re-timing");
	result_free(&shown);
	made_up(&shown, 8);
	ok(!result_use_clean(&shown) &&
	   report_median(&shown, 1.0, 0) == 1000.0,
	   "3 of 11 clean: the median of all (%g)",
	   report_median(&shown, 1.0, 0));
	ok(interval_retime(&shown, 0) == 1, "3 of 11 clean: re-timed");
	for (extra = 0; interval_retime(&shown, extra); extra++)
		;
	ok(extra == 11, "re-timing stops after as many again (%d)", extra);
	result_free(&shown);
}

int main(void)
{
	setenv("LMBENCH_STATS", "1", 1);
	present();
	absent();
	taint();
	clean_stats();
	return done_testing();
}
