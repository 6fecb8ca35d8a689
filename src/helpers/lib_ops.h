/*
 * lib_ops.h - dependent arithmetic chains, shared by lat_ops, par_ops and
 * mhz.
 *
 * Every cell of the grid (integer and int64: bit add mul div mod; float
 * and double: add mul div bogo) is a "kind" with three parts:
 *
 *   OPS_T_<kind>       the C type of the chain variable
 *   OPS_LOAD_<kind>    locals read from the operand struct (the cookie),
 *                      so no operand is known when the kernel is compiled
 *   OPS_PAIR_<kind>(x) two dependent operations on x: each needs the
 *                      result of the one before
 *
 * OPS_KERNEL() turns a kind into a benchmark function with K independent
 * chains x0..x(K-1) (K = 1: pure latency; K > 1: room for the CPU to
 * overlap them), each advanced by the pairs that REPEAT expands to in
 * every iteration.
 *
 * What keeps the compiler from shortening a chain:
 * - integers: after every operation OPAQUE(x) tells the compiler it
 *   no longer knows x (an empty asm with x as input and output).  So
 *   x += a; x += b cannot become x += a + b, x ^= a; x ^= a cannot
 *   vanish, and each operation is exactly one instruction.  The asm
 *   emits no instruction.
 * - floating point: IEEE rules already forbid reassociating (x + a) - a
 *   without -ffast-math; OPAQUE_FP(x) (lib_barrier.h) also hides x
 *   after each operation, which holds even under -ffast-math, and keeps
 *   each chain in a scalar register so K chains are not packed into one
 *   SIMD instruction.
 * t/ops_disasm.t checks the compiled loops with objdump: one instruction
 * per operation, (almost) no spills.
 *
 * Values are chosen so a chain stays in range forever: integer add/mul/
 * bit wrap (unsigned); div is x = n / x (alternates between two values
 * of about sqrt(n), never 0); mod is x = n % x + d (one add included;
 * stays in [d, a few d]); float add is x + a - a, mul is x * a * b with
 * b ~ 1/a (rounding settles on a short cycle: no drift), div is x = c / x (alternates),
 * bogo is x = (x + b) * (c - x) / d whose fixed point is superstable.
 * A float chain that ever leaves the normal range makes the kernel die
 * (t/ops_range.t checks both).
 */
#ifndef LMBENCH_LIB_OPS_H
#define LMBENCH_LIB_OPS_H

#include "bench.h"
#include "lib_barrier.h"

#include <math.h>

/* The operands, filled at run time by ops_operands_init(). */
struct ops_operands {
	uint64 add_a, add_b;	/* odd: also the multipliers */
	uint64 start;		/* first value of bit/add/mul chains */
	int64 n32, d32, s32;	/* int div/mod: dividend, mod offset, start */
	int64 n64, d64, s64;	/* the same for int64 */
	double fadd;		/* float/double add: x + fadd - fadd */
	double fmul_up, fmul_down;	/* x * up * down, up * down ~ 1 */
	double fdiv;		/* x = fdiv / x */
	double bogo_b, bogo_c, bogo_d;	/* x = (x + b) * (c - x) / d */
	double fstart;		/* first value of float/double chains */
};

void ops_operands_init(struct ops_operands *o);

/* Called by a float kernel whose chain left the normal range. */
void ops_range_fail(const char *kind) __attribute__((noreturn));

/* ---- the grid: type, operands, the pair of operations ----------------- */

#define OPS_INT_LOAD(T)							\
	T a_ = (T)o_->add_a, b_ = (T)o_->add_b, s_ = (T)o_->start,	\
	  dx_ = 2;							\
	(void)a_; (void)b_;
#define OPS_DIV_LOAD(T, n, d, s)					\
	T a_ = (T)o_->n, b_ = (T)o_->d, s_ = (T)o_->s, dx_ = 2;	\
	(void)a_; (void)b_;
#define OPS_FP_LOAD(T, A, B, C)						\
	T a_ = (T)o_->A, b_ = (T)o_->B, c_ = (T)o_->C,		\
	  s_ = (T)o_->fstart, dx_ = (T)0.125;				\
	(void)a_; (void)b_; (void)c_;

#define OPS_BIT(x) x ^= a_; OPAQUE(x); x ^= b_; OPAQUE(x);
#define OPS_ADD(x) x += a_; OPAQUE(x); x += b_; OPAQUE(x);
#define OPS_MUL(x) x *= a_; OPAQUE(x); x *= b_; OPAQUE(x);
#define OPS_DIV(x) x = a_ / x; OPAQUE(x); x = a_ / x; OPAQUE(x);
#define OPS_MOD(x)							\
	x = a_ % x + b_; OPAQUE(x); x = a_ % x + b_; OPAQUE(x);
