/*
 * lat_fcntl - round trip between two processes through POSIX record
 * locks (fcntl F_SETLKW) on one file.
 *
 * Three one-byte regions A, B, C of a temporary file act as batons.
 * The copy starts holding A and B, the partner holds C and waits for A.
 * In each step a process releases the region the other one waits for
 * and then blocks on one the other holds:
 *
 *   copy:    unlock A, lock C | unlock B, lock A | unlock C, lock B | ...
 *   partner: lock A, unlock C | lock B, unlock A | lock C, unlock B | ...
 *
 * so the two strictly alternate.  One iteration is one step of the copy:
 * a hand-over to the partner and one back, i.e. a round trip of two
 * unlocks, two blocking locks and two wake-ups.  Loop and timer
 * overheads are subtracted by the harness.  The file is made in $TMPDIR
 * (default /tmp) and removed from the directory as soon as it is open.
 *
 * usage: lat_fcntl [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 */
#include "bench.h"
#include "lib_partner.h"

#include <fcntl.h>
#include <limits.h>
#include <signal.h>

#define NREGIONS 3

struct state {
	int fd;
	int next;		/* the region the copy releases next */
	int ready[2];		/* partner -> copy: "I hold C" */
	pid_t pid;
};

static int region(int fd, int r, short type, int cmd)
{
	struct flock fl;

	memset(&fl, 0, sizeof(fl));
	fl.l_type = type;
	fl.l_whence = SEEK_SET;
	fl.l_start = r;
	fl.l_len = 1;
	return fcntl(fd, cmd, &fl);
}

#define LOCK(fd, r)	region(fd, r, F_WRLCK, F_SETLKW)
#define UNLOCK(fd, r)	region(fd, r, F_UNLCK, F_SETLK)

static void partner(struct state *st)
{
	int r = 0;
	char c = 'r';

	close(st->ready[0]);
	if (LOCK(st->fd, 2) != 0 || write(st->ready[1], &c, 1) != 1)
		_exit(1);
	close(st->ready[1]);
	for (;;) {
		if (LOCK(st->fd, r) != 0 ||
		    UNLOCK(st->fd, (r + 2) % NREGIONS) != 0)
			_exit(1);
		r = (r + 1) % NREGIONS;
	}
}

static void do_fcntl(iter_t n, void *cookie)
{
	struct state *st = cookie;
	int fd = st->fd, r = st->next;

	while (n-- > 0) {
		if (UNLOCK(fd, r) != 0)
			bench_die("fcntl unlock");
		if (LOCK(fd, (r + 2) % NREGIONS) != 0)
			bench_die("fcntl lock");
		r = (r + 1) % NREGIONS;
	}
	st->next = r;
}

static void start_partner(void *cookie)
{
	struct state *st = cookie;
	char path[PATH_MAX], c;
	sigset_t all, old;

	st->fd = bench_tmpfile(path, sizeof(path), "lat_fcntl");
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	if (unlink(path) == 0)
		bench_tmp_unregister(path);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (pipe(st->ready) != 0)
		bench_die("pipe");
	if (LOCK(st->fd, 0) != 0 || LOCK(st->fd, 1) != 0)
		bench_die("fcntl lock %s", path);
	st->next = 0;
	st->pid = partner_fork(1, 1);
	if (st->pid == 0)
		partner(st);
	close(st->ready[1]);
	if (read(st->ready[0], &c, 1) != 1)
		bench_die("the partner process could not lock its region");
	close(st->ready[0]);
	partner_place_self(1);
	do_fcntl(1, st);
}

static void stop_partner(void *cookie)
{
	struct state *st = cookie;

	partner_reap(&st->pid, 1);
	close(st->fd);
	st->fd = -1;
}

static int run(const struct bench_run *r)
{
	benchmp_copy(start_partner, do_fcntl, stop_partner, &r->opts,
		     r->state);
	report_micro("fcntl.latency", "Fcntl lock latency", get_n());
	return 0;
}

/* No options, no operands: -P/-W/-N alone. */
BENCH_MAIN(.usage = BENCH_USAGE_PWN "\n",
	   BENCH_STATE(.fd = -1, .ready = {-1, -1}))
