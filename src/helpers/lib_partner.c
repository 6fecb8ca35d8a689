/*
 * lib_partner.c - fork, place, watch and reap the helper processes of a
 * benchmark copy.
 *
 * A helper must never outlive the program.  Three things see to it: the
 * copy kills and reaps its helpers in cleanup(0); the pids are handed to
 * lib_cleanup, whose SIGINT/SIGTERM handler kills them when the copy is
 * the process that owns cleanup (a single copy); and on Linux each helper
 * asks for SIGKILL when its parent dies, which covers copies that the
 * parallel harness itself kills.  Helpers that talk over pipes or sockets
 * also end on end-of-file, which covers the other systems.
 */
#if defined(__linux__)
#define _GNU_SOURCE
#include <sys/prctl.h>
#endif
#include "bench.h"
#include "lib_cleanup.h"
#include "lib_env.h"
#include "lib_partner.h"

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>

static void describe_nproc(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NPROC, &rl) != 0)
		return;
	if (rl.rlim_cur == RLIM_INFINITY)
		fprintf(stderr, "%s: RLIMIT_NPROC is unlimited; the system's "
			"process or memory limit was hit\n", bench_progname());
	else
		fprintf(stderr, "%s: RLIMIT_NPROC (ulimit -u) is %llu "
			"processes for this user\n", bench_progname(),
			(unsigned long long)rl.rlim_cur);
}

pid_t partner_fork(int which, int count)
{
	pid_t parent = getpid(), pid;
	int saved;

	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		saved = errno;
		if (saved == EAGAIN)
			describe_nproc();
		errno = saved;
		bench_die("fork helper process %d of %d", which, count);
	}
	if (pid == 0) {
#if defined(__linux__)
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0)
			_exit(1);
#endif
		if (getppid() != parent)
			_exit(1);	/* the copy is already gone */
		if (handle_scheduler(benchmp_childid(), which, count) != 0) {
			fprintf(stderr, "%s: LMBENCH_SCHED: cannot place helper "
				"%d: %s\n", bench_progname(), which,
				strerror(errno));
			_exit(1);
		}
		return 0;
	}
	cleanup_child_add(pid);
	return pid;
}

void partner_place_self(int count)
{
	/* A helper that dies makes write() fail (reported), not SIGPIPE. */
	signal(SIGPIPE, SIG_IGN);
	if (handle_scheduler(benchmp_childid(), 0, count) != 0)
		bench_die("LMBENCH_SCHED: cannot place the benchmark process");
}

/*
 * The CPU a process last ran on (Linux: field 39 of /proc/<pid>/stat),
 * or -1.  For LMBENCH_DEBUG: where the default placement put things.
 */
static int last_cpu(pid_t pid)
{
	char path[64], buf[1024], *p;
	int field = 2, cpu = -1;
	size_t len;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	len = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[len] = '\0';
	p = strrchr(buf, ')');	/* the command name may hold spaces */
	while (p != NULL && *p != '\0' && field < 39) {
		p = strchr(p + 1, ' ');
		field++;
	}
	if (p != NULL && field == 39)
		cpu = atoi(p + 1);
	return cpu;
}

void partner_reap(pid_t *pids, int n)
{
	int i;

	if (bench_env()->debug) {
		bench_debug("copy %d (pid %ld) last ran on CPU %d",
			    benchmp_childid(), (long)getpid(),
			    last_cpu(getpid()));
		for (i = 0; i < n; i++)
			if (pids[i] > 0)
				bench_debug("copy %d helper (pid %ld) last "
					    "ran on CPU %d", benchmp_childid(),
					    (long)pids[i], last_cpu(pids[i]));
	}

	for (i = 0; i < n; i++)
		if (pids[i] > 0)
			kill(pids[i], SIGKILL);
	for (i = 0; i < n; i++) {
		if (pids[i] <= 0)
			continue;
		while (waitpid(pids[i], NULL, 0) < 0 && errno == EINTR)
			;
		/* Reaped pids may be reused: lib_cleanup must not kill them. */
		cleanup_child_remove(pids[i]);
		pids[i] = 0;
	}
}

void partner_pipes(struct partner_ends *e)
{
	int to_peer[2], from_peer[2];

	if (pipe(to_peer) != 0 || pipe(from_peer) != 0)
		bench_die("pipe");
	e->wr = to_peer[1];
	e->peer_rd = to_peer[0];
	e->peer_wr = from_peer[1];
	e->rd = from_peer[0];
}

int partner_read_all(int fd, void *buf, size_t len)
{
	char *p = buf;
	ssize_t r;

	while (len > 0) {
		r = read(fd, p, len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		p += r;
		len -= (size_t)r;
	}
	return 0;
}

int partner_write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	ssize_t w;

	while (len > 0) {
		w = write(fd, p, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		len -= (size_t)w;
	}
	return 0;
}
