/*
 * bw_tcp - TCP stream bandwidth: the server writes -m byte messages
 * (default 64 KB) without pause; the client reads them in -m byte reads.
 * One iteration reads -M bytes (default: 1024 messages, at most 10 MB
 * and at least one message), so the timed region is reads only: no
 * request or acknowledgement per transfer, no connection set-up.
 * MB is 10^6 bytes, counted as payload read by the client.
 *
 * Output: "<message size in MB, %.6f> <MB/s, %.2f>".
 *
 * Server: bw_tcp -s [-b addr] [-p port] [-i idle]   (background)
 *         bw_tcp -S host [-p port]                  (stop it)
 * Client: bw_tcp [-m msg] [-M total] [-P] [-W] [-N] [-p port] [host]
 * A client given no host runs its own server on a free loopback port.
 */
#include "bench.h"
#include "lib_net.h"
#include "lib_report.h"
#include "lib_server.h"

#include <sys/socket.h>

#define DEFAULT_MSG	(64 * 1024)	/* lmbench3's transfer unit */
#define DEFAULT_MSGS	1024		/* messages per iteration */
#define DEFAULT_MAX	(10 * 1000 * 1000)	/* at most 10 MB per iteration */
#define MAX_MSG		(256 << 20)
#define MAX_MOVE	((size_t)1 << 40)

struct state {
	const char *host;
	int port;
	size_t msize, move;
	int fd;
	char *buf;
	struct srv_args sa;
	int lfd;
};

static void serve_conn(int fd, const struct srv_hello *h, void *arg)
{
	size_t m = h->a;
	char *buf;

	(void)arg;
	if (m == 0 || m > MAX_MSG || (buf = calloc(1, m)) == NULL)
		return;
	/* Until the client closes (or stops reading for the idle time). */
	while (net_try_send_all(fd, buf, m) == (long)m)
		;
	free(buf);
}

static void serve(void *arg)
{
	struct state *st = arg;
	struct srv_conf c = {
		.idle_s = st->sa.idle_s, .conn = serve_conn};

	srv_stream_loop(st->lfd, &c);
}

static void do_read(iter_t n, void *cookie)
{
	struct state *st = cookie;
	size_t left, want;
	ssize_t r;

	while (n-- > 0) {
		for (left = st->move; left > 0; left -= (size_t)r) {
			want = left < st->msize ? left : st->msize;
			r = read(st->fd, st->buf, want);
			if (r <= 0)
				bench_die("read from %s", st->host);
		}
	}
}

static void init(iter_t n, void *cookie)
{
	struct state *st = cookie;
	if (n != 0)
		return;
	st->buf = calloc(1, st->msize);
	if (st->buf == NULL)
		bench_die("out of memory");
	st->fd = srv_stream_client(st->host, st->port, (uint32_t)st->msize);
}

static void cleanup(iter_t n, void *cookie)
{
	struct state *st = cookie;

	if (n != 0)
		return;
	close(st->fd);
	free(st->buf);
}

static const char usage[] =
	"-s [-b addr] [-p port] [-i idle_s] | [-m msg] [-M total] "
	"[-P <parallelism>] [-W <warmup>] [-N <repetitions>] [-p port] "
	"[host] | -S host [-p port]\n";

int main(int argc, char *argv[])
{
	struct bench_opts opts = BENCH_OPTS_DEFAULT;
	struct state st;
	pid_t server;
	double mbs;
	int c;

	memset(&st, 0, sizeof(st));
	st.msize = DEFAULT_MSG;
	srv_args_init(&st.sa, NET_PORT_BW_TCP);
	bench_init(argc, argv, usage);
	while ((c = srv_getopt(argc, argv, BENCH_COMMON_OPTS "m:M:", &opts,
				&st.sa)) != -1) {
		if (c == 'm') {
			st.msize = bench_arg_size(optarg);
		} else if (c == 'M') {
			st.move = bench_arg_size(optarg);
			if (st.move == 0)
				bench_fail("-M: total must be at least 1 byte");
		} else {
			bench_usage();
		}
	}
	if (st.msize < 1 || st.msize > MAX_MSG)
		bench_fail("-m: message size must be 1..%d bytes", MAX_MSG);
	if (st.move == 0) {
		st.move = st.msize * DEFAULT_MSGS;
		if (st.move > DEFAULT_MAX)
			st.move = DEFAULT_MAX > st.msize ? DEFAULT_MAX
							 : st.msize;
	}
	if (st.move > MAX_MOVE)
		bench_fail("-M: total must be 1..2^40 bytes");
	if (argc - optind > 1)
		bench_usage();
	srv_dispatch(&st.sa, SOCK_STREAM, argc - optind, argv + optind, serve,
		     &st, &st.lfd, &st.host, &st.port, &server);
	benchmp(init, do_read, cleanup, 0, opts.parallel, opts.warmup,
		opts.repetitions, &st);
	if (server > 0)
		srv_child_stop(server);
	/* MB/s = bytes per iteration * 1e3 / ns per iteration. */
	mbs = report_median((double)st.move * 1e3, 1);
	fprintf(stderr, "%.6f %.2f\n", (double)st.msize / 1e6, mbs);
	report_stats_line("bw_tcp", "MB/sec", (double)st.move * 1e3, 1);
	return 0;
}