#define OPS_FADD(x) x += a_; OPAQUE_FP(x); x -= a_; OPAQUE_FP(x);
#define OPS_FMUL(x) x *= a_; OPAQUE_FP(x); x *= b_; OPAQUE_FP(x);
#define OPS_FDIV(x) x = a_ / x; OPAQUE_FP(x); x = a_ / x; OPAQUE_FP(x);
#define OPS_FBOGO(x)							\
	x = (x + a_) * (b_ - x) / c_; OPAQUE_FP(x);		\
	x = (x + a_) * (b_ - x) / c_; OPAQUE_FP(x);

#define OPS_T_int_bit unsigned int
#define OPS_T_int_add unsigned int
#define OPS_T_int_mul unsigned int
#define OPS_T_int_div int
#define OPS_T_int_mod int
#define OPS_T_int64_bit uint64
#define OPS_T_int64_add uint64
#define OPS_T_int64_mul uint64
#define OPS_T_int64_div int64
#define OPS_T_int64_mod int64
#define OPS_T_float_add float
#define OPS_T_float_mul float
#define OPS_T_float_div float
#define OPS_T_float_bogo float
#define OPS_T_double_add double
#define OPS_T_double_mul double
#define OPS_T_double_div double
#define OPS_T_double_bogo double

#define OPS_LOAD_int_bit OPS_INT_LOAD(unsigned int)
#define OPS_LOAD_int_add OPS_INT_LOAD(unsigned int)
#define OPS_LOAD_int_mul OPS_INT_LOAD(unsigned int)
#define OPS_LOAD_int_div OPS_DIV_LOAD(int, n32, d32, s32)
#define OPS_LOAD_int_mod OPS_DIV_LOAD(int, n32, d32, s32)
#define OPS_LOAD_int64_bit OPS_INT_LOAD(uint64)
#define OPS_LOAD_int64_add OPS_INT_LOAD(uint64)
#define OPS_LOAD_int64_mul OPS_INT_LOAD(uint64)
#define OPS_LOAD_int64_div OPS_DIV_LOAD(int64, n64, d64, s64)
#define OPS_LOAD_int64_mod OPS_DIV_LOAD(int64, n64, d64, s64)
#define OPS_LOAD_float_add OPS_FP_LOAD(float, fadd, fadd, fadd)
#define OPS_LOAD_float_mul OPS_FP_LOAD(float, fmul_up, fmul_down, fadd)
#define OPS_LOAD_float_div OPS_FP_LOAD(float, fdiv, fdiv, fdiv)
#define OPS_LOAD_float_bogo OPS_FP_LOAD(float, bogo_b, bogo_c, bogo_d)
#define OPS_LOAD_double_add OPS_FP_LOAD(double, fadd, fadd, fadd)
#define OPS_LOAD_double_mul OPS_FP_LOAD(double, fmul_up, fmul_down, fadd)
#define OPS_LOAD_double_div OPS_FP_LOAD(double, fdiv, fdiv, fdiv)
#define OPS_LOAD_double_bogo OPS_FP_LOAD(double, bogo_b, bogo_c, bogo_d)

#define OPS_PAIR_int_bit OPS_BIT
#define OPS_PAIR_int_add OPS_ADD
#define OPS_PAIR_int_mul OPS_MUL
#define OPS_PAIR_int_div OPS_DIV
#define OPS_PAIR_int_mod OPS_MOD
#define OPS_PAIR_int64_bit OPS_BIT
#define OPS_PAIR_int64_add OPS_ADD
#define OPS_PAIR_int64_mul OPS_MUL
#define OPS_PAIR_int64_div OPS_DIV
#define OPS_PAIR_int64_mod OPS_MOD
#define OPS_PAIR_float_add OPS_FADD
#define OPS_PAIR_float_mul OPS_FMUL
#define OPS_PAIR_float_div OPS_FDIV
#define OPS_PAIR_float_bogo OPS_FBOGO
#define OPS_PAIR_double_add OPS_FADD
#define OPS_PAIR_double_mul OPS_FMUL
#define OPS_PAIR_double_div OPS_FDIV
#define OPS_PAIR_double_bogo OPS_FBOGO

