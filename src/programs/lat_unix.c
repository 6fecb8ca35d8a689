/*
 * lat_unix - round trip of a message between two processes over a
 * connected AF_UNIX stream socket pair ("hot potato"): the copy sends
 * -m bytes (default 1), the partner reads all of them and sends them
 * back, the copy reads all of them.
 *
 * The time is a full round trip; the loop and timer overheads are
 * subtracted by the harness.  Placement of the two processes
 * (LMBENCH_SCHED) decides whether it includes cross-CPU wake-ups.
 *
 * usage: lat_unix [-m <message size>] [-P <parallelism>] [-W <warmup>]
 *                 [-N <repetitions>]
 */
#include "bench.h"
#include "lib_potato.h"

#include <sys/socket.h>

/* Beyond this a "latency" is a bandwidth test: refuse it. */
#define MAX_MSG ((size_t)64 << 20)

static void open_socketpair(struct partner_ends *e)
{
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
		bench_die("socketpair AF_UNIX");
	e->rd = e->wr = sv[0];
	e->peer_rd = e->peer_wr = sv[1];
}

static const struct potato_program prog = {
	.open_fds = open_socketpair, .name = "unix.latency",
	.label = "AF_UNIX sock stream latency", .max_msg = MAX_MSG
};

int main(int argc, char *argv[])
{
	return potato_main(argc, argv, &prog);
}
