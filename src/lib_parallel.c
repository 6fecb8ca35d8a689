/*
 * lib_parallel.c - P copies of a benchmark, coordinated as in Table I of
 * the lmbench3 paper.
 *
 *   parent                          child i
 *   fork P children                 initialize(0), size the loop
 *   wait for P "ready" bytes        send "ready"; run while polling "go"
 *   sleep warmup, send P "go"       time the intervals; send "done"
 *   wait for P "done" bytes         run while polling "results"
 *   per child: one "results" byte,  the one child that read the byte owns
 *     read its samples                the response pipe: writes samples,
 *                                     then blocks for "exit"
 *   send P "exit", reap             cleanup(0), exit
 *
 * Every message to the children is one byte on a pipe of its own (start,
 * results, exit), so a child can never read a partial or a foreign
 * signal; all children answer on one shared pipe, whose one-byte writes
 * are atomic.  Between "ready" and "results" every child keeps running
 * the benchmark, so whenever any child is timing all of them load the
 * machine.  A child that ends before "exit" is a failure: the parent says
 * which copy and how, kills and reaps the rest, and exits 1.
 */
#include "lib_timing.h"
#include "lib_cleanup.h"

#include <fcntl.h>
#include <poll.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#define POLL_CHUNKS	8	/* run in 1/8-interval slices while polling */
#define WAIT_POLL_MS	100	/* parent: look for dead children this often */

enum { CTL_START, CTL_RESULTS, CTL_EXIT, NCTL };
#define MSG_READY 'r'
#define MSG_DONE  'd'

struct result_header {
	int childno;
	int count;
};

static int ctl[NCTL][2];	/* parent -> children */
static int resp[2];		/* children -> parent */
static pid_t *pids;
static int npids;
static void (*saved_chld)(int);

/* ---- child ---------------------------------------------------------- */

static void child_exit(int status)
{
	fflush(NULL);
	_exit(status);
}

/* 1 if a signal byte was taken, 0 if none is there yet. */
static int try_signal(int fd)
{
	char c;
	ssize_t r = read(fd, &c, 1);

	if (r == 1)
		return 1;
	if (r == 0 || (errno != EAGAIN && errno != EINTR &&
		       errno != EWOULDBLOCK))
		child_exit(1);	/* the parent is gone */
	return 0;
}

static void wait_signal(int fd)
{
	struct pollfd p = {fd, POLLIN, 0};

	while (!try_signal(fd))
		(void)poll(&p, 1, -1);
}

static void send_byte(int fd, char c)
{
	while (write(fd, &c, 1) != 1)
		if (errno != EINTR)
			child_exit(1);
}

static void write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	ssize_t w;

	while (len > 0) {
		w = write(fd, p, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			child_exit(1);
		p += w;
		len -= (size_t)w;
	}
}

static void child_main(int id, pid_t parent, benchmp_f init,
		       benchmp_f bench, benchmp_f clean, double interval_ns,
		       int repetitions, void *cookie)
{
	struct result_header h = {id, repetitions};
	struct sample *s;
	iter_t n, chunk;
	int k;

#if defined(__linux__)
	/* Even a copy blocked inside the benchmark dies with its parent. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
		child_exit(1);
#else
	(void)parent;
#endif
	signal(SIGPIPE, SIG_DFL);
	signal(SIGCHLD, saved_chld);	/* the program's own choice */
	close(resp[0]);
	for (k = 0; k < NCTL; k++)
		close(ctl[k][1]);
	parallel_set_childid(id);
	if (handle_scheduler(id, 0, 0) != 0)
		bench_die("LMBENCH_SCHED: cannot place copy %d", id);
	s = calloc((size_t)repetitions, sizeof(*s));
	if (s == NULL)
		bench_die("out of memory");
	if (init)
		init(0, cookie);
	n = timing_calibrate(init, bench, clean, interval_ns, cookie);
	chunk = n / POLL_CHUNKS ? n / POLL_CHUNKS : 1;
	send_byte(resp[1], MSG_READY);
	while (!try_signal(ctl[CTL_START][0]))
		(void)timing_once(init, bench, clean, chunk, cookie);
	for (k = 0; k < repetitions; k++) {
		s[k].ns = timing_correct(timing_once(init, bench, clean, n,
						     cookie), n);
		s[k].n = n;
	}
	send_byte(resp[1], MSG_DONE);
	while (!try_signal(ctl[CTL_RESULTS][0]))
		(void)timing_once(init, bench, clean, chunk, cookie);
	write_all(resp[1], &h, sizeof(h));
	write_all(resp[1], s, (size_t)repetitions * sizeof(*s));
	wait_signal(ctl[CTL_EXIT][0]);
	if (clean)
		clean(0, cookie);
	child_exit(0);
}

/* ---- parent --------------------------------------------------------- */

static void describe(int i, int status)
{
	if (WIFSIGNALED(status))
		fprintf(stderr, "%s: copy %d of %d (pid %ld) was killed by "
			"signal %d (%s)\n", bench_progname(), i + 1, npids,
			(long)pids[i], WTERMSIG(status),
			strsignal(WTERMSIG(status)));
	else
		fprintf(stderr, "%s: copy %d of %d (pid %ld) exited with "
			"status %d\n", bench_progname(), i + 1, npids,
			(long)pids[i], WEXITSTATUS(status));
}

