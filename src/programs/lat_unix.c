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

/* lmbench3's default: a one-byte token. */
#define DEFAULT_MSG 1
/* Beyond this a "latency" is a bandwidth test: refuse it. */
#define MAX_MSG ((size_t)64 << 20)

static void open_socketpair(struct potato *p)
{
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
		bench_die("socketpair AF_UNIX");
	p->rd = p->wr = sv[0];
	p->peer_rd = p->peer_wr = sv[1];
}

static const char usage[] =
	"[-m <message size>] [-P <parallelism>] [-W <warmup>] "
	"[-N <repetitions>]\n";

/* --help: a line per option and operand (bench_init_help). */
static const struct bench_help help[] = {
	{"-m", "bytes per message each way (default 1)"},
	{NULL, NULL}
};

int main(int argc, char *argv[])
{
	struct bench_opts opts = BENCH_OPTS_DEFAULT;
	size_t msg = DEFAULT_MSG;
	struct potato p;
	int c;

	bench_init_help(argc, argv, usage, help);
	while ((c = getopt(argc, argv, "m:" BENCH_COMMON_OPTS)) != -1) {
		if (c == 'm')
			msg = bench_arg_size(optarg);
		else if (!bench_common_opt(c, optarg, &opts))
			bench_usage();
	}
	if (optind != argc)
		bench_usage();
	if (msg == 0 || msg > MAX_MSG)
		bench_fail("-m: the message size must be 1 byte to 64 MB");
	potato_setup(&p, msg, open_socketpair);
	benchmp(potato_init, potato_bench, potato_cleanup, 0, opts.parallel,
		opts.warmup, opts.repetitions, &p);
	report_micro("unix.latency", "AF_UNIX sock stream latency",
		     get_n());
	return 0;
}
