/*
 * lib_cleanup.c - what a program leaves behind must go, whatever way it
 * ends.  Registered paths are unlinked (or rmdir'ed) and registered
 * children killed from an atexit hook, from the error exits and from the
 * signal handler; the handler uses only async-signal-safe calls and then
 * re-raises the signal so the exit status says what happened.
 *
 * Helpers forked by a copy that was killed are orphans.  On Linux the
 * first process is a child subreaper, so they become its children, and
 * cleanup reaps whatever descendants end within REAP_WAIT_MS: no zombie
 * is left to an init that may not reap (as in some containers).
 */
#include "bench.h"
#include "lib_cleanup.h"
#include "lib_error.h"

#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

/* How long children get to end on SIGTERM before SIGKILL. */
#define TERM_GRACE_MS	100
/* How long cleanup waits for orphaned descendants to end. */
#define REAP_WAIT_MS	200
/* Enough for every program: each registers a handful of paths. */
#define MAX_TMP_PATHS	64
#define MAX_CHILDREN	4096
#define MAX_HOOKS	8

static char tmp_paths[MAX_TMP_PATHS][PATH_MAX];
static volatile sig_atomic_t tmp_used[MAX_TMP_PATHS];
static pid_t children[MAX_CHILDREN];
static volatile sig_atomic_t nchildren;
static pid_t owner_pid;
static int installed;
static void (*hooks[MAX_HOOKS])(void);
static volatile sig_atomic_t nhooks;

/* Program hooks, newest first, after the children are gone. */
static void run_hooks(void)
{
	int i;

	for (i = nhooks - 1; i >= 0; i--)
		hooks[i]();
}

static void remove_paths(void)
{
	int i;

	/* Only the process that registered a path removes it. */
	for (i = MAX_TMP_PATHS - 1; i >= 0; i--) {
		if (!tmp_used[i])
			continue;
		if (unlink(tmp_paths[i]) != 0 &&
		    (errno == EISDIR || errno == EPERM))
			rmdir(tmp_paths[i]);
		tmp_used[i] = 0;
	}
}

/*
 * SIGTERM first, so copies can remove files they registered themselves;
 * SIGKILL whatever is still there after TERM_GRACE_MS.
 */
static void kill_children(void)
{
	struct timespec tick = {0, 2 * 1000 * 1000};
	int i, n = nchildren, left, waited = 0;

	for (i = 0; i < n; i++)
		if (children[i] > 0)
			kill(children[i], SIGTERM);
	do {
		left = 0;
		for (i = 0; i < n; i++) {
			if (children[i] <= 0)
				continue;
			if (waitpid(children[i], NULL, WNOHANG) != 0)
				children[i] = 0;	/* reaped or gone */
			else
				left++;
		}
		if (left && waited < TERM_GRACE_MS)
			nanosleep(&tick, NULL);
		waited += 2;
	} while (left && waited <= TERM_GRACE_MS);
	for (i = 0; i < n; i++)
		if (children[i] > 0)
			kill(children[i], SIGKILL);
	for (i = 0; i < n; i++)
		if (children[i] > 0)
			waitpid(children[i], NULL, 0);
	nchildren = 0;
}

/* Reap every child that ends within wait_ms (signal-safe). */
static void reap_orphans(int wait_ms)
{
	struct timespec tick = {0, 5 * 1000 * 1000};
	int waited = 0;
	pid_t r;

	for (;;) {
		r = waitpid(-1, NULL, WNOHANG);
		if (r > 0)
			continue;
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 || waited >= wait_ms)
			return;	/* no children left, or out of patience */
		nanosleep(&tick, NULL);
		waited += 5;
	}
}

void cleanup_run(void)
{
	int i, had = 0;

	if (getpid() != owner_pid) {
		/* A forked child: it owns nothing registered before fork. */
		return;
	}
	for (i = 0; i < nchildren; i++)
		had |= children[i] > 0;
	kill_children();
	run_hooks();
	remove_paths();
	/* Killed copies may leave helpers behind; a clean exit does not. */
	reap_orphans(had ? REAP_WAIT_MS : 0);
}

static void on_signal(int sig)
{
	int saved = errno;

	if (getpid() == owner_pid) {
		kill_children();
		run_hooks();
		remove_paths();
		reap_orphans(REAP_WAIT_MS);
	}
	signal(sig, SIG_DFL);
	errno = saved;
	raise(sig);
}

static void at_exit(void)
{
	cleanup_run();
}

