/*
 * lib_cpu.c - the fastest interval (lib_cpu.h).
 */
#include "lib_cpu.h"
#include "lib_report.h"

double result_min_ns(const struct bench_result *r)
{
	return report_quantile(r, 0.0, 1.0, 0);
}
