/*
 * hello - the program lat_proc runs with execve() and /bin/sh -c: it
 * prints one line on stdout and exits 0.  It is kept tiny so that
 * lat_proc measures process creation, not the program it starts.
 *
 * usage: hello
 */
#include <stdio.h>

int main(void)
{
	if (puts("Hello world") == EOF || fflush(stdout) == EOF)
		return 1;
	return 0;
}
