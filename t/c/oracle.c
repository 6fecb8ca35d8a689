/*
 * oracle - plain timings of what lat_syscall null, lat_pipe and lat_unix
 * measure, written apart from the harness (no benchmp, no lib_potato):
 * the tests set a program's figure beside this one's, taken back to back.
 *
 *   syscall  getppid() in a loop: microseconds a call
 *   pipe     one byte to a child over a pipe and back over another:
 *            microseconds a round trip
 *   unix     the same over an AF_UNIX stream socket pair
 *
 * Each of `reps` runs lasts about RUN_NS; it prints the fastest run's
 * figure, so that a run a busy machine preempted does not count.
 *
 * usage: oracle syscall|pipe|unix [reps]   (reps 1..1000, default 21)
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define RUN_NS		2e6	/* 2 ms a run: most fit in a time slice */
#define MAX_OPS		10000000L
#define DEFAULT_REPS	21

/* The two ends of a round trip: ours (rd, wr) and the child's. */
struct ends {
	int rd, wr, peer_rd, peer_wr;
};

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void syscalls(long ops, const struct ends *e)
{
	(void)e;
	while (ops-- > 0)
		(void)getppid();
}

static void round_trips(long ops, const struct ends *e)
{
	char c = 'x';

	while (ops-- > 0)
		if (write(e->wr, &c, 1) != 1 || read(e->rd, &c, 1) != 1) {
			perror("oracle: round trip");
			exit(1);
		}
}

/* The child's side: echo every byte until the other end closes. */
static void echo(const struct ends *e)
{
	char c;

	close(e->rd);
	close(e->wr);
	while (read(e->peer_rd, &c, 1) == 1)
		if (write(e->peer_wr, &c, 1) != 1)
			_exit(1);
	_exit(0);
}

static int open_pipes(struct ends *e)
{
	int down[2], up[2];

	if (pipe(down) != 0 || pipe(up) != 0)
		return -1;
	e->wr = down[1];
	e->peer_rd = down[0];
	e->peer_wr = up[1];
	e->rd = up[0];
	return 0;
}

static int open_socketpair(struct ends *e)
{
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
		return -1;
	e->rd = e->wr = sv[0];
	e->peer_rd = e->peer_wr = sv[1];
	return 0;
}

static const struct variant {
	const char *name;
	int (*open)(struct ends *);	/* NULL: no partner */
	void (*run)(long, const struct ends *);
} variants[] = {
	{"syscall", NULL, syscalls},
	{"pipe", open_pipes, round_trips},
	{"unix", open_socketpair, round_trips},
};

int main(int argc, char *argv[])
{
	const struct variant *v = NULL;
	struct ends e = {-1, -1, -1, -1};
	double t, best = 0;
	long ops = 1;
	int reps = argc > 2 ? atoi(argv[2]) : DEFAULT_REPS, r, status;
	pid_t child = -1;
	size_t i;

	for (i = 0; argc > 1 && i < sizeof(variants) / sizeof(variants[0]);
	     i++)
		if (strcmp(argv[1], variants[i].name) == 0)
			v = &variants[i];
	if (v == NULL || argc > 3 || reps < 1 || reps > 1000) {
		fprintf(stderr, "usage: oracle syscall|pipe|unix [reps]\n");
		return 2;
	}
	if (v->open) {
		signal(SIGPIPE, SIG_IGN);
		if (v->open(&e) != 0) {
			perror("oracle: open");
			return 1;
		}
		if ((child = fork()) < 0) {
			perror("oracle: fork");
			return 1;
		}
		if (child == 0)
			echo(&e);
		close(e.peer_rd);
		if (e.peer_wr != e.peer_rd)
			close(e.peer_wr);
	}
	/* Size a run to RUN_NS, doubling from one operation. */
	while (ops < MAX_OPS) {
		t = now_ns();
		v->run(ops, &e);
		t = now_ns() - t;
		if (t >= RUN_NS / 2)
			break;
		ops *= 2;
	}
	for (r = 0; r < reps; r++) {
		t = now_ns();
		v->run(ops, &e);
		t = (now_ns() - t) / (double)ops;
		if (r == 0 || t < best)
			best = t;
	}
	if (child > 0) {
		close(e.wr);
		if (e.rd != e.wr)
			close(e.rd);
		if (waitpid(child, &status, 0) != child ||
		    !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			fprintf(stderr, "oracle: the echoing child failed\n");
			return 1;
		}
	}
	printf("%.4f\n", best / 1e3);
	return 0;
}
