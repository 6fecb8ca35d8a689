/*
 * bw_tcp - TCP stream bandwidth: the server writes -m byte messages
 * (default 64 KB) without pause; the client reads them in -m byte reads.
 * One iteration reads -M bytes, lmbench3's transfer size for the same
 * arguments: one message by default; -M alone is also the message size;
 * -M is rounded up to a whole number of messages.  The figure does not
 * depend on it (an interval asks for all its iterations' bytes at once),
 * only the step in which the harness sizes an interval does.  Each timed
 * interval starts with one 8-byte
 * request for all its bytes, then only reads: no request or
 * acknowledgement per transfer, no connection set-up.  The server sends
 * what was asked and no more, so between intervals it is idle: with
 * several -m, no other size's server refills its socket buffers while
 * one size is timed (they did: 10 MB gave 984-1,112 MB/s interleaved
 * with 1, 64 and 1437 bytes against 2,435-2,541 alone, one CPU).
 * MB is 10^6 bytes, counted as payload read by the client.
 *
 * Output: "<message size in MB, %.6f> <MB/s, %.2f> MB/sec", lmbench3's line.
 *
 * Server: bw_tcp -s [-b addr] [-p port] [-i idle]   (background)
 *         bw_tcp -S host [-p port]                  (stop it)
 * Client: bw_tcp [-m msg]... [-M total] [-P] [-W] [-N] [-p port] [host]
 * A client given no host runs its own server on a free loopback port.
 * With several -m, one connection per size, all open at once, timed in
 * interleaved rounds (benchmp_rounds) so that load coming and going falls
 * on every size alike; one line per size, in the order given.  With -P,
 * one size after another.
 */
#include "bench.h"
#include "lib_net.h"
#include "lib_server.h"

#include <arpa/inet.h>
#include <sys/socket.h>

#define DEFAULT_MSG	(64 * 1024)	/* lmbench3's transfer unit */
#define MAX_MSG		(256 << 20)
/* 2^40, or what size_t holds on a 32-bit target. */
#define MAX_MOVE	((size_t)((uint64_t)1 << 40 < SIZE_MAX ? \
				  (uint64_t)1 << 40 : SIZE_MAX))
#define MAX_SIZES	16		/* -m given several times */
/*
 * Both ends' socket buffers: 1 MB, as lmbench3 sets them.  Left to the
 * kernel's autotuning, with both ends on one CPU, one run's samples at 10 MB
 * spread 984-11,241 MB/s and five runs' medians 1,828-3,645; with 1 MB
 * three runs' medians were 2,435-2,541.
 */
#define SOCKBUF		(1 << 20)

/* One message size: its connection and what an iteration reads. */
struct conn {
	struct srv_client c;	/* first: the server's part, the socket */
	size_t move;
};

/* What the options set (bench_main). */
struct state {
	struct srv_args sa;
	size_t msize[MAX_SIZES];	/* -m, in the order given */
	int nsizes;
	size_t move;			/* -M, 0 if not given */
};

/*
 * MSG_MORE on every part of a request but the last: small messages are
 * coalesced as a streaming writer's are, and the last part goes out
 * without waiting.  With Nagle alone, the tail of every 1-byte request
 * waited for a delayed ACK (0.02 MB/s against 0.34 with MSG_MORE).
 */
#ifdef MSG_MORE
#define MORE_FLAG	MSG_MORE
#else
#define MORE_FLAG	0
#endif

static void serve_conn(int fd, const struct srv_hello *h, void *arg)
{
	size_t k, m = h->a;
	uint32_t req[2];
	uint64 want;
	char *buf;

	(void)arg;
	if (m == 0 || m > MAX_MSG || (buf = malloc(m)) == NULL)
		return;
	memset(buf, 's', m);	/* real pages, not the shared zero page */
	net_bufsize(fd, SOCKBUF);
	/* Until the client closes (or stops reading for the idle time). */
	while (net_try_recv_all(fd, req, sizeof(req)) == (long)sizeof(req)) {
		want = (uint64)ntohl(req[0]) << 32 | ntohl(req[1]);
		for (; want > 0; want -= k) {
			k = want < m ? (size_t)want : m;
			if (net_try_send_flags(fd, buf, k,
					       want > k ? MORE_FLAG : 0) !=
			    (long)k)
				goto out;
		}
	}
out:
	free(buf);
}

static void serve(void *arg)
{
	struct conn *st = arg;
	struct srv_conf c = {
		.idle_s = st->c.sa.idle_s, .conn = serve_conn};

	srv_stream_loop(st->c.lfd, &c);
}

static void do_read(iter_t n, void *cookie)
{
	struct conn *st = cookie;
	uint64 all = (uint64)n * st->move;
	uint32_t req[2] = {htonl((uint32_t)(all >> 32)), htonl((uint32_t)all)};
	size_t left, want;
	ssize_t r;

	if (all == 0)
		return;
	/*
	 * Everything this interval reads, asked for at once, on the clock:
	 * asked in the interval's initialize(n), the server sent before the clock
	 * started, and 1-byte messages read 0.55 MB/s with 2 ms intervals
	 * and 0.31 with 20 ms, where asking here gave 0.26 at both.
	 */
	net_send_all(st->c.fd, req, sizeof(req));
	while (n-- > 0) {
		for (left = st->move; left > 0; left -= (size_t)r) {
			want = left < st->c.msize ? left : st->c.msize;
			r = read(st->c.fd, st->c.buf, want);
			if (r <= 0)
				bench_die("read from %s", st->c.host);
		}
	}
}

