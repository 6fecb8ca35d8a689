/*
 * lat_sig - cost of signal handling.
 *
 *   install  sigaction() installing a handler for SIGUSR1 (the previous
 *            action is fetched in the same call)
 *   catch    kill() of SIGUSR1 to this process, delivery to a handler
 *            that counts it, and the return through sigreturn, less the
 *            cost of sending: kill(pid, 0) to this process (the system
 *            call and its checks, no delivery) is timed in the same
 *            interleaved rounds and its median subtracted from catch's,
 *            the definition lmbench3 uses for the same label
 *   prot     lmbench3's "Protection fault": a store to a read-only page
 *            whose SIGSEGV handler returns, so the store faults again;
 *            an iteration is the fault, delivery, handler and sigreturn,
 *            and the catch figure is subtracted (the interval's last
 *            fault leaves by siglongjmp).  Beside it, "Protection fault,
 *            handler and siglongjmp": the whole cost of catching the
 *            fault and going on elsewhere, the handler leaving with
 *            siglongjmp() to before the store (sigsetjmp(env, 0) and
 *            SA_NODEFER: no sigreturn, no mask restored, no mprotect()).
 *            send, catch and both faults share interleaved rounds.  The
 *            page is anonymous, or the first page of `file' mapped
 *            read-only and shared.
 *
 * Every iteration takes a real delivery or fault: the handlers count, and
 * a count that differs from the iterations run is a failure.  Loop and
 * timer overheads are subtracted by the harness.
 *
 * usage: lat_sig [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *                install|catch|prot [file]
 */
#include "bench.h"
#include "lib_mem.h"

#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>

/* Our own figure for prot, beside lmbench3's. */
#define LABEL_PROT_JUMP "Protection fault, handler and siglongjmp"
#define METRIC_PROT_JUMP "sig.prot_siglongjmp"

struct state {
	const char *file;	/* prot: map this file, NULL: anonymous */
	pid_t pid;		/* catch: ourselves */
	char *page;		/* prot: the read-only page */
	size_t len;		/* its mapping's length */
};

/*
 * What the handlers touch.  A signal handler can reach nothing else, so
 * these are the program's only globals; each copy is its own process.
 */
static volatile sig_atomic_t caught;
static sigjmp_buf fault_env;
static char *volatile fault_page;
static volatile sig_atomic_t faults_left;	/* prot: returning handler */

static void on_usr1(int sig)
{
	(void)sig;
	caught = caught + 1;
}

static void on_segv(int sig, siginfo_t *si, void *ctx)
{
	(void)ctx;
	if ((char *)si->si_addr != fault_page) {
		/* Not our fault: let the default action report it. */
		signal(sig, SIG_DFL);
		return;
	}
	caught = caught + 1;
	siglongjmp(fault_env, 1);
}

/*
 * lmbench3's handler: it returns and the store faults again, until the
 * interval's last fault, which leaves (restoring the signal mask).
 */
static void on_segv_return(int sig)
{
	if (faults_left <= 0) {
		/* Not a fault of ours: let the default action report it. */
		signal(sig, SIG_DFL);
		return;
	}
	caught = caught + 1;
	if (--faults_left == 0)
		siglongjmp(fault_env, 1);
}

/* Install the handler and make sure the signal is not blocked. */
static void set_handler(int sig, struct sigaction *sa)
{
	sigset_t set;

	if (sigaction(sig, sa, NULL) != 0)
		bench_die("sigaction");
	sigemptyset(&set);
	sigaddset(&set, sig);
	if (sigprocmask(SIG_UNBLOCK, &set, NULL) != 0)
		bench_die("sigprocmask");
}

/* ---- install --------------------------------------------------------- */

static void do_install(iter_t n, void *cookie)
{
	struct sigaction sa, old;

	(void)cookie;
	memset(&sa, 0, sizeof(sa));
	memset(&old, 0, sizeof(old));
	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	while (n-- > 0)
		if (sigaction(SIGUSR1, &sa, &old) != 0)
			bench_die("sigaction");
	use_int(old.sa_flags);
}

/* ---- catch ----------------------------------------------------------- */

static void setup_catch(void *cookie)
{
	struct state *st = cookie;
	struct sigaction sa;

	st->pid = getpid();
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	set_handler(SIGUSR1, &sa);
}

static void do_catch(iter_t n, void *cookie)
{
	struct state *st = cookie;
	iter_t want = n;

	caught = 0;
	while (n-- > 0)
		if (kill(st->pid, SIGUSR1) != 0)
			bench_die("kill");
	if ((iter_t)caught != want)
		bench_die("sent %lu signals, the handler saw %lu",
			  (unsigned long)want, (unsigned long)caught);
}

