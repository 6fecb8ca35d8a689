/*
 * lib_core.h - the core of the lmbench-ng timing harness API: the types,
 * benchmp() and lmbench3's calls, and the bench_* additions.  Programs
 * include bench.h, which includes this and the rest of the API; the
 * harness's own headers include this one.
 *
 * A benchmark supplies three callbacks and a cookie; benchmp() sizes the
 * loop, repeats the timing interval, runs parallel copies and keeps the
 * samples.  The reporting calls (nano, micro, mb) print the median.
 *
 * The names and signatures follow the harness published with lmbench3, so
 * a benchmark written against that header builds unchanged.  The bench_*
 * calls below are lmbench-ng additions (option parsing, errors, cleanup).
 */
#ifndef LMBENCH_LIB_CORE_H
#define LMBENCH_LIB_CORE_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

typedef unsigned long iter_t;
typedef unsigned long long uint64;
typedef long long int64;

/* initialize, benchmark and cleanup all have this shape. */
typedef void (*benchmp_f)(iter_t iterations, void *cookie);
/*
 * What a copy does once: set up before its first interval, take down
 * after its last (benchmp()'s initialize(0) and cleanup(0), without the
 * calls around each interval).  benchmp_copy(), BENCH_POINT_COPY() and a
 * struct bench_mode take them.
 */
typedef void (*bench_copy_f)(void *cookie);

/* Timing intervals per run unless -N says otherwise; the median is kept. */
#define TRIES 11

/*
 * Run benchmark(iterations, cookie) in `parallel` copies and record
 * `repetitions` timing intervals of at least `enough` microseconds each
 * (0: the interval in force: ENOUGH, else bench_default_enough, else the
 * clock's).  initialize and cleanup, either may be NULL, are called with
 * iterations == 0 once per copy at its start and end, and with the
 * iteration count around every timing interval.  `warmup` microseconds of
 * untimed running precede the first interval.  Parallel copies start each
 * interval together; each round of them is one sample (doc/harness.md).
 */
void benchmp(benchmp_f initialize, benchmp_f benchmark, benchmp_f cleanup,
	     int enough, int parallel, int warmup, int repetitions,
	     void *cookie);

/* Which copy this is (0 .. parallel-1), valid inside the callbacks. */
int benchmp_childid(void);

/*
 * The median interval (microseconds: the median time per iteration, of
 * the middle two where they are even, at the iteration count of the lower
 * one) and that count: gettime()/get_n() is the figure the reports print.
 */
uint64 gettime(void);
uint64 get_n(void);
/* Replace the result by one interval measured by the program itself. */
void settime(uint64 usecs);
void save_n(uint64 n);

/*
 * Report `label: <gettime()/n> nanoseconds|microseconds` (n = operations in
 * the median interval), and `<bytes/gettime()> MB/sec` (MB = 10^6 bytes).
 * All print on stderr, lmbench3's convention.
 */
void nano(const char *label, uint64 n);
void micro(const char *label, uint64 n);
void mb(uint64 bytes);

/* Sink a value so the compiler cannot delete the work producing it. */
void use_int(int result);
void use_pointer(void *result);

/* Timer overhead and per-iteration loop overhead, microseconds. */
double t_overhead(void);
double l_overhead(void);

/* Size with an optional k/K, m/M or g/G suffix (powers of 1024). */
size_t bytes(const char *s);

/* Print "Usage: <prog> <usage>" on stderr and exit 2. */
void lmbench_usage(int argc, char *argv[], const char *usage);

/*
 * Place the calling process on a CPU according to LMBENCH_SCHED.
 * benchproc 0 is the copy itself; 1..nbenchprocs are helper processes
 * it forks (e.g. the other end of a pipe).  Returns 0, or -1 on failure.
 */
int handle_scheduler(int childno, int benchproc, int nbenchprocs);

/* ---- lmbench-ng additions ---------------------------------------- */

/*
 * The common -P/-W/-N options.  repetitions 0: not given, TRIES
 * intervals (LONG_REPS where every one is long: doc/harness.md).
 */
