/*
 * test_main - bench_main(): a program as a table.  Each kind of option
 * fills its member of struct state, a bad value or an unknown option is
 * refused with the usage line (exit 2) before run(), the operands are
 * counted, -P/-W/-N are taken only where the usage text names them,
 * the defaults are the state's before the options, and run()'s status is
 * the program's.  An option without a --help line is still parsed; a
 * program can end its options at the first operand, and one without
 * options gets every argument as an operand.
 */
#include "tap.h"
#include "bench.h"

#include <string.h>

struct variant {
	const char *name;
	const char *help;
};

static const struct variant variants[] = {
	{"alpha", "the first"},
	{"beta", "the second"},
};

struct state {
	int flag, count;
	long big;
	size_t size, mode;
	const char *text;
	char called[16];
};

static void set_called(void *state, const char *arg)
{
	struct state *st = state;

	snprintf(st->called, sizeof(st->called), "<%s>", arg);
}

static const struct bench_option options[] = {
	BENCH_FLAG("-f", "a flag", flag),
	BENCH_INT("-c", "a count", count, 1, 9),
	BENCH_LONG("-b", "a long", big, -5, 5000000000L > LONG_MAX ?
		   LONG_MAX : 5000000000L),
	BENCH_SIZE("-s", "a size", size),
	BENCH_MODE("-m", "a mode", mode),
	BENCH_TEXT("-t", "a text", text),
	BENCH_CALL("-k", "a call", set_called),
	BENCH_OPERAND("file", "an operand"),
	BENCH_END
};

/* What run() saw, printed on stdout; its status 7. */
static int run(const struct bench_run *r)
{
	struct state *st = r->state;
	int i;

	printf("f=%d c=%d b=%ld s=%zu m=%zu t=%s k=%s P=%d W=%d N=%d ops=%d",
	       st->flag, st->count, st->big, st->size, st->mode,
	       st->text ? st->text : "-", st->called, r->opts.parallel,
	       r->opts.warmup, r->opts.repetitions, r->argc);
	for (i = 0; i < r->argc; i++)
		printf(" %s", r->argv[i]);
	printf("\n");
	return 7;
}

static const struct bench_program with_common = {
	.usage = "[-f] [-c <n>] [-b <n>] [-s <size>] [-m %s] [-t <text>] "
		 "[-k <x>] [-P <n>] [-N <n>] file [file]\n",
	.options = options, .min_ops = 1, .max_ops = 2, .run = run,
	BENCH_MODES(variants, struct variant),
	BENCH_STATE(.count = 3, .text = "default"),
};

/* No -P/-W/-N in the usage text, no upper bound on operands. */
static const struct bench_program plain = {
	.usage = "[-f] [-c <n>] [-b <n>] [-s <size>] [-m %s] [-t <text>] "
		 "[-k <x>] file...\n",
	.options = options, .min_ops = 1, .max_ops = -1, .run = run,
	BENCH_MODES(variants, struct variant), BENCH_STATE(0),
};

static void refuse_w(void *state, const char *arg)
{
	(void)state;
	(void)arg;
	bench_fail("-w: this program only reads");
}

/* A hidden option, options that end at the first operand; the table
 * given in the descriptor (BENCH_OPTIONS). */
static const struct bench_program ordered = {
	.usage = "[-f] [-N <n>] cmd...\n",
	.options = BENCH_OPTIONS(
		BENCH_FLAG("-f", "a flag", flag),
		{"-w", NULL, BENCH_ARG_CALL, 0, 0, 0, refuse_w},
		BENCH_OPERAND("cmd...", "a command line")),
	.min_ops = 1, .max_ops = -1, .in_order = 1, .run = run,
	BENCH_STATE(0),
};

/* No option at all: every argument is an operand. */
static const struct bench_program no_options = {
	.usage = "args...\n", .min_ops = 0, .max_ops = -1, .run = run,
	BENCH_STATE(0),
};

static const struct bench_program *prog;
static char *args[32];

static void main_child(const void *unused)
{
	int n = 0;

	(void)unused;
	while (args[n] != NULL)
		n++;
	exit(bench_main(n, args, prog));
}

