/*
 * lat_proc - cost of a procedure call and of creating processes.
 *
 *   procedure  a call through a volatile function pointer to a function
 *              that cannot be inlined; each call's argument is the last
 *              call's result, so the calls form one dependent chain
 *   fork       fork(); the child _exit()s at once; the parent waitpid()s
 *   exec       fork(); the child dup2()s /dev/null onto stdout and
 *              execve()s the small `hello' program; the parent waits
 *   shell      the same, but the child execve()s /bin/sh -c '<hello>'
 *
 * Each process iteration ends with the child reaped.  An interrupted run
 * may have one child in flight per copy; a terminating signal is chained
 * so that every process that forked waits for its children before it
 * dies, and on Linux the top process is a child subreaper, so that the
 * children of a copy the harness kills are reparented to it and reaped
 * too.  No orphan and no zombie is left behind.  `hello' is looked for in
 * the directory of this program (/proc/self/exe on Linux, else argv[0]).
 * Loop and timer overheads are subtracted by the harness.
 *
 * usage: lat_proc [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *                 procedure|fork|exec|shell
 */
#include "bench.h"

#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

/* POSIX: the application declares it. */
extern char **environ;

#define SHELL		"/bin/sh"
#define EXEC_FAILED	127	/* the child's status when execve fails */

struct state {
	char hello[PATH_MAX];		/* the exec target */
	char command[4 * PATH_MAX + 3];	/* hello, quoted for the shell */
	char *argv_hello[2];
	char *argv_shell[4];
	char **envp;
	int devnull;			/* the children's stdout */
};

/* ---- procedure ------------------------------------------------------- */

/* Unsigned, so that any number of calls wraps without overflow. */
static __attribute__((noinline)) unsigned next(unsigned x)
{
	return x + 1;
}

static void do_procedure(iter_t n, void *cookie)
{
	unsigned (*volatile fn)(unsigned) = next;
	unsigned x = 0;

	(void)cookie;
	while (n-- > 0)
		x = fn(x);
	use_int((int)x);
}

/* ---- processes ------------------------------------------------------- */

static void reap(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) != pid)
		if (errno != EINTR)
			bench_die("waitpid");
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		errno = 0;
		if (WIFEXITED(status) && WEXITSTATUS(status) == EXEC_FAILED)
			bench_die("the child could not run its program");
		bench_die("the child failed (status 0x%x)", (unsigned)status);
	}
}

static void do_fork(iter_t n, void *cookie)
{
	pid_t pid;

	(void)cookie;
	while (n-- > 0) {
		pid = fork();
		if (pid < 0)
			bench_die("fork");
		if (pid == 0)
			_exit(0);
		reap(pid);
	}
}

/* In the child: stdout to /dev/null, then become the program. */
static void child_exec(const struct state *st, char *const argv[])
{
	if (dup2(st->devnull, STDOUT_FILENO) < 0)
		_exit(EXEC_FAILED);
	execve(argv[0], argv, st->envp);
	_exit(EXEC_FAILED);
}

/* n times: fork, the child becomes argv[0], the parent waits for it. */
static void fork_exec(iter_t n, const struct state *st, char *const argv[])
{
	pid_t pid;

	while (n-- > 0) {
		pid = fork();
		if (pid < 0)
			bench_die("fork");
		if (pid == 0)
			child_exec(st, argv);
		reap(pid);
	}
}

static void do_exec(iter_t n, void *cookie)
{
	const struct state *st = cookie;

	fork_exec(n, st, st->argv_hello);
}

static void do_shell(iter_t n, void *cookie)
{
	const struct state *st = cookie;

	fork_exec(n, st, st->argv_shell);
}

static void open_devnull(void *cookie)
{
	struct state *st = cookie;

	st->devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (st->devnull < 0)
		bench_die("open /dev/null");
}

static void close_devnull(void *cookie)
{
	struct state *st = cookie;

	if (st->devnull >= 0) {
		close(st->devnull);
		st->devnull = -1;
	}
}

/* ---- finding hello ---------------------------------------------------- */

/* The directory this program was started from, into dir; 0 or -1. */
static int own_dir(const char *argv0, char *dir, size_t size)
{
	char *slash;
	ssize_t len = -1;

#ifdef __linux__
	len = readlink("/proc/self/exe", dir, size - 1);
#endif
	if (len < 0) {
		if (strchr(argv0, '/') == NULL || strlen(argv0) >= size)
			return -1;
		strcpy(dir, argv0);
		len = (ssize_t)strlen(dir);
	}
	dir[len] = '\0';
	slash = strrchr(dir, '/');
	if (slash == NULL)
		return -1;
	*slash = '\0';
	return 0;
}

/* Single-quote s for the shell: ' becomes '\''. */
static void shell_quote(const char *s, char *out, size_t size)
{
	size_t o = 0;

	out[o++] = '\'';
	for (; *s != '\0' && o + 5 < size; s++) {
		if (*s == '\'') {
			memcpy(out + o, "'\\''", 4);
			o += 4;
		} else {
			out[o++] = *s;
		}
	}
	out[o++] = '\'';
	out[o] = '\0';
}

