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
	struct srv_client c;	/* first: the harness's part */
	uint32_t seq;
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
	struct srv_conf conf = {
		.idle_s = st->c.sa.idle_s, .dgram = echo,
		.dgram_max = MAX_MSG};

	srv_dgram_loop(st->c.lfd, &conf);
}

static void do_xact(iter_t n, void *cookie)
{
	struct state *st = cookie;
	struct srv_client *c = &st->c;
	uint32_t seq = st->seq, got;

	while (n-- > 0) {
		seq = (seq + 1) & SEQ_MASK;
		memcpy(c->buf, &seq, sizeof(seq));
		if (send(c->fd, c->buf, c->msize, 0) != (ssize_t)c->msize)
			bench_die("send");
		if (recv(c->fd, c->buf, c->msize, 0) != (ssize_t)c->msize)
			bench_die("recv: no full answer within %d s",
				  NET_IO_TIMEOUT_MS / 1000);
		memcpy(&got, c->buf, sizeof(got));
		if (got != seq)
			bench_die("answer out of sequence (a lost datagram)");
	}
	st->seq = seq;
}

static const struct srv_rtt_program prog = {
	.type = SOCK_DGRAM, .port = NET_PORT_LAT_UDP,
	.min_msg = MIN_MSG, .max_msg = MAX_MSG, .msg = MIN_MSG,
	.m_help = "bytes per datagram, at least 4 (default 4)",
	.serve = serve, .bench = do_xact,
	.label = "UDP latency using", .metric = "udp_latency"
};

int main(int argc, char *argv[])
{
	static struct state st;

	return srv_rtt_main(argc, argv, &prog, &st.c);
}