static void connect_client(void *cookie)
{
	struct conn *st = cookie;
	st->c.buf = bench_alloc(1, st->c.msize);
	memset(st->c.buf, 0, st->c.msize);	/* faulted in before timing */
	st->c.fd = srv_stream_client(st->c.host, st->c.port, (uint32_t)st->c.msize);
	net_bufsize(st->c.fd, SOCKBUF);
	net_nodelay(st->c.fd);	/* the request goes out at once */
}

/* MB/s = bytes per iteration * 1e3 / ns per iteration. */
static void report(const struct bench_result *r, const struct conn *st,
		   const struct metric *series, int i)
{
	double mbs = report_median(r, (double)st->move * 1e3, 1);
	char x[32];

	snprintf(x, sizeof(x), "%.6f", (double)st->c.msize / 1e6);
	fprintf(stderr, "%s %.2f MB/sec\n", x, mbs);
	report_result(r, series, &(struct report_at){.x = x, .i = i},
		      "bw_tcp", mbs, (double)st->move * 1e3, 1);
}

/* One size after another (parallel copies), or all in interleaved rounds. */
static void measure(struct conn *st, int nsizes,
		    const struct bench_opts *opts, const struct metric *series)
{
	struct bench_point pts[MAX_SIZES];
	int i;

	if (nsizes == 1 || opts->parallel > 1) {
		for (i = 0; i < nsizes; i++) {
			benchmp_copy(connect_client, do_read, srv_client_close, opts,
				     &st[i]);
			report(result_last(), &st[i], series, i);
		}
		return;
	}
	for (i = 0; i < nsizes; i++)
		pts[i] = BENCH_POINT_COPY(connect_client, do_read,
					  srv_client_close, &st[i]);
	benchmp_rounds(pts, nsizes, 1, opts->warmup, opts->repetitions);
	for (i = 0; i < nsizes; i++) {
		report(pts[i].result, &st[i], series, i);
		bench_point_free(&pts[i]);
	}
}

/* -m: one more message size. */
static void set_msize(void *state, const char *arg)
{
	struct state *st = state;

	if (st->nsizes == MAX_SIZES)
		bench_fail("-m: at most %d message sizes", MAX_SIZES);
	st->msize[st->nsizes++] = bench_arg_size(arg);
}

static void set_move(void *state, const char *arg)
{
	struct state *st = state;

	st->move = bench_arg_size(arg);
	if (st->move == 0)
		bench_fail("-M: total must be at least 1 byte");
}

static int run(const struct bench_run *r)
{
	struct state *o = r->state;
	struct conn st[MAX_SIZES];
	char name[METRIC_NAME_MAX];
	struct metric series = {.name = name, .unit = "MB/sec",
				.better = BETTER_HIGHER,
				.bytes = "bytes received",
				.x_name = "message", .x_unit = "MB"};
	size_t move = o->move;
	pid_t server;
	int i, nsizes = o->nsizes;

	memset(st, 0, sizeof(st));
	st[0].c.sa = o->sa;
	for (i = 0; i < nsizes; i++)
		st[i].c.msize = o->msize[i];
	/* lmbench3's rule: -M alone is the message size too. */
	if (nsizes == 0)
		st[nsizes++].c.msize = move ? move : DEFAULT_MSG;
	if (move > MAX_MOVE)
		bench_fail("-M: total must be 1..2^40 bytes");
	for (i = 0; i < nsizes; i++) {
		if (st[i].c.msize < 1 || st[i].c.msize > MAX_MSG)
			bench_fail("%s: message size must be 1..%d bytes",
				   nsizes == 1 && st[i].c.msize == move ?
				   "-M without -m" : "-m", MAX_MSG);
		/* One message, or -M rounded up to whole messages. */
		st[i].move = (move + st[i].c.msize - 1) / st[i].c.msize *
			     st[i].c.msize;
		if (st[i].move == 0)
			st[i].move = st[i].c.msize;
	}
	srv_dispatch(&st[0].c.sa, SOCK_STREAM, r->argc, r->argv, serve, &st[0],
		     &st[0].c.lfd, &st[0].c.host, &st[0].c.port, &server);
	for (i = 1; i < nsizes; i++) {
		st[i].c.host = st[0].c.host;
		st[i].c.port = st[0].c.port;
	}
	/* The points of the run's "Socket bandwidth using <host>". */
	metric_net(st[0].c.host, "tcp_bandwidth", name, sizeof(name));
	metric_series(&series);
	measure(st, nsizes, &r->opts, &series);
	if (server > 0)
		srv_child_stop(server);
	return 0;
}

BENCH_MAIN(.usage = "-s [-b addr] [-p port] [-i idle_s] | [-m msg] [-M total] "
		    BENCH_USAGE_PWN " [-p port] [host] | -S host [-p port]\n",
	   .max_ops = 1, BENCH_STATE(.sa = SRV_ARGS_DEFAULT(NET_PORT_BW_TCP)),
	   .options = BENCH_OPTIONS(
		SRV_ROWS_SERVER(sa),
		SRV_ROWS_NET(sa),
		SRV_ROW_PORT(sa),
		BENCH_CALL("-m", "bytes per message (default 64 KB); several "
			   "-m: one line each, timed in interleaved rounds",
			   set_msize),
		BENCH_CALL("-M", "bytes read per iteration (default one "
			   "message; alone, also the message size)", set_move)))
