/*
 * lat_unix_connect - the cost of an AF_UNIX stream connection: one
 * iteration is socket(), connect() to a listening socket path, waiting
 * until the server has accepted and closed it (end of file), and close().
 * As with lat_connect, waiting makes each connection complete before the
 * next, so the listen queue cannot hide the server's share of the work.
 *
 * Server: lat_unix_connect -s [-p path] [-i idle]   (background)
 *         lat_unix_connect -S [-p path]             (stop it)
 * Client: lat_unix_connect [-P] [-W] [-N] [-p path]
 * The default path is $TMPDIR/lmbench-ng-unix.<uid> (TMPDIR default
 * /tmp).  A client uses the server there if one answers; otherwise it
 * runs its own server on a private path and stops it afterwards.
 */
#include "bench.h"
#include "lib_net.h"
#include "lib_server.h"

#include <limits.h>
#include <sys/socket.h>
#include <sys/un.h>

struct state {
	char path[sizeof(((struct sockaddr_un *)0)->sun_path)];
	struct sockaddr_un addr;
	int idle_s;		/* -i */
	int lfd;
	int start, stop;	/* -s, -S */
	const char *given;	/* -p, or NULL: the default path */
};

static void serve(void *arg)
{
	struct state *st = arg;
	struct srv_conf c = {
		.idle_s = st->idle_s, .unix_path = st->path,
		.close_at_once = 1};

	srv_stream_loop(st->lfd, &c);
}

static void do_connect(iter_t n, void *cookie)
{
	struct state *st = cookie;
	char c;
	int fd;

	while (n-- > 0) {
		fd = socket(AF_UNIX, SOCK_STREAM, 0);
		if (fd < 0)
			bench_die("socket");
		if (connect(fd, (struct sockaddr *)&st->addr,
			    sizeof(st->addr)) != 0)
			bench_die("connect %s", st->path);
		/* Its close (or reset) says the server has accepted it. */
		if (recv(fd, &c, 1, 0) != 0 && errno != ECONNRESET)
			bench_die("waiting for the server to accept");
		close(fd);
	}
}

static void set_path(struct state *st, const char *stem)
{
	const char *dir = getenv("TMPDIR");
	int len;

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	len = snprintf(st->path, sizeof(st->path), "%s/%s", dir, stem);
	if (len < 0 || (size_t)len >= sizeof(st->path))
		bench_fail("%s: socket path too long", dir);
}

static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	const char *path = st->given;
	char stem[64];
	int fd;
	pid_t server = 0;

	if (st->start && st->stop)
		bench_usage();
	if (path != NULL && *path == '\0')
		bench_fail("an empty socket path");
	if (path != NULL) {
		char cwd[PATH_MAX] = "";

		/* A server daemon leaves its directory: make it absolute. */
		if (path[0] != '/' && getcwd(cwd, sizeof(cwd)) == NULL)
			bench_die("getcwd");
		if (snprintf(st->path, sizeof(st->path), "%s%s%s", cwd,
			     *cwd ? "/" : "", path) >= (int)sizeof(st->path))
			bench_fail("%s: socket path too long", path);
	} else {
		snprintf(stem, sizeof(stem), "lmbench-ng-unix.%ld",
			 (long)getuid());
		set_path(st, stem);
	}
	if (st->stop) {
		srv_stop_unix(st->path);
		return 0;
	}
	if (st->start) {
		st->lfd = net_unix_server(st->path);
		srv_daemon(serve, st);
		return 0;
	}
	fd = net_try_unix_client(st->path);
	if (fd < 0 && path != NULL)
		bench_die("cannot connect to %s", st->path);
	if (fd < 0) {
		snprintf(stem, sizeof(stem), "lmbench-ng-unix.%ld.%ld",
			 (long)getuid(), (long)getpid());
		set_path(st, stem);
		bench_tmp_register(st->path);
		st->lfd = net_unix_server(st->path);
		server = srv_child(serve, st);
		close(st->lfd);
	} else {
		close(fd);
	}
	memset(&st->addr, 0, sizeof(st->addr));
	st->addr.sun_family = AF_UNIX;
	strcpy(st->addr.sun_path, st->path);
	benchmp_opts(NULL, do_connect, NULL, &r->opts, st);
	if (server > 0)
		srv_child_stop(server);
	report_micro("unix.connect", "UNIX connection cost", get_n());
	return 0;
}

BENCH_MAIN(.usage = "-s [-p path] [-i idle_s] | " BENCH_USAGE_PWN
		    " [-p path] | -S [-p path]\n",
	   BENCH_STATE(.idle_s = SRV_IDLE_DEFAULT),
	   .options = BENCH_OPTIONS(
		BENCH_FLAG("-s", "start a server in the background and exit",
			   start),
		BENCH_INT("-i", "the server exits after this many idle seconds "
			  "(default " SRV_STR(SRV_IDLE_DEFAULT) ")", idle_s, 0,
			  SRV_IDLE_MAX),
		BENCH_TEXT("-p", "the socket path (default "
			   "$TMPDIR/lmbench-ng-unix.<uid>)", given),
		BENCH_FLAG("-S", "stop the server listening on the path", stop)))
