/*
 * lat_udp - UDP round-trip latency: the client sends a datagram of -m
 * bytes (default 4, at least 4: the first four carry a sequence number),
 * the server sends it straight back, the client receives it and checks
 * the number.  One iteration is one round trip on connected sockets.
 * A datagram lost is not retried: the client gives up after 10 s with an
 * error rather than report a number.
 *
 * Server: lat_udp -s [-b addr] [-p port] [-i idle]   (background)
 *         lat_udp -S host [-p port]                  (stop it)
 * Client: lat_udp [-m size] [-P] [-W] [-N] [-p port] [host]
 * A client given no host runs its own server on a free loopback port.
 */
#include "bench.h"
#include "lib_net.h"
#include "lib_server.h"

#include <arpa/inet.h>
#include <sys/socket.h>

#define MIN_MSG		4
#define MAX_MSG		65507	/* largest IPv4 UDP payload */
/* Sequence numbers stay below the control magic (see lib_server.h). */
#define SEQ_MASK	0x3fffffffu

struct state {
	const char *host;
	int port;
	size_t msize;
	int fd;
	uint32_t seq;
	char *buf;
	struct srv_args sa;
	int lfd;
};

static void echo(int fd, void *buf, size_t len, const struct sockaddr *from,
		 socklen_t fromlen, void *arg)
{
	(void)arg;
	(void)sendto(fd, buf, len, 0, from, fromlen);
}

static void serve(void *arg)
{
	struct state *st = arg;
	struct srv_conf c = {
		.idle_s = st->sa.idle_s, .dgram = echo, .dgram_max = MAX_MSG};

	srv_dgram_loop(st->lfd, &c);
}

static void do_xact(iter_t n, void *cookie)
{
	struct state *st = cookie;
	uint32_t seq = st->seq, got;

	while (n-- > 0) {
		seq = (seq + 1) & SEQ_MASK;
		memcpy(st->buf, &seq, sizeof(seq));
		if (send(st->fd, st->buf, st->msize, 0) != (ssize_t)st->msize)
			bench_die("send");
		if (recv(st->fd, st->buf, st->msize, 0) != (ssize_t)st->msize)
			bench_die("recv: no full answer within %d s",
				  NET_IO_TIMEOUT_MS / 1000);
		memcpy(&got, st->buf, sizeof(got));
		if (got != seq)
			bench_die("answer out of sequence (a lost datagram)");
	}
	st->seq = seq;
}

static void init(iter_t n, void *cookie)
{
	struct state *st = cookie;

	if (n != 0)
		return;
	st->buf = calloc(1, st->msize);
	if (st->buf == NULL)
		bench_die("out of memory");
	st->fd = srv_dgram_client(st->host, st->port);
	net_timeouts(st->fd, NET_IO_TIMEOUT_MS);
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
	{"-m", "bytes per datagram, at least 4 (default 4)"},
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
	st.msize = MIN_MSG;
	srv_args_init(&st.sa, NET_PORT_LAT_UDP);
	bench_init_help(argc, argv, usage, help);
	while ((c = srv_getopt(argc, argv, BENCH_COMMON_OPTS "m:", &opts,
				&st.sa)) != -1) {
		if (c != 'm')
			bench_usage();
		st.msize = bench_arg_size(optarg);
		if (st.msize < MIN_MSG || st.msize > MAX_MSG)
			bench_fail("-m: message size must be %d..%d bytes",
				   MIN_MSG, MAX_MSG);
	}
	if (argc - optind > 1)
		bench_usage();
	srv_dispatch(&st.sa, SOCK_DGRAM, argc - optind, argv + optind, serve,
		     &st, &st.lfd, &st.host, &st.port, &server);
	benchmp(init, do_xact, cleanup, 0, opts.parallel, opts.warmup,
		opts.repetitions, &st);
	if (server > 0)
		srv_child_stop(server);
	snprintf(label, sizeof(label), "UDP latency using %s", st.host);
	metric_net(st.host, "udp_latency", name, sizeof(name));
	report_micro(name, label, get_n());
	return 0;
}
