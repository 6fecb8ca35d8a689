/*
 * bw_udp - UDP bandwidth: the client sends `size` bytes (default 1024
 * messages, at most 10 MB) as datagrams of -m bytes (default 8 KB) to
 * the server, which counts them and acknowledges every quarter window
 * and the last datagram.  The client keeps at most 256 KB or 128
 * datagrams unacknowledged, well inside the server's receive buffer, so
 * datagrams are not dropped for want of buffer space; one iteration ends
 * when the server has acknowledged every byte.  A datagram lost anyway
 * (a real network) is not retried: after 10 s without an acknowledgement
 * the client stops with an error instead of a number.  Bytes counted:
 * whole UDP payloads (the 16-byte header included); MB is 10^6 bytes.
 *
 * Server: bw_udp -s [-b addr] [-p port] [-i idle]   (background)
 *         bw_udp -S host [-p port]                  (stop it)
 * Client: bw_udp [-m msg] [-W] [-N] [-p port] [host [size]]
 * A client given no host runs its own server on a free loopback port.
 */
#include "bench.h"
#include "lib_net.h"
#include "lib_server.h"

#include <sys/socket.h>

#define DEFAULT_MSG	8192
#define DEFAULT_MSGS	1024		/* default size: this many messages, */
#define DEFAULT_MAX	(10 << 20)	/* but at most 10 MB */
#define MIN_MSG		SRV_HELLO_LEN	/* room for the header */
#define MAX_MSG		65507		/* largest IPv4 UDP payload */
#define MAX_SIZE	(1L << 30)	/* acknowledged counts are 32-bit */
/*
 * In flight, unacknowledged: at most 256 KB and 128 datagrams (a small
 * datagram costs the receive buffer far more than its size); the server
 * acknowledges every quarter window.
 */
#define WINDOW		(256 * 1024)
#define WINDOW_DGRAMS	128
#define SERVER_RCVBUF	(4 << 20)	/* the kernel may cap it */
#define FLAG_LAST	1u	/* header word b: bit 0; bits 1-31: ack step */

struct state {
	struct srv_client c;	/* first: the server's part, the socket */
	size_t size, total;
	size_t window;
	uint32_t ack_step;
	uint32_t xfer;
};

/* Server: count what arrives, acknowledge as promised. */
struct counter {
	uint32_t xfer, got, acked;
};

static void count(int fd, void *buf, size_t len, const struct sockaddr *from,
		  socklen_t fromlen, void *arg)
{
	struct counter *k = arg;
	unsigned char ack[SRV_HELLO_LEN];
	struct srv_hello h;

	if (!srv_unpack(buf, len, &h) || h.cmd != SRV_DATA)
		return;
	if (h.a != k->xfer) {
		k->xfer = h.a;
		k->got = k->acked = 0;
	}
	k->got += (uint32_t)len;
	if (k->got - k->acked >= (h.b >> 1) || (h.b & FLAG_LAST)) {
		srv_pack(ack, SRV_ACK, k->xfer, k->got);
		(void)sendto(fd, ack, sizeof(ack), 0, from, fromlen);
		k->acked = k->got;
	}
}

