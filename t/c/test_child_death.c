/*
 * test_child_death - a benchmark whose second copy dies.
 *
 * usage: test_child_death kill|exit|init|cleanup <parallel>
 *   kill     copy 2 SIGKILLs itself in its 5th benchmark call
 *   exit     copy 2 calls exit(3) in its 5th benchmark call
 *   init     copy 2 fails in initialize(0) with exit(5)
 *   cleanup  copy 2 fails in its final cleanup(0) with exit(6)
 * benchmp must report the copy, stop the others and exit 1; it prints
 * "survived" only if benchmp wrongly returns.
 */
#include "bench.h"

#include <signal.h>
#include <time.h>

struct state {
	const char *mode;
	int calls;
};

static void init(iter_t n, void *cookie)
{
	struct state *st = cookie;

	if (n == 0 && benchmp_childid() == 1 && strcmp(st->mode, "init") == 0)
		exit(5);
}

static void cleanup(iter_t n, void *cookie)
{
	struct state *st = cookie;

	if (n == 0 && benchmp_childid() == 1 &&
	    strcmp(st->mode, "cleanup") == 0)
		exit(6);
}

static void bench(iter_t n, void *cookie)
{
	struct state *st = cookie;
	struct timespec ts = {0, 0};

	if (benchmp_childid() == 1 && ++st->calls == 5) {
		if (strcmp(st->mode, "kill") == 0)
			kill(getpid(), SIGKILL);
		if (strcmp(st->mode, "exit") == 0)
			exit(3);
	}
	while (n-- > 0)
		clock_gettime(CLOCK_MONOTONIC, &ts);
	use_int((int)ts.tv_nsec);
}

int main(int argc, char *argv[])
{
	struct state st = {NULL, 0};

	bench_init(argc, argv, "kill|exit|init|cleanup <parallel>");
	if (argc != 3)
		bench_usage();
	st.mode = argv[1];
	/* One repetition: the copies' deaths, not their timings, are tested. */
	benchmp(init, bench, cleanup, 0, (int)bench_arg_long(argv[2], 1, 64),
		0, 1, &st);
	printf("survived\n");
	return 0;
}
