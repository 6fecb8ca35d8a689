/*
 * lat_cmd - cost of running a command: fork(), execvp() of the command
 * line as given (no shell), the command itself, its exit, and waitpid().
 *
 * The command inherits stdin, stdout and stderr.  Before anything is
 * timed it is run once, and a command that cannot be executed is reported
 * as bad input; during the run a command killed by a signal is a failure,
 * any exit status is accepted (`false` is a command too).  On Linux the
 * command is killed when the process that started it dies (one prctl()
 * in the child, inside the timed region), so an interrupted run leaves
 * no command running.
 *
 * usage: lat_cmd [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *                cmdline...
 */
#include "bench.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

struct state {
	char **argv;
};

/* In the child before exec: die with the parent, where the OS can. */
static void tie_to_parent(pid_t parent)
{
#if defined(__linux__)
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
		_exit(126);
#else
	(void)parent;
#endif
}

static void do_cmd(iter_t n, void *cookie)
{
	struct state *st = cookie;
	pid_t pid, self = getpid();
	int status;

	while (n-- > 0) {
		pid = fork();
		if (pid < 0)
			bench_die("fork");
		if (pid == 0) {
			tie_to_parent(self);
			execvp(st->argv[0], st->argv);
			_exit(127);
		}
		while (waitpid(pid, &status, 0) < 0)
			if (errno != EINTR)
				bench_die("waitpid");
		if (!WIFEXITED(status))
			bench_die("%s was killed by signal %d", st->argv[0],
				  WTERMSIG(status));
	}
}

/* Run the command once; an exec failure comes back through a pipe. */
static void try_once(struct state *st)
{
	int fds[2], err = 0, status;
	pid_t pid, self = getpid();

	if (pipe(fds) != 0 || fcntl(fds[1], F_SETFD, FD_CLOEXEC) != 0)
		bench_die("pipe");
	pid = fork();
	if (pid < 0)
		bench_die("fork");
	if (pid == 0) {
		close(fds[0]);
		tie_to_parent(self);
		execvp(st->argv[0], st->argv);
		err = errno;
		(void)!write(fds[1], &err, sizeof(err));
		_exit(127);
	}
	close(fds[1]);
	if (read(fds[0], &err, sizeof(err)) != (ssize_t)sizeof(err))
		err = 0;	/* EOF: the exec worked */
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			bench_die("waitpid");
	if (err != 0)
		bench_fail("%s: %s", st->argv[0], strerror(err));
	if (!WIFEXITED(status))
		bench_die("%s was killed by signal %d", st->argv[0],
			  WTERMSIG(status));
}

static int run(const struct bench_run *r)
{
	struct state *st = r->state;

	st->argv = r->argv;
	fflush(NULL);
	try_once(st);
	benchmp_opts(NULL, do_cmd, NULL, &r->opts, st);
	report_micro("cmd", "lat_cmd", get_n());
	return 0;
}

/* Options end at the first operand: "lat_cmd ls -l" runs "ls -l". */
BENCH_MAIN(.usage = BENCH_USAGE_PWN " cmdline...\n",
	   .min_ops = 1, .max_ops = -1, .in_order = 1, BENCH_STATE(0),
	   .options = BENCH_OPTIONS(
		BENCH_OPERAND("cmdline...", "the command and its arguments, "
			      "run without a shell")))
