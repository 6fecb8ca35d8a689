/*
 * getppid - the smallest benchmark: the cost of one getppid() system call.
 *
 * The harness sizes the loop so that one timed interval is long enough
 * for the clock, repeats the interval, and nano() prints the median per
 * call.  Build it against an installed lmbench-ng:
 *
 *   cc -O2 getppid.c $(pkg-config --cflags --libs lmbench-ng) -o getppid
 */
#include "bench.h"

static void do_getppid(iter_t iterations, void *cookie)
{
	(void)cookie;
	while (iterations-- > 0)
		(void)getppid();
}

int main(int argc, char *argv[])
{
	struct bench_opts opts = BENCH_OPTS_DEFAULT;

	bench_init(argc, argv, BENCH_USAGE_PWN);
	bench_common_args(argc, argv, &opts, 0, 0);
	benchmp_opts(NULL, do_getppid, NULL, &opts, NULL);
	micro("getppid", get_n());
	return 0;
}
