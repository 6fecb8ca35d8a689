/*
 * lib_options.c - program name, usage and error exits, the common
 * -P/-W/-N options and strict number and size parsing.
 *
 * Exit codes: 2 for bad input (usage), 1 for a runtime failure.
 */
#include "bench.h"
#include "lib_cleanup.h"
#include "lib_env.h"

#include <limits.h>
#include <stdarg.h>

static const char *progname = "lmbench";
static const char *usage_text = "";

void bench_init(int argc, char *argv[], const char *usage)
{
	const char *slash;

	(void)argc;
	if (argv != NULL && argv[0] != NULL) {
		slash = strrchr(argv[0], '/');
		progname = slash ? slash + 1 : argv[0];
	}
	usage_text = usage ? usage : "";
	cleanup_install();
	/* The environment is input too: refused before any work. */
	(void)bench_env();
	sched_check();
}

void bench_init_variants(int argc, char *argv[], const char *usage,
			 const void *table, size_t n, size_t entsize)
{
	static char text[1024];
	const char *mark = strstr(usage, "%s"), *name;
	size_t len, i;

	if (mark == NULL)
		bench_fail("bench_init_variants: no %%s in the usage text");
	len = (size_t)(mark - usage);
	if (len >= sizeof(text))
		len = sizeof(text) - 1;
	memcpy(text, usage, len);
	text[len] = '\0';
	for (i = 0; i < n; i++) {
		memcpy(&name, (const char *)table + i * entsize, sizeof(name));
		if (i > 0)
			strncat(text, "|", sizeof(text) - strlen(text) - 1);
		strncat(text, name, sizeof(text) - strlen(text) - 1);
	}
	strncat(text, mark + 2, sizeof(text) - strlen(text) - 1);
	bench_init(argc, argv, text);
}

const char *bench_progname(void)
{
	return progname;
}

static void print_usage(void)
{
	fprintf(stderr, "Usage: %s %s", progname, usage_text);
	if (*usage_text == '\0' || usage_text[strlen(usage_text) - 1] != '\n')
		fputc('\n', stderr);
}

void bench_usage(void)
{
	print_usage();
	cleanup_failing();
	cleanup_run();
	exit(2);
}

void lmbench_usage(int argc, char *argv[], const char *usage)
{
	bench_init(argc, argv, usage);
	bench_usage();
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
	if (usage_text != NULL && *usage_text != '\0')
		print_usage();
	cleanup_failing();
	cleanup_run();
	exit(2);
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
	cleanup_failing();
	cleanup_run();
	exit(1);
}

int bench_parse_long(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	/* strtol() would skip any leading white space, '\n' and '\r' too. */
	if (s == NULL || (*s != '-' && *s != '+' && (*s < '0' || *s > '9')))
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int bench_parse_size(const char *s, size_t *out)
{
	unsigned long long v, mult = 1;
	char *end;

	if (s == NULL || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0)
		return -1;
	switch (*end) {
	case '\0':
		break;
	case 'k': case 'K':
		mult = 1ULL << 10;
		end++;
		break;
	case 'm': case 'M':
		mult = 1ULL << 20;
		end++;
		break;
	case 'g': case 'G':
		mult = 1ULL << 30;
		end++;
		break;
	default:
		return -1;
	}
	/* Accept "64KB"/"8MB" as well as "64K". */
	if (mult != 1 && (*end == 'b' || *end == 'B'))
		end++;
	if (*end != '\0' || v > SIZE_MAX / mult)
		return -1;
	*out = (size_t)(v * mult);
	return 0;
}

long bench_arg_long(const char *s, long min, long max)
{
	long v;

	if (bench_parse_long(s, min, max, &v) != 0)
		bench_usage();
	return v;
}

size_t bench_arg_size(const char *s)
{
	size_t v;

	if (bench_parse_size(s, &v) != 0)
		bench_usage();
	return v;
}

size_t bytes(const char *s)
{
	return bench_arg_size(s);
}

/* Upper bounds keep later arithmetic (µs -> ns, P x samples) in range. */
#define MAX_PARALLEL	4096
#define MAX_WARMUP_US	(3600L * 1000 * 1000)
#define MAX_REPETITIONS	100000

int bench_common_opt(int c, const char *arg, struct bench_opts *opts)
{
	switch (c) {
	case 'P':
		opts->parallel = (int)bench_arg_long(arg, 1, MAX_PARALLEL);
		return 1;
	case 'W':
		opts->warmup = (int)bench_arg_long(arg, 0, MAX_WARMUP_US);
		return 1;
	case 'N':
		opts->repetitions =
			(int)bench_arg_long(arg, 1, MAX_REPETITIONS);
		return 1;
	default:
		return 0;
	}
}

size_t bench_arg_variant(const char *arg, const void *table, size_t n,
			 size_t entsize)
{
	const char *name;
	size_t i;

	for (i = 0; i < n; i++) {
		memcpy(&name, (const char *)table + i * entsize, sizeof(name));
		if (strcmp(arg, name) == 0)
			return i;
	}
	bench_usage();
}

int bench_common_args(int argc, char *argv[], struct bench_opts *opts,
		      int min_ops, int max_ops)
{
	int c;

	while ((c = getopt(argc, argv, BENCH_COMMON_OPTS)) != -1)
		if (!bench_common_opt(c, optarg, opts))
			bench_usage();
	if (argc - optind < min_ops || (max_ops >= 0 && argc - optind > max_ops))
		bench_usage();
	return optind;
}
