/*
 * lib_options.c - a program's start (bench_init*: --help, cleanup
 * handlers, the environment checked) and its command line: the common
 * -P/-W/-N options, numbers, sizes and variants, bad ones refused with
 * the usage line (lib_error.c, exit 2).
 */
#include "bench.h"
#include "lib_cleanup.h"
#include "lib_env.h"
#include "lib_error.h"
#include "lib_metric.h"
#include "lib_sched.h"

#include <ctype.h>

/* What --help prints besides the usage line (bench_init_help()). */
static const struct bench_help *help_lines;
static struct {
	const void *table;
	size_t n, entsize, help_off;	/* help_off 0: no lines */
} help_modes;

#define STR_(x) #x
#define STR(x) STR_(x)

/* The common options, described here once for every program. */
static const struct bench_help common_help[] = {
	{"-P", "copies of the benchmark run at once (default 1)"},
	{"-W", "microseconds of untimed running before timing (default 0)"},
	{"-N", "timing intervals; the median is reported (default "
	       STR(TRIES) ")"},
};
/* Every program's: the first argument, before its own (lib_metric.h). */
static const struct bench_help json_help = {
	"--json", "(first) also each result as a JSON line on stdout"
};

#define HELP_MAX	64	/* lines of one --help */
#define HELP_WIDTH	18	/* item column; a longer item pushes its text */

/* Where the usage text names option -c, or NULL. */
static const char *usage_opt(char c)
{
	const char *usage_text = error_usage_text(), *s;

	for (s = strchr(usage_text, '-'); s != NULL; s = strchr(s + 1, '-'))
		if (s[1] == c && !isalnum((unsigned char)s[2]) &&
		    s[2] != '-' && s[2] != '_' &&
		    (s == usage_text || strchr(" [|", s[-1]) != NULL))
			return s;
	return NULL;
}

/* Where the usage text names the word an item starts with, or NULL. */
static const char *usage_word(const char *item)
{
	size_t len = strcspn(item, " ");
	const char *usage_text = error_usage_text(), *s;

	if (item[0] == '-' && len == 2)
		return usage_opt(item[1]);
	for (s = usage_text; *s != '\0'; s++)
		if (strncmp(s, item, len) == 0 &&
		    (s == usage_text || strchr(" [|<", s[-1]) != NULL) &&
		    strchr(" ]|.>=\n", s[len]) != NULL)
			return s;
	return NULL;
}

struct help_line {
	const char *at;		/* where the usage text names it */
	const char *item;
	int len;		/* of item */
	const char *text;
};

/* An item "-X" is shown as the usage text spells it: "-X <arg>". */
static void help_add(struct help_line *l, int *n, const char *item,
		     const char *text)
{
	const char *at = usage_word(item), *e;

	if (*n == HELP_MAX) {
		fprintf(stderr, "%s: more than %d --help lines\n",
			bench_progname(), HELP_MAX);
		exit(1);
	}
	l[*n].at = at;
	l[*n].item = item;
	l[*n].len = (int)strlen(item);
	l[*n].text = text;
	if (at != NULL && item[0] == '-' && strlen(item) == 2) {
		for (e = at; *e != '\0' && !strchr("]\n", *e); e++)
			if (e[0] == ' ' && (e[1] == '[' || e[1] == '|'))
				break;
		l[*n].item = at;
		l[*n].len = (int)(e - at);
	}
	(*n)++;
}

static int described(const struct bench_help *h, char c)
{
	for (; h != NULL && h->item != NULL; h++)
		if (h->item[0] == '-' && h->item[1] == c)
			return 1;
	return 0;
}

/*
 * The usage line, then a line per option, operand and mode in the order
 * the usage text names them (those it does not name last), on stdout.
 */
