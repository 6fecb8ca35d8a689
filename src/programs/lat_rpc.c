/*
 * lat_rpc - ONC RPC round-trip latency through libtirpc: one iteration
 * is one clnt_call() of a procedure that takes one char and returns it,
 * over TCP or UDP (-p; both, UDP first, when not given).  The client
 * handle is made before timing; XDR encoding and decoding on both sides
 * are part of what is measured.
 *
 * No portmapper is involved: the server creates its transports on
 * known ports and registers its program with protocol 0 (no rpcbind
 * call), and the client addresses those ports directly.  So it works on
 * machines without rpcbind, where lmbench3's server failed to register.
 * IPv4 only (the classic libtirpc client calls take a sockaddr_in).
 *
 * Server: lat_rpc -s [-b addr] [-o port] [-i idle]   (background)
 *         lat_rpc -S host [-o port]                  (stop it)
 * Client: lat_rpc [-p tcp|udp] [-P] [-W] [-N] [-o port] [host]
 * The server's TCP and UDP ports both default to 31236.  A client given
 * no host runs its own server on free loopback ports.
 */
#include "bench.h"
#include "lib_net.h"
#include "lib_server.h"

#include <netinet/in.h>
#include <poll.h>
#include <rpc/rpc.h>
#include <signal.h>
#include <sys/socket.h>
#include <time.h>

#define RPC_PROG	0x4c4d4e47	/* in the transient range 0x40000000- */
#define RPC_VERS	1
#define PROC_ECHO	1
#define PROC_STOP	2
#define CALL_TIMEOUT_S	10
#define UDP_RETRY_S	1
#define GONE_WAIT_MS	5000

struct state {
	const char *host;
	int tcp_port, udp_port;
	int use_tcp;
	CLIENT *cl;
	int sock;
	struct srv_args sa;	/* -o is its port */
	int tcp_fd, udp_fd;
	int protos;		/* -p: bit 0 udp, bit 1 tcp */
};

/* No arguments or results (xdr_void, with the type xdrproc_t wants). */
static bool_t xdr_none(XDR *xdrs, ...)
{
	(void)xdrs;
	return TRUE;
}

/* ---- server --------------------------------------------------------- */

static volatile sig_atomic_t stop_now;

static void on_signal(int sig)
{
	(void)sig;
	stop_now = 1;
}

