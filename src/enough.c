/*
 * enough - probe the clock and print the timing interval, in whole
 * microseconds, that the harness would use: the shortest candidate
 * interval whose timings scale within +-0.25% (lib_clock.c).  The probe
 * runs even when ENOUGH is set, so a run script can call this once and
 * export ENOUGH for every later program.  When no candidate passes in
 * the probe's time budget the fallback interval is printed and a note
 * goes to stderr.
 *
 * usage: enough
 */
#include "lib_timing.h"

static const char usage[] = "\n";

int main(int argc, char *argv[])
{
	long us;

	bench_init(argc, argv, usage);
	if (argc != 1)
		bench_usage();
	/* The harness reads its environment once, on first use: not yet. */
	if (unsetenv("ENOUGH") != 0)
		bench_die("unsetenv");
	us = timing_enough_us();
	printf("%ld\n", us);
	if (fflush(stdout) != 0)
		bench_die("stdout");
	return 0;
}
