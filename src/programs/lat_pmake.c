/*
 * lat_pmake - time to complete `jobs` processes that each do `usecs`
 * microseconds of CPU work, the pmake-like workload of the lmbench3 paper.
 *
 * One iteration forks the jobs, each of which runs a busy loop and exits,
 * and waits for all of them: fork, the work, exit and reaping are timed.
 * The busy loop (a chain of dependent multiply-adds the compiler cannot
 * shorten) is calibrated once, before anything is timed, by running it
 * under the harness alone (at least TRIES intervals, whatever -N says)
 * and taking its fastest interval; a job then
 * does usecs times that rate of loop iterations.  Jobs are placed by LMBENCH_SCHED as helpers of their copy.
 * A job whose parent is gone stops within about a millisecond, so an
 * interrupted run leaves no busy processes behind.
 *
 * usage: lat_pmake [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *                  jobs usecs...
 */
#include "bench.h"

#include <limits.h>
#include <sys/wait.h>

/* Loop iterations per calibration step and per orphan check (~1 us). */
#define CHUNK		1000
/* Chunks between two looks at the parent: well under a millisecond. */
#define CHECK_EVERY	256
/* A limit against typing mistakes, not a system limit. */
#define MAX_JOBS	100000
/* 1000 s of work per job. */
#define MAX_USECS	1000000000L

struct state {
	long jobs;
	uint64 chunks;		/* per job */
	pid_t *pids;
};

static uint64 spin(uint64 chunks, pid_t parent)
{
	uint64 x = 1, i, k = 0;

	while (chunks-- > 0) {
		for (i = 0; i < CHUNK; i++)
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		if (++k % CHECK_EVERY == 0 && getppid() != parent)
			_exit(1);
	}
	return x;
}

/* Calibration kernel: one iteration is one chunk. */
static void do_spin(iter_t n, void *cookie)
{
	(void)cookie;
	use_int((int)spin(n, getppid()));
}

static void do_pmake(iter_t n, void *cookie)
{
	struct state *st = cookie;
	pid_t self = getpid();
	int copy = benchmp_childid();
	int status;
	long j;

	while (n-- > 0) {
		for (j = 0; j < st->jobs; j++) {
			st->pids[j] = fork();
			if (st->pids[j] < 0)
				bench_die("fork job %ld of %ld", j + 1,
					  st->jobs);
			if (st->pids[j] == 0) {
				if (handle_scheduler(copy, (int)j + 1,
						     (int)st->jobs) != 0)
					_exit(3);
				_exit(spin(st->chunks, self) == 0 ? 2 : 0);
			}
		}
		for (j = 0; j < st->jobs; j++) {
			while (waitpid(st->pids[j], &status, 0) < 0)
				if (errno != EINTR)
					bench_die("waitpid");
			if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
				bench_die("job %ld failed (status %#x)", j + 1,
					  (unsigned)status);
		}
	}
}

static int run(const struct bench_run *r)
{
	/* Zeroed (BENCH_STATE(0)): benchmp() gets it before chunks is set. */
	struct state *st = r->state;
	double chunks_per_us, us;
	char name[64];
	long usecs;
	int i;

	st->jobs = bench_arg_long(r->argv[0], 1, MAX_JOBS);
	for (i = 1; i < r->argc; i++)
		(void)bench_arg_long(r->argv[i], 0, MAX_USECS);
	st->pids = bench_alloc((size_t)st->jobs, sizeof(*st->pids));

	/*
	 * The rate of the busy loop, alone, before anything is timed: the
	 * fastest interval, the one least slowed by other load.
	 */
	benchmp(NULL, do_spin, NULL, 0, 1, 0,
		r->opts.repetitions > TRIES ? r->opts.repetitions : TRIES, st);
	/* Iterations per microsecond in the fastest interval. */
	chunks_per_us = report_quantile(result_last(), 1.0, 1e3, 1);
	if (!(chunks_per_us > 0))
		bench_die("could not calibrate the work loop");
	bench_debug("work loop: %.3f chunks of %d per microsecond",
		    chunks_per_us, CHUNK);

	for (i = 1; i < r->argc; i++) {
		usecs = bench_arg_long(r->argv[i], 0, MAX_USECS);
		st->chunks = (uint64)((double)usecs * chunks_per_us + 0.5);
		benchmp_opts(NULL, do_pmake, NULL, &r->opts, st);
		us = report_median(result_last(), 1e-3, 0);
		fprintf(stderr, "%ld %.2f\n", usecs, us);
		/* No title: each line a metric of its own (jobs, work). */
		snprintf(name, sizeof(name), "pmake.jobs_%ld.work_%ld",
			 st->jobs, usecs);
		report_result(result_last(),
			      &(struct metric){.name = name,
					       .unit = "microseconds",
					       .better = BETTER_LOWER},
			      NULL, "lat_pmake", us, 1e-3, 0);
	}
	free(st->pids);
	return 0;
}

BENCH_MAIN(.usage = BENCH_USAGE_PWN " jobs usecs...\n",
	   .min_ops = 2, .max_ops = -1, BENCH_STATE(0),
	   .options = BENCH_OPTIONS(
		BENCH_OPERAND("jobs", "processes started per iteration"),
		BENCH_OPERAND("usecs", "microseconds of CPU work per job, one "
			      "point each")))
