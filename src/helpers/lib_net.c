/*
 * lib_net.c - sockets for the networking benchmarks (see lib_net.h).
 */
#include "bench.h"
#include "lib_net.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/un.h>
#include <time.h>

static const char *type_name(int type)
{
	return type == SOCK_DGRAM ? "UDP" : "TCP";
}

int net_arg_peer_port(const char *s)
{
	long port;

	if (bench_parse_long(s, 1, 65535, &port) != 0)
		bench_fail("port %s: a client needs a port from 1 to 65535",
			   s);
	return (int)port;
}

/*
 * A name that does not resolve is bad input (exit 2); a resolver that
 * cannot answer now (EAI_AGAIN, EAI_FAIL, ...) is a runtime failure.
 */
static int name_error(int err)
{
	return err == EAI_NONAME || err == EAI_SERVICE || err == EAI_FAMILY
#ifdef EAI_ADDRFAMILY
	       || err == EAI_ADDRFAMILY
#endif
#ifdef EAI_NODATA
	       || err == EAI_NODATA
#endif
		;
}

static struct addrinfo *lookup(const char *host, int port, int type,
			       int passive)
{
	struct addrinfo hints, *res;
	char service[16];
	int err;

	if (*host == '\0')
		bench_fail("an empty host name or address");
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = type;
	hints.ai_flags = AI_NUMERICSERV | (passive ? AI_PASSIVE : 0);
	snprintf(service, sizeof(service), "%d", port);
	err = getaddrinfo(host, service, &hints, &res);
	if (err != 0 && name_error(err))
		bench_fail("%s: no such host or address: %s", host,
			   gai_strerror(err));
	if (err != 0) {
		errno = 0;
		bench_die("%s: cannot resolve address: %s", host,
			  gai_strerror(err));
	}
	return res;
}

int net_try_server(int type, const char *addr, int port)
{
	struct addrinfo *res = lookup(addr, port, type, 1);
	int fd, one = 1;

	fd = socket(res->ai_family, res->ai_socktype, res->ai_protocol);
	if (fd < 0)
		bench_die("socket");
	/* Streams only: on UDP it would let two servers share the port. */
	if (type == SOCK_STREAM &&
	    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) != 0)
		bench_die("setsockopt SO_REUSEADDR");
	if (bind(fd, res->ai_addr, res->ai_addrlen) != 0) {
		if (errno == EADDRINUSE) {
			freeaddrinfo(res);
			close(fd);
			errno = EADDRINUSE;
			return -1;
		}
		bench_die("bind %s %s port %d", addr, type_name(type), port);
	}
	if (type == SOCK_STREAM && listen(fd, SOMAXCONN) != 0)
		bench_die("listen %s port %d", addr, port);
	freeaddrinfo(res);
	return fd;
}

int net_server(int type, const char *addr, int port)
{
	int fd = net_try_server(type, addr, port);

	if (fd < 0) {
		errno = 0;
		bench_die("%s %s port %d is already in use (another server "
			  "running? choose one with -p, or -p 0 for any free "
			  "port)", addr, type_name(type), port);
	}
	return fd;
}

int net_local_port(int fd)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	if (getsockname(fd, (struct sockaddr *)&ss, &len) != 0)
		bench_die("getsockname");
	if (ss.ss_family == AF_INET6)
		return ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
	return ntohs(((struct sockaddr_in *)&ss)->sin_port);
}

long long net_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int net_wait_until(int fd, short events, long long deadline_ms)
{
	struct pollfd p = {fd, events, 0};
	long long left;
	int r;

	for (;;) {
		left = deadline_ms - net_now_ms();
		r = poll(&p, 1, left > 0 ? (int)(left < 60000 ? left : 60000)
					 : 0);
		if (r > 0)
			return 1;
		if (r < 0 && errno != EINTR)
			return -1;
		if (r == 0 && left <= 0)
			return 0;
	}
}

void net_timeouts(int fd, int ms)
{
	struct timeval tv;

	tv.tv_sec = ms / 1000;
	tv.tv_usec = (ms % 1000) * 1000;
	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) != 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv)) != 0)
		bench_die("setsockopt SO_RCVTIMEO/SO_SNDTIMEO");
}

void net_nodelay(int fd)
{
	int one = 1;

	if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) != 0)
		bench_die("setsockopt TCP_NODELAY");
}

void net_bufsize(int fd, int bytes)
{
	if (setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &bytes, sizeof(bytes)) != 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &bytes, sizeof(bytes)) != 0)
		bench_die("setsockopt SO_SNDBUF/SO_RCVBUF");
}

/* connect() that gives up after ms milliseconds. */
static int connect_within(int fd, const struct sockaddr *sa, socklen_t len,
			  int ms)
{
	struct pollfd p = {fd, POLLOUT, 0};
	int flags = fcntl(fd, F_GETFL), err = 0, r;
	socklen_t elen = sizeof(err);

	if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0)
		return -1;
	r = connect(fd, sa, len);
	if (r != 0 && errno == EINPROGRESS) {
		do
			r = poll(&p, 1, ms);
		while (r < 0 && errno == EINTR);
		if (r == 0) {
			errno = ETIMEDOUT;
			return -1;
		}
		if (r < 0 || getsockopt(fd, SOL_SOCKET, SO_ERROR, &err,
					&elen) != 0)
			return -1;
		if (err != 0) {
			errno = err;
			return -1;
		}
		r = 0;
	}
	if (r != 0)
		return -1;
	return fcntl(fd, F_SETFL, flags);
}

