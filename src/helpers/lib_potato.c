/*
 * lib_potato.c - round trips between a copy and its partner process.
 *
 * initialize(0) creates the channel (the program's open_fds), forks the
 * partner (process 1 of 1 for LMBENCH_SCHED, the copy is process 0) and
 * makes one untimed round trip, so the partner is running before any
 * interval starts.  The partner echoes until its channel ends; cleanup(0)
 * closes the copy's ends, kills and reaps it.
 */
#include "lib_potato.h"
#include "lib_partner.h"

void potato_setup(struct potato *p, size_t msg,
		  void (*open_fds)(struct partner_ends *))
{
	p->msg = msg;
	p->open_fds = open_fds;
	p->ends.rd = p->ends.wr = p->ends.peer_rd = p->ends.peer_wr = -1;
	p->buf = NULL;
	p->pid = 0;
}

void potato_close_pair(int *a, int *b)
{
	if (*a >= 0)
		close(*a);
	if (*b >= 0 && *b != *a)
		close(*b);
	*a = *b = -1;
}

static void partner(struct potato *p)
{
	potato_close_pair(&p->ends.rd, &p->ends.wr);
	for (;;) {
		if (partner_read_all(p->ends.peer_rd, p->buf, p->msg) != 0 ||
		    partner_write_all(p->ends.peer_wr, p->buf, p->msg) != 0)
			_exit(0);	/* the copy closed its end */
	}
}

void potato_start(void *cookie)
{
	struct potato *p = cookie;

	p->buf = calloc(1, p->msg);
	if (p->buf == NULL)
		bench_die("out of memory for a %zu-byte message", p->msg);
	p->open_fds(&p->ends);
	p->pid = partner_fork(1, 1);
	if (p->pid == 0)
		partner(p);
	potato_close_pair(&p->ends.peer_rd, &p->ends.peer_wr);
	partner_place_self(1);
	potato_bench(1, p);
}

void potato_bench(iter_t n, void *cookie)
{
	struct potato *p = cookie;

	while (n-- > 0) {
		if (partner_write_all(p->ends.wr, p->buf, p->msg) != 0)
			bench_die("write to the partner process");
		if (partner_read_all(p->ends.rd, p->buf, p->msg) != 0)
			bench_die("read from the partner process");
	}
}

void potato_stop(void *cookie)
{
	struct potato *p = cookie;

	potato_close_pair(&p->ends.rd, &p->ends.wr);
	partner_reap(&p->pid, 1);
	free(p->buf);
	p->buf = NULL;
}

/* What potato_main's options set (bench_main). */
struct state {
	size_t msg;
};

static const struct potato_program *potato_prog;

static int potato_run(const struct bench_run *r)
{
	struct state *st = r->state;
	struct potato p;

	if (potato_prog->max_msg != 0 &&
	    (st->msg == 0 || st->msg > potato_prog->max_msg))
		bench_fail("-m: the message size must be 1 byte to %zu MB",
			   potato_prog->max_msg >> 20);
	potato_setup(&p, st->msg, potato_prog->open_fds);
	benchmp_copy(potato_start, potato_bench, potato_stop, &r->opts, &p);
	report_micro(potato_prog->name, potato_prog->label, get_n());
	return 0;
}

static const struct bench_option potato_options[] = {
	BENCH_SIZE("-m", "bytes per message each way (default 1)", msg),
	BENCH_END
};

int potato_main(int argc, char *argv[], const struct potato_program *pp)
{
	/* -m where the program allows more than lmbench3's one byte. */
	const struct bench_program program = {
		.usage = pp->max_msg == 0 ?
			BENCH_USAGE_PWN "\n" :
			"[-m <message size>] " BENCH_USAGE_PWN "\n",
		.options = pp->max_msg == 0 ? NULL : potato_options,
		.run = potato_run,
		BENCH_STATE(.msg = 1),	/* lmbench3's: a one-byte token */
	};

	potato_prog = pp;
	return bench_main(argc, argv, &program);
}
