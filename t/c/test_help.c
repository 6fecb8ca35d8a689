/*
 * test_help - bench_init_help() and BENCH_INIT_VARIANTS_HELP: --help (and
 * -h, unless the usage names a -h option) as the first argument prints
 * the usage line and the lines on stdout and exits 0; "-X" items are
 * shown as the usage spells them; -P/-W/-N get the library's line unless
 * the program gives one; lines follow the usage text's order; anything
 * else on the command line is left to the program.
 */
#include "tap.h"
#include "bench.h"

#include <string.h>

struct variant {
	const char *name;
	int value;
	const char *help;
};

static const struct variant variants[] = {
	{"alpha", 1, "the first"},
	{"beta", 2, "the second"},
};

static const struct bench_help lines[] = {
	{"file", "what to read"},
	{"-x", "an option with an argument"},
	{"-N", "the program's own -N line"},
	{NULL, NULL}
};

static const struct bench_help vlines[] = {
	{"file", "what to read"},
	{NULL, NULL}
};

static const struct bench_help own_h[] = {
	{"-h", "a real option here"},
	{NULL, NULL}
};

static char *help_argv[] = {"/some/dir/prog", NULL, NULL};

static int help_argc(void)
{
	return help_argv[1] != NULL ? 2 : 1;
}

static void plain(const void *unused)
{
	(void)unused;
	bench_init_help(help_argc(), help_argv,
			"[-P <n>] [-x <arg>] [-W <us>] [-N <n>] file\n", lines);
}

static void with_variants(const void *unused)
{
	(void)unused;
	BENCH_INIT_VARIANTS_HELP(help_argc(), help_argv, "[-P <n>] %s [file]\n",
				 vlines, variants);
}

static void with_h(const void *unused)
{
	(void)unused;
	bench_init_help(help_argc(), help_argv, "[-h] [-N <n>]", own_h);
}

/* init(argv[1] = arg) in a child: exit status (99: returned), output. */
static int child(void (*init)(const void *), const char *arg, char *out,
		 char *err, size_t size)
{
	help_argv[1] = (char *)arg;
	return tap_child(init, NULL, out, err, size);
}

int main(void)
{
	static const char want[] =
		"Usage: prog [-P <n>] [-x <arg>] [-W <us>] [-N <n>] file\n"
		"  -P <n>    copies of the benchmark run at once (default 1)\n"
		"  -x <arg>  an option with an argument\n"
		"  -W <us>   microseconds of untimed running before timing "
		"(default 0)\n"
		"  -N <n>    the program's own -N line\n"
		"  file      what to read\n"
		"  --json    (first) also each result as a JSON line on stdout\n";
	char out[2048], err[2048], h[2048];

	ok(child(plain, "--help", out, err, sizeof(out)) == 0,
	   "--help: exit 0");
	ok(strcmp(out, want) == 0, "the usage, then a line per item in "
	   "usage order, -X as the usage spells it");
	if (strcmp(out, want) != 0)
		printf("# got:\n%s", out);
	ok(err[0] == '\0', "nothing on stderr");
	ok(child(plain, "-h", h, err, sizeof(h)) == 0 && strcmp(h, out) == 0,
	   "-h: the same");
	ok(child(plain, NULL, out, err, sizeof(out)) == 99 && out[0] == '\0',
	   "no argument: the program goes on");
	ok(child(plain, "--helpx", out, err, sizeof(out)) == 99,
	   "only --help itself is help");
	ok(child(with_variants, "--help", out, err, sizeof(out)) == 0 &&
	   strcmp(out, "Usage: prog [-P <n>] alpha|beta [file]\n"
		  "  -P <n>  copies of the benchmark run at once (default 1)\n"
		  "  alpha   the first\n"
		  "  beta    the second\n"
		  "  file    what to read\n"
		  "  --json  (first) also each result as a JSON line on "
		  "stdout\n") == 0,
	   "a variant table's help member: a line per mode");
	ok(child(with_h, "-h", out, err, sizeof(out)) == 99 && out[0] == '\0',
	   "-h is left to a program whose usage names -h");
	ok(child(with_h, "--help", out, err, sizeof(out)) == 0 &&
	   strstr(out, "  -h      a real option here\n") != NULL,
	   "which still answers --help");
	return done_testing();
}
