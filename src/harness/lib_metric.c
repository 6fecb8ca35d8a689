/*
 * lib_metric.c - a metric's identity on its way out: the declaration
 * keys and lines of a results file (#stats keys, #metric, #series; with
 * LMBENCH_STATS=1) and the JSON lines of --json, the names built the one
 * way the results reader expects (doc/results-json.md).
 */
#include "lib_metric.h"
#include "lib_core.h"
#include "lib_env.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int json_flag;

int metric_json(void)
{
	return json_flag || bench_env()->json;
}

void metric_json_on(void)
{
	json_flag = 1;
}

void metric_slug(const char *s, char *out, size_t len)
{
	size_t n = 0;
	int gap = 0;

	if (len == 0)
		return;
	for (; s != NULL && *s != '\0'; s++) {
		unsigned char c = (unsigned char)tolower((unsigned char)*s);

		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) {
			gap = n > 0;
			continue;
		}
		if (gap && n + 1 < len)
			out[n++] = '_';
		gap = 0;
		if (n + 1 < len)
			out[n++] = (char)c;
	}
	out[n] = '\0';
}

void metric_host(const char *host, char *out, size_t len)
{
	char slug[METRIC_NAME_MAX];

	if (host == NULL || strcmp(host, "localhost") == 0 ||
	    strcmp(host, "127.0.0.1") == 0) {
		snprintf(out, len, "local");
		return;
	}
	metric_slug(host, slug, sizeof(slug));
	snprintf(out, len, "remote.%s", slug);
}

void metric_net(const char *host, const char *what, char *out, size_t len)
{
	char where[METRIC_NAME_MAX];

	metric_host(host, where, sizeof(where));
	snprintf(out, len, "net.%s.%s", where, what);
}

void metric_point_name(const struct metric *m, const char *x,
		       const char *y, int i, char *out, size_t len)
{
	const char *t = m->point != NULL ? m->point : "{name}@{x}";
	size_t n = 0;
	char num[24];

	if (len == 0)
		return;
	while (*t != '\0' && n + 1 < len) {
		const char *part = NULL;
		size_t k;

		if (strncmp(t, "{name}", 6) == 0)
			part = m->name, k = 6;
		else if (strncmp(t, "{x}", 3) == 0)
			part = x, k = 3;
		else if (strncmp(t, "{y}", 3) == 0)
			part = y, k = 3;
		else if (strncmp(t, "{i}", 3) == 0) {
			snprintf(num, sizeof(num), "%d", i);
			part = num, k = 3;
		}
		if (part == NULL) {
			out[n++] = *t++;
			continue;
		}
		for (; *part != '\0' && n + 1 < len; part++)
			out[n++] = *part;
		t += k;
	}
	out[n] = '\0';
}

static const char *better_name(enum metric_better b)
{
	return b == BETTER_LOWER ? "lower" : b == BETTER_HIGHER ? "higher"
								: "none";
}

static const char *kind_name(enum metric_kind k)
{
	return k == KIND_PROPERTY ? "property" : k == KIND_COUNT ? "count"
								 : "result";
}

void metric_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s != NULL && *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

void jw_begin(struct jw *w, FILE *f, const char *tag)
{
	w->out = f;
	w->buf = NULL;
	w->len = 0;
	/* Without memory for the stream, written as it goes. */
	w->f = open_memstream(&w->buf, &w->len);
	if (w->f == NULL)
		w->f = f;
	w->first = 1;
	if (tag != NULL)
		fputs(tag, w->f);
	fputc('{', w->f);
}

static void jw_key(struct jw *w, const char *key)
{
	if (!w->first)
		fputc(',', w->f);
	w->first = 0;
	metric_json_string(w->f, key);
	fputc(':', w->f);
}

static void jw_value(struct jw *w, const char *fmt, double v)
{
	if (isfinite(v))
		fprintf(w->f, fmt, v);
	else
		fputs("null", w->f);
}

void jw_num(struct jw *w, const char *key, const char *fmt, double v)
{
	jw_key(w, key);
	jw_value(w, fmt, v);
}

void jw_text(struct jw *w, const char *key, const char *s)
{
	jw_key(w, key);
	if (s == NULL)
		fputs("null", w->f);
	else
		metric_json_string(w->f, s);
}

void jw_list(struct jw *w, const char *key)
{
	jw_key(w, key);
	fputc('[', w->f);
}

void jw_item(struct jw *w, int i, const char *fmt, double v)
{
	if (i > 0)
		fputc(',', w->f);
	jw_value(w, fmt, v);
}

void jw_list_end(struct jw *w)
{
	fputc(']', w->f);
}

void jw_open(struct jw *w, const char *key)
{
	jw_key(w, key);
	fputc('{', w->f);
	w->first = 1;
}

void jw_close(struct jw *w)
{
	fputc('}', w->f);
	w->first = 0;
}

