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

/* lmbench3's message size for stream bandwidth. */
#define DEFAULT_MSG	((size_t)64 << 10)
/* 10 MB: long against a wake-up, short enough for a quick run. */
#define DEFAULT_TOTAL	((size_t)10 << 20)

static void open_socketpair(struct xfer *x)
{
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
		bench_die("socketpair AF_UNIX");
	x->wr = sv[0];
	x->ack_rd = dup(sv[0]);
	x->peer_rd = sv[1];
	x->peer_ack = dup(sv[1]);
	if (x->ack_rd < 0 || x->peer_ack < 0)
		bench_die("dup");
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
	xfer_setup(&x, msg, total, open_socketpair);
	benchmp(xfer_init, xfer_bench, xfer_cleanup, 0, opts.parallel,
		opts.warmup, opts.repetitions, &x);
	fprintf(stderr, "AF_UNIX sock stream bandwidth: ");
	report_mb("unix.bandwidth", "bytes received",
		  "AF_UNIX sock stream bandwidth", (uint64)x.total * get_n());
	return 0;
}