int net_try_client(int type, const char *host, int port)
{
	struct addrinfo *res = lookup(host, port, type, 0), *ai;
	int pass, fd, saved = ECONNREFUSED;

	/* IPv4 first: servers bind 127.0.0.1 by default, not ::1. */
	for (pass = 0; pass < 2; pass++) {
		for (ai = res; ai != NULL; ai = ai->ai_next) {
			if ((ai->ai_family == AF_INET) != (pass == 0))
				continue;
			fd = socket(ai->ai_family, ai->ai_socktype,
				    ai->ai_protocol);
			if (fd < 0)
				continue;
			if (connect_within(fd, ai->ai_addr, ai->ai_addrlen,
					   NET_CONNECT_TIMEOUT_MS) == 0) {
				freeaddrinfo(res);
				net_timeouts(fd, NET_IO_TIMEOUT_MS);
				return fd;
			}
			saved = errno;
			close(fd);
		}
	}
	freeaddrinfo(res);
	errno = saved;
	return -1;
}

int net_client(int type, const char *host, int port)
{
	int fd = net_try_client(type, host, port);

	if (fd < 0)
		bench_die("cannot connect to %s %s port %d", host,
			  type_name(type), port);
	return fd;
}

void net_resolve(const char *host, int port, int type,
		 struct sockaddr_storage *sa, socklen_t *len)
{
	struct addrinfo *res = lookup(host, port, type, 0), *ai, *pick;

	pick = res;
	for (ai = res; ai != NULL; ai = ai->ai_next)
		if (ai->ai_family == AF_INET) {
			pick = ai;
			break;
		}
	/* getaddrinfo() succeeded, so res holds at least one entry. */
	/* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
	memcpy(sa, pick->ai_addr, pick->ai_addrlen);
	*len = pick->ai_addrlen;
	freeaddrinfo(res);
}

static void unix_addr(const char *path, struct sockaddr_un *sun)
{
	memset(sun, 0, sizeof(*sun));
	sun->sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(sun->sun_path))
		bench_fail("%s: socket path too long", path);
	strcpy(sun->sun_path, path);
}

int net_try_unix_client(const char *path)
{
	struct sockaddr_un sun;
	int fd, saved;

	unix_addr(path, &sun);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd < 0)
		return -1;
	if (connect(fd, (struct sockaddr *)&sun, sizeof(sun)) != 0) {
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	net_timeouts(fd, NET_IO_TIMEOUT_MS);
	return fd;
}

int net_unix_client(const char *path)
{
	int fd = net_try_unix_client(path);

	if (fd < 0)
		bench_die("cannot connect to %s", path);
	return fd;
}

int net_unix_server(const char *path)
{
	struct sockaddr_un sun;
	struct stat sb;
	int fd, probe;

	unix_addr(path, &sun);
	if (lstat(path, &sb) == 0) {
		if (!S_ISSOCK(sb.st_mode)) {
			errno = 0;
			bench_die("%s exists and is not a socket; not "
				  "replacing it", path);
		}
		probe = net_try_unix_client(path);
		if (probe >= 0) {
			close(probe);
			errno = 0;
			bench_die("%s is already in use (a server is "
				  "listening there)", path);
		}
		if (unlink(path) != 0)
			bench_die("remove stale socket %s", path);
	}
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd < 0)
		bench_die("socket");
	if (bind(fd, (struct sockaddr *)&sun, sizeof(sun)) != 0)
		bench_die("bind %s", path);
	if (listen(fd, SOMAXCONN) != 0)
		bench_die("listen %s", path);
	return fd;
}

long net_try_send_all(int fd, const void *buf, size_t len)
{
	return net_try_send_flags(fd, buf, len, 0);
}

long net_try_send_flags(int fd, const void *buf, size_t len, int flags)
{
	const char *p = buf;
	size_t left = len;
	ssize_t w;

	while (left > 0) {
		w = send(fd, p, left, flags | MSG_NOSIGNAL);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		p += w;
		left -= (size_t)w;
	}
	return (long)len;
}

long net_try_recv_all(int fd, void *buf, size_t len)
{
	char *p = buf;
	size_t left = len;
	ssize_t r;

	while (left > 0) {
		r = recv(fd, p, left, 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return r;
		p += r;
		left -= (size_t)r;
	}
	return (long)len;
}

void net_send_all(int fd, const void *buf, size_t len)
{
	if (net_try_send_all(fd, buf, len) < 0)
		bench_die("send");
}

void net_recv_all(int fd, void *buf, size_t len)
{
	long r = net_try_recv_all(fd, buf, len);

	if (r == 0) {
		errno = 0;
		bench_die("recv: the peer closed the connection");
	}
	if (r < 0) {
		if (errno == EAGAIN || errno == EWOULDBLOCK) {
			errno = 0;
			bench_die("recv: no answer within %d s",
				  NET_IO_TIMEOUT_MS / 1000);
		}
		bench_die("recv");
	}
}
