/*
 * lib_server.h - the life of a benchmark server: the -s/-S/-b/-p/-i
 * options, starting in the background (returning once it accepts),
 * serving, stopping on request, on a signal or after an idle timeout,
 * and a private loopback server for a client given no host.
 *
 * Every stream connection opens with a 16-byte hello (four 32-bit
 * words in network order: magic, command, two arguments); a datagram
 * server gets the same record as a control message.  A connection that
 * closes without a hello (lat_connect) is simply closed.
 */
#ifndef LMBENCH_LIB_SERVER_H
#define LMBENCH_LIB_SERVER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

#define SRV_MAGIC	0x4c4d4e47u	/* "LMNG" */
#define SRV_HELLO_LEN	16

enum srv_cmd {
	SRV_RUN = 1,	/* stream: serve this connection (a, b: program's) */
	SRV_STOP = 2,	/* shut down; answered with SRV_ACK */
	SRV_PING = 3,	/* datagram: are you there; answered with SRV_ACK */
	SRV_ACK = 4,
	SRV_DATA = 5,	/* bw_udp payload */
};

struct srv_hello {
	uint32_t magic, cmd, a, b;
};

void srv_pack(void *buf, uint32_t cmd, uint32_t a, uint32_t b);
/* 1 if buf holds a hello (len >= 16 and the magic), 0 if not. */
int srv_unpack(const void *buf, size_t len, struct srv_hello *h);

/*
 * How long a server waits without a client before it exits by itself,
 * and how long a connection may stay silent: long enough for a run
 * script to start the server and then its clients, short enough that a
 * crashed client never leaves a server behind for long.
 */
#define SRV_IDLE_DEFAULT	60

/* The server side of the command line: -s, -S host, -b addr, -p, -i. */
struct srv_args {
	int start;		/* -s: start a server in the background */
	const char *stop;	/* -S host: stop the server there */
	const char *bind;	/* -b addr: listen there (default loopback) */
	int port;		/* -p port */
	int idle_s;		/* -i seconds: idle timeout (0: none) */
};
/* Its defaults, the server's port given. */
#define SRV_ARGS_DEFAULT(default_port) \
	{.bind = NET_LOOPBACK, .port = (default_port), \
	 .idle_s = SRV_IDLE_DEFAULT}
/* -i's bound: a week. */
#define SRV_IDLE_MAX	(7L * 24 * 3600)
/*
 * The rows of a bench_main table (bench.h) for the struct srv_args at
 * member m of the program's struct state: -s and -i, then -b, the host
 * operand and -S, then -p.
 */
#define SRV_ROWS_SERVER(m) \
	BENCH_FLAG("-s", "start a server in the background and exit", \
		   m.start), \
	BENCH_INT("-i", "the server exits after this many idle seconds " \
		  "(default " SRV_STR(SRV_IDLE_DEFAULT) ")", m.idle_s, 0, \
		  SRV_IDLE_MAX)
#define SRV_ROWS_NET(m) \
	BENCH_TEXT("-b", "the address the server listens on (default " \
		   "loopback)", m.bind), \
	BENCH_OPERAND("host", "the server (default: a server of its own " \
		      "on loopback)"), \
	BENCH_TEXT("-S", "stop the server on host", m.stop)
#define SRV_ROW_PORT(m) \
	BENCH_INT("-p", "the server's port (default: this program's own)", \
		  m.port, 0, NET_PORT_MAX)

/*
 * The usage checks of a server program's command line (nargs: the
 * positional arguments, the first being the host): -s and -S exclude
 * each other and any argument; port 0 (any free port) only with -s.
 * Bad: exit 2.
 */
void srv_check_args(const struct srv_args *a, int nargs);

/* What a server does with its clients. */
typedef void (*srv_conn_f)(int fd, const struct srv_hello *h, void *arg);
typedef void (*srv_dgram_f)(int fd, void *buf, size_t len,
			    const struct sockaddr *from, socklen_t fromlen,
			    void *arg);
struct srv_conf {
	int idle_s;
	srv_conn_f conn;	/* stream: a SRV_RUN connection, in a child */
	srv_dgram_f dgram;	/* datagram: anything but control messages */
	/*
	 * Stream, no hello (lmhttp): serve the connection in the main
	 * process; return 1 to shut the server down, the connection still
	 * open (it closes as the server exits), 0 after closing it.
	 */
	int (*raw)(int fd, void *arg);
	/*
	 * Stream, connection-cost servers: a connection is half-closed as
	 * soon as it is accepted (its client sees end of file), unless a
	 * stop hello has already arrived; a stop hello that arrives on it
	 * before the server next wakes still stops the server.
	 */
	int close_at_once;
	size_t dgram_max;	/* largest datagram expected */
	const char *unix_path;	/* removed when the server ends */
	void *arg;
};

