/*
 * lat_connect - the cost of a TCP connection, two ways, timed in
 * interleaved rounds (one interval of each per round):
 *
 *   TCP/IP connection cost to <host>          lmbench3's figure: socket()
 *       with SO_REUSEADDR, connect() (the three-way handshake) and
 *       close(), nothing else.  On loopback connect() returns once the
 *       handshake is done, before the server has accepted; the server
 *       accepts and closes in its own process.  lmbench3 let the
 *       connections run ahead of the server until its listen queue
 *       overflowed (a SYN dropped, a stall of a second); here, after
 *       each interval and outside it, one more connection waits until
 *       the server has accepted it, so the queue is empty again before
 *       the next interval (the queue holds SOMAXCONN, far more than an
 *       interval's connections).  The close is an abortive one (SO_LINGER
 *       0: a reset instead of a FIN) where lmbench3's was orderly: the
 *       client side then leaves no socket in TIME_WAIT, so the ephemeral
 *       ports never run out; both closes cost the same within the noise
 *       (doc/validation/labels.md).
 *   TCP/IP connection with accept to <host>   the same, and waiting until
 *       the server has accepted the connection and closed its end (the
 *       client sees end of file) before closing: every connection
 *       complete before the next starts, the server's accept and waking
 *       both processes included.
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

/* A socket for one connection; abortive: its close sends a reset. */
static int new_socket(const struct state *st)
{
	struct linger abort_close = {1, 0};
	int fd, one = 1;

	fd = socket(st->addr.ss_family, SOCK_STREAM, 0);
	if (fd < 0)
		bench_die("socket");
	if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) != 0)
		bench_die("setsockopt SO_REUSEADDR");
	if (setsockopt(fd, SOL_SOCKET, SO_LINGER, &abort_close,
		       sizeof(abort_close)) != 0)
		bench_die("setsockopt SO_LINGER");
	return fd;
}

static void connect_to(const struct state *st, int fd)
{
	if (connect(fd, (const struct sockaddr *)&st->addr, st->addrlen) != 0)
		bench_die("connect to %s port %d", st->host, st->port);
}

/* Block until the server has accepted fd's connection and closed it. */
static void wait_accepted(const struct state *st, int fd)
{
	char c;

	if (recv(fd, &c, 1, 0) != 0 && errno != ECONNRESET)
		bench_die("waiting for %s to accept", st->host);
}

/* lmbench3's figure: socket(), connect(), close(). */
static void do_connect(iter_t n, void *cookie)
{
	struct state *st = cookie;
	int fd;

	while (n-- > 0) {
		fd = new_socket(st);
		connect_to(st, fd);
		close(fd);
	}
}

/* One connection complete: the server has accepted it and closed. */
static void connect_accepted(const struct state *st)
{
	int fd = new_socket(st);

	connect_to(st, fd);
	/* Its close (or reset) says the server has accepted it. */
	wait_accepted(st, fd);
	close(fd);
}

/*
 * After an interval of do_connect: the server accepts in order, so once
 * it has accepted one more connection it has accepted them all.
 */
static void drain(iter_t n, void *cookie)
{
	if (n > 0)
		connect_accepted(cookie);
}

static void do_accept(iter_t n, void *cookie)
{
	while (n-- > 0)
		connect_accepted(cookie);
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
	struct bench_point pts[2] = {
		BENCH_POINT(NULL, do_connect, drain, &st),
		BENCH_POINT(NULL, do_accept, NULL, &st),
	};
	char label[512];
	pid_t server;
	int i;

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
	benchmp_rounds(pts, 2, 1, 0, opts.repetitions);
	if (server > 0)
		srv_child_stop(server);
	for (i = 0; i < 2; i++) {
		bench_point_result(&pts[i]);
		snprintf(label, sizeof(label), "TCP/IP connection %s %s",
			 i == 0 ? "cost to" : "with accept to", st.host);
		micro(label, get_n());
		bench_point_free(&pts[i]);
	}
	return 0;
}