/*
 * Results go to stderr (and stdout): a program whose output was lost
 * (a full disk, a closed pipe or descriptor) must not exit 0.  The
 * last exit hook flushes and closes both streams and turns a write
 * error into exit 1, with a message on stderr when that still works.
 * An exit already failing (usage, runtime error) keeps its status.
 */
static volatile sig_atomic_t failing;

/* The error exits' hook (lib_error.c): the status is already non-zero. */
static void on_error_exit(void)
{
	failing = 1;
	cleanup_run();
}

/* 0 if everything written to fp reached its file, else errno. */
static int close_stream(FILE *fp)
{
	int err = 0;

	if (fflush(fp) != 0)
		err = errno ? errno : EIO;
	if (ferror(fp) && err == 0)
		err = EIO;	/* an earlier write failed; errno is gone */
	if (fclose(fp) != 0 && err == 0)
		err = errno ? errno : EIO;
	return err;
}

static void check_output(void)
{
	int out_err, err_err;

	if (getpid() != owner_pid)
		return;	/* a forked child: its parent reports */
	out_err = close_stream(stdout);
	if (failing) {
		(void)close_stream(stderr);
		return;
	}
	if (out_err != 0)
		fprintf(stderr, "%s: write error on standard output: %s\n",
			bench_progname(), strerror(out_err));
	err_err = close_stream(stderr);
	if (out_err != 0 || err_err != 0)
		_exit(1);
}

/*
 * A closed standard output or error would be taken by the next file or
 * socket the program opens, which would then receive its results.  Hold
 * each closed one with /dev/null opened read-only instead: a write to
 * it fails (EBADF) as on a closed descriptor, and the exit check sees it.
 */
static void hold_std_fds(void)
{
	int fd;

	for (fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		if (open("/dev/null", O_RDONLY) != fd)
			_exit(1);	/* no /dev/null: nothing to report on */
	}
}

void cleanup_install(void)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
	struct sigaction sa;
	size_t i;

	if (installed)
		return;
	installed = 1;
	owner_pid = getpid();
	hold_std_fds();
#if defined(__linux__)
	(void)prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigfillset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		struct sigaction old;

		/* Keep an inherited "ignore" (nohup, background jobs). */
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[i], &sa, NULL);
	}
	/* Registered first, so it runs last. */
	atexit(check_output);
	atexit(at_exit);
	error_exit_hook(on_error_exit);
}

void bench_tmp_register(const char *path)
{
	int i;

	cleanup_install();
	if (getpid() != owner_pid) {
		/* A child registering its own files takes over cleanup. */
		owner_pid = getpid();
		nchildren = 0;
		for (i = 0; i < MAX_TMP_PATHS; i++)
			tmp_used[i] = 0;
	}
	if (strlen(path) >= PATH_MAX)
		bench_fail("%s: path too long", path);
	for (i = 0; i < MAX_TMP_PATHS; i++) {
		if (!tmp_used[i]) {
			strcpy(tmp_paths[i], path);
			tmp_used[i] = 1;
			return;
		}
	}
	bench_fail("too many temporary files");
}

void bench_cleanup_hook(void (*fn)(void))
{
	cleanup_install();
	if (getpid() != owner_pid)
		bench_die("bench_cleanup_hook: only the first process may "
			  "register hooks");
	if (nhooks >= MAX_HOOKS)
		bench_fail("too many cleanup hooks");
	hooks[nhooks] = fn;
	nhooks = nhooks + 1;
}

void bench_tmp_unregister(const char *path)
{
	int i;

	for (i = 0; i < MAX_TMP_PATHS; i++) {
		if (tmp_used[i] && strcmp(tmp_paths[i], path) == 0) {
			tmp_used[i] = 0;
			return;
		}
	}
}

int bench_tmpfile(char *path, size_t size, const char *stem)
{
	const char *dir = getenv("TMPDIR");
	int fd, len;
	sigset_t all, old;

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	len = snprintf(path, size, "%s/%s.XXXXXX", dir, stem);
	if (len < 0 || (size_t)len >= size)
		bench_fail("%s: temporary path too long", dir);
	/* No signal between creating the file and registering it. */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	fd = mkstemp(path);
	if (fd >= 0)
		bench_tmp_register(path);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (fd < 0)
		bench_die("mkstemp %s", path);
	return fd;
}

void cleanup_child_add(pid_t pid)
{
	cleanup_install();
	if (nchildren < MAX_CHILDREN) {
		children[nchildren] = pid;
		nchildren = nchildren + 1;
	}
}

void cleanup_child_remove(pid_t pid)
{
	int i;

	for (i = 0; i < nchildren; i++)
		if (children[i] == pid)
			children[i] = 0;	/* kill_children skips it */
}
