/*
 * lib_metric.h - a metric's identity, declared by the program that
 * measures it: its stable name (doc/results-json.md), unit, which way is
 * better, how a bandwidth counts bytes, and for a series what x is.
 *
 * The identity travels with the value: with LMBENCH_STATS=1 as members
 * of the #stats record (name, better, bytes) or, for a value without
 * one, a "#metric" record after it, and for a series a "#series" record
 * per family of point metrics (doc/results.md, "The layout"); with
 * --json (or LMBENCH_JSON=1) as one JSON object a line on stdout.  Every
 * record is a JSON object, written by the one writer below (jw_*).
 * Readers take it as declared: nothing recovers a name from a printed
 * label.
 */
#ifndef LMBENCH_LIB_METRIC_H
#define LMBENCH_LIB_METRIC_H

#include <stddef.h>
#include <stdio.h>

enum metric_better {
	BETTER_NONE,	/* neither way: a count, a fact, a side figure */
	BETTER_LOWER,	/* a time */
	BETTER_HIGHER	/* a rate */
};

enum metric_kind {
	KIND_RESULT,	/* a measured result */
	KIND_PROPERTY,	/* a fact of the machine found by measuring (tlb's
			 * entries): neither better nor worse */
	KIND_COUNT	/* a count the harness chose (lat_fs's files per
			 * interval), no result */
};

/*
 * A scalar sets name, unit, better and, for a bandwidth, bytes.  A
 * series sets x_name and x_unit too: each of its points is a metric of
 * the series' unit, named by `point` (NULL: "{name}@{x}"), where {name}
 * is the name, {x} and {y} the first and second number of the point's
 * line as printed, {i} the point's place in the series (0, 1, ...).
 * Its value is the point line's number `col` (1: x, 2: y, 3: the third;
 * 0 means 2).  A series whose second number is no value (a matrix of
 * CPU pairs) says what it is in y_name and y_unit.  A program may
 * declare further families of the same points (lat_fs: files created
 * and deleted per second, its third and fourth numbers): more metrics
 * with other names, units and columns.
 */
struct metric {
	const char *name;
	const char *unit;
	enum metric_better better;
	const char *bytes;	/* how bytes are counted, or NULL */
	enum metric_kind kind;
	const char *x_name, *x_unit;	/* a series: what x is */
	const char *y_name, *y_unit;	/* y when it is not the value */
	int col;
	const char *point;
};

/* Longest metric name a program builds (a host or file name in it). */
#define METRIC_NAME_MAX 160

/* 1: print each result as a JSON line on stdout (--json, LMBENCH_JSON). */
int metric_json(void);
void metric_json_on(void);

/* Lower case, each run of other characters one '_', none at the ends. */
void metric_slug(const char *s, char *out, size_t len);
/*
 * The name's part for a network peer: "local" for localhost or
 * 127.0.0.1, else "remote.<host slugged>".
 */
void metric_host(const char *host, char *out, size_t len);
/* "net.<metric_host(host)>.<what>": a network benchmark's name. */
void metric_net(const char *host, const char *what, char *out, size_t len);
/* A series' point's name (x, y as printed; y may be NULL). */
void metric_point_name(const struct metric *m, const char *x,
		       const char *y, int i, char *out, size_t len);

/*
 * A JSON object being written to out: a record line of a results file
 * ("#stats {...}" on stderr) or a --json line on stdout.  Numbers are
 * written with fmt, null where not finite; a NULL string is null.  The
 * line is put together in memory (f) and written to out whole by
 * jw_end: stderr is unbuffered, and a line of hundreds of samples would
 * otherwise be hundreds of writes that another process's output could
 * fall between.
 */
struct jw {
	FILE *f;	/* where the members go: the memory stream, or out */
	FILE *out;
	char *buf;
	size_t len;
	int first;	/* no member yet in the open object */
};
/* tag: what the line starts with before "{" ("#stats "), or NULL. */
void jw_begin(struct jw *w, FILE *f, const char *tag);
void jw_num(struct jw *w, const char *key, const char *fmt, double v);
void jw_text(struct jw *w, const char *key, const char *s);
/* A list of numbers: jw_list, jw_item for each (i from 0), jw_list_end. */
void jw_list(struct jw *w, const char *key);
void jw_item(struct jw *w, int i, const char *fmt, double v);
void jw_list_end(struct jw *w);
/* An object as a member: jw_open, its members, jw_close. */
void jw_open(struct jw *w, const char *key);
void jw_close(struct jw *w);
/* "}" and the end of the line. */
void jw_end(struct jw *w);

/* m's name, better, bytes and kind as members of w. */
void metric_keys(struct jw *w, const struct metric *m);
/*
 * A value the program printed that has no samples (a count, a size
 * found, a figure computed from other results): with LMBENCH_STATS a
 * "#metric" line on stderr, with JSON its line on stdout.
 */
void metric_value(const struct metric *m, const char *label, double value);
/* Its "#metric" line alone (a program that writes its own JSON line). */
void metric_declare(const struct metric *m);
/* Its JSON line alone (a tool's figure, printed on stdout otherwise). */
void metric_json_value(const struct metric *m, const char *label,
		       double value);
/* The same for a point of series m (x, y as printed). */
void metric_point_value(const struct metric *m, const char *x,
			const char *y, int i, double value);
/*
 * A finding without a figure, after the line that says it: with
 * LMBENCH_STATS a "#finding" record {"of":of,"state":state}, and
 * "key":"text" where key is not NULL (cache's level whose sweeps did not agree,
 * lat_c2c's verdict on its matrix).  Readers take it from this line,
 * not from the wording of the one before.
 */
void metric_finding(const char *of, const char *state, const char *key,
		    const char *text);
/* A series' declaration: with LMBENCH_STATS its "#series" line. */
void metric_series(const struct metric *m);
/*
 * The same members (name, ..., x_unit) in w, for the #stats record of a
 * point that declares its series itself (report_at.declare).
 */
void metric_series_keys(struct jw *w, const struct metric *m);

/*
 * JSON lines (lib_report.c adds the samples): "{" and the identity of
 * m, or of m's point at x (x NULL: m is a scalar; m->name NULL: a value
 * whose program declared none, named null), the label and the value; the
 * caller adds members to metric_json_line() (metric_json_number) and
 * ends with metric_json_end().
 */
void metric_json_begin(const struct metric *m, const char *x, const char *y,
		       int i, const char *label, double value);
struct jw *metric_json_line(void);
void metric_json_number(const char *key, double v);
void metric_json_end(void);
/* A JSON string, quoted and escaped, on f. */
void metric_json_string(FILE *f, const char *s);

#endif