/* Integer kinds fold their chains into an int; float kinds check range. */
#define OPS_IS_FP_int_bit 0
#define OPS_IS_FP_int_add 0
#define OPS_IS_FP_int_mul 0
#define OPS_IS_FP_int_div 0
#define OPS_IS_FP_int_mod 0
#define OPS_IS_FP_int64_bit 0
#define OPS_IS_FP_int64_add 0
#define OPS_IS_FP_int64_mul 0
#define OPS_IS_FP_int64_div 0
#define OPS_IS_FP_int64_mod 0
#define OPS_IS_FP_float_add 1
#define OPS_IS_FP_float_mul 1
#define OPS_IS_FP_float_div 1
#define OPS_IS_FP_float_bogo 1
#define OPS_IS_FP_double_add 1
#define OPS_IS_FP_double_mul 1
#define OPS_IS_FP_double_div 1
#define OPS_IS_FP_double_bogo 1

/* ---- kernels ---------------------------------------------------------- */

#define OPS_X2(s) s s
#define OPS_X4(s) OPS_X2(OPS_X2(s))
#define OPS_X8(s) OPS_X2(OPS_X4(s))
#define OPS_X16(s) OPS_X4(OPS_X4(s))
#define OPS_X64(s) OPS_X4(OPS_X16(s))
#define OPS_X128(s) OPS_X2(OPS_X64(s))
#define OPS_X256(s) OPS_X4(OPS_X64(s))
#define OPS_X512(s) OPS_X4(OPS_X128(s))

/* S applied to the first K chains. */
#define OPS_ON1(S) S(x0)
#define OPS_ON2(S) OPS_ON1(S) S(x1)
#define OPS_ON3(S) OPS_ON2(S) S(x2)
#define OPS_ON4(S) OPS_ON3(S) S(x3)
#define OPS_ON5(S) OPS_ON4(S) S(x4)
#define OPS_ON6(S) OPS_ON5(S) S(x5)
#define OPS_ON7(S) OPS_ON6(S) S(x6)
#define OPS_ON8(S) OPS_ON7(S) S(x7)
#define OPS_MAX_CHAINS 8

/*
 * fn(iterations, struct ops_operands *): K chains of `kind`, each doing
 * the pairs REPEAT gives per iteration.  Chain j starts at start + j*dx
 * (dx = 2 keeps multiplied integers odd).  Unused chains are constants
 * the compiler drops.
 */
#define OPS_KERNEL(fn, kind, K, REPEAT)					\
static void fn(iter_t n, void *cookie)					\
{									\
	const struct ops_operands *o_ = cookie;				\
	OPS_LOAD_##kind							\
	OPS_T_##kind x0 = s_, x1 = s_ + dx_, x2 = s_ + 2 * dx_,	\
		x3 = s_ + 3 * dx_, x4 = s_ + 4 * dx_,			\
		x5 = s_ + 5 * dx_, x6 = s_ + 6 * dx_,			\
		x7 = s_ + 7 * dx_;					\
									\
	while (n-- > 0) {						\
		REPEAT(OPS_ON##K(OPS_PAIR_##kind))			\
	}								\
	if (OPS_IS_FP_##kind && !isnormal((double)x0))			\
		ops_range_fail(#kind);					\
	use_int(OPS_IS_FP_##kind ? (int)(x0 + x1 + x2 + x3 + x4 +	\
					 x5 + x6 + x7 > 0)		\
		: (int)((uint64)x0 ^ (uint64)x1 ^ (uint64)x2 ^		\
			(uint64)x3 ^ (uint64)x4 ^ (uint64)x5 ^		\
			(uint64)x6 ^ (uint64)x7 ^			\
			((uint64)x0 >> 32)));				\
}

/*
 * The grid in lmbench3's order: X(kind, label, name), name the metric's
 * stable name after "ops." (lat_ops) or "par_ops." (par_ops).
 */
#define OPS_GRID_INT(X)							\
	X(int_bit, "integer bit", "integer.bit")			\
	X(int_add, "integer add", "integer.add")			\
	X(int_mul, "integer mul", "integer.mul")			\
	X(int_div, "integer div", "integer.div")			\
	X(int_mod, "integer mod", "integer.mod")			\
	X(int64_bit, "int64 bit", "int64.bit")				\
	X(int64_add, "int64 add", "int64.add")				\
	X(int64_mul, "int64 mul", "int64.mul")				\
	X(int64_div, "int64 div", "int64.div")				\
	X(int64_mod, "int64 mod", "int64.mod")
#define OPS_GRID_FP(X)							\
	X(float_add, "float add", "float.add")				\
	X(float_mul, "float mul", "float.mul")				\
	X(float_div, "float div", "float.div")				\
	X(double_add, "double add", "double.add")			\
	X(double_mul, "double mul", "double.mul")			\
	X(double_div, "double div", "double.div")
#define OPS_GRID_BOGO(X)						\
	X(float_bogo, "float bogomflops", "float.bogo")			\
	X(double_bogo, "double bogomflops", "double.bogo")

#endif
