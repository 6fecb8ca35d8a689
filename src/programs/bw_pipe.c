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

/* 64 KB is a Linux pipe's default capacity: one write fills it. */
#define DEFAULT_MSG	((size_t)64 << 10)
/* 10 MB: long against a wake-up, short enough for a quick run. */
#define DEFAULT_TOTAL	((size_t)10 << 20)

static void open_pipes(struct xfer *x)
{
	int data[2], ack[2];

	if (pipe(data) != 0 || pipe(ack) != 0)
		bench_die("pipe");
	x->wr = data[1];
	x->peer_rd = data[0];
	x->peer_ack = ack[1];
	x->ack_rd = ack[0];
}

static const char usage[] =
	"[-m <message size>] [-M <total bytes>] [-P <parallelism>] "
	"[-W <warmup>] [-N <repetitions>]\n";

/* --help: a line per option and operand (bench_init_help). */
static const struct bench_help help[] = {
	XFER_HELP,
	{NULL, NULL}
};

int main(int argc, char *argv[])
{
	struct bench_opts opts = BENCH_OPTS_DEFAULT;
	size_t msg = DEFAULT_MSG, total = DEFAULT_TOTAL;
	struct xfer x;

	bench_init_help(argc, argv, usage, help);
	xfer_options(argc, argv, &msg, &total, &opts);
	xfer_setup(&x, msg, total, open_pipes);
	benchmp(xfer_init, xfer_bench, xfer_cleanup, 0, opts.parallel,
		opts.warmup, opts.repetitions, &x);
	fprintf(stderr, "Pipe bandwidth: ");
	report_mb("pipe.bandwidth", "bytes received", "Pipe bandwidth",
		  (uint64)x.total * get_n());
	return 0;
}