static void dispatch(struct svc_req *rq, SVCXPRT *xprt)
{
	char c;

	switch (rq->rq_proc) {
	case NULLPROC:
		svc_sendreply(xprt, xdr_none, NULL);
		break;
	case PROC_ECHO:
		if (!svc_getargs(xprt, (xdrproc_t)xdr_char, (caddr_t)&c)) {
			svcerr_decode(xprt);
			break;
		}
		svc_sendreply(xprt, (xdrproc_t)xdr_char, (caddr_t)&c);
		break;
	case PROC_STOP:
		stop_now = 1;
		svc_sendreply(xprt, xdr_none, NULL);
		break;
	default:
		svcerr_noproc(xprt);
	}
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* svc_run() with an idle timeout and a way out. */
static void serve(void *arg)
{
	struct state *st = arg;
	struct sigaction sa;
	SVCXPRT *t, *u;
	struct timeval tv;
	double last = now_s();
	fd_set r;
	int n;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	t = svctcp_create(st->tcp_fd, 0, 0);
	u = svcudp_create(st->udp_fd);
	/* Protocol 0: no portmapper registration. */
	if (t == NULL || u == NULL ||
	    !svc_register(t, RPC_PROG, RPC_VERS, dispatch, 0) ||
	    !svc_register(u, RPC_PROG, RPC_VERS, dispatch, 0))
		_exit(1);
	while (!stop_now) {
		if (st->sa.idle_s > 0 && now_s() - last >= st->sa.idle_s)
			break;
		r = svc_fdset;
		tv.tv_sec = 0;
		tv.tv_usec = 500000;
		n = select(FD_SETSIZE, &r, NULL, NULL, &tv);
		if (n > 0) {
			svc_getreqset(&r);
			last = now_s();	/* idle from the end of a request */
		}
	}
	_exit(0);
}

/* Tries at a port free for both TCP and UDP, for -s -o 0. */
#define SAME_PORT_TRIES	100

/* TCP and UDP on port (0 and same: one free port for both). */
static void open_server(struct state *st, const char *addr, int port,
			int same)
{
	int t;

	for (t = 0; t < SAME_PORT_TRIES; t++) {
		st->tcp_fd = net_server(SOCK_STREAM, addr, port);
		st->tcp_port = net_local_port(st->tcp_fd);
		st->udp_fd = net_try_server(SOCK_DGRAM, addr,
					    same ? st->tcp_port : port);
		if (st->udp_fd >= 0 || port != 0 || !same)
			break;
		close(st->tcp_fd);	/* its UDP twin is taken: another */
	}
	if (st->udp_fd < 0)
		st->udp_fd = net_server(SOCK_DGRAM, addr, port);
	st->udp_port = net_local_port(st->udp_fd);
}

/* ---- client --------------------------------------------------------- */

static void address(struct state *st, int port, struct sockaddr_in *sin)
{
	struct sockaddr_storage ss;
	socklen_t len;

	net_resolve(st->host, port, SOCK_STREAM, &ss, &len);
	if (ss.ss_family != AF_INET)
		bench_fail("%s: lat_rpc needs an IPv4 address", st->host);
	memcpy(sin, &ss, sizeof(*sin));
}

static CLIENT *connect_rpc(struct state *st, int use_tcp, int *sock)
{
	struct timeval retry = {UDP_RETRY_S, 0};
	struct sockaddr_in sin;
	CLIENT *cl;

	*sock = RPC_ANYSOCK;
	address(st, use_tcp ? st->tcp_port : st->udp_port, &sin);
	/* A port in sin: the library asks no portmapper. */
	if (use_tcp)
		cl = clnttcp_create(&sin, RPC_PROG, RPC_VERS, sock, 0, 0);
	else
		cl = clntudp_create(&sin, RPC_PROG, RPC_VERS, retry, sock);
	if (cl == NULL) {
		errno = 0;
		bench_die("no RPC/%s server at %s port %d%s",
			  use_tcp ? "tcp" : "udp", st->host,
			  use_tcp ? st->tcp_port : st->udp_port,
			  clnt_spcreateerror(""));
	}
	return cl;
}

static void call(CLIENT *cl, unsigned long proc, xdrproc_t in, void *arg,
		 xdrproc_t out, void *res, const char *host)
{
	struct timeval tv = {CALL_TIMEOUT_S, 0};

	if (clnt_call(cl, proc, in, arg, out, res, tv) != RPC_SUCCESS) {
		errno = 0;
		bench_die("RPC to %s failed%s", host, clnt_sperror(cl, ""));
	}
}

static void do_call(iter_t n, void *cookie)
{
	struct state *st = cookie;
	char c = 'x', r = 0;

	while (n-- > 0)
		call(st->cl, PROC_ECHO, (xdrproc_t)xdr_char, &c,
		     (xdrproc_t)xdr_char, &r, st->host);
	use_int(r);
}

static void open_client(void *cookie)
{
	struct state *st = cookie;

	st->cl = connect_rpc(st, st->use_tcp, &st->sock);
}

static void close_client(void *cookie)
{
	struct state *st = cookie;

	clnt_destroy(st->cl);
}

/* -S: ask over TCP, then wait until the port refuses connections. */
static void stop_server(struct state *st)
{
	CLIENT *cl = connect_rpc(st, 1, &st->sock);
	int waited, fd;

	call(cl, PROC_STOP, xdr_none, NULL, xdr_none,
	     NULL, st->host);
	clnt_destroy(cl);
	for (waited = 0; waited < GONE_WAIT_MS; waited += 10) {
		fd = net_try_client(SOCK_STREAM, st->host, st->tcp_port);
		if (fd < 0)
			return;
		close(fd);
		poll(NULL, 0, 10);
	}
	errno = 0;
	bench_die("server at %s port %d still answers", st->host,
		  st->tcp_port);
}

/* -p: the transport, tcp or udp. */
static void set_proto(void *state, const char *arg)
{
	struct state *st = state;

	if (strcmp(arg, "tcp") == 0)
		st->protos = 2;
	else if (strcmp(arg, "udp") == 0)
		st->protos = 1;
	else
		bench_usage();
}

static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	char label[512], name[METRIC_NAME_MAX];
	pid_t server = 0;
	int pass;

	srv_check_args(&st->sa, r->argc);
	st->tcp_port = st->udp_port = st->sa.port;
	if (st->sa.stop) {
		st->host = st->sa.stop;
		stop_server(st);
		return 0;
	}
	if (st->sa.start) {
		open_server(st, st->sa.bind, st->sa.port, 1);
		if (st->sa.port == 0)
			srv_print_port(st->tcp_port);
		srv_daemon(serve, st);
		return 0;
	}
	if (r->argc > 0) {
		st->host = r->argv[0];
	} else {
		st->host = NET_LOOPBACK;
		open_server(st, NET_LOOPBACK, 0, 0);
		server = srv_child(serve, st);
		close(st->tcp_fd);
		close(st->udp_fd);
	}
	for (pass = 0; pass < 2; pass++) {
		if (!(st->protos & (1 << pass)))
			continue;
		st->use_tcp = pass;
		/* Fail now, not after the clock probe, if nobody answers. */
		st->cl = connect_rpc(st, st->use_tcp, &st->sock);
		call(st->cl, NULLPROC, xdr_none, NULL,
		     xdr_none, NULL, st->host);
		clnt_destroy(st->cl);
		benchmp_copy(open_client, do_call, close_client, &r->opts, st);
		snprintf(label, sizeof(label), "RPC/%s latency using %s",
			 pass ? "tcp" : "udp", st->host);
		metric_net(st->host,
			   pass ? "rpc_tcp_latency" : "rpc_udp_latency", name,
			   sizeof(name));
		report_micro(name, label, get_n());
	}
	if (server > 0)
		srv_child_stop(server);
	return 0;
}

BENCH_MAIN(.usage = "-s [-b addr] [-o port] [-i idle_s] | [-p tcp|udp] "
		    BENCH_USAGE_PWN " [-o port] [host] | -S host [-o port]\n",
	   .max_ops = 1,
	   BENCH_STATE(.sa = SRV_ARGS_DEFAULT(NET_PORT_LAT_RPC), .protos = 3),
	   .options = BENCH_OPTIONS(
		SRV_ROWS_SERVER(sa),
		SRV_ROWS_NET(sa),
		BENCH_INT("-o", "the server's TCP and UDP port (default 31236)",
			  sa.port, 0, NET_PORT_MAX),
		BENCH_CALL("-p", "the transport to time (default: udp, then "
			   "tcp)", set_proto)))
