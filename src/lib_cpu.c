/*
 * lib_cpu.c - short intervals and the fastest interval (lib_cpu.h).
 */
#include "lib_cpu.h"
#include "lib_timing.h"

#include <time.h>

void cpu_short_intervals(long us)
{
	const char *set = getenv("ENOUGH");
	struct timespec res;
	char buf[32];

	if (set != NULL && *set != '\0')
		return;
	if (clock_getres(CLOCK_MONOTONIC, &res) != 0 || res.tv_sec != 0 ||
	    res.tv_nsec > 1000)
		return;
	snprintf(buf, sizeof(buf), "%ld", us);
	if (setenv("ENOUGH", buf, 1) != 0)
		bench_die("setenv ENOUGH");
}

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
