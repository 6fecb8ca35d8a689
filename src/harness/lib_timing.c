/*
 * lib_timing.c - benchmp(): one copy in this process, or parallel
 * copies (lib_parallel.c); either way the samples come back in one
 * result value, which is published for gettime()/get_n() and the
 * reports.  benchmp_opts(): benchmp() with the -P/-W/-N given;
 * benchmp_copy(): the same for a state set up once per copy.
 */
#include "lib_timing.h"
#include "lib_env.h"
#include "lib_report.h"

void single_run(struct copy *c, double interval_ns, int warmup,
		int repetitions, int deflt, struct bench_result *out)
{
	struct sample s;
	uint64 first = 0;
	int r, extra = 0, all_long = deflt;

	out->asked = repetitions;
	copy_place(0);
	copy_begin(c);
	copy_prepare(c, interval_ns, warmup);
	for (r = 0; interval_more(r, repetitions, first) ||
		    interval_retime(out, extra++); r++) {
		if (all_long && r >= LONG_REPS) {
			out->asked = r;		/* as if asked for */
			break;
		}
		copy_interval(c, &s);
		if (r == 0)
			first = s.t0;
		s.round = r;
		all_long = all_long && interval_long(s.t0, s.t1, interval_ns);
		result_add(out, &s);
	}
	copy_end(c);
}

/* benchmp() of one copy's callbacks. */
static void run_copies(struct copy *c, int enough, int parallel, int warmup,
		       int repetitions)
{
	struct bench_result res;
	int deflt = repetitions < 1;	/* nobody asked: LONG_REPS applies */
	double us;

	if (c->bench == NULL)
		bench_fail("benchmp: no benchmark function");
	us = copy_setup(enough, &parallel, &warmup, &repetitions);
	bench_debug("benchmp: interval %.0f us, parallel %d, warmup %d us, "
		    "%d repetitions", us, parallel, warmup, repetitions);
	fflush(NULL);
	if (parallel == 1) {
		result_init(&res, 1);
		single_run(c, us * 1e3, warmup, repetitions, deflt, &res);
	} else {
		parallel_run(c, us * 1e3, parallel, warmup, repetitions,
			     &res);
	}
	result_publish(&res);
}

void benchmp(benchmp_f initialize, benchmp_f benchmark, benchmp_f cleanup,
	     int enough, int parallel, int warmup, int repetitions,
	     void *cookie)
{
	struct copy c = {initialize, benchmark, cleanup, NULL, NULL, cookie,
			 0, 0};

	run_copies(&c, enough, parallel, warmup, repetitions);
}

void benchmp_opts(benchmp_f initialize, benchmp_f benchmark,
		  benchmp_f cleanup, const struct bench_opts *opts,
		  void *cookie)
{
	benchmp(initialize, benchmark, cleanup, 0, opts->parallel,
		opts->warmup, opts->repetitions, cookie);
}

void benchmp_copy(bench_copy_f setup, benchmp_f benchmark,
		  bench_copy_f takedown, const struct bench_opts *opts,
		  void *cookie)
{
	struct copy c = {NULL, benchmark, NULL, setup, takedown, cookie, 0, 0};

	run_copies(&c, 0, opts->parallel, opts->warmup, opts->repetitions);
}

void bench_mode_micro(const struct bench_mode *m,
		      const struct bench_opts *opts, void *cookie)
{
	benchmp_copy(m->setup, m->bench, m->takedown, opts, cookie);
	report_micro(m->metric, m->label, get_n());
}
