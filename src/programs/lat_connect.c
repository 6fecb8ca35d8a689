/*
 * lat_connect - the cost of a TCP connection: one iteration is socket(),
 * connect() to the server (the three-way handshake), waiting until the
 * server has accepted the connection and closed its end (the client sees
 * end of file), and an abortive close (SO_LINGER with a zero timeout: a
 * reset instead of the FIN from the client).  Waiting for the server
 * makes every connection complete before the next starts, so the figure
 * does not depend on how many connections the listen queue absorbs
 * (which made it depend on the length of the timing interval); it
 * includes the server's accept and waking both processes.  The abortive
 * close leaves no TIME_WAIT socket on either side, so the ephemeral
 * ports never run out.  lmbench3 did not wait and closed normally.
 *
 * Connection set-up does not scale to parallel copies (the server
 * serialises accepts), so only -N is offered.
 *
 * Server: lat_connect -s [-b addr] [-p port] [-i idle]   (background)
 *         lat_connect -S host [-p port]                  (stop it)
 * Client: lat_connect [-N] [-p port] [host]
 * A client given no host runs its own server on a free loopback port.
 */
#include "bench.h"
#include "lib_report.h"
#include "lib_net.h"
#include "lib_server.h"

#include <sys/socket.h>

struct state {
	const char *host;
	int port;
	struct sockaddr_storage addr;
	socklen_t addrlen;
	struct srv_args sa;
	int lfd;
};

static void serve(void *arg)
{
	struct state *st = arg;
	struct srv_conf c = {.idle_s = st->sa.idle_s, .close_at_once = 1};

	srv_stream_loop(st->lfd, &c);
}

static void do_connect(iter_t n, void *cookie)
{
	struct state *st = cookie;
	struct linger abort_close = {1, 0};
	char c;
	int fd;

	while (n-- > 0) {
		fd = socket(st->addr.ss_family, SOCK_STREAM, 0);
		if (fd < 0)
			bench_die("socket");
		if (setsockopt(fd, SOL_SOCKET, SO_LINGER, &abort_close,
			       sizeof(abort_close)) != 0)
			bench_die("setsockopt SO_LINGER");
		if (connect(fd, (struct sockaddr *)&st->addr,
			    st->addrlen) != 0)
			bench_die("connect to %s port %d", st->host,
				  st->port);
		/* Its close (or reset) says the server has accepted it. */
		if (recv(fd, &c, 1, 0) != 0 && errno != ECONNRESET)
			bench_die("waiting for %s to accept", st->host);
		close(fd);
	}
}

static const char usage[] =
	"-s [-b addr] [-p port] [-i idle_s] | [-N <repetitions>] [-p port] "
	"[host] | -S host [-p port]\n";

/* --help: a line per option and operand (bench_init_help). */
static const struct bench_help help[] = {
	SRV_HELP_SERVER,
	SRV_HELP_NET,
	SRV_HELP_PORT,
	{NULL, NULL}
};

int main(int argc, char *argv[])
{
	struct bench_opts opts = BENCH_OPTS_DEFAULT;
	struct state st;
	char label[512], name[METRIC_NAME_MAX];
	pid_t server;

	memset(&st, 0, sizeof(st));
	srv_args_init(&st.sa, NET_PORT_LAT_CONNECT);
	bench_init_help(argc, argv, usage, help);
	if (srv_getopt(argc, argv, "N:", &opts, &st.sa) != -1)
		bench_usage();
	if (argc - optind > 1)
		bench_usage();
	srv_dispatch(&st.sa, SOCK_STREAM, argc - optind, argv + optind, serve,
		     &st, &st.lfd, &st.host, &st.port, &server);
	net_resolve(st.host, st.port, SOCK_STREAM, &st.addr, &st.addrlen);
	benchmp(NULL, do_connect, NULL, 0, 1, 0, opts.repetitions, &st);
	if (server > 0)
		srv_child_stop(server);
	snprintf(label, sizeof(label), "TCP/IP connection cost to %s",
		 st.host);
	metric_net(st.host, "tcp_connect", name, sizeof(name));
	report_micro(name, label, get_n());
	return 0;
}
