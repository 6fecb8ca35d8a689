/*
 * lat_pipe - round trip of one byte between two processes over a pair
 * of pipes ("hot potato"): the copy writes a byte down one pipe, the
 * partner reads it and writes it back up the other, the copy reads it.
 *
 * The time is a full round trip: two writes, two reads and two wake-ups
 * of a blocked reader.  Where the two processes run decides the result
 * (same CPU: two context switches; different CPUs: two cross-CPU
 * wake-ups); LMBENCH_SCHED chooses it (see lmbench(8)).  The loop and
 * timer overheads are subtracted by the harness.
 *
 * usage: lat_pipe [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 */
#include "bench.h"
#include "lib_potato.h"

static const struct potato_program prog = {
	.open_fds = partner_pipes, .name = "pipe.latency",
	.label = "Pipe latency"
};

int main(int argc, char *argv[])
{
	return potato_main(argc, argv, &prog);
}
