/*
 * lib_ops.c - the run-time operands of the arithmetic chains (lib_ops.h).
 *
 * They live in a struct that reaches the kernels through benchmp()'s
 * cookie, so the compiler of a kernel cannot know any of them.
 */
#include "lib_ops.h"

void ops_operands_init(struct ops_operands *o)
{
	/* Odd constants with mixed bits: odd times odd never reaches 0. */
	o->add_a = 0x9e3779b97f4a7c15ULL;
	o->add_b = 0xc2b2ae3d27d4eb4fULL;
	o->start = 0x2545f4914f6cdd1dULL;
	/*
	 * Division: a dividend of ~2^30 (int) or ~2^62 (int64) by a divisor
	 * near its square root, so quotients have ~15 or ~31 significant
	 * bits, typical operands rather than a divide by 1.  x = n / x then
	 * alternates between two such values; x = n % x + d wanders over
	 * [d, ~4d] (a cycle of 117 values for int, 7 for int64).
	 */
	o->n32 = (1LL << 30) + 12345;
	o->d32 = 1LL << 15;
	o->s32 = 46337;
	o->n64 = (1LL << 62) + 123456789;
	o->d64 = 1LL << 31;
	o->s64 = 3037000493LL;
	/* Floating point: every chain stays between about 0.5 and 4. */
	o->fstart = 1.7;
	o->fadd = 1.3;
	o->fmul_up = 1.25;
	o->fmul_down = 1.0 / o->fmul_up;
	o->fdiv = 3.7;
	/*
	 * f(x) = (x + b)(c - x) / d has its maximum p = (c - b) / 2 as a
	 * fixed point when d = ((c + b) / 2)^2 / p; f'(p) = 0, so rounding
	 * cannot make the chain drift away from p = 1.45.
	 */
	o->bogo_b = 0.5;
	o->bogo_c = 3.4;
	o->bogo_d = (o->bogo_c + o->bogo_b) * (o->bogo_c + o->bogo_b) / 4 /
		    ((o->bogo_c - o->bogo_b) / 2);
}

void ops_range_fail(const char *kind)
{
	errno = 0;
	bench_die("%s: the chain left the normal floating-point range", kind);
}