struct bench_opts {
	int parallel;
	int warmup;
	int repetitions;
};
#define BENCH_OPTS_DEFAULT {1, 0, 0}
#define BENCH_COMMON_OPTS "P:W:N:"
/*
 * How a usage text names them (bench_main takes those it names): -W and
 * -N, or all three.  "[-C] " BENCH_USAGE_PWN " <file>\n".
 */
#define BENCH_USAGE_WN "[-W <warmup>] [-N <repetitions>]"
#define BENCH_USAGE_PWN "[-P <parallelism>] " BENCH_USAGE_WN

/*
 * benchmp() as the user asked for it: opts' copies, warmup and
 * repetitions, and the interval in force (enough 0).
 */
void benchmp_opts(benchmp_f initialize, benchmp_f benchmark,
		  benchmp_f cleanup, const struct bench_opts *opts,
		  void *cookie);
/* benchmp_opts() of a benchmark whose state is set up once per copy. */
void benchmp_copy(bench_copy_f setup, benchmp_f benchmark,
		  bench_copy_f takedown, const struct bench_opts *opts,
		  void *cookie);

/*
 * A mode that benchmp() times as it is, a row of a program's mode table
 * (BENCH_MODES(table, struct bench_mode)): its name on the command line,
 * its callbacks (setup and takedown once per copy, either may be NULL),
 * the program's own bits in `flags`, its result's label
 * and stable name (doc/results-json.md), its --help line.
 * bench_mode_micro() times it with opts and reports its latency in
 * microseconds under that label and name.
 */
struct bench_mode {
	const char *name;
	bench_copy_f setup;
	benchmp_f bench;
	bench_copy_f takedown;
	unsigned flags;
	const char *label;
	const char *metric;
	const char *help;
};
void bench_mode_micro(const struct bench_mode *m,
		      const struct bench_opts *opts, void *cookie);

/*
 * Use `us` microseconds per interval instead of the clock's own interval,
 * unless the user set ENOUGH or the clock's step or read cost is above
 * us/1000 (lib_interval.c decides).  For CPU-bound operations of a few
 * ns, whose short intervals let the median step over preemptions that
 * longer ones would all contain.
 */
void bench_default_enough(long us);

/*
 * A series timed in interleaved rounds.  Each round times one interval
 * of every point (forwards in even rounds, backwards in odd ones), so
 * a burst of other load or a drift falls on all points alike instead of
 * bending the series where it happened.  The callbacks keep benchmp()'s
 * contract.  One copy: every point's initialize(0) runs before the first
 * round and its cleanup(0) after the last, so all points' states live
 * at once; a point is calibrated and warmed up (`warmup` microseconds)
 * in its first round; `repetitions` rounds of one interval.  Parallel
 * copies: at most 4 rounds, each a benchmp() of its share of the
 * intervals, which sets up and tears down the state every round.
 */
struct bench_result;	/* the samples: src/harness/lib_result.h */
struct bench_point {
	benchmp_f initialize, benchmark, cleanup;
	bench_copy_f setup, takedown;	/* once per copy, around all else */
	void *cookie;
	/* Filled in by benchmp_rounds(): the iteration count and the
	 * point's samples, as benchmp() keeps them (one per interval; with
	 * parallel copies one per round of all copies together). */
	iter_t n;
	struct bench_result *result;
};
/* A point before benchmp_rounds(): its callbacks and cookie. */
#define BENCH_POINT(init, bench, clean, arg) \
	((struct bench_point){.initialize = (init), .benchmark = (bench), \
			      .cleanup = (clean), .cookie = (arg)})
/* A point whose state is set up once per copy. */
#define BENCH_POINT_COPY(setup_f, bench, takedown_f, arg) \
	((struct bench_point){.setup = (setup_f), .benchmark = (bench), \
			      .takedown = (takedown_f), .cookie = (arg)})
void benchmp_rounds(struct bench_point *pts, int npts, int parallel,
		    int warmup, int repetitions);
