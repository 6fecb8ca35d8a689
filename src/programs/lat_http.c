/*
 * lat_http - latency of HTTP/1.0 GETs: for each file named on standard
 * input (one per line), one iteration is connect, send
 * "GET /<file> HTTP/1.0", read the whole response until the server
 * closes, close.  So it includes connection set-up and tear-down and the
 * transfer of the file; the answer must be "200".
 *
 * Output, per file: "<file> <bytes received> <microseconds per GET>"
 * (bytes include the response head).
 *
 * usage: lat_http [-d] [-e] [-N <repetitions>] host [port] < files
 *        lat_http -S host [port]
 *   -d  print each request on stderr before it is measured
 *   -e  echo each response to stdout once, before it is measured
 *   -S  stop the lmhttp server there
 * The port defaults to 8008 (lmhttp's).
 */
#include "bench.h"
#include "lib_net.h"

#include <sys/socket.h>

#define MAX_NAME	1000
#define XFER		65536

struct state {
	const char *host;
	int port;
	struct sockaddr_storage addr;
	socklen_t addrlen;
	const char *name;
	char req[MAX_NAME + 64];
	size_t reqlen;
	char *buf;
	unsigned long bytes;
	int debug, echo;	/* -d, -e */
	int do_stop;		/* -S */
};

/* One GET; the bytes received.  echo: copy the response to stdout. */
static unsigned long get(struct state *st, int echo)
{
	unsigned long total = 0;
	ssize_t r;
	int fd;

	fd = socket(st->addr.ss_family, SOCK_STREAM, 0);
	if (fd < 0)
		bench_die("socket");
	if (connect(fd, (struct sockaddr *)&st->addr, st->addrlen) != 0)
		bench_die("connect to %s port %d", st->host, st->port);
	net_send_all(fd, st->req, st->reqlen);
	while ((r = recv(fd, st->buf, XFER, 0)) > 0) {
		if (echo)
			fwrite(st->buf, 1, (size_t)r, stdout);
		if (total == 0 && (r < 12 || memcmp(st->buf + 8, " 200", 4) != 0)) {
			errno = 0;
			bench_die("/%s: the server answered \"%.*s\"",
				  st->name, (int)strcspn(st->buf, "\r\n"),
				  st->buf);
		}
		total += (unsigned long)r;
	}
	if (r < 0)
		bench_die("recv from %s", st->host);
	close(fd);
	return total;
}

static void do_get(iter_t n, void *cookie)
{
	struct state *st = cookie;
	unsigned long b = 0;

	while (n-- > 0)
		b = get(st, 0);
	st->bytes = b;
}

static void stop(struct state *st)
{
	static const char req[] = "LMBENCH-STOP / HTTP/1.0\r\n\r\n";
	char buf[256];
	int fd = net_try_client(SOCK_STREAM, st->host, st->port);

	if (fd < 0)
		bench_die("no server to stop at %s port %d", st->host,
			  st->port);
	net_send_all(fd, req, sizeof(req) - 1);
	while (recv(fd, buf, sizeof(buf), 0) > 0)
		;
	close(fd);
}

static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	char line[MAX_NAME + 2], *name, slug[METRIC_NAME_MAX - 8];
	char metric[METRIC_NAME_MAX];
	size_t len;
	double us;

	st->host = r->argv[0];
	if (r->argc == 2)
		st->port = net_arg_peer_port(r->argv[1]);
	if (st->do_stop) {
		stop(st);
		return 0;
	}
	/* Fail now, with a bounded wait, if nobody listens. */
	close(net_client(SOCK_STREAM, st->host, st->port));
	net_resolve(st->host, st->port, SOCK_STREAM, &st->addr, &st->addrlen);
	st->buf = bench_alloc(1, XFER);
	while (fgets(line, sizeof(line), stdin) != NULL) {
		len = strlen(line);
		if (len > MAX_NAME && line[len - 1] != '\n')
			bench_fail("a file name longer than %d bytes",
				   MAX_NAME);
		line[strcspn(line, "\r\n")] = '\0';
		name = line + strspn(line, " \t");
		name[strcspn(name, " \t")] = '\0';
		while (*name == '/')
			name++;
		if (*name == '\0')
			continue;
		st->reqlen = (size_t)snprintf(st->req, sizeof(st->req),
					       "GET /%s HTTP/1.0\r\n\r\n",
					       name);
		st->name = name;
		if (st->debug)
			fprintf(stderr, "%s", st->req);
		if (st->echo)
			get(st, 1);
		fflush(stdout);
		benchmp(NULL, do_get, NULL, 0, 1, 0, r->opts.repetitions, st);
		us = report_median(result_last(), 1e-3, 0);
		fprintf(stderr, "%s %lu %.4f\n", name, st->bytes, us);
		/* http.<the file's name, slugged> */
		metric_slug(name, slug, sizeof(slug));
		snprintf(metric, sizeof(metric), "http.%s", slug);
		report_result(result_last(),
			      &(struct metric){.name = metric,
					       .unit = "microseconds",
					       .better = BETTER_LOWER},
			      NULL, name, us, 1e-3, 0);
	}
	free(st->buf);
	return 0;
}

BENCH_MAIN(.usage = "[-d] [-e] [-N <repetitions>] host [port] < files | "
		    "-S host [port]\n",
	   .min_ops = 1, .max_ops = 2, BENCH_STATE(.port = NET_PORT_HTTP),
	   .options = BENCH_OPTIONS(
		BENCH_FLAG("-d", "print each request on stderr before timing "
			   "it", debug),
		BENCH_FLAG("-e", "echo each response to stdout once, before "
			   "timing it", echo),
		BENCH_OPERAND("host", "the lmhttp server; file names come on "
			      "standard input"),
		BENCH_OPERAND("port", "its port (default 8008)"),
		BENCH_FLAG("-S", "stop the lmhttp server on host", do_stop)))