static void find_hello(struct state *st, const char *argv0)
{
	char dir[PATH_MAX];
	struct stat sb;
	int len;

	if (own_dir(argv0, dir, sizeof(dir)) != 0) {
		errno = 0;
		bench_die("cannot tell which directory this program is in, "
			  "to find hello");
	}
	len = snprintf(st->hello, sizeof(st->hello), "%s/hello", dir);
	if (len < 0 || (size_t)len >= sizeof(st->hello)) {
		errno = ENAMETOOLONG;
		bench_die("%s/hello", dir);
	}
	if (stat(st->hello, &sb) != 0 || access(st->hello, X_OK) != 0)
		bench_die("%s (the exec target, built with lat_proc)",
			  st->hello);
	if (!S_ISREG(sb.st_mode)) {
		errno = 0;
		bench_die("%s: not a program", st->hello);
	}
	shell_quote(st->hello, st->command, sizeof(st->command));
	st->argv_hello[0] = st->hello;
	st->argv_hello[1] = NULL;
	st->argv_shell[0] = SHELL;
	st->argv_shell[1] = "-c";
	st->argv_shell[2] = st->command;
	st->argv_shell[3] = NULL;
}

/* ---- no orphans, no zombies ---------------------------------------- */

static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
#define NSTOP (sizeof(stop_signals) / sizeof(stop_signals[0]))
/* The handlers this program chains onto; a handler can reach no cookie. */
static struct sigaction chained[NSTOP];

/*
 * Run the handler installed before (the harness's: remove temporary
 * files, kill and reap the copies, re-raise), then wait for every child
 * still running, then die of the signal.  Children in flight exit by
 * themselves within milliseconds.
 */
static void reap_and_die(int sig)
{
	size_t i;

	for (i = 0; i < NSTOP; i++)
		if (stop_signals[i] == sig && chained[i].sa_handler != SIG_DFL &&
		    chained[i].sa_handler != SIG_IGN)
			chained[i].sa_handler(sig);
	while (waitpid(-1, NULL, 0) > 0 || errno == EINTR)
		;
	signal(sig, SIG_DFL);
	raise(sig);	/* blocked here: delivered when this returns */
}

/*
 * At exit, after the harness's own exit hook has killed and reaped the
 * copies: collect their children, reparented to us, if any.
 */
static void reap_at_exit(void)
{
	while (waitpid(-1, NULL, 0) > 0 || errno == EINTR)
		;
}

static void reap_on_signal(void)
{
	struct sigaction sa;
	size_t i;

#ifdef __linux__
	if (prctl(PR_SET_CHILD_SUBREAPER, 1L, 0L, 0L, 0L) != 0)
		bench_die("prctl(PR_SET_CHILD_SUBREAPER)");
#endif
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = reap_and_die;
	sigfillset(&sa.sa_mask);
	for (i = 0; i < NSTOP; i++) {
		if (sigaction(stop_signals[i], NULL, &chained[i]) != 0)
			bench_die("sigaction");
		/* Keep an inherited "ignore" (nohup, background jobs). */
		if (chained[i].sa_handler == SIG_IGN ||
		    (chained[i].sa_flags & SA_SIGINFO))
			continue;
		if (sigaction(stop_signals[i], &sa, NULL) != 0)
			bench_die("sigaction");
	}
}

/* ---- variants, run and main ----------------------------------------- */

/* A mode's flags: it forks, it runs hello, through the shell. */
#define FORKS		1u
#define NEEDS_HELLO	2u
#define NEEDS_SHELL	4u

static const struct bench_mode variants[] = {
	{"procedure", NULL, do_procedure, NULL, 0, "Procedure call",
	 "proc.procedure", "a call through a function pointer"},
	{"fork", NULL, do_fork, NULL, FORKS, "Process fork+exit",
	 "proc.fork", "fork(), the child exits, waitpid()"},
	{"exec", open_devnull, do_exec, close_devnull, FORKS | NEEDS_HELLO,
	 "Process fork+execve", "proc.exec",
	 "fork() and execve() of hello"},
	{"shell", open_devnull, do_shell, close_devnull,
	 FORKS | NEEDS_HELLO | NEEDS_SHELL, "Process fork+/bin/sh -c",
	 "proc.shell", "fork() and /bin/sh -c hello"},
};

/* The program's argv[0], for find_hello() where there is no /proc. */
static const char *argv0;

static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	const struct bench_mode *v =
		&variants[BENCH_VARIANT(r->argv[0], variants)];

	st->envp = environ;
	if (v->flags & NEEDS_HELLO)
		find_hello(st, argv0);
	if ((v->flags & NEEDS_SHELL) && access(SHELL, X_OK) != 0)
		bench_die("%s", SHELL);
	if (v->flags & FORKS)
		reap_on_signal();
	bench_mode_micro(v, &r->opts, st);
	return 0;
}

/* No options: the operand is a mode, its --help lines variants[]'s. */
static const struct bench_program program = {
	.usage = BENCH_USAGE_PWN " %s\n",
	.min_ops = 1, .max_ops = 1, .run = run,
	BENCH_MODES(variants, struct bench_mode), BENCH_STATE(.devnull = -1)
};

/* BENCH_MAIN's main(), but argv[0] kept and reap_at_exit() first. */
int main(int argc, char *argv[])
{
	argv0 = argv[0];
	/* Registered first, so it runs last. */
	if (atexit(reap_at_exit) != 0)
		bench_die("atexit");
	return bench_main(argc, argv, &program);
}
