/*
 * lib_have.h - which optional system interfaces this build has, decided
 * in this one place (doc/portability.md); a part whose interface is
 * missing is left out of its program, which says so at run time.
 *
 *   HAVE_PERF_EVENT   <linux/perf_event.h>: lib_counters' perf backend
 *   HAVE_LINUX_FS_H   <linux/fs.h>: lat_fs's top-directory flag
 *   HAVE_UCONTEXT     getcontext/makecontext/swapcontext: lat_ucontext
 *
 * The two Linux headers come with the kernel headers package, not with
 * the C library: glibc's compilers see them, musl-gcc and a bare cross
 * sysroot may not.  Where the compiler can ask (__has_include: GCC 5,
 * clang), a missing header turns its part off; otherwise Linux is taken
 * to have them.  The ucontext functions left POSIX in 2008: glibc and the
 * BSDs keep them; musl declares them but has none to link.
 */
#ifndef LMBENCH_LIB_HAVE_H
#define LMBENCH_LIB_HAVE_H

#include <limits.h>	/* any libc header: the libc's own macros */

#if defined(__linux__)
#if defined(__has_include)
#if __has_include(<linux/perf_event.h>)
#define HAVE_PERF_EVENT 1
#endif
#if __has_include(<linux/fs.h>)
#define HAVE_LINUX_FS_H 1
#endif
#else
#define HAVE_PERF_EVENT 1
#define HAVE_LINUX_FS_H 1
#endif
#endif

#if (defined(__linux__) && (defined(__GLIBC__) || defined(__UCLIBC__))) || \
	defined(__FreeBSD__) || defined(__NetBSD__) || defined(__sun)
#define HAVE_UCONTEXT 1
#endif

#endif