/*
 * Serve on a listening stream socket / a bound datagram socket until
 * SRV_STOP, SIGTERM/SIGINT/SIGHUP, or idle_s seconds without a client;
 * then stop every connection child and exit 0.
 */
void srv_stream_loop(int lfd, const struct srv_conf *c)
	__attribute__((noreturn));
void srv_dgram_loop(int fd, const struct srv_conf *c)
	__attribute__((noreturn));

/*
 * A server started on port 0 (any free port) prints the port it took,
 * one line with the number on stdout, before it goes to the background:
 * `port=$(bw_tcp -s -p 0)` then `bw_tcp -p "$port" host`.
 */
void srv_print_port(int port);

/*
 * -s: run serve(arg) (which must not return) in a daemon detached from
 * the terminal.  The socket must already listen, so the caller may
 * report success as soon as this returns.
 */
void srv_daemon(void (*serve)(void *arg), void *arg);
/* A private server: serve(arg) in a child, killed on interruption. */
pid_t srv_child(void (*serve)(void *arg), void *arg);
/* Stop a private server and wait for it. */
void srv_child_stop(pid_t pid);

/*
 * The common part of a server program's main, after option parsing
 * (nargs: positional arguments left, the first being the host):
 * with -S, stop the server there and exit 0; with -s, bind (type
 * SOCK_STREAM or SOCK_DGRAM) to -b/-p into *lfd (-p 0: a free port,
 * printed by srv_print_port), run serve(arg) as a daemon and exit 0.  Otherwise set *host and *port for the client: the
 * host given, or a private server on a free loopback port (its pid in
 * *server, else 0), and check that a server answers there.  -s or -S
 * with a host, or both together: the usage line.
 */
void srv_dispatch(const struct srv_args *a, int type, int nargs,
		  char *const *args, void (*serve)(void *arg), void *arg,
		  int *lfd, const char **host, int *port, pid_t *server);

/*
 * -S: ask the server to stop and return once it has gone; no server
 * there is an error (exit 1).
 */
void srv_stop_stream(const char *host, int port);
void srv_stop_unix(const char *path);
void srv_stop_dgram(const char *host, int port);

/*
 * A client's stream socket connected to host:port, the server told to run
 * with msize-byte messages.
 */
int srv_stream_client(const char *host, int port, uint32_t msize);
/*
 * A client's datagram socket connected to host:port, after checking that
 * a server answers there (a few tries, then exit 1).
 */
int srv_dgram_client(const char *host, int port);

/* What every copy of a round-trip client keeps; its state starts so. */
struct srv_client {
	struct srv_args sa;
	const char *host;		/* the server: given, or our own */
	int port;
	int lfd;			/* -s: the listening socket */
	size_t msize;			/* bytes a message */
	int fd;				/* a copy's connected socket */
	char *buf;			/* a copy's message */
};

/* A copy's takedown (benchmp_copy): it closes its socket, frees its message. */
void srv_client_close(void *cookie);

/*
 * A round-trip program (lat_tcp, lat_udp) is this table: its socket type
 * and default port, -m's bounds, default and --help line, its server (arg:
 * the state) and one copy's round trips (bench; cookie: the state).
 * srv_rtt_main() is the whole program: -s/-S/-b/-p/-i, -m and the common
 * options, the server started, stopped or reached (srv_dispatch), per
 * copy a socket connected to it (a stream one told -m, TCP_NODELAY; a
 * datagram one with NET_IO_TIMEOUT_MS timeouts) and the message buffer,
 * the round trips timed, "<label> <host>: <us> microseconds" named
 * metric_net(host, metric).
 */
struct srv_rtt_program {
	int type;
	int port;
	size_t min_msg, max_msg, msg;
	const char *m_help;
	void (*serve)(void *arg);
	benchmp_f bench;
	const char *label;
	const char *metric;
};
int srv_rtt_main(int argc, char *argv[], const struct srv_rtt_program *p,
		 struct srv_client *c);

#define SRV_STR_(x) #x
#define SRV_STR(x) SRV_STR_(x)

#endif