void jw_end(struct jw *w)
{
	fputs("}\n", w->f);
	if (w->f == w->out)
		return;
	/* A record lost is a failure, as one that could not be written. */
	if (fclose(w->f) != 0)
		bench_die("a record could not be put together in memory");
	fwrite(w->buf, 1, w->len, w->out);
	free(w->buf);
	w->f = w->out;
}

/* The identity: name, unit (where asked), better, bytes, kind. */
static void ident(struct jw *w, const struct metric *m, int unit)
{
	jw_text(w, "name", m->name);
	if (unit)
		jw_text(w, "unit", m->unit);
	jw_text(w, "better", better_name(m->better));
	if (m->bytes != NULL)
		jw_text(w, "bytes", m->bytes);
	if (m->kind != KIND_RESULT)
		jw_text(w, "kind", kind_name(m->kind));
}

void metric_keys(struct jw *w, const struct metric *m)
{
	ident(w, m, 0);
}

/* A series' keys: its metric's, then what x (and y) are. */
static void series_keys(struct jw *w, const struct metric *m, int unit)
{
	ident(w, m, unit);
	jw_text(w, "x_name", m->x_name);
	jw_text(w, "x_unit", m->x_unit);
	if (m->y_name != NULL) {
		jw_text(w, "y_name", m->y_name);
		jw_text(w, "y_unit", m->y_unit);
	}
	if (m->col != 0 && m->col != 2)
		jw_num(w, "col", "%.0f", (double)m->col);
	if (m->point != NULL)
		jw_text(w, "point", m->point);
}

void metric_series(const struct metric *m)
{
	struct jw w;

	if (!bench_env()->stats)
		return;
	jw_begin(&w, stderr, "#series ");
	series_keys(&w, m, 1);
	jw_end(&w);
}

void metric_series_keys(struct jw *w, const struct metric *m)
{
	series_keys(w, m, 0);
}

/* The "#metric" line, with the value's label where it has one. */
static void declare(const struct metric *m, const char *label)
{
	struct jw w;

	if (!bench_env()->stats)
		return;
	jw_begin(&w, stderr, "#metric ");
	ident(&w, m, 1);
	if (label != NULL)
		jw_text(&w, "label", label);
	jw_end(&w);
}

void metric_declare(const struct metric *m)
{
	declare(m, NULL);
}

void metric_finding(const char *of, const char *state, const char *key,
		    const char *text)
{
	struct jw w;

	if (!bench_env()->stats)
		return;
	jw_begin(&w, stderr, "#finding ");
	jw_text(&w, "of", of);
	jw_text(&w, "state", state);
	if (key != NULL)
		jw_text(&w, key, text);
	jw_end(&w);
}

void metric_value(const struct metric *m, const char *label, double value)
{
	declare(m, label);
	metric_json_value(m, label, value);
}

void metric_json_value(const struct metric *m, const char *label,
		       double value)
{
	if (!metric_json())
		return;
	metric_json_begin(m, NULL, NULL, 0, label, value);
	metric_json_end();
}

void metric_point_value(const struct metric *m, const char *x,
			const char *y, int i, double value)
{
	if (!metric_json())
		return;
	metric_json_begin(m, x, y, i, NULL, value);
	metric_json_end();
}

/* The --json line being written on stdout. */
static struct jw json_line;

struct jw *metric_json_line(void)
{
	return &json_line;
}

void metric_json_number(const char *key, double v)
{
	jw_num(&json_line, key, "%.10g", v);
}

/* x as a number: a size written 64k or 8m in bytes. */
static double x_number(const char *x)
{
	char *end;
	double v = strtod(x, &end);

	if (*end == 'k' || *end == 'K')
		return v * 1024;
	if (*end == 'm' || *end == 'M')
		return v * 1048576;
	return v;
}

void metric_json_begin(const struct metric *m, const char *x, const char *y,
		       int i, const char *label, double value)
{
	struct jw *w = &json_line;
	char name[METRIC_NAME_MAX];

	jw_begin(w, stdout, NULL);
	if (m->name != NULL && x != NULL) {
		metric_point_name(m, x, y, i, name, sizeof(name));
		jw_text(w, "name", name);
	} else {
		jw_text(w, "name", m->name);
	}
	if (x != NULL) {
		jw_text(w, "series", m->name);
		metric_json_number("x", x_number(x));
		jw_text(w, "x_name", m->x_name);
		jw_text(w, "x_unit", m->x_unit);
		if (m->y_name != NULL && y != NULL) {
			metric_json_number("y", x_number(y));
			jw_text(w, "y_name", m->y_name);
		}
	}
	if (label != NULL)
		jw_text(w, "label", label);
	jw_text(w, "unit", m->unit);
	jw_text(w, "better", m->name != NULL ? better_name(m->better) : NULL);
	if (m->bytes != NULL)
		jw_text(w, "bytes", m->bytes);
	if (m->kind != KIND_RESULT)
		jw_text(w, "kind", kind_name(m->kind));
	metric_json_number("value", value);
}

void metric_json_end(void)
{
	jw_end(&json_line);
}
