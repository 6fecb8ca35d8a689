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

/* One byte: the message is a token, not data. */
#define MSG_BYTES 1

static void open_pipes(struct potato *p)
{
	int to_peer[2], from_peer[2];

	if (pipe(to_peer) != 0 || pipe(from_peer) != 0)
		bench_die("pipe");
	p->wr = to_peer[1];
	p->peer_rd = to_peer[0];
	p->peer_wr = from_peer[1];
	p->rd = from_peer[0];
}

static const char usage[] =
	"[-P <parallelism>] [-W <warmup>] [-N <repetitions>]\n";

/* --help: a line per option and operand (bench_init_help). */
static const struct bench_help help[] = {
	{NULL, NULL}
};

int main(int argc, char *argv[])
{
	struct bench_opts opts = BENCH_OPTS_DEFAULT;
	struct potato p;

	bench_init_help(argc, argv, usage, help);
	bench_common_args(argc, argv, &opts, 0, 0);
	potato_setup(&p, MSG_BYTES, open_pipes);
	benchmp(potato_init, potato_bench, potato_cleanup, 0, opts.parallel,
		opts.warmup, opts.repetitions, &p);
	report_micro("pipe.latency", "Pipe latency", get_n());
	return 0;
}