/* Make a copy of a point's result the last one (gettime(), nano(), ...). */
void bench_point_result(const struct bench_point *p);
void bench_point_free(struct bench_point *p);
/*
 * 1 if every process stays on one CPU for the whole run: the placement
 * in force is not DEFAULT, or this process may only run on one CPU
 * (taskset, a one-CPU machine).
 */
int bench_placement_fixed(void);
/*
 * How many CPUs this process may run on: its affinity mask (taskset, a
 * cpuset) where the system has one, else the online CPUs; at least 1.
 */
int bench_cpus_allowed(void);
/*
 * The placement (an LMBENCH_SCHED value) to use where LMBENCH_SCHED is
 * unset or empty; call before benchmp().  LMBENCH_SCHED=DEFAULT still
 * lets the scheduler decide.
 */
void bench_sched_default(const char *policy);

/*
 * One line of --help: an option ("-g"), an operand ("len_MB") or a mode
 * ("null"), and what it means in a line.  An item that is just "-X" is
 * shown as the usage text spells it ("-g <group>").
 */
struct bench_help {
	const char *item;
	const char *text;
};
/*
 * Remember the program name, usage text and help lines (a table ended by
 * an entry whose item is NULL; help may be NULL); install the cleanup
 * handlers.  With --help as the first argument, or -h where the usage
 * text names no -h option, print "Usage: <prog> <usage>" and a line per
 * entry on stdout and exit 0.  -P, -W and -N get the library's line
 * where the usage text names them and help does not; the lines follow
 * the order in which the usage text names their items.
 */
void bench_init_help(int argc, char *argv[], const char *usage,
		     const struct bench_help *help);
/* bench_init_help() without lines of the program's own. */
void bench_init(int argc, char *argv[], const char *usage);
/*
 * bench_init_help() with the usage text generated from a variant table
 * (as bench_arg_variant): the names, joined by '|', replace the "%s" in
 * usage.  first_help, unless NULL, is the address of the first entry's
 * const char * member that --help shows as each mode's line (the same
 * member in every entry).  BENCH_INIT_VARIANTS(argc, argv,
 * usage, table) for a static array; BENCH_INIT_VARIANTS_HELP(argc, argv,
 * usage, lines, table) for one whose entries have a member `help`.
 */
void bench_init_variants(int argc, char *argv[], const char *usage,
			 const struct bench_help *help, const void *table,
			 size_t n, size_t entsize, const void *first_help);
#define BENCH_INIT_VARIANTS(argc, argv, usage, table) \
	bench_init_variants((argc), (argv), (usage), NULL, (table), \
			    sizeof(table) / sizeof((table)[0]), \
			    sizeof((table)[0]), NULL)
#define BENCH_INIT_VARIANTS_HELP(argc, argv, usage, lines, table) \
	bench_init_variants((argc), (argv), (usage), (lines), (table), \
			    sizeof(table) / sizeof((table)[0]), \
			    sizeof((table)[0]), &(table)[0].help)
/* Handle -P/-W/-N: 1 if c was one of them, 0 if not (bad value: usage). */
int bench_common_opt(int c, const char *arg, struct bench_opts *opts);
/*
 * The whole command line of a program whose only options are -P/-W/-N:
 * parse them, check that min_ops..max_ops operands follow (max_ops < 0:
 * no upper bound), else the usage line; returns the first operand's index.
 */
int bench_common_args(int argc, char *argv[], struct bench_opts *opts,
		      int min_ops, int max_ops);
/*
 * A figure of the machine (a property: no direction) alone on stdout
 * with `decimals` decimals, or its JSON line with --json; output that
 * cannot be written is a runtime error (exit 1).
 */
struct metric;
void bench_figure_print(const struct metric *m, const char *label,
			double value, int decimals);
/*
 * A program that prints one figure of the machine and takes no argument
 * (loop_o, timing_o) is this table: what it prints (its --help line),
 * the figure's stable name (its unit microseconds) and label, how it is
 * measured (nanoseconds) and how many decimals the line has.
 * BENCH_FIGURE_MAIN(...) is the whole program (bench_figure_main()).
 */
