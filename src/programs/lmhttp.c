/*
 * lmhttp - the tiny HTTP/1.0 server that lat_http measures against.
 *
 * It answers GET for regular files under its document root (the
 * directory given, or the current one) and nothing else:
 *   - the request line must be "GET /<path> HTTP/1.x", at most 1024 bytes,
 *     and the whole request head at most 8 KB;
 *   - a connection gets limit_s seconds (default 5) in all, from accept
 *     to close: a head not complete by then gets 408, and an answer not
 *     read or a close not made by then is cut off;
 *   - the path may hold only printable ASCII other than '%', '\\', '?'
 *     and '#' (percent-encoding is refused, not decoded), and no "." or
 *     ".." segment;
 *   - the path is opened one component at a time below the root with
 *     O_NOFOLLOW, so no symbolic link is ever followed, and only a
 *     regular file is served.
 * Anything else gets an HTTP error status (400, 403, 404, 408, 414, 501)
 * and no file data.  Connections are served one at a time, in order,
 * and closed after each response, so one client delays the next by at
 * most limit_s.
 *
 * usage: lmhttp [-f] [-b addr] [-p port] [-i idle_s] [-t limit_s] [docroot]
 *        lmhttp -S [-b addr] [-p port]
 * It listens on 127.0.0.1 port 8008 unless told otherwise (-p 0: any
 * free port, printed on stdout), goes to the
 * background (-f: stays in the foreground) once listening, and exits on
 * -S (or lat_http -S), on SIGTERM, or after idle_s seconds (default 60)
 * without a request.
 */
#include "bench.h"
#include "lib_http.h"
#include "lib_net.h"
#include "lib_server.h"

#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>

/*
 * The time a connection gets in all, from accept to close: a client on
 * a loopback or a LAN sends its head, reads a page and closes in well
 * under a second, and a slow one holds the others no longer than this.
 */
#define CONN_LIMIT_S		5
#define MAX_CONN_LIMIT_S	3600
#define XFER		65536

struct state {
	int root;		/* the document root, open */
	int lfd;
	int idle_s;		/* -i */
	int limit_s;		/* -t: a connection's time, accept to close */
	const char *bind_addr;	/* -b */
	int port;		/* -p */
	int foreground;		/* -f */
	int do_stop;		/* -S */
};

/*
 * Send it all before the deadline; -1 if not.  A short answer goes out
 * even past it: it fits in the empty socket buffer at once.
 */
static long send_until(int fd, const void *buf, size_t len,
		       long long deadline)
{
	const char *p = buf;
	size_t left = len;
	ssize_t w;

	while (left > 0) {
		w = send(fd, p, left, MSG_DONTWAIT | MSG_NOSIGNAL);
		if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK &&
		    errno != EINTR)
			return -1;
		if (w < 0 && net_wait_until(fd, POLLOUT, deadline) != 1)
			return -1;
		if (w > 0) {
			p += w;
			left -= (size_t)w;
		}
	}
	return (long)len;
}

/* recv() for up to the deadline: -2 once it has passed. */
static ssize_t recv_until(int fd, void *buf, size_t len, long long deadline)
{
	ssize_t r;

	for (;;) {
		r = recv(fd, buf, len, MSG_DONTWAIT);
		if (r >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK &&
			       errno != EINTR))
			return r;
		r = net_wait_until(fd, POLLIN, deadline);
		if (r == 0)
			return -2;
		if (r < 0)
			return -1;
	}
}

static void respond_error(int fd, int code, const char *reason,
			  long long deadline)
{
	char head[256];
	int len;

	len = snprintf(head, sizeof(head), "HTTP/1.0 %d %s\r\n"
		       "Server: lmhttp\r\nContent-Type: text/plain\r\n"
		       "Content-Length: %zu\r\n\r\n%s\n", code, reason,
		       strlen(reason) + 1, reason);
	(void)send_until(fd, head, (size_t)len, deadline);
}

static const char *content_type(const char *name)
{
	static const struct {
		const char *suffix, *type;
	} types[] = {
		{".html", "text/html"}, {".htm", "text/html"},
		{".txt", "text/plain"}, {".gif", "image/gif"},
		{".jpg", "image/jpeg"}, {".jpeg", "image/jpeg"},
		{".png", "image/png"},
	};
	size_t i, n = strlen(name), k;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		k = strlen(types[i].suffix);
		if (n >= k && strcmp(name + n - k, types[i].suffix) == 0)
			return types[i].type;
	}
	return "application/octet-stream";
}

