/*
 * lib_parallel.c - P copies of a benchmark whose timed intervals
 * coincide, so that an aggregate counts only what the copies did
 * together.
 *
 * A copy holds every point of a series (one for benchmp(), several for
 * benchmp_rounds()) and times them in the order of a schedule, interval
 * k of point sched[k]; it is forked once, sets up all its points once and
 * keeps them for the whole run, as a single copy does.
 *
 *   parent                          child i
 *   fork P children                 place, initialize(0) and size the
 *                                     loop of every point
 *   wait for P "ready" bytes        send "ready"; run while polling
 *   sleep warmup, send P "start"      "start" (the warm-up, at full load)
 *   per interval k:                 per interval k, point p = sched[k]:
 *     wait for P "armed" bytes        initialize(n) of p; send "armed"
 *     set release time T_k = now      wait for "go"; sleep/spin to T_k;
 *       + lead; send P "go"             time p's benchmark(n); cleanup(n)
 *     wait for P "done" bytes         send "done"; run p while polling
 *     send P "free"                     "free" (load for the slower ones)
 *   per child: one "results" byte,  the one child that read the byte
 *     read its samples                owns the response pipe: writes its
 *                                     samples, then blocks for "exit"
 *   send P "exit", reap             cleanup(0) of every point, exit
 *
 * The release times live in memory shared before the fork; the lead
 * covers waking every copy, so all start their interval k at T_k, and
 * every sample keeps its absolute start and end (CLOCK_MONOTONIC is
 * system-wide).  result_combine() then counts each round over the span
 * from the first start to the last end.  Every message to the children
 * is one byte on a pipe of its own (start, go, free, results, exit); all
 * children answer on one shared pipe, whose one-byte writes are atomic.  A child
 * that ends before "exit" is a failure: the parent says which copy and
 * how, kills and reaps the rest, and exits 1.
 */
#define _GNU_SOURCE		/* MAP_ANONYMOUS under -D_XOPEN_SOURCE */
#include "lib_parallel.h"
#include "lib_clock.h"
#include "lib_cleanup.h"

#include <fcntl.h>
#include <poll.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>

#define POLL_CHUNKS	8	/* warm-up: 1/8-interval slices between polls */
#define WAIT_POLL_MS	100	/* parent: look for dead children this often */
/*
 * From the release to the start of an interval: waking a copy takes tens
 * of microseconds, more when copies outnumber CPUs; a copy sleeps until
 * SPIN_NS before the start, then spins on the clock.
 */
#define LEAD_NS		2000000ULL
#define LEAD_PER_COPY_NS 200000ULL
#define SPIN_NS		200000ULL

enum { CTL_START, CTL_GO, CTL_FREE, CTL_RESULTS, CTL_EXIT, NCTL };
#define MSG_READY 'r'
#define MSG_ARMED 'a'
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
static volatile uint64 *release;	/* shared: start of round k */

/* ---- child ---------------------------------------------------------- */

/*
 * A copy's own arrays (child_main), freed on every way out: a copy whose
 * parent is gone leaves from inside a wait, and valgrind then called the
 * array a register had held lost (one `make memcheck` in three here).
 */
static struct copy *ch_copies;
static struct sample *ch_samples;
static iter_t *ch_chunks;

static void child_exit(int status)
{
	free(ch_samples);
	free(ch_chunks);
	free(ch_copies);
	ch_samples = NULL;
	ch_chunks = NULL;
	ch_copies = NULL;
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

/* Outside the timed region: sleep, then spin, until the clock reads t. */
static void wait_until(uint64 t)
{
	struct timespec ts;
	uint64 wake = t > SPIN_NS ? t - SPIN_NS : 0;

	if (clock_now_ns() < wake) {
		ts.tv_sec = (time_t)(wake / 1000000000ULL);
		ts.tv_nsec = (long)(wake % 1000000000ULL);
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts,
				       NULL) == EINTR)
			;
	}
	while (clock_now_ns() < t)
		;
}

