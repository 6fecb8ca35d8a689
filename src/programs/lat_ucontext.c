/*
 * lat_ucontext - cost of a user-level context swap: swapcontext() from
 * one ucontext to another, within one process and one thread.
 *
 * The copy's main context and a second context on a stack of its own
 * swap back and forth; one iteration is two swaps (there and back) and
 * the time printed is for one swap.  With glibc each swap saves and
 * restores the signal mask, i.e. it makes one rt_sigprocmask system
 * call; the kernel schedules nothing.  Loop and timer overheads are
 * subtracted by the harness.
 *
 * Where the system has no <ucontext.h> functions (they left POSIX in
 * 2008) the program says so and exits 1; it never prints a number it
 * did not measure.
 *
 * usage: lat_ucontext [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 */
#include "bench.h"

#ifdef HAVE_UCONTEXT
#include "lib_mem.h"

#include <ucontext.h>

/* Room for the other context's calls into libc and its signal frames. */
#define STACK_BYTES ((size_t)256 << 10)

struct state {
	ucontext_t main_ctx, other_ctx;
	void *stack;
	unsigned long swaps;	/* made by the other context */
};

/* Only the address goes through makecontext's int arguments. */
static struct state *the_state;

static void other(void)
{
	struct state *st = the_state;

	for (;;) {
		st->swaps++;
		if (swapcontext(&st->other_ctx, &st->main_ctx) != 0)
			abort();
	}
}

static void do_swap(iter_t n, void *cookie)
{
	struct state *st = cookie;

	while (n-- > 0)
		if (swapcontext(&st->main_ctx, &st->other_ctx) != 0)
			bench_die("swapcontext");
	use_int((int)st->swaps);
}

static void make_context(void *cookie)
{
	struct state *st = cookie;

	st->stack = mem_alloc(STACK_BYTES, 0);
	if (getcontext(&st->other_ctx) != 0)
		bench_die("getcontext");
	st->other_ctx.uc_stack.ss_sp = st->stack;
	st->other_ctx.uc_stack.ss_size = STACK_BYTES;
	st->other_ctx.uc_link = NULL;
	the_state = st;
	makecontext(&st->other_ctx, other, 0);
	do_swap(1, st);
}

static void free_stack(void *cookie)
{
	struct state *st = cookie;

	mem_free(st->stack, STACK_BYTES);
}
#endif

static int run(const struct bench_run *r)
{
#ifdef HAVE_UCONTEXT
	{
		static struct state st;

		benchmp_copy(make_context, do_swap, free_stack, &r->opts, &st);
		report_micro("ucontext.latency", "ucontext swap latency",
			     get_n() * 2);
	}
	return 0;
#else
	(void)r;
	fprintf(stderr, "%s: this system has no getcontext/swapcontext; "
		"nothing measured\n", bench_progname());
	return 1;
#endif
}

/* No options, no operands: -P/-W/-N alone. */
BENCH_MAIN(.usage = BENCH_USAGE_PWN "\n")
