/*
 * lat_connect - the cost of a TCP connection, two ways:
 *
 *   TCP/IP connection cost to <host>          lmbench3's figure: socket()
 *       with SO_REUSEADDR, connect() (the three-way handshake) and
 *       close(), nothing else, intervals back to back.  On loopback
 *       connect() returns once the handshake is done, before the server
 *       has accepted; the server accepts and closes in its own process,
 *       as it gets to them, the work for one interval's connections
 *       falling into the next when it falls behind, as in lmbench3.
 *       lmbench3's queue of 100 then overflowed (a SYN dropped, a stall
 *       of a second); here the server listens with SOMAXCONN, and
 *       outside the intervals, once DRAIN_AT connections have gone out
 *       since the queue was last empty, the client waits until the
 *       server has accepted all of them.  The close is orderly, as
 *       lmbench3's: each connection leaves a socket in TIME_WAIT for a
 *       minute (the client's, or the server's when the server happened
 *       to close first), and a connect() finds a free port among them
 *       (Linux reuses them on loopback after a second).  With an
 *       abortive close the figure came out about 30% below lmbench3's
 *       client's against the same server (doc/validation/labels.md).
 *   TCP/IP connection with accept to <host>   socket() and connect(),
 *       then waiting until the server has accepted the connection and
 *       closed its end (the client sees end of file), then an abortive
 *       close (SO_LINGER 0: a reset, no TIME_WAIT on either side): every
 *       connection complete before the next starts, the server's accept
 *       and waking both processes included.  Timed after the first, from
 *       an empty queue.
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

/*
 * Half the listen queue the server asks for (SOMAXCONN: 4096 on current
 * Linux): the client never runs further ahead of it than this.
 */
#define DRAIN_AT	(SOMAXCONN / 2)

struct state {
	const char *host;
	int port;
	struct sockaddr_storage addr;
	socklen_t addrlen;
	struct srv_args sa;
	int lfd;
	uint64 queued;		/* connections since the queue was empty */
};

static void serve(void *arg)
{
	struct state *st = arg;
	struct srv_conf c = {.idle_s = st->sa.idle_s, .close_at_once = 1};

	srv_stream_loop(st->lfd, &c);
}

/*
 * A socket for one connection, with SO_REUSEADDR as lmbench3 set it;
 * abortive: its close sends a reset instead of a FIN.
 */
static int new_socket(const struct state *st, int abortive)
{
	struct linger abort_close = {1, 0};
	int fd, one = 1;

	fd = socket(st->addr.ss_family, SOCK_STREAM, 0);
	if (fd < 0)
		bench_die("socket");
	if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) != 0)
		bench_die("setsockopt SO_REUSEADDR");
	if (abortive && setsockopt(fd, SOL_SOCKET, SO_LINGER, &abort_close,
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
		fd = new_socket(st, 0);
		connect_to(st, fd);
		close(fd);
	}
}

/* One connection complete: the server has accepted it and closed. */
static void connect_accepted(const struct state *st)
{
	int fd = new_socket(st, 1);

	connect_to(st, fd);
	/* Its close (or reset) says the server has accepted it. */
	wait_accepted(st, fd);
	close(fd);
}

/*
 * After a call of do_connect, outside the interval: count what went out,
 * and before the queue can fill, or at the end, wait until the server
 * has taken it all (it accepts in order, so once it has accepted one
 * more connection it has accepted them all).
 */
static void pace(iter_t n, void *cookie)
{
	struct state *st = cookie;

	st->queued += n;
	if ((n == 0 && st->queued > 0) || st->queued >= DRAIN_AT) {
		connect_accepted(st);
		st->queued = 0;
	}
}

static void do_accept(iter_t n, void *cookie)
{
	while (n-- > 0)
		connect_accepted(cookie);
}

static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	char label[512], name[METRIC_NAME_MAX];
	pid_t server;

	srv_dispatch(&st->sa, SOCK_STREAM, r->argc, r->argv, serve, st, &st->lfd,
		     &st->host, &st->port, &server);
	net_resolve(st->host, st->port, SOCK_STREAM, &st->addr, &st->addrlen);
	benchmp(NULL, do_connect, pace, 0, 1, 0, r->opts.repetitions, st);
	snprintf(label, sizeof(label), "TCP/IP connection cost to %s",
		 st->host);
	metric_net(st->host, "tcp_connect", name, sizeof(name));
	report_micro(name, label, get_n());
	benchmp(NULL, do_accept, NULL, 0, 1, 0, r->opts.repetitions, st);
	if (server > 0)
		srv_child_stop(server);
	snprintf(label, sizeof(label), "TCP/IP connection with accept to %s",
		 st->host);
	metric_net(st->host, "tcp_connect_accept", name, sizeof(name));
	report_micro(name, label, get_n());
	return 0;
}

BENCH_MAIN(.usage = "-s [-b addr] [-p port] [-i idle_s] | [-N <repetitions>] "
		    "[-p port] [host] | -S host [-p port]\n",
	   .max_ops = 1,
	   BENCH_STATE(.sa = SRV_ARGS_DEFAULT(NET_PORT_LAT_CONNECT)),
	   .options = BENCH_OPTIONS(
		SRV_ROWS_SERVER(sa),
		SRV_ROWS_NET(sa),
		SRV_ROW_PORT(sa)))