struct bench_figure {
	const char *says;
	const char *name;
	const char *label;
	double (*measure_ns)(void);
	int decimals;
};
int bench_figure_main(int argc, char *argv[], const struct bench_figure *f);
#define BENCH_FIGURE_MAIN(...) \
	static const struct bench_figure bench_figure_ = {__VA_ARGS__}; \
	int main(int argc, char *argv[]) \
	{ \
		return bench_figure_main(argc, argv, &bench_figure_); \
	}
/*
 * A program is a table (bench_main): its usage text, its options and
 * operands each with its --help line, how many operands it takes, the
 * state its options fill, and run().  bench_main() does the rest:
 * --help and --json, the program's options parsed into its state, -P/-W/-N
 * where the usage text names them, the operands counted, bad input
 * refused with the usage line (exit 2); then run() given all of it in
 * one struct bench_run, and its exit status.  A program with no option
 * at all gets every argument as an operand ("-x" and "--" too).  The
 * state lives until the process exits (exit-time hooks may use it).  A
 * program's state is `struct state`; the option macros name its
 * members, checked for their type.
 */
enum bench_arg {
	BENCH_ARG_NONE,		/* an operand or mode: its --help line alone */
	BENCH_ARG_FLAG,		/* int, set to 1 */
	BENCH_ARG_INT,		/* int in [min, max] */
	BENCH_ARG_LONG,		/* long in [min, max] */
	BENCH_ARG_SIZE,		/* size_t: bytes, 64k, 8m, 1g */
	BENCH_ARG_TEXT,		/* const char *: the argument as given */
	BENCH_ARG_MODE,		/* size_t: the index of the variant named */
	BENCH_ARG_CALL,		/* set(state, argument) */
};
struct bench_option {
	const char *item;	/* "-s" (shown as the usage text spells it), an operand */
	const char *text;	/* its --help line; NULL: none (an option refused
				 * in words of the program's own) */
	enum bench_arg kind;
	size_t at;		/* the member's offset in struct state */
	long min, max;		/* BENCH_ARG_INT, BENCH_ARG_LONG */
	void (*set)(void *state, const char *arg);	/* BENCH_ARG_CALL */
};
/* A member's offset in struct s, checked to be of the type given. */
#define BENCH_AT_OF(s, type, member) \
	(0 * sizeof(_Generic(&((s *)0)->member, type *: 0)) + \
	 offsetof(s, member))
#define BENCH_AT(type, member) BENCH_AT_OF(struct state, type, member)
#define BENCH_FLAG(item, text, m) \
	{(item), (text), BENCH_ARG_FLAG, BENCH_AT(int, m), 0, 0, NULL}
#define BENCH_INT(item, text, m, lo, hi) \
	{(item), (text), BENCH_ARG_INT, BENCH_AT(int, m), (lo), (hi), NULL}
#define BENCH_LONG(item, text, m, lo, hi) \
	{(item), (text), BENCH_ARG_LONG, BENCH_AT(long, m), (lo), (hi), NULL}
#define BENCH_SIZE(item, text, m) \
	{(item), (text), BENCH_ARG_SIZE, BENCH_AT(size_t, m), 0, 0, NULL}
#define BENCH_TEXT(item, text, m) \
	{(item), (text), BENCH_ARG_TEXT, BENCH_AT(const char *, m), 0, 0, NULL}
#define BENCH_MODE(item, text, m) \
	{(item), (text), BENCH_ARG_MODE, BENCH_AT(size_t, m), 0, 0, NULL}
#define BENCH_CALL(item, text, fn) \
	{(item), (text), BENCH_ARG_CALL, 0, 0, 0, (fn)}
#define BENCH_OPERAND(item, text) \
	{(item), (text), BENCH_ARG_NONE, 0, 0, 0, NULL}
/* The end of a table of options. */
#define BENCH_END {NULL, NULL, BENCH_ARG_NONE, 0, 0, 0, NULL}
/* A table of options in the descriptor itself, its end added:
 * `.options = BENCH_OPTIONS(BENCH_FLAG(...), BENCH_OPERAND(...))`. */
#define BENCH_OPTIONS(...) \
	((const struct bench_option[]){__VA_ARGS__, BENCH_END})

