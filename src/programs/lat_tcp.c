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
	struct srv_client *c = arg;
	struct srv_conf conf = {
		.idle_s = c->sa.idle_s, .conn = serve_conn};

	srv_stream_loop(c->lfd, &conf);
}

static void do_xact(iter_t n, void *cookie)
{
	struct srv_client *c = cookie;

	while (n-- > 0) {
		net_send_all(c->fd, c->buf, c->msize);
		net_recv_all(c->fd, c->buf, c->msize);
	}
}

static const struct srv_rtt_program prog = {
	.type = SOCK_STREAM, .port = NET_PORT_LAT_TCP,
	.min_msg = 1, .max_msg = MAX_MSG, .msg = 1,
	.m_help = "bytes per message each way (default 1)",
	.serve = serve, .bench = do_xact,
	.label = "TCP latency using", .metric = "tcp_latency"
};

int main(int argc, char *argv[])
{
	static struct srv_client c;

	return srv_rtt_main(argc, argv, &prog, &c);
}