static void send_file(int fd, int file, const char *name,
		      long long deadline)
{
	char head[256], *buf;
	struct stat sb;
	ssize_t r;
	int len;

	if (fstat(file, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		respond_error(fd, 403, "Forbidden", deadline);
		return;
	}
	buf = malloc(XFER);
	if (buf == NULL) {
		respond_error(fd, 500, "Internal Server Error", deadline);
		return;
	}
	len = snprintf(head, sizeof(head), "HTTP/1.0 200 OK\r\n"
		       "Server: lmhttp\r\nContent-Type: %s\r\n"
		       "Content-Length: %lld\r\n\r\n", content_type(name),
		       (long long)sb.st_size);
	if (send_until(fd, head, (size_t)len, deadline) == len)
		while ((r = read(file, buf, XFER)) > 0)
			if (send_until(fd, buf, (size_t)r, deadline) != r)
				break;
	free(buf);
}

/* Read the request head; its length, or an HTTP status (negated). */
static int read_head(int fd, char *buf, long long deadline)
{
	size_t got = 0;
	ssize_t r;
	int c;

	for (;;) {
		r = recv_until(fd, buf + got, HTTP_MAX_HEAD - got, deadline);
		if (r == -2)
			return -408;
		if (r <= 0)
			return -400;
		got += (size_t)r;
		buf[got] = '\0';
		c = http_head_check(buf, got);
		if (c != 0)
			return c > 0 ? (int)got : c;
	}
}

/* One connection; 1 if it asked the server to stop. */
static int serve_conn(int fd, void *arg)
{
	struct state *st = arg;
	char buf[HTTP_MAX_HEAD + 1], path[HTTP_MAX_LINE + 1];
	int status, file = -1;
	long long deadline = net_now_ms() + st->limit_s * 1000LL;

	status = read_head(fd, buf, deadline);
	if (status > 0) {
		status = -http_request_line(buf, path);
		if (status == -HTTP_STOP) {
			respond_error(fd, 200, "OK", deadline);
			return 1;
		}
		if (status == -200)
			status = -http_open_below(st->root, path, &file);
	}
	if (status == -200)
		send_file(fd, file, path, deadline);
	else if (status == -400)
		respond_error(fd, 400, "Bad Request", deadline);
	else if (status == -403)
		respond_error(fd, 403, "Forbidden", deadline);
	else if (status == -404)
		respond_error(fd, 404, "Not Found", deadline);
	else if (status == -408)
		respond_error(fd, 408, "Request Timeout", deadline);
	else if (status == -414)
		respond_error(fd, 414, "Request-URI Too Long", deadline);
	else
		respond_error(fd, 501, "Not Implemented", deadline);
	if (file >= 0)
		close(file);
	/*
	 * Close once the client has read it all and closed (no reset),
	 * but at the deadline however it trickles.
	 */
	shutdown(fd, SHUT_WR);
	while (recv_until(fd, buf, HTTP_MAX_HEAD, deadline) > 0)
		;
	close(fd);
	return 0;
}

static void serve(void *arg)
{
	struct state *st = arg;
	struct srv_conf c = {
		.idle_s = st->idle_s, .raw = serve_conn, .arg = st};

	srv_stream_loop(st->lfd, &c);
}

/* -S: send the stop request; return once the server has gone. */
static void stop(const char *host, int port)
{
	static const char req[] = HTTP_STOP_METHOD " / HTTP/1.0\r\n\r\n";
	char buf[256];
	int fd = net_try_client(SOCK_STREAM, host, port);

	if (fd < 0)
		bench_die("no server to stop at %s port %d", host, port);
	net_send_all(fd, req, sizeof(req) - 1);
	while (recv(fd, buf, sizeof(buf), 0) > 0)
		;
	close(fd);
}

static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	const char *root = ".";

	if (st->do_stop && r->argc > 0)
		bench_usage();
	if (st->do_stop && st->port == 0)
		bench_fail("port 0 (any free port) is only for starting");
	if (st->do_stop) {
		stop(st->bind_addr, st->port);
		return 0;
	}
	if (r->argc > 0)
		root = r->argv[0];
	st->root = open(root, O_RDONLY | O_DIRECTORY);
	if (st->root < 0)
		bench_fail("%s: %s", root, strerror(errno));
	st->lfd = net_server(SOCK_STREAM, st->bind_addr, st->port);
	if (st->port == 0)
		srv_print_port(net_local_port(st->lfd));
	if (st->foreground)
		serve(st);
	srv_daemon(serve, st);
	return 0;
}

BENCH_MAIN(.usage = "[-f] [-b addr] [-p port] [-i idle_s] [-t limit_s] "
		    "[docroot] | -S [-b addr] [-p port]\n",
	   .max_ops = 1,
	   BENCH_STATE(.idle_s = SRV_IDLE_DEFAULT, .limit_s = CONN_LIMIT_S,
		       .bind_addr = NET_LOOPBACK, .port = NET_PORT_HTTP),
	   .options = BENCH_OPTIONS(
		BENCH_FLAG("-f", "stay in the foreground", foreground),
		BENCH_TEXT("-b", "the address to listen on (default 127.0.0.1)",
			   bind_addr),
		BENCH_INT("-p", "the port (default 8008; 0: any free one, "
			  "printed)", port, 0, NET_PORT_MAX),
		BENCH_INT("-i", "exit after this many seconds without a "
			  "request (default 60)", idle_s, 0, SRV_IDLE_MAX),
		BENCH_INT("-t", "seconds a connection may take in all (default "
			  "5)", limit_s, 1, MAX_CONN_LIMIT_S),
		BENCH_OPERAND("docroot", "the directory served (default: the "
			      "current one)"),
		BENCH_FLAG("-S", "stop the server listening there", do_stop)))
