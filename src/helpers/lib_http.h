/*
 * lib_http.h - lmhttp's request: the head as it arrives, the request
 * line, and the path resolved below the document root.  No network I/O
 * and no exit, so that tests and fuzzing can call them.
 */
#ifndef LMBENCH_LIB_HTTP_H
#define LMBENCH_LIB_HTTP_H

#include <stddef.h>

#define HTTP_MAX_LINE	1024	/* request line */
#define HTTP_MAX_HEAD	8192	/* request line and headers */
#define HTTP_STOP_METHOD "LMBENCH-STOP"
#define HTTP_STOP	1	/* the request line asks the server to stop */

/*
 * The head received so far: buf holds got bytes (got <= HTTP_MAX_HEAD)
 * and a NUL after them.  0: not complete yet; 1: complete (a blank
 * line ends it); or a negated HTTP status: -400 (a NUL byte, or no end
 * within HTTP_MAX_HEAD), -414 (request line longer than HTTP_MAX_LINE).
 */
int http_head_check(const char *buf, size_t got);

/*
 * The request line of a complete head (changed in place): HTTP_STOP;
 * 200 for "GET /<path> HTTP/1.x", the path copied into path
 * (HTTP_MAX_LINE + 1 bytes); 400 if malformed; 501 for another method.
 */
int http_request_line(char *head, char *path);

/*
 * Open path (as http_request_line gave it) below the directory open as
 * root, one component at a time, never following a symbolic link and
 * refusing "." and ".." and all but printable ASCII other than
 * '%', '\\', '?' and '#'.  200 with *fdp open (the caller closes it),
 * else 400, 403 or 404 with nothing open.  path is changed.
 */
int http_open_below(int root, char *path, int *fdp);

#endif
