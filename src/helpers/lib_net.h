/*
 * lib_net.h - sockets for the networking benchmarks: listening and
 * connecting TCP, UDP and AF_UNIX sockets with clear errors, bounded
 * waits, and whole-buffer transfers.
 *
 * Every failure here is a runtime error (exit 1) that names the address
 * and port involved; a busy port says so.  An empty host, or a name that
 * does not resolve, is bad input (exit 2).
 */
#ifndef LMBENCH_LIB_NET_H
#define LMBENCH_LIB_NET_H

#include <stddef.h>
#include <sys/socket.h>

/*
 * Fixed default ports, one per server, so that a server started with -s
 * and a client run later (possibly from another host) meet without being
 * told.  They sit below the Linux ephemeral range (32768-60999), so an
 * outgoing connection never happens to hold one; -p overrides each.
 */
#define NET_PORT_LAT_TCP	31231
#define NET_PORT_LAT_UDP	31232
#define NET_PORT_LAT_CONNECT	31233
#define NET_PORT_BW_TCP		31234
#define NET_PORT_BW_UDP		31235
#define NET_PORT_LAT_RPC	31236	/* the TCP and the UDP port */
#define NET_PORT_HTTP		8008	/* lmhttp, as in lmbench3 */

/* Servers listen here unless given another address. */
#define NET_LOOPBACK		"127.0.0.1"

/* How long a client waits for a connection or an answer. */
#define NET_CONNECT_TIMEOUT_MS	5000
#define NET_IO_TIMEOUT_MS	10000

/* A port to listen on: 0 (any free port) to NET_PORT_MAX. */
#define NET_PORT_MAX	65535
/* A port to connect to, 1..65535; anything else is bad input (exit 2). */
int net_arg_peer_port(const char *s);

/*
 * A socket of type SOCK_STREAM or SOCK_DGRAM bound to addr:port
 * (SO_REUSEADDR; streams listen with a deep backlog).  port 0 takes a
 * free port.  A port in use: "<prog>: <addr> port <port> is already in
 * use" and exit 1.
 */
int net_server(int type, const char *addr, int port);
/* The same, returning -1 with errno EADDRINUSE for a port in use. */
int net_try_server(int type, const char *addr, int port);
/* The port a socket is bound to. */
int net_local_port(int fd);

/*
 * A socket of the given type connected to host:port, trying each address
 * the name resolves to (IPv4 first).  Streams wait at most
 * NET_CONNECT_TIMEOUT_MS; the socket is left blocking with send and
 * receive timeouts of NET_IO_TIMEOUT_MS.  Failure: "<prog>: cannot
 * connect to <host> port <port>: <reason>", exit 1.
 */
int net_client(int type, const char *host, int port);
/* The same, returning -1 (errno set) instead of exiting. */
int net_try_client(int type, const char *host, int port);
/*
 * The address a client connects to, resolved once (for loops that make
 * a new connection each time).  len receives its length.
 */
void net_resolve(const char *host, int port, int type,
		 struct sockaddr_storage *sa, socklen_t *len);

/* AF_UNIX stream: listen at path (a stale socket there is replaced). */
int net_unix_server(const char *path);
int net_unix_client(const char *path);
int net_try_unix_client(const char *path);

/*
 * Deadlines, in milliseconds of CLOCK_MONOTONIC: net_wait_until() waits
 * for events (POLLIN, POLLOUT) on fd until the deadline: 1 when ready,
 * 0 once the deadline has passed, -1 on an error.
 */
long long net_now_ms(void);
int net_wait_until(int fd, short events, long long deadline_ms);

/* Socket options; failures are fatal. */
void net_timeouts(int fd, int ms);
void net_nodelay(int fd);
void net_bufsize(int fd, int bytes);

/*
 * Move exactly len bytes.  net_send_all/net_recv_all exit 1 on an error,
 * a timeout or an early end of stream; the try_ forms return -1 on an
 * error or timeout and 0 on end of stream, len on success.
 */
void net_send_all(int fd, const void *buf, size_t len);
void net_recv_all(int fd, void *buf, size_t len);
long net_try_send_all(int fd, const void *buf, size_t len);
/* net_try_send_all with send() flags (MSG_MORE, ...) added. */
long net_try_send_flags(int fd, const void *buf, size_t len, int flags);
long net_try_recv_all(int fd, void *buf, size_t len);

#endif