/*
 * What run() is given: the state its options filled (NULL where the
 * program has none), -P/-W/-N, and the operands alone.
 */
struct bench_run {
	void *state;
	struct bench_opts opts;
	int argc;
	char **argv;
};
struct bench_program {
	/* As bench_init_variants(): "%s" stands for the variants' names. */
	const char *usage;
	const struct bench_option *options;	/* ended by item NULL */
	int min_ops, max_ops;			/* max_ops < 0: no bound */
	/* 1: the options end at the first operand (a command line follows). */
	int in_order;
	/* The variant table, if any (BENCH_MODES), its entries' names first. */
	const void *modes;
	size_t nmodes, mode_size, mode_help;	/* mode_help: 0, no lines */
	/* struct state's size and defaults (BENCH_STATE); 0: no state. */
	size_t state_size;
	const void *defaults;
	int (*run)(const struct bench_run *r);
};
/* The variant table `t` of `type`s, which have a member `help`. */
#define BENCH_MODES(t, type) \
	.modes = (t), .nmodes = sizeof(t) / sizeof((t)[0]), \
	.mode_size = sizeof((t)[0]), .mode_help = offsetof(type, help)
#define BENCH_STATE(...) \
	.state_size = sizeof(struct state), \
	.defaults = &(const struct state){__VA_ARGS__}
int bench_main(int argc, char *argv[], const struct bench_program *p);
/*
 * The whole main() of a program that is the table given, its run() the
 * program's function named run: BENCH_MAIN(.usage = "...", .options =
 * BENCH_OPTIONS(...), .min_ops = 1, BENCH_STATE(...)).
 */
#define BENCH_MAIN(...) \
	static const struct bench_program bench_program_ = { \
		.run = run, __VA_ARGS__}; \
	int main(int argc, char *argv[]) \
	{ \
		return bench_main(argc, argv, &bench_program_); \
	}
/* Usage line on stderr, exit 2. */
void bench_usage(void) __attribute__((noreturn));
/* "<prog>: <reason>" on stderr, exit 2 (bad input). */
void bench_fail(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));
/* "<prog>: <reason>: <strerror(errno)>" on stderr, exit 1 (runtime). */
void bench_die(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));
/*
 * calloc(n, size): n zeroed objects of size bytes, or, where there is no
 * memory for them, bench_die("out of memory") (exit 1).
 */
void *bench_alloc(size_t n, size_t size);
const char *bench_progname(void);

/* Strict parsers: 0 on success, -1 on junk, sign or overflow. */
int bench_parse_long(const char *s, long min, long max, long *out);
int bench_parse_size(const char *s, size_t *out);
/* The same, but a bad value gets the usage line and exit 2. */
long bench_arg_long(const char *s, long min, long max);
/*
 * The entry of a variant table named `arg`: the table holds n entries of
 * entsize bytes, each starting with its name (const char *).  No such
 * name: the usage line and exit 2.  BENCH_VARIANT(arg, table) for a
 * static array.
 */
size_t bench_arg_variant(const char *arg, const void *table, size_t n,
			 size_t entsize);
#define BENCH_VARIANT(arg, table) \
	bench_arg_variant((arg), (table), sizeof(table) / sizeof((table)[0]), \
			  sizeof((table)[0]))
size_t bench_arg_size(const char *s);

/*
 * Files and directories removed at exit, on a fatal error and on
 * SIGINT/SIGTERM/SIGHUP (directories must be empty by then).
 */
void bench_tmp_register(const char *path);
void bench_tmp_unregister(const char *path);
/*
 * Call fn in this (the first) process at exit, on a fatal error and on
 * SIGINT/SIGTERM/SIGHUP/SIGQUIT, after parallel copies are gone and
 * before registered paths are removed: for what is not a path (a SysV
 * object, a tree of files named by index).  fn must be async-signal-safe.
 */
void bench_cleanup_hook(void (*fn)(void));
/* mkstemp() in $TMPDIR (or /tmp), registered; returns the fd. */
int bench_tmpfile(char *path, size_t size, const char *stem);

#endif
