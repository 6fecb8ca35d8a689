/*
 * lib_server.c - the life of a benchmark server (see lib_server.h).
 *
 * A stream server's main process accepts, reads the hello (bounded
 * wait), and either stops, closes a connection that sent none, or forks
 * a child for a SRV_RUN connection.  Children get the idle timeout as
 * their send and receive timeouts, so a client that hangs or vanishes
 * ends them; the main process counts time from the end of the last
 * request (a connection served, a child ended) and exits when it
 * reaches the idle timeout with no child and no client waiting.
 */
#include "bench.h"
#include "lib_cleanup.h"
#include "lib_net.h"
#include "lib_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#define MAX_CONN_CHILDREN	1024
#define HELLO_WAIT_MS		2000	/* a client sends its hello at once */
#define POLL_MS			500	/* how often the idle clock is read */
#define STOP_TRIES		5	/* -S on a datagram server */
#define PING_TRIES		3
#define DGRAM_WAIT_MS		1000
#define GONE_TRIES		10
#define CHILD_STOP_MS		5000	/* then SIGKILL */

void srv_pack(void *buf, uint32_t cmd, uint32_t a, uint32_t b)
{
	uint32_t w[4];

	w[0] = htonl(SRV_MAGIC);
	w[1] = htonl(cmd);
	w[2] = htonl(a);
	w[3] = htonl(b);
	memcpy(buf, w, sizeof(w));
}

int srv_unpack(const void *buf, size_t len, struct srv_hello *h)
{
	uint32_t w[4];

	if (len < SRV_HELLO_LEN)
		return 0;
	memcpy(w, buf, sizeof(w));
	h->magic = ntohl(w[0]);
	h->cmd = ntohl(w[1]);
	h->a = ntohl(w[2]);
	h->b = ntohl(w[3]);
	return h->magic == SRV_MAGIC;
}

/* ---- the server side ------------------------------------------------ */

static volatile sig_atomic_t stop_requested;
static pid_t kids[MAX_CONN_CHILDREN];
static int nkids;

static void on_stop_signal(int sig)
{
	(void)sig;
	stop_requested = 1;
}