static void fail(int i, int status, const char *when)
{
	describe(i, status);
	fprintf(stderr, "%s: benchmark failed %s; stopping the other "
		"copies\n", bench_progname(), when);
	cleanup_child_remove(pids[i]);	/* reaped already */
	pids[i] = 0;
	cleanup_run();	/* SIGKILL and reap the others */
	exit(1);
}

/* Any child gone before it was told to exit is a failure. */
static void check_children(const char *when)
{
	int i, status;

	for (i = 0; i < npids; i++) {
		if (pids[i] <= 0)
			continue;
		if (waitpid(pids[i], &status, WNOHANG) == pids[i])
			fail(i, status, when);
	}
}

/* Read exactly len bytes from the response pipe, watching the children. */
static void read_all(void *buf, size_t len, const char *when)
{
	struct pollfd p = {resp[0], POLLIN, 0};
	char *q = buf;
	ssize_t r;

	while (len > 0) {
		if (poll(&p, 1, WAIT_POLL_MS) <= 0) {
			check_children(when);
			continue;
		}
		r = read(resp[0], q, len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			/* EOF: every child has closed its end. */
			check_children(when);
			continue;
		}
		q += r;
		len -= (size_t)r;
	}
}

static void wait_bytes(int count, char want, const char *when)
{
	char c;

	while (count-- > 0) {
		read_all(&c, 1, when);
		if (c != want)
			bench_die("harness protocol error: got '%c', want "
				  "'%c'", c, want);
	}
}

static void send_bytes(int fd, int count, const char *when)
{
	char c = 'x';

	while (count-- > 0) {
		while (write(fd, &c, 1) != 1) {
			if (errno != EINTR) {
				check_children(when);
				bench_die("harness pipe");
			}
		}
	}
}

static void collect(int parallel, int repetitions)
{
	struct result_header h;
	struct sample *s;
	int k, j;

	s = calloc((size_t)repetitions, sizeof(*s));
	if (s == NULL)
		bench_die("out of memory");
	for (k = 0; k < parallel; k++) {
		send_bytes(ctl[CTL_RESULTS][1], 1, "while reporting");
		read_all(&h, sizeof(h), "while reporting");
		if (h.count != repetitions || h.childno < 0 ||
		    h.childno >= parallel)
			bench_die("harness protocol error: bad result header");
		read_all(s, (size_t)repetitions * sizeof(*s),
			 "while reporting");
		for (j = 0; j < repetitions; j++)
			result_add(s[j].ns, s[j].n);
	}
	free(s);
}

static void reap_all(void)
{
	int i, status, bad = -1, bad_status = 0;

	for (i = 0; i < npids; i++) {
		while (waitpid(pids[i], &status, 0) < 0 && errno == EINTR)
			;
		if (bad < 0 && !(WIFEXITED(status) &&
				 WEXITSTATUS(status) == 0)) {
			bad = i;
			bad_status = status;
		}
	}
	for (i = 0; i < npids; i++)
		cleanup_child_remove(pids[i]);
	if (bad >= 0) {
		describe(bad, bad_status);
		fprintf(stderr, "%s: benchmark failed in its final "
			"cleanup\n", bench_progname());
		exit(1);
	}
}

void parallel_run(benchmp_f init, benchmp_f bench, benchmp_f clean,
		  double interval_ns, int parallel, int warmup,
		  int repetitions, void *cookie)
{
	void (*old_pipe)(int);
	struct timespec ts;
	pid_t pid, self = getpid();
	int i, k;

	for (k = 0; k < NCTL; k++) {
		if (pipe(ctl[k]) != 0)
			bench_die("pipe");
		fcntl(ctl[k][0], F_SETFL, O_NONBLOCK);
	}
	if (pipe(resp) != 0)
		bench_die("pipe");
	pids = calloc((size_t)parallel, sizeof(*pids));
	if (pids == NULL)
		bench_die("out of memory");
	npids = parallel;
	old_pipe = signal(SIGPIPE, SIG_IGN);
	/* An ignored SIGCHLD would reap dead copies before we see them. */
	saved_chld = signal(SIGCHLD, SIG_DFL);
	for (i = 0; i < parallel; i++) {
		pid = fork();
		if (pid < 0) {
			fprintf(stderr, "%s: fork copy %d: %s\n",
				bench_progname(), i + 1, strerror(errno));
			cleanup_run();
			exit(1);
		}
		if (pid == 0)
			child_main(i, self, init, bench, clean, interval_ns,
				   repetitions, cookie);
		pids[i] = pid;
		cleanup_child_add(pid);
	}
	close(resp[1]);
	for (k = 0; k < NCTL; k++)
		close(ctl[k][0]);

	wait_bytes(parallel, MSG_READY, "while starting");
	if (warmup > 0) {
		ts.tv_sec = warmup / 1000000;
		ts.tv_nsec = (long)(warmup % 1000000) * 1000;
		while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
			;
	}
	send_bytes(ctl[CTL_START][1], parallel, "while starting");
	wait_bytes(parallel, MSG_DONE, "while timing");
	collect(parallel, repetitions);
	send_bytes(ctl[CTL_EXIT][1], parallel, "at exit");
	reap_all();

	for (k = 0; k < NCTL; k++)
		close(ctl[k][1]);
	close(resp[0]);
	free(pids);
	pids = NULL;
	npids = 0;
	signal(SIGPIPE, old_pipe);
	signal(SIGCHLD, saved_chld);
}
