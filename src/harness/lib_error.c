/*
 * lib_error.c - program name, usage text and the error exits (and
 * bench_alloc, which dies with "out of memory").
 *
 * Exit codes: 2 for bad input (usage), 1 for a runtime failure.  The
 * exits call the one hook registered with error_exit_hook() (lib_cleanup
 * registers its cleanup there), so this module calls no other.
 */
#include "bench.h"
#include "lib_error.h"

#include <stdarg.h>

static const char *progname = "lmbench";
static const char *usage_text = "";
static void (*exit_hook)(void);

void error_set_program(const char *argv0, const char *usage)
{
	const char *slash;

	if (argv0 != NULL) {
		slash = strrchr(argv0, '/');
		progname = slash ? slash + 1 : argv0;
	}
	usage_text = usage ? usage : "";
}

const char *error_usage_text(void)
{
	return usage_text;
}

const char *bench_progname(void)
{
	return progname;
}

void error_exit_hook(void (*fn)(void))
{
	exit_hook = fn;
}

void error_print_usage(FILE *f)
{
	size_t len = strlen(usage_text);

	fprintf(f, "Usage: %s", progname);
	if (len > 0 && usage_text[0] != '\n')
		fprintf(f, " %s", usage_text);
	if (len == 0 || usage_text[0] == '\n' || usage_text[len - 1] != '\n')
		fputc('\n', f);
}

static void __attribute__((noreturn)) error_exit(int status)
{
	if (exit_hook != NULL)
		exit_hook();
	exit(status);
}

void bench_usage(void)
{
	error_print_usage(stderr);
	error_exit(2);
}

void bench_fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	/* Bad input: what was wrong, then how to say it right. */
	if (*usage_text != '\0')
		error_print_usage(stderr);
	error_exit(2);
}

void bench_die(const char *fmt, ...)
{
	int saved = errno;
	va_list ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (saved != 0)
		fprintf(stderr, ": %s", strerror(saved));
	fputc('\n', stderr);
	error_exit(1);
}

void *bench_alloc(size_t n, size_t size)
{
	void *p = calloc(n, size);

	if (p == NULL)
		bench_die("out of memory");
	return p;
}
