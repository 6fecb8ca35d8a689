/*
 * hello - the program lat_proc runs with execve() and /bin/sh -c: it
 * prints one line on stdout and exits 0.  It is kept tiny, and apart
 * from the library, so that lat_proc measures process creation, not the
 * program it starts; so it answers --help and refuses arguments itself.
 *
 * usage: hello
 */
#include <stdio.h>
#include <string.h>

int main(int argc, char *argv[])
{
	if (argc > 1 && (strcmp(argv[1], "--help") == 0 ||
			 strcmp(argv[1], "-h") == 0)) {
		puts("Usage: hello\n"
		     "  (no arguments)  print \"Hello world\" on stdout");
		return fflush(stdout) == EOF ? 1 : 0;
	}
	if (argc > 1) {
		fprintf(stderr, "hello: %s: takes no arguments\n"
			"Usage: hello\n", argv[1]);
		return 2;
	}
	if (puts("Hello world") == EOF || fflush(stdout) == EOF)
		return 1;
	return 0;
}
