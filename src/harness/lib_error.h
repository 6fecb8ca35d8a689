/*
 * lib_error.h - the program's name and usage text, and the error exits
 * (bench_usage, bench_fail, bench_die in bench.h): the bottom of the
 * harness, calling nothing of it.  Whatever must happen before an error
 * exit (cleanup) registers a hook here instead of being called.
 */
#ifndef LMBENCH_LIB_ERROR_H
#define LMBENCH_LIB_ERROR_H

#include <stdio.h>

/* Remember the name (argv[0]'s last part) and the usage text. */
void error_set_program(const char *argv0, const char *usage);
const char *error_usage_text(void);
/* "Usage: <prog> <usage>" on f. */
void error_print_usage(FILE *f);
/*
 * Called once before every error exit (bench_usage, bench_fail,
 * bench_die), after the message: lib_cleanup registers its cleanup.
 * One hook; a second registration replaces the first.
 */
void error_exit_hook(void (*fn)(void));

#endif