static void __attribute__((noreturn)) print_help(void)
{
	struct help_line l[HELP_MAX], t;
	const struct bench_help *h;
	const char *item, *text;
	int n = 0, i, j, width = 0;
	size_t k;

	for (k = 0; k < sizeof(common_help) / sizeof(common_help[0]); k++)
		if (usage_opt(common_help[k].item[1]) != NULL &&
		    !described(help_lines, common_help[k].item[1]))
			help_add(l, &n, common_help[k].item,
				 common_help[k].text);
	for (h = help_lines; h != NULL && h->item != NULL; h++)
		help_add(l, &n, h->item, h->text);
	for (k = 0; help_modes.help_off != 0 && k < help_modes.n; k++) {
		const char *e = (const char *)help_modes.table +
				k * help_modes.entsize;

		memcpy(&item, e, sizeof(item));
		memcpy(&text, e + help_modes.help_off, sizeof(text));
		help_add(l, &n, item, text);
	}
	help_add(l, &n, json_help.item, json_help.text);
	/* Stable: in the order given where the usage text does not say. */
	for (i = 1; i < n; i++) {
		t = l[i];
		for (j = i; j > 0 && t.at != NULL &&
			    (l[j - 1].at == NULL || l[j - 1].at > t.at); j--)
			l[j] = l[j - 1];
		l[j] = t;
	}
	for (i = 0; i < n; i++)
		if (l[i].len <= HELP_WIDTH && l[i].len > width)
			width = l[i].len;
	error_print_usage(stdout);
	for (i = 0; i < n; i++)
		printf("  %-*.*s  %s\n", width, l[i].len, l[i].item,
		       l[i].text);
	if (fflush(stdout) != 0 || ferror(stdout))
		exit(1);
	exit(0);
}

void bench_init_help(int argc, char *argv[], const char *usage,
		     const struct bench_help *help)
{
	error_set_program(argv != NULL ? argv[0] : NULL, usage);
	help_lines = help;
	/* Before anything that could refuse: help is always given. */
	if (argc > 1 && argv != NULL && argv[1] != NULL &&
	    (strcmp(argv[1], "--help") == 0 ||
	     (strcmp(argv[1], "-h") == 0 && usage_opt('h') == NULL)))
		print_help();
	/* --json first: the program's own parsing starts after it. */
	if (argc > 1 && argv != NULL && argv[1] != NULL &&
	    strcmp(argv[1], "--json") == 0) {
		metric_json_on();
		optind = 2;
	}
	cleanup_install();
	/* The environment is input too: refused before any work. */
	(void)bench_env();
	sched_check();
}

void bench_init(int argc, char *argv[], const char *usage)
{
	bench_init_help(argc, argv, usage, NULL);
}

void bench_init_variants(int argc, char *argv[], const char *usage,
			 const struct bench_help *help, const void *table,
			 size_t n, size_t entsize, const void *first_help)
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
	help_modes.table = table;
	help_modes.n = n;
	help_modes.entsize = entsize;
	/* The member's offset in an entry; 0 (no lines) for NULL. */
	help_modes.help_off = first_help == NULL ? 0 :
		(size_t)((const char *)first_help - (const char *)table);
	bench_init_help(argc, argv, text, help);
}

