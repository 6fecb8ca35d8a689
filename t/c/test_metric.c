/*
 * test_metric - lib_metric's names: the slug, a network peer's part, a
 * series' point names from its template, JSON strings escaped, and the
 * declaration keys.  Each must match what scripts/lib/LMResults.pm
 * builds from the same declaration (doc/results-json.md).
 */
#include "tap.h"
#include "bench.h"
#include "lib_metric.h"

#include <string.h>

static void slug_is(const char *in, const char *want)
{
	char out[64];

	metric_slug(in, out, sizeof(out));
	ok(strcmp(out, want) == 0, "slug \"%s\": \"%s\" (got \"%s\")", in,
	   want, out);
}

static void point_is(const struct metric *m, const char *x, const char *y,
		     int i, const char *want)
{
	char out[METRIC_NAME_MAX];

	metric_point_name(m, x, y, i, out, sizeof(out));
	ok(strcmp(out, want) == 0, "point %s (got %s)", want, out);
}

/* What f printed, as a string. */
static void json_of(const char *s, char *out, size_t size)
{
	FILE *f = tmpfile();
	size_t n;

	if (f == NULL) {
		out[0] = '\0';
		return;
	}
	metric_json_string(f, s);
	rewind(f);
	n = fread(out, 1, size - 1, f);
	out[n] = '\0';
	fclose(f);
}

int main(void)
{
	const struct metric plain = {.name = "bw_mem.frd"},
		pair = {.name = "c2c.matrix", .point = "c2c.pair.{x}_{y}"},
		indexed = {.name = "mem.loaded.rd.loaders_1",
			   .point = "{name}@{i}"};
	char out[64], small[8];

	slug_is("Simple syscall", "simple_syscall");
	slug_is("different LLCs, same package", "different_llcs_same_package");
	slug_is("--file10k.html--", "file10k_html");
	slug_is("", "");
	metric_slug("abcdefghijklmnop", small, sizeof(small));
	ok(strcmp(small, "abcdefg") == 0, "a slug is cut to the buffer");

	metric_host("localhost", out, sizeof(out));
	ok(strcmp(out, "local") == 0, "localhost: local");
	metric_host("127.0.0.1", out, sizeof(out));
	ok(strcmp(out, "local") == 0, "127.0.0.1: local");
	metric_host("Server-2.example.com", out, sizeof(out));
	ok(strcmp(out, "remote.server_2_example_com") == 0,
	   "another host: remote.<slug> (got %s)", out);
	metric_net("10.0.0.1", "tcp_latency", out, sizeof(out));
	ok(strcmp(out, "net.remote.10_0_0_1.tcp_latency") == 0,
	   "metric_net (got %s)", out);

	point_is(&plain, "0.000512", NULL, 3, "bw_mem.frd@0.000512");
	point_is(&pair, "0", "1", 0, "c2c.pair.0_1");
	point_is(&indexed, "1234", "88.5", 7, "mem.loaded.rd.loaders_1@7");

	json_of("a \"quoted\" \\ tab\there", out, sizeof(out));
	ok(strcmp(out, "\"a \\\"quoted\\\" \\\\ tab\\u0009here\"") == 0,
	   "JSON string escaped (got %s)", out);
	return done_testing();
}
