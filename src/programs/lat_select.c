/*
 * lat_select - the cost of select() on -n descriptors (default 200) for
 * reading, with a zero timeout so it never sleeps:
 *
 *   file  each descriptor is the temporary file opened anew (a regular
 *         file is always ready: every descriptor is reported)
 *   tcp   one listening TCP socket on a free loopback port and duplicates
 *         of it (nobody connects: none is ready)
 *
 * One iteration is copying the fd_set and one select() call; the
 * descriptors are opened before timing, once per copy.  The count is
 * limited by FD_SETSIZE.
 *
 * usage: lat_select [-n fds] [-P <parallelism>] [-W <warmup>]
 *                   [-N <repetitions>] file|tcp
 */
#include "bench.h"
#include "lib_net.h"

#include <fcntl.h>
#include <limits.h>
#include <sys/select.h>
#include <sys/socket.h>

#define DEFAULT_FDS	200

struct state {
	long nfds;
	const char *file;
	int *fds;
	int maxfd;
	fd_set set;
};

static void do_select(iter_t n, void *cookie)
{
	struct state *st = cookie;
	struct timeval tv;
	fd_set r;
	int ready = 0;

	while (n-- > 0) {
		r = st->set;
		tv.tv_sec = 0;
		tv.tv_usec = 0;
		ready = select(st->maxfd + 1, &r, NULL, NULL, &tv);
		if (ready < 0)
			bench_die("select");
	}
	use_int(ready);
}

static void add_fd(struct state *st, long i, int fd)
{
	if (fd < 0)
		bench_die("descriptor %ld of %ld", i + 1, st->nfds);
	if (fd >= FD_SETSIZE) {
		errno = 0;
		bench_die("descriptor %d is beyond FD_SETSIZE (%d): use "
			  "fewer with -n", fd, FD_SETSIZE);
	}
	st->fds[i] = fd;
	FD_SET(fd, &st->set);
	if (fd > st->maxfd)
		st->maxfd = fd;
}

static void alloc_fds(struct state *st)
{
	FD_ZERO(&st->set);
	st->maxfd = -1;
	st->fds = bench_alloc((size_t)st->nfds, sizeof(*st->fds));
}

static void open_files(void *cookie)
{
	struct state *st = cookie;
	long i;

	alloc_fds(st);
	for (i = 0; i < st->nfds; i++)
		add_fd(st, i, open(st->file, O_RDONLY));
}

static void open_sockets(void *cookie)
{
	struct state *st = cookie;
	long i;

	alloc_fds(st);
	add_fd(st, 0, net_server(SOCK_STREAM, NET_LOOPBACK, 0));
	for (i = 1; i < st->nfds; i++)
		add_fd(st, i, dup(st->fds[0]));
}

static void close_fds(void *cookie)
{
	struct state *st = cookie;
	long i;

	for (i = 0; i < st->nfds; i++)
		close(st->fds[i]);
	free(st->fds);
}

static const struct variant {
	const char *name;
	bench_copy_f setup;
	const char *fmt;
	const char *metric;	/* its stable name, of the descriptors */
	const char *help;	/* its --help line */
} variants[] = {
	{"file", open_files, "Select on %ld fd's", "select.file.%ld",
	 "descriptors of a regular file (always ready)"},
	{"tcp", open_sockets, "Select on %ld tcp fd's", "select.tcp.%ld",
	 "a listening TCP socket's duplicates (none ready)"},
};

static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	const struct variant *v =
		&variants[BENCH_VARIANT(r->argv[0], variants)];
	char tmp[PATH_MAX], label[64], name[64];

	if (st->nfds > FD_SETSIZE - 8)
		bench_fail("-n %ld: at most %d descriptors fit in an fd_set "
			   "beside the ones already open", st->nfds,
			   FD_SETSIZE - 8);
	close(bench_tmpfile(tmp, sizeof(tmp), "lat_select"));
	st->file = tmp;
	benchmp_copy(v->setup, do_select, close_fds, &r->opts, st);
	snprintf(label, sizeof(label), v->fmt, st->nfds);
	snprintf(name, sizeof(name), v->metric, st->nfds);
	report_micro(name, label, get_n());
	return 0;
}

BENCH_MAIN(.usage = "[-n fds] " BENCH_USAGE_PWN " %s\n",
	   .min_ops = 1, .max_ops = 1, BENCH_MODES(variants, struct variant),
	   BENCH_STATE(.nfds = DEFAULT_FDS),
	   .options = BENCH_OPTIONS(
		BENCH_LONG("-n", "descriptors given to select() (default 200)",
			   nfds, 1, FD_SETSIZE)))