void lmbench_usage(int argc, char *argv[], const char *usage)
{
	bench_init(argc, argv, usage);
	bench_usage();
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

/*
 * Upper bounds keep later arithmetic (µs -> ns, P x samples) in range;
 * half an hour of warmup is what an int (and a 32-bit long) holds.
 */
#define MAX_PARALLEL	4096
#define MAX_WARMUP_US	(1800L * 1000 * 1000)
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

void bench_figure_print(const struct metric *m, const char *label,
			double value, int decimals)
{
	if (metric_json())
		metric_json_value(m, label, value);
	else
		printf("%.*f\n", decimals, value);
	if (fflush(stdout) != 0)
		bench_die("stdout");
}

int bench_figure_main(int argc, char *argv[], const struct bench_figure *f)
{
	static struct bench_help help[2] = {{"(no arguments)", NULL},
					     {NULL, NULL}};
	const struct metric m = {.name = f->name, .unit = "microseconds",
				 .kind = KIND_PROPERTY};

	help[0].text = f->says;
	bench_init_help(argc, argv, "\n", help);
	if (argc != optind)
		bench_fail("%s: takes no arguments", argv[optind]);
	bench_figure_print(&m, f->label, f->measure_ns() / 1e3, f->decimals);
	return 0;
}

#define OPTS_MAX	32	/* options of one program */
/* How getopt stops at the first operand: glibc's permutes unless told. */
#if defined(__linux__)
#define IN_ORDER	"+"
#else
#define IN_ORDER	""
#endif

/* The option of the table named -c, or NULL. */
static const struct bench_option *option_of(const struct bench_option *o,
					    int c)
{
	for (; o->item != NULL; o++)
		if (o->kind != BENCH_ARG_NONE && o->item[1] == c)
			return o;
	return NULL;
}

static void option_set(const struct bench_program *p,
		       const struct bench_option *o, void *state,
		       const char *arg)
{
	char *to = (char *)state + o->at;
	size_t z;
	long l;
	int i;

	switch (o->kind) {
	case BENCH_ARG_FLAG:
		i = 1;
		memcpy(to, &i, sizeof(i));
		break;
	case BENCH_ARG_INT:
		i = (int)bench_arg_long(arg, o->min, o->max);
		memcpy(to, &i, sizeof(i));
		break;
	case BENCH_ARG_LONG:
		l = bench_arg_long(arg, o->min, o->max);
		memcpy(to, &l, sizeof(l));
		break;
	case BENCH_ARG_SIZE:
		z = bench_arg_size(arg);
		memcpy(to, &z, sizeof(z));
		break;
	case BENCH_ARG_TEXT:
		memcpy(to, &arg, sizeof(arg));
		break;
	case BENCH_ARG_MODE:
		z = bench_arg_variant(arg, p->modes, p->nmodes, p->mode_size);
		memcpy(to, &z, sizeof(z));
		break;
	case BENCH_ARG_CALL:
		o->set(state, arg);
		break;
	case BENCH_ARG_NONE:
		break;
	}
}

int bench_main(int argc, char *argv[], const struct bench_program *p)
{
	static const struct bench_option none[] = {{NULL, NULL,
						    BENCH_ARG_NONE, 0, 0,
						    0, NULL}};
	static struct bench_help help[OPTS_MAX + 1];
	const struct bench_option *opts = p->options ? p->options : none, *o;
	struct bench_run r = {NULL, BENCH_OPTS_DEFAULT, 0, NULL};
	char letters[3 * OPTS_MAX + 8] = IN_ORDER, *l, *first;
	/* Static: the state stays reachable until exit (exit-time hooks). */
	static void *state;
	int c, n = 0;

	for (o = opts; o->item != NULL; o++) {
		if (n == OPTS_MAX) {
			fprintf(stderr, "%s: more than %d options\n",
				argv[0], OPTS_MAX);
			return 1;
		}
		if (o->text == NULL)
			continue;	/* refused in the program's words */
		help[n].item = o->item;
		help[n].text = o->text;
		n++;
	}
	help[n].item = NULL;
	first = l = letters + (p->in_order ? strlen(IN_ORDER) : 0);
	if (p->modes != NULL)
		bench_init_variants(argc, argv, p->usage, help, p->modes,
				    p->nmodes, p->mode_size,
				    p->mode_help == 0 ? NULL :
				    (const char *)p->modes + p->mode_help);
	else
		bench_init_help(argc, argv, p->usage, help);
	for (o = opts; o->item != NULL; o++) {
		if (o->kind == BENCH_ARG_NONE)
			continue;
		*l++ = o->item[1];
		if (o->kind != BENCH_ARG_FLAG)
			*l++ = ':';
	}
	/* -P/-W/-N where the usage text names them. */
	for (c = 0; c < 3; c++)
		if (usage_opt("PWN"[c]) != NULL) {
			*l++ = "PWN"[c];
			*l++ = ':';
		}
	*l = '\0';
	if (l == first)
		l = NULL;	/* no option: every argument an operand */
	if (p->state_size > 0) {
		state = calloc(1, p->state_size);
		if (state == NULL)
			bench_die("malloc");
		if (p->defaults != NULL)
			memcpy(state, p->defaults, p->state_size);
	}
	while (l != NULL && (c = getopt(argc, argv, letters)) != -1) {
		o = option_of(opts, c);
		if (o != NULL)
			option_set(p, o, state, optarg);
		else if (!bench_common_opt(c, optarg, &r.opts))
			bench_usage();
	}
	if (argc - optind < p->min_ops ||
	    (p->max_ops >= 0 && argc - optind > p->max_ops))
		bench_usage();
	/* The state is not freed: exit-time hooks may use it. */
	r.state = state;
	r.argc = argc - optind;
	r.argv = argv + optind;
	return p->run(&r);
}
