/*
 * lat_fifo - round trip of one byte between two processes over a pair
 * of named pipes (FIFOs): the copy writes a byte into one FIFO, the
 * partner reads it and writes it back into the other, the copy reads it.
 *
 * The FIFOs are made in $TMPDIR (default /tmp) when each copy starts,
 * opened by both ends and removed from the directory at once: the
 * round trips use the open FIFOs, and nothing is left behind even if
 * the program is killed.  Opening and removing them is not timed.
 *
 * usage: lat_fifo [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 */
#include "bench.h"
#include "lib_potato.h"

#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <sys/stat.h>


/* A new FIFO at a fresh temporary path; both ends open, name removed. */
static void open_fifo(int *rd, int *wr)
{
	char path[PATH_MAX];
	sigset_t all, old;
	int fd;

	fd = bench_tmpfile(path, sizeof(path), "lat_fifo");
	close(fd);
	if (unlink(path) != 0 || mkfifo(path, 0600) != 0)
		bench_die("mkfifo %s", path);
	/* A read end first, non-blocking, so the write end opens at once. */
	*rd = open(path, O_RDONLY | O_NONBLOCK);
	if (*rd < 0)
		bench_die("open %s for reading", path);
	*wr = open(path, O_WRONLY);
	if (*wr < 0)
		bench_die("open %s for writing", path);
	if (fcntl(*rd, F_SETFL, 0) != 0)
		bench_die("fcntl %s", path);
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	if (unlink(path) == 0)
		bench_tmp_unregister(path);
	sigprocmask(SIG_SETMASK, &old, NULL);
}

static void open_fifos(struct partner_ends *e)
{
	open_fifo(&e->peer_rd, &e->wr);
	open_fifo(&e->rd, &e->peer_wr);
}

static const struct potato_program prog = {
	.open_fds = open_fifos, .name = "fifo.latency", .label = "Fifo latency"
};

int main(int argc, char *argv[])
{
	return potato_main(argc, argv, &prog);
}
