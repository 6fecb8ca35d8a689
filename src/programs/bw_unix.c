/*
 * bw_unix - bandwidth of a connected AF_UNIX stream socket pair between
 * two processes: the copy writes -M bytes (default 10 MB) in -m byte
 * writes (default 64 KB), the partner reads every byte and, once it has
 * all of them, answers with one byte on the same socket.  The time runs
 * until that answer arrives, so only bytes really received are counted.
 * MB is 10^6 bytes; the total is rounded down to whole messages.
 *
 * usage: bw_unix [-m <message size>] [-M <total bytes>] [-P <parallelism>]
 *                [-W <warmup>] [-N <repetitions>]
 */
#include "bench.h"
#include "lib_xfer.h"

#include <sys/socket.h>


static void open_socketpair(struct partner_ends *e)
{
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
		bench_die("socketpair AF_UNIX");
	e->wr = sv[0];
	e->rd = dup(sv[0]);
	e->peer_rd = sv[1];
	e->peer_wr = dup(sv[1]);
	if (e->rd < 0 || e->peer_wr < 0)
		bench_die("dup");
}

static const struct xfer_program prog = {
	.open_fds = open_socketpair, .name = "unix.bandwidth",
	.label = "AF_UNIX sock stream bandwidth"
};

int main(int argc, char *argv[])
{
	return xfer_main(argc, argv, &prog);
}