static void do_send(iter_t n, void *cookie)
{
	struct state *st = cookie;

	while (n-- > 0)
		if (kill(st->pid, 0) != 0)
			bench_die("kill");
}

/* The median of a point's intervals, microseconds per operation. */
static double point_us(const struct bench_point *p)
{
	return report_median(p->result, 1e-3, 0);
}

/*
 * Print a figure made of the medians of other points (no samples of its
 * own, so no #stats line): its line, its #metric line and, with JSON,
 * the samples of each point it is made from, in the order of keys.
 */
static const char *const sample_keys[] = {
	"send_samples", "catch_samples", "fault_samples"
};

static void print_difference(const struct metric *m, const char *label,
			     double value, const struct bench_point *pts,
			     int npts)
{
	int i;

	fprintf(stderr, "%s: %.4f microseconds\n", label, value);
	metric_declare(m);
	if (!metric_json())
		return;
	metric_json_begin(m, NULL, NULL, 0, label, value);
	for (i = 0; i < npts; i++)
		report_json_samples(sample_keys[i], pts[i].result, 1e-3, 0);
	metric_json_end();
}

/*
 * Catch less send, both medians per operation, from interleaved rounds
 * (one interval of each per round), so load that comes and goes falls on
 * both alike.  The figure is a difference of medians: no #stats line
 * (its #metric line declares it).
 */
static double catch_us(const struct bench_point *send,
		       const struct bench_point *both)
{
	double s = point_us(send), b = point_us(both);

	return b > s ? b - s : 0.0;
}

static void bench_catch(struct state *st, const struct bench_opts *opts,
			const char *label, const char *name)
{
	const struct metric m = {.name = name, .unit = "microseconds",
				 .better = BETTER_LOWER};
	struct bench_point pts[2] = {
		BENCH_POINT_COPY(setup_catch, do_send, NULL, st),
		BENCH_POINT_COPY(setup_catch, do_catch, NULL, st),
	};

	benchmp_rounds(pts, 2, opts->parallel, opts->warmup,
		       opts->repetitions);
	print_difference(&m, label, catch_us(&pts[0], &pts[1]), pts, 2);
	bench_point_free(&pts[0]);
	bench_point_free(&pts[1]);
}

/* ---- prot ------------------------------------------------------------ */

static void map_file(struct state *st)
{
	struct stat sb;
	int fd;

	fd = open(st->file, O_RDONLY);
	if (fd < 0)
		bench_fail("%s: %s", st->file, strerror(errno));
	if (fstat(fd, &sb) != 0)
		bench_die("fstat %s", st->file);
	if (!S_ISREG(sb.st_mode) || sb.st_size < 1)
		bench_fail("%s: not a regular file of at least one byte",
			   st->file);
	st->len = mem_page_size();
	st->page = mmap(NULL, st->len, PROT_READ, MAP_SHARED, fd, 0);
	if (st->page == MAP_FAILED)
		bench_fail("%s: cannot be mapped: %s", st->file,
			   strerror(errno));
	close(fd);
}

static void map_anon(struct state *st)
{
	/* Touched by mem_alloc: a real page is behind it. */
	st->len = mem_page_size();
	st->page = mem_alloc(st->len, 0);
	if (mprotect(st->page, st->len, PROT_READ) != 0)
		bench_die("mprotect");
}

static void map_page(struct state *st)
{
	if (st->file)
		map_file(st);
	else
		map_anon(st);
	use_int(((volatile char *)st->page)[0]);	/* fault it in */
}

/* The page once (n == 0); the handler before every interval. */
static void init_prot(iter_t n, void *cookie)
{
	struct state *st = cookie;
	struct sigaction sa;

	if (n == 0)
		map_page(st);
	fault_page = st->page;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	set_handler(SIGSEGV, &sa);
}

/* lmbench3's handler: plain, SIGSEGV blocked while it runs. */
static void init_refault(iter_t n, void *cookie)
{
	struct state *st = cookie;
	struct sigaction sa;

	if (n == 0)
		map_page(st);
	faults_left = 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_segv_return;
	sigemptyset(&sa.sa_mask);
	set_handler(SIGSEGV, &sa);
}

static void cleanup_prot(iter_t n, void *cookie)
{
	struct state *st = cookie;

	if (n != 0 || st->page == NULL)
		return;
	signal(SIGSEGV, SIG_DFL);
	munmap(st->page, st->len);
	st->page = NULL;
}

