/*
 * lib_cpu.c - the fastest interval (lib_cpu.h).
 */
#include "lib_cpu.h"
#include "lib_timing.h"


double result_min_ns(void)
{
	const struct sample *s;

	if (result_count() == 0) {
		errno = 0;
		bench_die("nothing was measured");
	}
	s = result_sorted();
	return s[0].ns / (double)s[0].n;
}