static void server_signals(void)
{
	static const int sigs[] = {SIGTERM, SIGINT, SIGHUP};
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop_signal;	/* no SA_RESTART: poll returns */
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	signal(SIGQUIT, SIG_DFL);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Reap the connection children that have ended; how many did. */
static int reap_kids(void)
{
	int i = 0, n = 0;

	while (i < nkids) {
		if (waitpid(kids[i], NULL, WNOHANG) == kids[i]) {
			kids[i] = kids[--nkids];
			n++;
		} else {
			i++;
		}
	}
	return n;
}

/*
 * Idle: idle_s seconds since the last request ended (last), and no
 * client waiting to be accepted.
 */
static int idle_over(const struct srv_conf *c, int fd, double last)
{
	struct pollfd p = {fd, POLLIN, 0};

	return c->idle_s > 0 && now_s() - last >= c->idle_s &&
	       poll(&p, 1, 0) == 0;
}

static void end_server(const struct srv_conf *c, int lfd, int ackfd)
	__attribute__((noreturn));
static void end_server(const struct srv_conf *c, int lfd, int ackfd)
{
	unsigned char ack[SRV_HELLO_LEN];
	int i;

	close(lfd);
	if (c->unix_path != NULL)
		unlink(c->unix_path);
	for (i = 0; i < nkids; i++)
		kill(kids[i], SIGTERM);
	for (i = 0; i < nkids; i++)
		while (waitpid(kids[i], NULL, 0) < 0 && errno == EINTR)
			;
	nkids = 0;
	if (ackfd >= 0) {
		srv_pack(ack, SRV_ACK, 0, 0);
		(void)net_try_send_all(ackfd, ack, sizeof(ack));
	}
	_exit(0);
}

static void run_child(int lfd, int fd, const struct srv_conf *c,
		      const struct srv_hello *h)
{
	pid_t pid;

	if (nkids == MAX_CONN_CHILDREN) {
		close(fd);
		return;
	}
	pid = fork();
	if (pid == 0) {
		close(lfd);
		signal(SIGTERM, SIG_DFL);
		signal(SIGINT, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		if (c->idle_s > 0)
			net_timeouts(fd, c->idle_s * 1000);
		c->conn(fd, h, c->arg);
		_exit(0);
	}
	if (pid > 0)
		kids[nkids++] = pid;
	close(fd);
}

/*
 * Connection-cost servers.  Waiting for a hello would add to every
 * measured connection, and closing at once loses a stop request whose
 * hello comes a moment after the handshake (under load the woken server
 * often runs before the client has sent it).  So a connection without a
 * hello is half-closed at once (its client sees end of file, as from
 * close()) and kept, outside the poll set so that it costs no wake-up,
 * until the server next wakes: then a stop hello that arrived on it
 * stops the server, and otherwise it is closed.  Such a stop cannot be
 * acked (the write side is shut): the control client sees end of file
 * and then finds the server gone.
 */

/* 1 if buf holds a whole stop hello. */
static int is_stop(const unsigned char *buf, ssize_t r)
{
	struct srv_hello h;

	return r == (ssize_t)SRV_HELLO_LEN &&
	       srv_unpack(buf, (size_t)r, &h) && h.cmd == SRV_STOP;
}

/*
 * The kept connection, when the server wakes: 1 if it asked to stop.
 * It stays while its client is silent and nothing else is going on.
 */
static int check_kept(int *kept, int new_conn)
{
	unsigned char buf[SRV_HELLO_LEN];
	ssize_t r;

	if (*kept < 0)
		return 0;
	r = recv(*kept, buf, sizeof(buf), MSG_DONTWAIT);
	if (is_stop(buf, r))
		return 1;
	if (!new_conn && r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return 0;
	close(*kept);
	*kept = -1;
	return 0;
}

/* A new connection to a connection-cost server. */
static void close_at_once(const struct srv_conf *c, int lfd, int fd,
			  int *kept)
{
	unsigned char buf[SRV_HELLO_LEN];
	ssize_t r = recv(fd, buf, sizeof(buf), MSG_DONTWAIT);

	if (is_stop(buf, r))
		end_server(c, lfd, fd);
	if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
		shutdown(fd, SHUT_WR);
		*kept = fd;
	} else {
		close(fd);
	}
}

void srv_stream_loop(int lfd, const struct srv_conf *c)
{
	unsigned char buf[SRV_HELLO_LEN];
	struct pollfd p = {lfd, POLLIN, 0};
	struct srv_hello h;
	double last = now_s();
	int fd, ready, kept = -1;
	long r;

	server_signals();
	for (;;) {
		/* The idle clock starts when the last request has ended. */
		if (reap_kids() > 0 || nkids > 0)
			last = now_s();
		if (stop_requested)
			end_server(c, lfd, -1);
		if (nkids == 0 && idle_over(c, lfd, last))
			end_server(c, lfd, -1);
		ready = poll(&p, 1, POLL_MS) > 0 && (p.revents & POLLIN);
		if (check_kept(&kept, ready))
			end_server(c, lfd, -1);
		if (!ready)
			continue;
		fd = accept(lfd, NULL, NULL);
		if (fd < 0)
			continue;
		last = now_s();
		if (c->raw != NULL) {
			if (c->raw(fd, c->arg))
				end_server(c, lfd, -1);
			last = now_s();	/* served in this process */
			continue;
		}
		if (c->close_at_once) {
			close_at_once(c, lfd, fd, &kept);
			continue;
		}
		net_timeouts(fd, HELLO_WAIT_MS);
		r = net_try_recv_all(fd, buf, sizeof(buf));
		last = now_s();	/* the hello wait is no idle time */
		if (r != (long)sizeof(buf) ||
		    !srv_unpack(buf, sizeof(buf), &h)) {
			close(fd);
			continue;
		}
		if (h.cmd == SRV_STOP)
			end_server(c, lfd, fd);
		if (h.cmd == SRV_RUN && c->conn != NULL)
			run_child(lfd, fd, c, &h);
		else
			close(fd);
	}
}

void srv_dgram_loop(int fd, const struct srv_conf *c)
{
	struct sockaddr_storage from;
	struct pollfd p = {fd, POLLIN, 0};
	unsigned char ack[SRV_HELLO_LEN];
	struct srv_hello h;
	double last = now_s();
	socklen_t flen;
	ssize_t r;
	char *buf;

	server_signals();
	buf = malloc(c->dgram_max + 1);
	if (buf == NULL)
		_exit(1);
	for (;;) {
		if (stop_requested)
			end_server(c, fd, -1);
		if (idle_over(c, fd, last))
			end_server(c, fd, -1);
		if (poll(&p, 1, POLL_MS) <= 0)
			continue;
		flen = sizeof(from);
		r = recvfrom(fd, buf, c->dgram_max + 1, 0,
			     (struct sockaddr *)&from, &flen);
		if (r < 0)
			continue;
		last = now_s();
		if ((size_t)r == SRV_HELLO_LEN &&
		    srv_unpack(buf, (size_t)r, &h) &&
		    (h.cmd == SRV_STOP || h.cmd == SRV_PING)) {
			srv_pack(ack, SRV_ACK, h.cmd, 0);
			(void)sendto(fd, ack, sizeof(ack), 0,
				     (struct sockaddr *)&from, flen);
			if (h.cmd == SRV_STOP)
				end_server(c, fd, -1);
			continue;
		}
		c->dgram(fd, buf, (size_t)r, (struct sockaddr *)&from, flen,
			 c->arg);
		last = now_s();
	}
}

static void quiet_stdio(void)
{
	int fd = open("/dev/null", O_RDWR);

	if (fd < 0)
		return;
	dup2(fd, 0);
	dup2(fd, 1);
	dup2(fd, 2);
	if (fd > 2)
		close(fd);
}

void srv_print_port(int port)
{
	printf("%d\n", port);
	if (fflush(stdout) != 0)
		bench_die("writing the port number");
}

void srv_daemon(void (*serve)(void *arg), void *arg)
{
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		bench_die("fork");
	if (pid > 0)
		return;
	setsid();
	if (chdir("/") != 0)
		_exit(1);
	quiet_stdio();
	serve(arg);
	_exit(0);
}

pid_t srv_child(void (*serve)(void *arg), void *arg)
{
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		bench_die("fork");
	if (pid == 0) {
		serve(arg);
		_exit(0);
	}
	cleanup_child_add(pid);
	return pid;
}

void srv_child_stop(pid_t pid)
{
	struct timespec tick = {0, 10 * 1000 * 1000};
	int waited;

	kill(pid, SIGTERM);
	for (waited = 0; waited < CHILD_STOP_MS; waited += 10) {
		if (waitpid(pid, NULL, WNOHANG) == pid)
			goto done;
		nanosleep(&tick, NULL);
	}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
done:
	/* The harness would otherwise kill a pid that may be reused. */
	cleanup_child_remove(pid);
}

/* ---- the client side of control ------------------------------------- */

/* 1 once the server confirmed the stop and went; 0 if it closed first. */
static int stop_over(int fd, const char *what)
{
	unsigned char buf[SRV_HELLO_LEN];
	struct srv_hello h;
	long r;
	char c;

	srv_pack(buf, SRV_STOP, 0, 0);
	r = net_try_send_all(fd, buf, sizeof(buf));
	if (r > 0)
		r = net_try_recv_all(fd, buf, sizeof(buf));
	if (r == 0 || (r < 0 && (errno == ECONNRESET || errno == EPIPE))) {
		close(fd);
		return 0;
	}
	if (r != (long)sizeof(buf) || !srv_unpack(buf, sizeof(buf), &h) ||
	    h.cmd != SRV_ACK) {
		errno = 0;
		bench_die("%s did not confirm the stop", what);
	}
	/* The server closes everything and exits after the ack. */
	while (recv(fd, &c, 1, 0) > 0)
		;
	close(fd);
	return 1;
}

/*
 * A connection-cost server half-closes a connection whose hello was not
 * there when it accepted it, and takes the stop from it when it next
 * wakes (this client's next try wakes it), without an ack: the client
 * sees end of file, and then the server gone.  Try until it is (10 ms
 * apart, 3 s in all).
 */
#define STOP_STREAM_TRIES	300

void srv_stop_stream(const char *host, int port)
{
	struct timespec pause = {0, 10 * 1000 * 1000};
	char what[300];
	int fd, t;

	snprintf(what, sizeof(what), "server at %s port %d", host, port);
	for (t = 0; t < STOP_STREAM_TRIES; t++) {
		fd = net_try_client(SOCK_STREAM, host, port);
		if (fd < 0 && t == 0)
			bench_die("no server to stop at %s TCP port %d", host,
				  port);
		if (fd < 0 || stop_over(fd, what))
			return;	/* gone, or stopped by this request */
		nanosleep(&pause, NULL);
	}
	errno = 0;
	bench_die("%s does not take the stop request", what);
}

void srv_stop_unix(const char *path)
{
	struct timespec pause = {0, 10 * 1000 * 1000};
	int fd, t;

	for (t = 0; t < STOP_STREAM_TRIES; t++) {
		fd = net_try_unix_client(path);
		if (fd < 0 && t == 0)
			bench_die("no server to stop at %s", path);
		if (fd < 0 || stop_over(fd, path))
			return;
		nanosleep(&pause, NULL);
	}
	errno = 0;
	bench_die("%s does not take the stop request", path);
}

/* Send a control datagram and wait for its ack; 1 if answered. */
static int dgram_control(int fd, uint32_t cmd, int tries)
{
	unsigned char buf[SRV_HELLO_LEN];
	struct pollfd p = {fd, POLLIN, 0};
	struct srv_hello h;
	ssize_t r;
	int t;

	for (t = 0; t < tries; t++) {
		srv_pack(buf, cmd, 0, 0);
		if (send(fd, buf, sizeof(buf), 0) < 0)
			return -1;
		while (poll(&p, 1, DGRAM_WAIT_MS) > 0) {
			r = recv(fd, buf, sizeof(buf), 0);
			if (r < 0)
				return -1;
			if (srv_unpack(buf, (size_t)r, &h) &&
			    h.cmd == SRV_ACK && h.a == cmd)
				return 1;
		}
	}
	errno = ETIMEDOUT;
	return 0;
}

int srv_stream_client(const char *host, int port, uint32_t msize)
{
	unsigned char hello[SRV_HELLO_LEN];
	int fd = net_client(SOCK_STREAM, host, port);

	srv_pack(hello, SRV_RUN, msize, 0);
	net_send_all(fd, hello, sizeof(hello));
	return fd;
}

int srv_dgram_client(const char *host, int port)
{
	int fd = net_client(SOCK_DGRAM, host, port);

	if (dgram_control(fd, SRV_PING, PING_TRIES) != 1)
		bench_die("no UDP server answers at %s port %d", host, port);
	return fd;
}

void srv_stop_dgram(const char *host, int port)
{
	int fd = net_client(SOCK_DGRAM, host, port);

	int t;

	if (dgram_control(fd, SRV_STOP, STOP_TRIES) != 1)
		bench_die("no UDP server to stop at %s port %d", host, port);
	/* The ack precedes the exit: wait until nothing answers. */
	for (t = 0; t < GONE_TRIES && dgram_control(fd, SRV_PING, 1) == 1;
	     t++)
		;
	close(fd);
}

/* ---- a server program's main ---------------------------------------- */

void srv_check_args(const struct srv_args *a, int nargs)
{
	if ((a->start && a->stop) || ((a->start || a->stop) && nargs > 0))
		bench_usage();
	if (a->port == 0 && (a->stop || nargs > 0))
		bench_fail("port 0 (any free port) is only for a server "
			   "started with -s");
}

void srv_dispatch(const struct srv_args *a, int type, int nargs,
		  char *const *args, void (*serve)(void *arg), void *arg,
		  int *lfd, const char **host, int *port, pid_t *server)
{
	srv_check_args(a, nargs);
	if (a->stop) {
		if (type == SOCK_DGRAM)
			srv_stop_dgram(a->stop, a->port);
		else
			srv_stop_stream(a->stop, a->port);
		exit(0);
	}
	if (a->start) {
		*lfd = net_server(type, a->bind, a->port);
		if (a->port == 0)
			srv_print_port(net_local_port(*lfd));
		srv_daemon(serve, arg);
		exit(0);
	}
	*server = 0;
	*port = a->port;
	if (nargs > 0) {
		*host = args[0];
	} else {
		*host = NET_LOOPBACK;
		*lfd = net_server(type, NET_LOOPBACK, 0);
		*port = net_local_port(*lfd);
		*server = srv_child(serve, arg);
		close(*lfd);
	}
	/* Fail now, not after the clock probe, if nobody answers. */
	if (type == SOCK_DGRAM)
		close(srv_dgram_client(*host, *port));
	else
		close(net_client(SOCK_STREAM, *host, *port));
}

/* The round trips' copy: its socket and buffer (srv_rtt_main). */
static const struct srv_rtt_program *rtt;

static void rtt_setup(void *cookie)
{
	struct srv_client *c = cookie;

	c->buf = bench_alloc(1, c->msize);
	if (rtt->type == SOCK_STREAM) {
		c->fd = srv_stream_client(c->host, c->port,
					  (uint32_t)c->msize);
		net_nodelay(c->fd);
	} else {
		c->fd = srv_dgram_client(c->host, c->port);
		net_timeouts(c->fd, NET_IO_TIMEOUT_MS);
	}
}

void srv_client_close(void *cookie)
{
	struct srv_client *c = cookie;

	close(c->fd);
	free(c->buf);
}

/* What srv_rtt_main's options set (bench_main). */
struct state {
	struct srv_args sa;
	size_t msize;
};

static struct srv_client *rtt_client;

static void set_rtt_msize(void *state, const char *arg)
{
	struct state *st = state;

	st->msize = bench_arg_size(arg);
	if (st->msize < rtt->min_msg || st->msize > rtt->max_msg)
		bench_fail("-m: message size must be %zu..%zu bytes",
			   rtt->min_msg, rtt->max_msg);
}

static int rtt_run(const struct bench_run *r)
{
	struct state *st = r->state;
	struct srv_client *c = rtt_client;
	char label[512], name[METRIC_NAME_MAX];
	pid_t server;

	c->sa = st->sa;
	c->msize = st->msize;
	srv_dispatch(&c->sa, rtt->type, r->argc, r->argv, rtt->serve, c, &c->lfd,
		     &c->host, &c->port, &server);
	benchmp_copy(rtt_setup, rtt->bench, srv_client_close, &r->opts, c);
	if (server > 0)
		srv_child_stop(server);
	snprintf(label, sizeof(label), "%s %s", rtt->label, c->host);
	metric_net(c->host, rtt->metric, name, sizeof(name));
	report_micro(name, label, get_n());
	return 0;
}

int srv_rtt_main(int argc, char *argv[], const struct srv_rtt_program *p,
		 struct srv_client *c)
{
	/* -m's --help line is the program's: set below. */
	static struct bench_option options[] = {
		SRV_ROWS_SERVER(sa),
		SRV_ROWS_NET(sa),
		SRV_ROW_PORT(sa),
		BENCH_CALL("-m", NULL, set_rtt_msize),
		BENCH_END
	};
	static struct state defaults = {SRV_ARGS_DEFAULT(0), 0};
	static struct bench_program program = {
		.usage = "-s [-b addr] [-p port] [-i idle_s] | [-m size] "
			 BENCH_USAGE_PWN " [-p port] [host] | "
			 "-S host [-p port]\n",
		.options = options, .min_ops = 0, .max_ops = 1,
		.run = rtt_run, .state_size = sizeof(struct state),
		.defaults = &defaults,
	};

	rtt = p;
	rtt_client = c;
	options[sizeof(options) / sizeof(options[0]) - 2].text = p->m_help;
	defaults.sa.port = p->port;
	defaults.msize = p->msg;
	return bench_main(argc, argv, &program);
}
