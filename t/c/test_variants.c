/*
 * test_variants - the variant-table helpers: bench_arg_variant() finds
 * each name, and an unknown one gets the usage line that
 * bench_init_variants() generated from the table, and exit status 2.
 */
#include "tap.h"
#include "../../src/bench.h"

#include <string.h>
#include <sys/wait.h>

struct variant {
	const char *name;
	int value;
};

static const struct variant variants[] = {
	{"alpha", 1},
	{"beta", 2},
	{"gamma_3", 3},
};

/* Run lookup(arg) in a child: its exit status and what it wrote on stderr. */
static int child_lookup(const char *arg, char *err, size_t size)
{
	int fd[2], status;
	ssize_t got, r;
	pid_t pid;

	if (pipe(fd) != 0)
		return -1;
	pid = fork();
	if (pid == 0) {
		char *argv[] = {"/some/dir/prog", NULL};

		dup2(fd[1], 2);
		close(fd[0]);
		BENCH_INIT_VARIANTS(1, argv, "[-x] %s <file>\n", variants);
		_exit(10 + (int)BENCH_VARIANT(arg, variants));
	}
	close(fd[1]);
	got = 0;
	while (got < (ssize_t)size - 1 &&
	       (r = read(fd[0], err + got, size - 1 - (size_t)got)) > 0)
		got += r;
	err[got > 0 ? got : 0] = '\0';
	close(fd[0]);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
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
