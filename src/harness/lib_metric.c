/*
 * lib_metric.c - a metric's identity on its way out: the declaration
 * keys and lines of a results file (#stats keys, #metric, #series; with
 * LMBENCH_STATS=1) and the JSON lines of --json, the names built the one
 * way the results reader expects (doc/results-json.md).
 */
#include "lib_metric.h"
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

/* The identity as key=value pairs; unit only where asked. */
static void keys(const struct metric *m, int unit)
{
	fprintf(stderr, " name=%s", m->name);
	if (unit)
		fprintf(stderr, " unit=%s", m->unit);
	fprintf(stderr, " better=%s", better_name(m->better));
	if (m->bytes != NULL)
		fprintf(stderr, " bytes=\"%s\"", m->bytes);
	if (m->kind != KIND_RESULT)
		fprintf(stderr, " kind=%s", kind_name(m->kind));
}

void metric_keys(const struct metric *m)
{
	keys(m, 0);
}

/* A series' keys: its metric's, then what x (and y) are. */
static void series_keys(const struct metric *m, int unit)
{
	keys(m, unit);
	fprintf(stderr, " x_name=%s x_unit=%s", m->x_name, m->x_unit);
	if (m->y_name != NULL)
		fprintf(stderr, " y_name=%s y_unit=%s", m->y_name, m->y_unit);
	if (m->col != 0 && m->col != 2)
		fprintf(stderr, " col=%d", m->col);
	if (m->point != NULL)
		fprintf(stderr, " point=%s", m->point);
}

void metric_series(const struct metric *m)
{
	if (!bench_env()->stats)
		return;
	fprintf(stderr, "#series");
	series_keys(m, 1);
	fputc('\n', stderr);
}

void metric_series_keys(const struct metric *m)
{
	series_keys(m, 0);
}

/* The "#metric" line, with the value's label where it has one. */
static void declare(const struct metric *m, const char *label)
{
	if (!bench_env()->stats)
		return;
	fprintf(stderr, "#metric");
	keys(m, 1);
	if (label != NULL)
		fprintf(stderr, " label=\"%s\"", label);
	fputc('\n', stderr);
}

void metric_declare(const struct metric *m)
{
	declare(m, NULL);
}

void metric_finding(const char *of, const char *state, const char *key,
		    const char *text)
{
	if (!bench_env()->stats)
		return;
	fprintf(stderr, "#finding of=%s state=%s", of, state);
	if (key != NULL)
		fprintf(stderr, " %s=\"%s\"", key, text);
	fputc('\n', stderr);
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

void metric_json_key(const char *key)
{
	fputc(',', stdout);
	metric_json_string(stdout, key);
	fputc(':', stdout);
}

void metric_json_number(const char *key, double v)
{
	metric_json_key(key);
	if (isfinite(v))
		printf("%.10g", v);
	else
		fputs("null", stdout);
}

/* "name": the name, or null where the program declared none. */
static void json_text(const char *key, const char *s)
{
	metric_json_key(key);
	if (s == NULL)
		fputs("null", stdout);
	else
		metric_json_string(stdout, s);
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
	char name[METRIC_NAME_MAX];

	fputc('{', stdout);
	metric_json_string(stdout, "name");
	fputc(':', stdout);
	if (m->name == NULL) {
		fputs("null", stdout);
	} else if (x != NULL) {
		metric_point_name(m, x, y, i, name, sizeof(name));
		metric_json_string(stdout, name);
	} else {
		metric_json_string(stdout, m->name);
	}
	if (x != NULL) {
		json_text("series", m->name);
		metric_json_number("x", x_number(x));
		json_text("x_name", m->x_name);
		json_text("x_unit", m->x_unit);
		if (m->y_name != NULL && y != NULL) {
			metric_json_number("y", x_number(y));
			json_text("y_name", m->y_name);
		}
	}
	if (label != NULL)
		json_text("label", label);
	json_text("unit", m->unit);
	json_text("better", m->name != NULL ? better_name(m->better) : NULL);
	if (m->bytes != NULL)
		json_text("bytes", m->bytes);
	if (m->kind != KIND_RESULT)
		json_text("kind", kind_name(m->kind));
	metric_json_number("value", value);
}

void metric_json_end(void)
{
	fputs("}\n", stdout);
}