static void check_faults(iter_t want)
{
	if ((iter_t)caught != want)
		bench_die("%lu stores, %lu protection faults",
			  (unsigned long)want, (unsigned long)caught);
}

/* One faulting store; the handler jumps back here and it returns. */
static __attribute__((noinline)) void fault_once(volatile char *p)
{
	if (sigsetjmp(fault_env, 0) == 0)
		*p = 1;
}

static void do_prot(iter_t n, void *cookie)
{
	struct state *st = cookie;
	iter_t want = n;

	caught = 0;
	while (n-- > 0)
		fault_once(st->page);
	check_faults(want);
}

/* One store, n faults: the handler returns n - 1 times, then leaves. */
static __attribute__((noinline)) void fault_n(volatile char *p, iter_t n)
{
	if (n > (iter_t)INT_MAX)
		bench_die("%lu faults in one interval: too many to count",
			  (unsigned long)n);
	faults_left = (sig_atomic_t)n;
	if (sigsetjmp(fault_env, 1) == 0)
		*p = 1;
}

static void do_refault(iter_t n, void *cookie)
{
	struct state *st = cookie;

	caught = 0;
	if (n > 0)
		fault_n(st->page, n);
	check_faults(n);
}

/*
 * lmbench3's "Protection fault" (the returning fault less catch), then
 * the whole cost of a fault left by siglongjmp, from the same rounds.
 */
static void bench_prot(struct state *st, const struct bench_opts *opts,
		       const char *label, const char *name)
{
	const struct metric m = {.name = name, .unit = "microseconds",
				 .better = BETTER_LOWER};
	struct state ret = *st, jump = *st;
	struct bench_point pts[4] = {
		BENCH_POINT_COPY(setup_catch, do_send, NULL, st),
		BENCH_POINT_COPY(setup_catch, do_catch, NULL, st),
		BENCH_POINT(init_refault, do_refault, cleanup_prot, &ret),
		BENCH_POINT(init_prot, do_prot, cleanup_prot, &jump),
	};
	double fault, caught_us;
	int i;

	benchmp_rounds(pts, 4, opts->parallel, opts->warmup,
		       opts->repetitions);
	caught_us = catch_us(&pts[0], &pts[1]);
	fault = point_us(&pts[2]);
	bench_debug("prot: returning fault %.4f us, catch %.4f us", fault,
		    caught_us);
	fault -= caught_us;
	print_difference(&m, label, fault > 0 ? fault : 0.0, pts, 3);
	bench_point_result(&pts[3]);
	report_micro(METRIC_PROT_JUMP, LABEL_PROT_JUMP, get_n());
	for (i = 0; i < 4; i++)
		bench_point_free(&pts[i]);
}

/* ---- variants and run ------------------------------------------------ */

#define TAKES_FILE 1u	/* a mode's flag: it may map the file given */

/* catch and prot are timed in rounds of their own (bench_catch, bench_prot). */
static const struct bench_mode variants[] = {
	{"install", NULL, do_install, NULL, 0, "Signal handler installation",
	 "sig.install", "sigaction() installing a handler"},
	{"catch", setup_catch, do_catch, NULL, 0, "Signal handler overhead",
	 "sig.catch", "kill() to itself and the handler run, less the send"},
	{"prot", NULL, do_prot, NULL, TAKES_FILE, "Protection fault",
	 "sig.prot",
	 "a store to a read-only page: fault, SIGSEGV, handler; less catch"},
};

static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	const struct bench_mode *v =
		&variants[BENCH_VARIANT(r->argv[0], variants)];

	if (r->argc == 2 && !(v->flags & TAKES_FILE))
		bench_usage();
	if (r->argc == 2) {
		/* Check the file now, before any copy is started. */
		st->file = r->argv[1];
		init_prot(0, st);
		cleanup_prot(0, st);
	}
	if (v->bench == do_catch) {
		bench_catch(st, &r->opts, v->label, v->metric);
		return 0;
	}
	if (v->bench == do_prot) {
		bench_prot(st, &r->opts, v->label, v->metric);
		return 0;
	}
	bench_mode_micro(v, &r->opts, st);
	return 0;
}

BENCH_MAIN(.usage = BENCH_USAGE_PWN " %s [file]\n",
	   .min_ops = 1, .max_ops = 2, BENCH_MODES(variants, struct bench_mode),
	   BENCH_STATE(0),
	   .options = BENCH_OPTIONS(
		BENCH_OPERAND("file", "for prot: map this file's first page "
			      "(default: anonymous)")))
