/*
 * lib_http.c - lmhttp's request parsing and path resolution (the rules
 * are in lmhttp.c's header comment and lib_http.h).
 */
#include "bench.h"
#include "lib_http.h"

#include <fcntl.h>

int http_head_check(const char *buf, size_t got)
{
	const char *nl;

	if (memchr(buf, '\0', got) != NULL)
		return -400;
	nl = strchr(buf, '\n');
	if ((nl == NULL && got > HTTP_MAX_LINE) ||
	    (nl != NULL && nl - buf > HTTP_MAX_LINE))
		return -414;
	if (strstr(buf, "\r\n\r\n") || strstr(buf, "\n\n"))
		return 1;
	if (got >= HTTP_MAX_HEAD)
		return -400;
	return 0;
}

int http_request_line(char *head, char *path)
{
	char method[16], version[16], rest[2];
	char *nl = strchr(head, '\n'), *cr;

	if (nl != NULL)
		*nl = '\0';
	cr = strchr(head, '\r');
	if (cr != NULL)
		*cr = '\0';
	if (sscanf(head, "%15s %1024s %15s %1s", method, path, version,
		   rest) != 3 || strncmp(version, "HTTP/1.", 7) != 0 ||
	    path[0] != '/')
		return 400;
	if (strcmp(method, HTTP_STOP_METHOD) == 0)
		return HTTP_STOP;
	if (strcmp(method, "GET") != 0)
		return 501;
	return 200;
}

int http_open_below(int root, char *path, int *fdp)
{
	char *seg, *next;
	int dir = root, fd;

	for (seg = path; *seg; seg++)
		if (*seg < 0x21 || *seg > 0x7e || strchr("%\\?#", *seg))
			return 400;
	seg = path + 1;
	for (;;) {
		while (*seg == '/')
			seg++;
		next = strchr(seg, '/');
		if (next != NULL)
			*next = '\0';
		if (*seg == '\0' || strcmp(seg, ".") == 0 ||
		    strcmp(seg, "..") == 0)
			fd = -2;
		else
			fd = openat(dir, seg, O_RDONLY | O_NOFOLLOW |
				    O_NONBLOCK | (next ? O_DIRECTORY : 0));
		if (dir != root)
			close(dir);
		if (fd == -2)
			return 403;
		if (fd < 0)
			return errno == ENOENT ? 404 : 403;
		if (next == NULL)
			break;
		dir = fd;
		seg = next + 1;
	}
	*fdp = fd;
	return 200;
}
