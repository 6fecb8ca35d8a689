/*
 * test_variants - the variant-table helpers: bench_arg_variant() finds
 * each name, and an unknown one gets the usage line that
 * bench_init_variants() generated from the table, and exit status 2.
 */
#include "tap.h"
#include "bench.h"

#include <string.h>

struct variant {
	const char *name;
	int value;
};

static const struct variant variants[] = {
	{"alpha", 1},
	{"beta", 2},
	{"gamma_3", 3},
};

static void lookup(const void *arg)
{
	char *argv[] = {"/some/dir/prog", NULL};

	BENCH_INIT_VARIANTS(1, argv, "[-x] %s <file>\n", variants);
	_exit(10 + (int)BENCH_VARIANT(arg, variants));
}

/* lookup(arg) in a child: its exit status and what it wrote on stderr. */
static int child_lookup(const char *arg, char *err, size_t size)
{
	char out[512];

	return tap_child(lookup, arg, out, err,
			 size < sizeof(out) ? size : sizeof(out));
}

int main(void)
{
	char err[512];
	size_t i;

	for (i = 0; i < sizeof(variants) / sizeof(variants[0]); i++)
		ok(BENCH_VARIANT(variants[i].name, variants) == i,
		   "%s is entry %zu", variants[i].name, i);
	ok(child_lookup("beta", err, sizeof(err)) == 11 && err[0] == '\0',
	   "a known name returns, quietly");
	ok(child_lookup("delta", err, sizeof(err)) == 2,
	   "an unknown name: exit 2");
	ok(strcmp(err, "Usage: prog [-x] alpha|beta|gamma_3 <file>\n") == 0,
	   "the usage line names the table's variants");
	ok(child_lookup("alph", err, sizeof(err)) == 2,
	   "a prefix is not a name");
	ok(child_lookup("", err, sizeof(err)) == 2, "nor is the empty string");
	return done_testing();
}
