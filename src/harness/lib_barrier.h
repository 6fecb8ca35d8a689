/*
 * lib_barrier.h - keeping the compiler out of a timed loop: the one
 * place for the inline asm that does it (doc/portability.md).
 *
 *   BARRIER()        memory may have changed here: no load or store is
 *                    moved across it or kept in a register over it
 *   BARRIER_USE(p)   the same, and the value p is used: a call whose
 *                    result p is can be neither dropped nor hoisted
 *   OPAQUE(x)        x (an integer no wider than a register, or a pair
 *                    of them on a 32-bit target) is kept in registers,
 *                    and the compiler no longer knows its value: no
 *                    folding of two operations into one, no vectorising
 *   OPAQUE4_U64(a, b, c, d)  OPAQUE of four uint64_t: one statement
 *                    where they fit in four registers, one each on a
 *                    32-bit target (i686 has not the eight it would take)
 *   OPAQUE_FP(x)     x, a float or double, kept in a scalar FP register
 *                    and hidden the same way, where the register class
 *                    is known (x86-64, aarch64, riscv64 with an FPU,
 *                    s390x); elsewhere nothing (IEEE rules still forbid
 *                    the worst rewrites, without -ffast-math)
 *
 * None of these emits an instruction.  With GCC and clang they are empty
 * asm statements; with another C11 compiler BARRIER() is a signal fence
 * (a compiler-only fence) and the OPAQUE forms are empty, which keeps the
 * programs correct but lets the optimiser shorten more of a kernel.
 */
#ifndef LMBENCH_LIB_BARRIER_H
#define LMBENCH_LIB_BARRIER_H

#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)

#define BARRIER() __asm__ __volatile__("" ::: "memory")
#define BARRIER_USE(p) __asm__ __volatile__("" : : "r"(p) : "memory")
#define OPAQUE(x) __asm__ __volatile__("" : "+r"(x))

#if UINTPTR_MAX >= UINT64_MAX
#define OPAQUE4_U64(a, b, c, d) \
	__asm__ __volatile__("" : "+r"(a), "+r"(b), "+r"(c), "+r"(d))
#else
#define OPAQUE4_U64(a, b, c, d) \
	do { OPAQUE(a); OPAQUE(b); OPAQUE(c); OPAQUE(d); } while (0)
#endif

#if defined(__x86_64__)
#define OPAQUE_FP(x) __asm__ __volatile__("" : "+x"(x))
#elif defined(__aarch64__)
#define OPAQUE_FP(x) __asm__ __volatile__("" : "+w"(x))
#elif (defined(__riscv) && defined(__riscv_flen) && __riscv_flen >= 64) || \
	defined(__s390x__)
#define OPAQUE_FP(x) __asm__ __volatile__("" : "+f"(x))
#else
#define OPAQUE_FP(x) ((void)0)
#endif

#else /* no GNU asm */

#include <stdatomic.h>
#define BARRIER() atomic_signal_fence(memory_order_seq_cst)
#define BARRIER_USE(p) do { (void)(p); BARRIER(); } while (0)
#define OPAQUE(x) ((void)0)
#define OPAQUE4_U64(a, b, c, d) ((void)0)
#define OPAQUE_FP(x) ((void)0)

#endif

#endif
