/*
 * lib_cleanup.h - temporary paths and child processes that must not
 * outlive the program, also when it is interrupted.
 */
#ifndef LMBENCH_LIB_CLEANUP_H
#define LMBENCH_LIB_CLEANUP_H

#include <sys/types.h>

/*
 * Install SIGINT/SIGTERM/SIGHUP handlers and the exit hooks (once): the
 * cleanup, then a check that everything written to stdout and stderr
 * arrived (exit 1 if not).  The error exits (lib_error.c) get a hook
 * that cleans up and keeps their status (not turned into 1 by the check).
 */
void cleanup_install(void);
/* Remove registered paths and kill registered children now. */
void cleanup_run(void);
/* Children killed (SIGKILL) and reaped on interruption or failure. */
void cleanup_child_add(pid_t pid);
/* A child reaped by its owner: no longer to be killed. */
void cleanup_child_remove(pid_t pid);

#endif