static void child_main(int id, pid_t parent, const struct copy *protos,
		       int npts, const int *sched, int nsched,
		       double interval_ns)
{
	struct result_header h = {id, nsched};
	struct copy *c;
	struct sample *s;
	iter_t *chunk;
	int k, p;

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
	copy_place(id);
	c = ch_copies = bench_alloc((size_t)npts, sizeof(*c));
	chunk = ch_chunks = bench_alloc((size_t)npts, sizeof(*chunk));
	s = ch_samples = bench_alloc((size_t)nsched, sizeof(*s));
	/* Every point set up before any is sized, as a single copy does. */
	for (p = 0; p < npts; p++) {
		c[p] = protos[p];
		c[p].id = id;
		copy_begin(&c[p]);
	}
	for (p = 0; p < npts; p++) {
		copy_prepare(&c[p], interval_ns, 0);
		chunk[p] = c[p].n / POLL_CHUNKS ? c[p].n / POLL_CHUNKS : 1;
	}
	send_byte(resp[1], MSG_READY);
	p = sched[0];
	while (!try_signal(ctl[CTL_START][0]))
		(void)timing_once(c[p].init, c[p].bench, c[p].clean, chunk[p],
				  c[p].cookie);
	for (k = 0; k < nsched; k++) {
		p = sched[k];
		copy_arm(&c[p]);
		send_byte(resp[1], MSG_ARMED);
		wait_signal(ctl[CTL_GO][0]);
		wait_until(release[k]);
		copy_time(&c[p], &s[k]);
		s[k].round = k;
		copy_disarm(&c[p]);
		/* Load the machine until every copy has finished interval k. */
		send_byte(resp[1], MSG_DONE);
		while (!try_signal(ctl[CTL_FREE][0]))
			(void)timing_once(c[p].init, c[p].bench, c[p].clean,
					  chunk[p], c[p].cookie);
	}
	wait_signal(ctl[CTL_RESULTS][0]);
	write_all(resp[1], &h, sizeof(h));
	write_all(resp[1], s, (size_t)nsched * sizeof(*s));
	wait_signal(ctl[CTL_EXIT][0]);
	for (p = npts - 1; p >= 0; p--)
		copy_end(&c[p]);
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

/* Every copy's samples, copy after copy. */
static struct sample *collect(int parallel, int repetitions)
{
	struct result_header h;
	struct sample *s;
	int k;

	s = bench_alloc((size_t)parallel * (size_t)repetitions, sizeof(*s));
	for (k = 0; k < parallel; k++) {
		send_bytes(ctl[CTL_RESULTS][1], 1, "while reporting");
		read_all(&h, sizeof(h), "while reporting");
		if (h.count != repetitions || h.childno < 0 ||
		    h.childno >= parallel)
			bench_die("harness protocol error: bad result header");
		read_all(s + (size_t)k * (size_t)repetitions,
			 (size_t)repetitions * sizeof(*s), "while reporting");
	}
	return s;
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

/* Release every armed copy into round k at one instant. */
static void release_round(int parallel, int k)
{
	wait_bytes(parallel, MSG_ARMED, "while timing");
	release[k] = clock_now_ns() + LEAD_NS +
		     LEAD_PER_COPY_NS * (uint64)parallel;
	send_bytes(ctl[CTL_GO][1], parallel, "while timing");
	wait_bytes(parallel, MSG_DONE, "while timing");
	send_bytes(ctl[CTL_FREE][1], parallel, "while timing");
}

static void start_copies(const struct copy *protos, int npts,
			 const int *sched, int nsched, double interval_ns,
			 int parallel)
{
	pid_t pid, self = getpid();
	int i;

	for (i = 0; i < parallel; i++) {
		pid = fork();
		if (pid < 0) {
			fprintf(stderr, "%s: fork copy %d: %s\n",
				bench_progname(), i + 1, strerror(errno));
			cleanup_run();
			exit(1);
		}
		if (pid == 0)
			child_main(i, self, protos, npts, sched, nsched,
				   interval_ns);
		pids[i] = pid;
		cleanup_child_add(pid);
	}
}

/*
 * Point p's intervals, of every copy, renumbered 0, 1, ... in the order
 * of the schedule, combined round by round into out[p].
 */
static void combine_points(const struct sample *s, int parallel,
			   int npts, const int *sched, int nsched,
			   struct bench_result *out)
{
	struct sample *mine;
	int *index, p, k, i, rounds;

	mine = bench_alloc((size_t)parallel * (size_t)nsched, sizeof(*mine));
	index = bench_alloc((size_t)nsched, sizeof(*index));
	for (p = 0; p < npts; p++) {
		rounds = 0;
		for (k = 0; k < nsched; k++)
			index[k] = sched[k] == p ? rounds++ : -1;
		i = 0;
		for (k = 0; k < parallel * nsched; k++) {
			if (index[s[k].round] < 0)
				continue;
			mine[i] = s[k];
			mine[i].round = index[s[k].round];
			i++;
		}
		result_combine(mine, i, parallel, rounds, &out[p]);
		out[p].asked = rounds;
	}
	free(index);
	free(mine);
}

void parallel_run_points(const struct copy *protos, int npts,
			 const int *sched, int nsched, double interval_ns,
			 int parallel, int warmup, struct bench_result *out)
{
	void (*old_pipe)(int);
	struct sample *s;
	struct timespec ts;
	size_t rel_len = (size_t)nsched * sizeof(*release);
	int k;

	for (k = 0; k < nsched; k++)
		if (sched[k] < 0 || sched[k] >= npts)
			bench_die("harness: schedule names point %d of %d",
				  sched[k], npts);
	for (k = 0; k < NCTL; k++) {
		if (pipe(ctl[k]) != 0)
			bench_die("pipe");
		fcntl(ctl[k][0], F_SETFL, O_NONBLOCK);
	}
	if (pipe(resp) != 0)
		bench_die("pipe");
	release = mmap(NULL, rel_len, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (release == MAP_FAILED)
		bench_die("out of memory");
	pids = bench_alloc((size_t)parallel, sizeof(*pids));
	npids = parallel;
	old_pipe = signal(SIGPIPE, SIG_IGN);
	/* An ignored SIGCHLD would reap dead copies before we see them. */
	saved_chld = signal(SIGCHLD, SIG_DFL);
	start_copies(protos, npts, sched, nsched, interval_ns, parallel);
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
	for (k = 0; k < nsched; k++)
		release_round(parallel, k);
	s = collect(parallel, nsched);
	send_bytes(ctl[CTL_EXIT][1], parallel, "at exit");
	reap_all();
	combine_points(s, parallel, npts, sched, nsched, out);
	free(s);

	for (k = 0; k < NCTL; k++)
		close(ctl[k][1]);
	close(resp[0]);
	munmap((void *)release, rel_len);
	free(pids);
	pids = NULL;
	npids = 0;
	signal(SIGPIPE, old_pipe);
	signal(SIGCHLD, saved_chld);
}

void parallel_run(const struct copy *proto, double interval_ns,
		  int parallel, int warmup, int repetitions,
		  struct bench_result *out)
{
	int *sched = bench_alloc((size_t)repetitions, sizeof(*sched));

	parallel_run_points(proto, 1, sched, repetitions, interval_ns,
			    parallel, warmup, out);
	free(sched);
}