/* bench_main(prog, "prog" + the words of `line`): status, output. */
static int call(const struct bench_program *p, const char *line, char *out,
		char *err, size_t size)
{
	static char buf[256];
	char *w;
	int n = 1;

	snprintf(buf, sizeof(buf), "%s", line);
	args[0] = "prog";
	for (w = strtok(buf, " "); w != NULL && n < 31; w = strtok(NULL, " "))
		args[n++] = w;
	args[n] = NULL;
	prog = p;
	optind = 1;
	return tap_child(main_child, NULL, out, err, size);
}

static int refused(const struct bench_program *p, const char *line)
{
	char out[1024], err[1024];

	return call(p, line, out, err, sizeof(out)) == 2 && out[0] == '\0' &&
	       strstr(err, "Usage: prog ") != NULL;
}

int main(void)
{
	char out[1024], err[1024];

	ok(call(&with_common, "x", out, err, sizeof(out)) == 7 &&
	   strcmp(out, "f=0 c=3 b=0 s=0 m=0 t=default k= P=1 W=0 N=0 ops=1 "
		  "x\n") == 0, "the defaults, then run()'s status");
	ok(call(&with_common, "-f -c 9 -b -5 -s 64k -m beta -t hi -k yo "
		"-P 2 -N 4 x y", out, err, sizeof(out)) == 7 &&
	   strcmp(out, "f=1 c=9 b=-5 s=65536 m=1 t=hi k=<yo> P=2 W=0 N=4 "
		  "ops=2 x y\n") == 0, "every kind of option sets its member");
	ok(refused(&with_common, "-c 10 x"), "an int above its range");
	ok(refused(&with_common, "-c 0 x"), "an int below its range");
	ok(refused(&with_common, "-b -6 x"), "a long below its range");
	ok(refused(&with_common, "-s 1q x"), "a size that is not one");
	ok(refused(&with_common, "-m gamma x"), "a mode not in the table");
	ok(refused(&with_common, "-Z x"), "an unknown option");
	ok(refused(&with_common, "-c"), "an option without its argument");
	ok(refused(&with_common, ""), "too few operands");
	ok(refused(&with_common, "x y z"), "too many operands");
	ok(refused(&with_common, "-W 5 x"), "-W where the usage has none");
	ok(refused(&with_common, "-P 0 x"), "-P's own range");
	ok(refused(&plain, "-P 2 x"), "-P where the usage has none");
	ok(call(&plain, "a b c d e", out, err, sizeof(out)) == 7 &&
	   strstr(out, "ops=5 a b c d e\n") != NULL, "no upper bound");
	ok(call(&plain, "--help", out, err, sizeof(out)) == 0 &&
	   strstr(out, "  -m alpha|beta  a mode\n") != NULL &&
	   strstr(out, "  alpha          the first\n") != NULL &&
	   strstr(out, "  file           an operand\n") != NULL,
	   "--help: the table's lines and the modes'");
	ok(call(&with_common, "--json -f x", out, err, sizeof(out)) == 7 &&
	   strstr(out, "f=1") != NULL, "--json first, then the options");
	ok(call(&ordered, "-f -N 3 cmd -f -x", out, err, sizeof(out)) == 7 &&
	   strstr(out, "f=1 ") != NULL && strstr(out, " N=3 ") != NULL &&
	   strstr(out, "ops=3 cmd -f -x\n") != NULL,
	   "in order: the options end at the first operand");
	ok(call(&ordered, "-w x", out, err, sizeof(out)) == 2 &&
	   strstr(err, "-w: this program only reads") != NULL,
	   "an option without a --help line, refused in its own words");
	ok(call(&ordered, "--help", out, err, sizeof(out)) == 0 &&
	   strstr(out, "  -f ") != NULL && strstr(out, "  -w") == NULL,
	   "which --help does not show");
	ok(call(&no_options, "-x -- y", out, err, sizeof(out)) == 7 &&
	   strstr(out, "ops=3 -x -- y\n") != NULL,
	   "no options: every argument an operand, -x and -- too");
	return done_testing();
}
