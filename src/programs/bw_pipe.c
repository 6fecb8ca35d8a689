/*
 * bw_pipe - bandwidth of a pipe between two processes: the copy writes
 * -M bytes (default 10 MB) in -m byte writes (default 64 KB) into a
 * pipe, the partner reads every byte and, once it has all of them,
 * answers with one byte on a second pipe.  The time runs until that
 * answer arrives, so only bytes really received are counted.  MB is
 * 10^6 bytes; the total is rounded down to whole messages.
 *
 * usage: bw_pipe [-m <message size>] [-M <total bytes>] [-P <parallelism>]
 *                [-W <warmup>] [-N <repetitions>]
 */
#include "bench.h"
#include "lib_xfer.h"

static const struct xfer_program prog = {
	.open_fds = partner_pipes, .name = "pipe.bandwidth",
	.label = "Pipe bandwidth"
};

int main(int argc, char *argv[])
{
	return xfer_main(argc, argv, &prog);
}