static void serve(void *arg)
{
	struct state *st = arg;
	struct counter k = {0, 0, 0};
	struct srv_conf c = {
		.idle_s = st->c.sa.idle_s, .dgram = count, .dgram_max = MAX_MSG,
		.arg = &k};
	int size = SERVER_RCVBUF;

	(void)setsockopt(st->c.lfd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
	srv_dgram_loop(st->c.lfd, &c);
}

/* Wait for an acknowledgement of this transfer; the bytes it confirms. */
static size_t wait_ack(struct state *st, size_t acked)
{
	unsigned char b[SRV_HELLO_LEN];
	struct srv_hello h;
	ssize_t r;

	for (;;) {
		r = recv(st->c.fd, b, sizeof(b), 0);
		if (r < 0) {
			errno = 0;
			bench_die("%s acknowledged %zu of %zu bytes, then "
				  "nothing for %d s: datagrams lost",
				  st->c.host, acked, st->total,
				  NET_IO_TIMEOUT_MS / 1000);
		}
		if (srv_unpack(b, (size_t)r, &h) && h.cmd == SRV_ACK &&
		    h.a == st->xfer)
			return h.b;
	}
}

static void do_send(iter_t n, void *cookie)
{
	struct state *st = cookie;
	size_t sent, acked, len;

	while (n-- > 0) {
		st->xfer++;
		for (sent = acked = 0; sent < st->total; sent += len) {
			while (sent - acked >= st->window)
				acked = wait_ack(st, acked);
			len = st->total - sent < st->c.msize ? st->total - sent
							   : st->c.msize;
			srv_pack(st->c.buf, SRV_DATA, st->xfer, st->ack_step |
				 (sent + len == st->total ? FLAG_LAST : 0));
			if (send(st->c.fd, st->c.buf, len, 0) != (ssize_t)len)
				bench_die("send to %s", st->c.host);
		}
		while (acked < st->total)
			acked = wait_ack(st, acked);
	}
}

static void connect_client(void *cookie)
{
	struct state *st = cookie;

	st->c.buf = bench_alloc(1, st->c.msize);
	st->c.fd = srv_dgram_client(st->c.host, st->c.port);
	net_timeouts(st->c.fd, NET_IO_TIMEOUT_MS);
	/* Transfer numbers unlike any earlier client's. */
	st->xfer = (uint32_t)getpid() << 16;
}

/* -m: the datagram size. */
static void set_msize(void *state, const char *arg)
{
	struct state *st = state;

	st->c.msize = bench_arg_size(arg);
	if (st->c.msize < MIN_MSG || st->c.msize > MAX_MSG)
		bench_fail("-m: message size must be %d..%d bytes", MIN_MSG,
			   MAX_MSG);
}

static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	pid_t server;
	char label[512], name[METRIC_NAME_MAX];
	size_t rem;
	double mbs;

	st->size = st->c.msize * DEFAULT_MSGS < DEFAULT_MAX ?
		   st->c.msize * DEFAULT_MSGS : DEFAULT_MAX;
	if (r->argc == 2) {
		st->size = bench_arg_size(r->argv[1]);
		if (st->size < 1 || st->size > (size_t)MAX_SIZE)
			bench_fail("size must be 1..1G bytes");
	}
	/* The last datagram still carries the whole header. */
	rem = st->size % st->c.msize;
	st->total = st->size - rem + (rem && rem < MIN_MSG ? MIN_MSG : rem);
	st->window = st->c.msize * WINDOW_DGRAMS < WINDOW ?
		     st->c.msize * WINDOW_DGRAMS : WINDOW;
	if (st->window < st->c.msize)
		st->window = st->c.msize;
	st->ack_step = (uint32_t)(st->window / 4) << 1;
	srv_dispatch(&st->c.sa, SOCK_DGRAM, r->argc, r->argv, serve, st,
		     &st->c.lfd, &st->c.host, &st->c.port, &server);
	benchmp_copy(connect_client, do_send, srv_client_close,
		     &(struct bench_opts){1, r->opts.warmup,
					  r->opts.repetitions}, st);
	if (server > 0)
		srv_child_stop(server);
	mbs = report_median(result_last(), (double)st->total * 1e3, 1);
	snprintf(label, sizeof(label), "socket UDP bandwidth using %s",
		 st->c.host);
	fprintf(stderr, "%s: %.2f MB/sec\n", label, mbs);
	metric_net(st->c.host, "udp_bandwidth", name, sizeof(name));
	report_result(result_last(),
		      &(struct metric){.name = name, .unit = "MB/sec",
				       .better = BETTER_HIGHER,
				       .bytes = "payload bytes received"},
		      NULL, label, mbs, (double)st->total * 1e3, 1);
	return 0;
}

BENCH_MAIN(.usage = "-s [-b addr] [-p port] [-i idle_s] | [-m msg] "
		    BENCH_USAGE_WN " [-p port] [host [size]] "
		    "| -S host [-p port]\n",
	   .max_ops = 2,
	   BENCH_STATE(.c = {.sa = SRV_ARGS_DEFAULT(NET_PORT_BW_UDP),
			     .msize = DEFAULT_MSG}),
	   .options = BENCH_OPTIONS(
		SRV_ROWS_SERVER(c.sa),
		SRV_ROWS_NET(c.sa),
		SRV_ROW_PORT(c.sa),
		BENCH_CALL("-m", "bytes per datagram (default 8 KB)", set_msize),
		BENCH_OPERAND("size", "bytes sent per iteration (default 1024 "
			      "datagrams, <= 10 MB)")))
