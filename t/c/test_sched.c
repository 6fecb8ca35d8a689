/*
 * test_sched - print the CPUs this process may run on after
 * handle_scheduler(childno, benchproc, nbenchprocs) under LMBENCH_SCHED.
 *
 * usage: test_sched childno benchproc nbenchprocs
 * stdout: "cpus: 0 1 ..." (or "cpus: unknown" where affinity is not
 * readable); exit 1 if placement failed.
 */
#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#endif
#include "bench.h"

int main(int argc, char *argv[])
{
	int child, bp, nbp;

	bench_init(argc, argv, "childno benchproc nbenchprocs");
	if (argc != 4)
		bench_usage();
	child = (int)bench_arg_long(argv[1], 0, 4096);
	bp = (int)bench_arg_long(argv[2], 0, 4096);
	nbp = (int)bench_arg_long(argv[3], 0, 4096);
	if (handle_scheduler(child, bp, nbp) != 0)
		bench_die("handle_scheduler");
	printf("cpus:");
#if defined(__linux__)
	{
		cpu_set_t set;
		int c;

		if (sched_getaffinity(0, sizeof(set), &set) == 0)
			for (c = 0; c < CPU_SETSIZE; c++)
				if (CPU_ISSET(c, &set))
					printf(" %d", c);
	}
#else
	printf(" unknown");
#endif
	printf("\n");
	return 0;
}
