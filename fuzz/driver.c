/*
 * driver.c - replay inputs through a fuzz target without libFuzzer.
 *
 * usage: fuzz_<target> file|dir ...
 * Every file named, and every file in a directory named (not those
 * starting with '.'), is read and passed to LLVMFuzzerTestOneInput()
 * once.  A broken invariant aborts; otherwise the count is printed on
 * stdout and the exit status is 0.
 */
#include "fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

static void die(const char *what, const char *path)
{
	fprintf(stderr, "fuzz driver: %s %s: %s\n", what, path,
		strerror(errno));
	exit(1);
}

static void replay_file(const char *path)
{
	size_t len = 0, cap = 4096, r;
	uint8_t *buf = malloc(cap), *more;
	FILE *f = fopen(path, "rb");

	if (f == NULL)
		die("cannot open", path);
	FUZZ_CHECK(buf != NULL);
	while ((r = fread(buf + len, 1, cap - len, f)) > 0) {
		len += r;
		if (len == cap) {
			more = realloc(buf, cap *= 2);
			FUZZ_CHECK(more != NULL);
			buf = more;
		}
	}
	if (ferror(f))
		die("cannot read", path);
	fclose(f);
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
}

static int replay(const char *path)
{
	char sub[4096];
	struct dirent *e;
	struct stat sb;
	int n = 0;
	DIR *d;

	if (stat(path, &sb) != 0)
		die("cannot stat", path);
	if (!S_ISDIR(sb.st_mode)) {
		replay_file(path);
		return 1;
	}
	d = opendir(path);
	if (d == NULL)
		die("cannot open", path);
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name);
		n += replay(sub);
	}
	closedir(d);
	return n;
}

int main(int argc, char *argv[])
{
	int i, n = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s file|dir ...\n", argv[0]);
		return 2;
	}
	for (i = 1; i < argc; i++)
		n += replay(argv[i]);
	printf("replayed %d inputs\n", n);
	return 0;
}
