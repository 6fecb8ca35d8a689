/*
 * lat_usleep - how long a requested sleep really lasts.
 *
 *   usleep     usleep(usecs)
 *   nanosleep  nanosleep() for usecs
 *   select     select() with no descriptors and a usecs timeout
 *   pselect    pselect() likewise, with a timespec
 *   itimer     setitimer(ITIMER_REAL, usecs), then sigsuspend() until the
 *              SIGALRM arrives (its handler only sets a flag)
 *
 * The result is the median duration of one sleep call as the program sees
 * it: the requested time plus the timer slack, the wake-up and the system
 * call.  The harness subtracts its timer and loop overheads and nothing
 * else.  -r runs the sleeps under SCHED_FIFO at the highest priority (set
 * around the timed intervals, not during the harness's clock probe); when
 * that is not permitted the program says so and exits 1 instead of
 * printing a number for a different setting.
 *
 * usage: lat_usleep [-r] [-u usleep|nanosleep|select|pselect|itimer]
 *                   [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *                   usecs
 */
/* usleep() left POSIX in 2008; glibc declares it only on request. */
#define _DEFAULT_SOURCE 1
#include "bench.h"

#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <sys/select.h>
#include <sys/time.h>
#include <time.h>

/* 1000 s: longer sleeps say nothing about timer precision. */
#define MAX_USECS	1000000000L

struct state {
	long usecs;
	struct timespec ts;
	struct itimerval it;
	sigset_t wait_mask;	/* the mask during sigsuspend: ALRM open */
	sigset_t saved_mask;
	struct sigaction saved_alrm;
	int realtime;
	size_t variant;		/* -u: variants[] */
	int saved_policy;
	struct sched_param saved_param;
};

static volatile sig_atomic_t alarmed;

static void on_alarm(int sig)
{
	(void)sig;
	alarmed = 1;
}

static void do_usleep(iter_t n, void *cookie)
{
	struct state *st = cookie;

	while (n-- > 0)
		if (usleep((useconds_t)st->usecs) != 0)
			bench_die("usleep(%ld)", st->usecs);
}

static void do_nanosleep(iter_t n, void *cookie)
{
	struct state *st = cookie;

	while (n-- > 0)
		if (nanosleep(&st->ts, NULL) != 0)
			bench_die("nanosleep");
}

static void do_select(iter_t n, void *cookie)
{
	struct state *st = cookie;
	struct timeval tv;

	while (n-- > 0) {
		tv.tv_sec = st->usecs / 1000000;
		tv.tv_usec = st->usecs % 1000000;
		if (select(0, NULL, NULL, NULL, &tv) != 0)
			bench_die("select");
	}
}

static void do_pselect(iter_t n, void *cookie)
{
	struct state *st = cookie;

	while (n-- > 0)
		if (pselect(0, NULL, NULL, NULL, &st->ts, NULL) != 0)
			bench_die("pselect");
}

static void do_itimer(iter_t n, void *cookie)
{
	struct state *st = cookie;

	while (n-- > 0) {
		alarmed = 0;
		if (setitimer(ITIMER_REAL, &st->it, NULL) != 0)
			bench_die("setitimer");
		while (!alarmed)
			sigsuspend(&st->wait_mask);
	}
}

/* Per copy: real-time priority for the intervals, if asked. */
static void start_copy(void *cookie)
{
	struct state *st = cookie;
	struct sched_param p;

	if (!st->realtime)
		return;
	st->saved_policy = sched_getscheduler(0);
	if (st->saved_policy < 0 ||
	    sched_getparam(0, &st->saved_param) != 0)
		bench_die("sched_getscheduler");
	memset(&p, 0, sizeof(p));
	p.sched_priority = sched_get_priority_max(SCHED_FIFO);
	if (p.sched_priority < 0 || sched_setscheduler(0, SCHED_FIFO, &p) != 0)
		bench_die("-r: SCHED_FIFO priority %d is not permitted "
			  "(needs root or CAP_SYS_NICE / RLIMIT_RTPRIO)",
			  p.sched_priority);
}

static void end_copy(void *cookie)
{
	struct state *st = cookie;

	if (st->realtime)
		(void)sched_setscheduler(0, st->saved_policy,
					 &st->saved_param);
}

/* itimer: SIGALRM caught, blocked except inside sigsuspend(). */
static void start_itimer(void *cookie)
{
	struct state *st = cookie;
	struct sigaction sa;
	sigset_t alrm;

	start_copy(cookie);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&alrm);
	sigaddset(&alrm, SIGALRM);
	if (sigaction(SIGALRM, &sa, &st->saved_alrm) != 0 ||
	    sigprocmask(SIG_BLOCK, &alrm, &st->saved_mask) != 0)
		bench_die("SIGALRM");
	st->wait_mask = st->saved_mask;
	sigdelset(&st->wait_mask, SIGALRM);
}

static void end_itimer(void *cookie)
{
	struct state *st = cookie;

	sigprocmask(SIG_SETMASK, &st->saved_mask, NULL);
	sigaction(SIGALRM, &st->saved_alrm, NULL);
	end_copy(cookie);
}

static const struct variant {
	const char *name;
	bench_copy_f setup;
	benchmp_f bench;
	bench_copy_f takedown;
	long min_usecs;
	const char *help;	/* its --help line */
} variants[] = {
	{"usleep", start_copy, do_usleep, end_copy, 0,
	 "usleep()"},
	{"nanosleep", start_copy, do_nanosleep, end_copy, 0,
	 "nanosleep()"},
	{"select", start_copy, do_select, end_copy, 0,
	 "select() with no descriptors and a timeout"},
	{"pselect", start_copy, do_pselect, end_copy, 0,
	 "pselect() likewise"},
	/* A zero it_value disarms the timer: it would never fire. */
	{"itimer", start_itimer, do_itimer, end_itimer, 1,
	 "setitimer() and sigsuspend() until SIGALRM"},
};

static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	const struct variant *v = &variants[st->variant];
	char label[64], name[64];

	st->usecs = bench_arg_long(r->argv[0], 0, MAX_USECS);
	if (st->usecs < v->min_usecs)
		bench_fail("%s: usecs must be at least %ld", v->name,
			   v->min_usecs);
	st->ts.tv_sec = st->usecs / 1000000;
	st->ts.tv_nsec = (st->usecs % 1000000) * 1000;
	st->it.it_value.tv_sec = st->usecs / 1000000;
	st->it.it_value.tv_usec = st->usecs % 1000000;
	if (st->realtime) {
		/* Fail now, not after the harness's clock probe. */
		start_copy(st);
		end_copy(st);
	}
	benchmp_copy(v->setup, v->bench, v->takedown, &r->opts, st);
	snprintf(label, sizeof(label), "%s %ld microseconds", v->name,
		 st->usecs);
	snprintf(name, sizeof(name), "sleep.%s.%ld%s", v->name, st->usecs,
		 st->realtime ? ".realtime" : "");
	report_micro(name, label, get_n());
	return 0;
}

BENCH_MAIN(.usage = "[-r] [-u %s] " BENCH_USAGE_PWN " usecs\n",
	   .min_ops = 1, .max_ops = 1, BENCH_MODES(variants, struct variant),
	   BENCH_STATE(0),
	   .options = BENCH_OPTIONS(
		BENCH_FLAG("-r", "sleep under SCHED_FIFO at the highest "
			   "priority", realtime),
		BENCH_MODE("-u", "how to sleep (default usleep)", variant),
		BENCH_OPERAND("usecs", "microseconds to ask for")))
