/*
 * The getppid benchmark exactly as printed in the lmbench3 paper
 * (Staelin, Software: Practice and Experience 35, 2005), built against
 * lmbench-ng's bench.h to show that such programs build unchanged.
 */
#include "bench.h"

void
bench(iter_t iters, void* cookie)
{
	while (iters-- > 0) getppid();
}

int
main(int argc, char* argv[])
{
	benchmp(NULL, bench, NULL, 0, 1, 0, TRIES, NULL);
	nano("getppid", get_n());
	return(0);
}
