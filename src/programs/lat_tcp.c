/*
 * lat_tcp - TCP round-trip latency: the client sends a message of -m
 * bytes (default 1), the server reads all of it and sends it back, the
 * client reads all of the answer.  One iteration is one round trip over
 * an established connection with TCP_NODELAY on both ends; connection
 * set-up is outside the timed intervals.
 *
 * Server: lat_tcp -s [-b addr] [-p port] [-i idle]   (background)
 *         lat_tcp -S host [-p port]                  (stop it)
 * Client: lat_tcp [-m size] [-P] [-W] [-N] [-p port] [host]
 * A client given no host runs its own server on a free loopback port.
 */
#include "bench.h"
#include "lib_net.h"
#include "lib_server.h"

#include <sys/socket.h>

/* Largest message: a sanity bound, far above lmbench3's sizes. */
#define MAX_MSG		(64 << 20)

struct state {
	const char *host;
	int port;
	size_t msize;
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
	if (m == 0 || m > MAX_MSG || (buf = malloc(m)) == NULL)
		return;
	net_nodelay(fd);
	while (net_try_recv_all(fd, buf, m) == (long)m &&
	       net_try_send_all(fd, buf, m) == (long)m)
		;
}

static void serve(void *arg)
{
	struct state *st = arg;
	struct srv_conf c = {
		.idle_s = st->sa.idle_s, .conn = serve_conn};

	srv_stream_loop(st->lfd, &c);
}

static void do_xact(iter_t n, void *cookie)
{
	struct state *st = cookie;

	while (n-- > 0) {
		net_send_all(st->fd, st->buf, st->msize);
		net_recv_all(st->fd, st->buf, st->msize);
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
	net_nodelay(st->fd);
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
	"-s [-b addr] [-p port] [-i idle_s] | [-m size] [-P <parallelism>] "
	"[-W <warmup>] [-N <repetitions>] [-p port] [host] | "
	"-S host [-p port]\n";

/* --help: a line per option and operand (bench_init_help). */
static const struct bench_help help[] = {
	SRV_HELP_SERVER,
	SRV_HELP_NET,
	SRV_HELP_PORT,
	{"-m", "bytes per message each way (default 1)"},
	{NULL, NULL}
};

int main(int argc, char *argv[])
{
	struct bench_opts opts = BENCH_OPTS_DEFAULT;
	struct state st;
	char label[512], name[METRIC_NAME_MAX];
	pid_t server;
	int c;

	memset(&st, 0, sizeof(st));
	st.msize = 1;
	srv_args_init(&st.sa, NET_PORT_LAT_TCP);
	bench_init_help(argc, argv, usage, help);
	while ((c = srv_getopt(argc, argv, BENCH_COMMON_OPTS "m:", &opts,
				&st.sa)) != -1) {
		if (c != 'm')
			bench_usage();
		st.msize = bench_arg_size(optarg);
		if (st.msize < 1 || st.msize > MAX_MSG)
			bench_fail("-m: message size must be 1..%d bytes",
				   MAX_MSG);
	}
	if (argc - optind > 1)
		bench_usage();
	srv_dispatch(&st.sa, SOCK_STREAM, argc - optind, argv + optind, serve,
		     &st, &st.lfd, &st.host, &st.port, &server);
	benchmp(init, do_xact, cleanup, 0, opts.parallel, opts.warmup,
		opts.repetitions, &st);
	if (server > 0)
		srv_child_stop(server);
	snprintf(label, sizeof(label), "TCP latency using %s", st.host);
	metric_net(st.host, "tcp_latency", name, sizeof(name));
	report_micro(name, label, get_n());
	return 0;
}
