/*
 * unlink - the cost of removing a file, with per-interval setup and
 * teardown: before every timed interval, initialize(n) creates the n
 * empty files that the interval will remove, so that creating them is
 * never timed; cleanup(n) removes whatever an interval left.  The files
 * live in a private directory that the harness removes at exit, on an
 * error and on Ctrl-C (bench_tmp_register).
 *
 *   cc -O2 unlink.c $(pkg-config --cflags --libs lmbench-ng) -o unlink
 */
#include "bench.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>

struct state {
	char dir[PATH_MAX];
};

static void name(char *buf, size_t size, const struct state *s, iter_t i)
{
	snprintf(buf, size, "%s/f%lu", s->dir, (unsigned long)i);
}

static void make_files(iter_t iterations, void *cookie)
{
	struct state *s = cookie;
	char path[PATH_MAX + 32];
	iter_t i;
	int fd;

	for (i = 0; i < iterations; i++) {
		name(path, sizeof(path), s, i);
		fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0600);
		if (fd < 0)
			bench_die("create %s", path);
		close(fd);
	}
}

static void remove_files(iter_t iterations, void *cookie)
{
	struct state *s = cookie;
	char path[PATH_MAX + 32];

	while (iterations-- > 0) {
		name(path, sizeof(path), s, iterations);
		if (unlink(path) != 0)
			bench_die("unlink %s", path);
	}
}

/* After an interval every file is gone already; this is for safety. */
static void leftovers(iter_t iterations, void *cookie)
{
	struct state *s = cookie;
	char path[PATH_MAX + 32];

	while (iterations-- > 0) {
		name(path, sizeof(path), s, iterations);
		(void)unlink(path);
	}
}

int main(int argc, char *argv[])
{
	struct bench_opts opts = BENCH_OPTS_DEFAULT;
	struct state s;
	const char *tmp = getenv("TMPDIR");

	bench_init(argc, argv, BENCH_USAGE_WN);
	bench_common_args(argc, argv, &opts, 0, 0);
	if (opts.parallel != 1)
		bench_fail("-P: the copies would share one directory; use 1");
	snprintf(s.dir, sizeof(s.dir), "%s/unlink.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(s.dir) == NULL)
		bench_die("mkdtemp %s", s.dir);
	bench_tmp_register(s.dir);
	benchmp(make_files, remove_files, leftovers, 0, 1, opts.warmup,
		opts.repetitions, &s);
	micro("unlink", get_n());
	return 0;
}
