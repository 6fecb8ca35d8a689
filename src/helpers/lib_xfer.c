/*
 * lib_xfer.c - bulk transfer between a copy (writer) and its partner
 * (reader), with an acknowledgement once the reader has every byte.
 */
#include "lib_xfer.h"
#include "lib_mem.h"
#include "lib_partner.h"

/*
 * Keep a message buffer and the total within reason (and size_t: a
 * 32-bit target's size parser stops below 16 GB on its own).
 */
#define MAX_MSG		((size_t)1 << 30)
#define MAX_TOTAL	((size_t)((uint64_t)1 << 34 < SIZE_MAX ? \
				  (uint64_t)1 << 34 : SIZE_MAX))
/* lmbench3's message size for stream bandwidth, a Linux pipe's capacity. */
#define DEFAULT_MSG	((size_t)64 << 10)
/* 10 MB: long against a wake-up, short enough for a quick run. */
#define DEFAULT_TOTAL	((size_t)10 << 20)

void xfer_setup(struct xfer *x, size_t msg, size_t total,
		void (*open_fds)(struct partner_ends *))
{
	x->msg = msg;
	x->total = total < msg ? msg : total / msg * msg;
	x->open_fds = open_fds;
	x->ends.rd = x->ends.wr = x->ends.peer_rd = x->ends.peer_wr = -1;
	x->buf = NULL;
	x->pid = 0;
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* Read every byte of every message; acknowledge each complete total. */
static void reader(struct xfer *x)
{
	size_t got, off;
	ssize_t r;
	char ack = 'a';

	close_fd(&x->ends.wr);
	close_fd(&x->ends.rd);
	for (;;) {
		for (got = 0; got < x->total; got += x->msg) {
			for (off = 0; off < x->msg; off += (size_t)r) {
				r = read(x->ends.peer_rd, x->buf + off,
					 x->msg - off);
				if (r <= 0 && !(r < 0 && errno == EINTR))
					_exit(0);	/* writer gone */
				if (r < 0)
					r = 0;
			}
		}
		if (partner_write_all(x->ends.peer_wr, &ack, 1) != 0)
			_exit(0);
	}
}

void xfer_start(void *cookie)
{
	struct xfer *x = cookie;

	x->buf = mem_alloc(x->msg, 0);
	x->open_fds(&x->ends);
	x->pid = partner_fork(1, 1);
	if (x->pid == 0)
		reader(x);	/* writes its own copy of the buffer */
	close_fd(&x->ends.peer_rd);
	close_fd(&x->ends.peer_wr);
	partner_place_self(1);
	xfer_bench(1, x);
}

void xfer_bench(iter_t n, void *cookie)
{
	struct xfer *x = cookie;
	size_t sent;
	char ack;

	while (n-- > 0) {
		for (sent = 0; sent < x->total; sent += x->msg)
			if (partner_write_all(x->ends.wr, x->buf, x->msg) != 0)
				bench_die("write to the reader process");
		if (partner_read_all(x->ends.rd, &ack, 1) != 0)
			bench_die("the reader process did not acknowledge");
	}
}

void xfer_stop(void *cookie)
{
	struct xfer *x = cookie;

	close_fd(&x->ends.wr);
	close_fd(&x->ends.rd);
	partner_reap(&x->pid, 1);
	mem_free(x->buf, x->msg);
	x->buf = NULL;
}

/* What xfer_main's options set (bench_main). */
struct state {
	size_t msg, total;
};

static const struct xfer_program *xfer_prog;

static int xfer_run(const struct bench_run *r)
{
	struct state *st = r->state;
	struct xfer x;

	if (st->msg == 0 || st->msg > MAX_MSG)
		bench_fail("-m: the message size must be 1 byte to 1 GB");
	if (st->total == 0 || st->total > MAX_TOTAL)
		bench_fail("-M: the total must be 1 byte to 16 GB");
	xfer_setup(&x, st->msg, st->total, xfer_prog->open_fds);
	benchmp_copy(xfer_start, xfer_bench, xfer_stop, &r->opts, &x);
	fprintf(stderr, "%s: ", xfer_prog->label);
	report_mb(xfer_prog->name, "bytes received", xfer_prog->label,
		  (uint64)x.total * get_n());
	return 0;
}

static const struct bench_option xfer_options[] = {
	BENCH_SIZE("-m", "bytes per write (default 64 KB)", msg),
	BENCH_SIZE("-M", "bytes moved per iteration (default 10 MB)", total),
	BENCH_END
};

int xfer_main(int argc, char *argv[], const struct xfer_program *p)
{
	const struct bench_program program = {
		.usage = "[-m <message size>] [-M <total bytes>] "
			 BENCH_USAGE_PWN "\n",
		.options = xfer_options, .run = xfer_run,
		BENCH_STATE(.msg = DEFAULT_MSG, .total = DEFAULT_TOTAL),
	};

	xfer_prog = p;
	return bench_main(argc, argv, &program);
}
