/*
 * lib_syscall.h - the null system call, shared by lat_syscall (its
 * "null" variant) and drift (its syscall probe): getppid(), which the
 * kernel must answer itself (libc may cache getpid()).
 */
#ifndef LMBENCH_LIB_SYSCALL_H
#define LMBENCH_LIB_SYSCALL_H

#include "bench.h"

/* n calls of getppid(); the cookie is not used. */
void syscall_getppid(iter_t n, void *cookie);

#endif
