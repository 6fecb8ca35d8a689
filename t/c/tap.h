/* tap.h - the few TAP helpers the C unit tests need. */
#ifndef LMBENCH_TAP_H
#define LMBENCH_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static int tap_n, tap_failed;

__attribute__((format(printf, 2, 3)))
static void ok(int cond, const char *fmt, ...)
{
	va_list ap;

	tap_n++;
	if (!cond)
		tap_failed++;
	printf("%sok %d - ", cond ? "" : "not ", tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

static int done_testing(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed != 0;
}

/* All of fd (up to size - 1 bytes) into buf, as a string. */
static void tap_slurp(int fd, char *buf, size_t size)
{
	ssize_t got = 0, r;

	while (got < (ssize_t)size - 1 &&
	       (r = read(fd, buf + got, size - 1 - (size_t)got)) > 0)
		got += r;
	buf[got > 0 ? got : 0] = '\0';
	close(fd);
}

/*
 * fn(arg) in a child whose stdout and stderr (small: read one after the
 * other) come back in out and err; its exit status, 99 if fn returned,
 * -1 if it did not exit.
 */
__attribute__((unused))
static int tap_child(void (*fn)(const void *), const void *arg, char *out,
		     char *err, size_t size)
{
	int o[2], e[2], status;
	pid_t pid;

	if (pipe(o) != 0 || pipe(e) != 0)
		return -1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		dup2(o[1], 1);
		dup2(e[1], 2);
		close(o[0]);
		close(e[0]);
		fn(arg);
		_exit(99);
	}
	close(o[1]);
	close(e[1]);
	tap_slurp(o[0], out, size);
	tap_slurp(e[0], err, size);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

#endif
