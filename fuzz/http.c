/*
 * http.c - fuzz lmhttp's request handling: the head as it arrives
 * (http_head_check), the request line (http_request_line) and the
 * path resolved below the document root (http_open_below).
 *
 * The input is what a client sends.  It is fed as lmhttp's recv loop
 * would see it, all at once and in small pieces, and a complete head
 * goes through the request line to the file system, against a document
 * root made once per process in $TMPDIR:
 *   base/secret.txt, base/outside/d.txt       outside the root
 *   base/root/{index.html,a.txt,sub/b.txt,sub/deeper/c.txt}
 *   base/root/link -> ../secret.txt, dirlink -> ../outside,
 *   abs -> <base>/secret.txt, sub/up -> .., sub/loop -> ../..
 * Beyond "no crash":
 *   - a complete head has its blank line, no NUL byte, and a request
 *     line of at most HTTP_MAX_LINE bytes; a partial one is shorter
 *     than HTTP_MAX_HEAD;
 *   - a GET's path starts with '/' and holds no blank;
 *   - a file served is one of the root's own files or directories,
 *     found by walking the root without following links: never a
 *     file outside it, whatever the path; its path has no "." or ".."
 *     segment and only the allowed characters;
 *   - a refusal is 400, 403 or 404 and leaves no descriptor open.
 */
#include "fuzz.h"
#include "lib_http.h"

#include <fcntl.h>
#include <ftw.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_INSIDE	32

static char base[4096];
static int root = -1;
static struct stat inside[MAX_INSIDE], secret;
static int n_inside;

static int remove_one(const char *path, const struct stat *sb, int flag,
		      struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void remove_base(void)
{
	if (root >= 0)
		close(root);
	root = -1;
	fuzz_cleanup = NULL;
	nftw(base, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void make(const char *rel, const char *link_to)
{
	char path[4200];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", base, rel);
	if (link_to != NULL)
		FUZZ_CHECK(symlink(link_to, path) == 0);
	else if (rel[strlen(rel) - 1] == '/')
		FUZZ_CHECK(mkdir(path, 0755) == 0);
	else {
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
		FUZZ_CHECK(fd >= 0 && write(fd, rel, strlen(rel)) > 0);
		close(fd);
	}
}

static int note_inside(const char *path, const struct stat *sb, int flag,
		       struct FTW *ftw)
{
	(void)path;
	(void)ftw;
	if ((flag == FTW_F || flag == FTW_D) && !S_ISLNK(sb->st_mode)) {
		FUZZ_CHECK(n_inside < MAX_INSIDE);
		inside[n_inside++] = *sb;
	}
	return 0;
}

static void setup(void)
{
	static const char *const tree[][2] = {
		{"secret.txt", NULL}, {"outside/", NULL},
		{"outside/d.txt", NULL}, {"root/", NULL},
		{"root/index.html", NULL}, {"root/a.txt", NULL},
		{"root/sub/", NULL}, {"root/sub/b.txt", NULL},
		{"root/sub/deeper/", NULL}, {"root/sub/deeper/c.txt", NULL},
		{"root/link", "../secret.txt"}, {"root/dirlink", "../outside"},
		{"root/sub/up", ".."}, {"root/sub/loop", "../.."},
	};
	const char *tmp = getenv("TMPDIR");
	char path[4200];
	size_t i;

	snprintf(base, sizeof(base), "%s/lmfuzz_http.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	FUZZ_CHECK(mkdtemp(base) != NULL);
	atexit(remove_base);
	fuzz_cleanup = remove_base;
	for (i = 0; i < sizeof(tree) / sizeof(tree[0]); i++)
		make(tree[i][0], tree[i][1]);
	snprintf(path, sizeof(path), "%s/secret.txt", base);
	make("root/abs", path);
	FUZZ_CHECK(stat(path, &secret) == 0);
	snprintf(path, sizeof(path), "%s/root", base);
	FUZZ_CHECK(nftw(path, note_inside, 16, FTW_PHYS) == 0);
	root = open(path, O_RDONLY | O_DIRECTORY);
	FUZZ_CHECK(root >= 0);
}

/* The lowest free descriptor: what the next open() would get. */
static int next_fd(void)
{
	int fd = dup(2);

	FUZZ_CHECK(fd >= 0);
	close(fd);
	return fd;
}

static int is_inside(const struct stat *sb)
{
	int i;

	for (i = 0; i < n_inside; i++)
		if (inside[i].st_dev == sb->st_dev &&
		    inside[i].st_ino == sb->st_ino)
			return 1;
	return 0;
}

/* What may be served: the allowed characters, no "." or ".." segment. */
static int path_allowed(const char *p)
{
	const char *c, *seg;
	size_t n;

	for (c = p; *c; c++)
		if (*c < 0x21 || *c > 0x7e || strchr("%\\?#", *c))
			return 0;
	for (seg = p; *seg; seg += n) {
		seg += strspn(seg, "/");
		n = strcspn(seg, "/");
		if ((n == 1 && seg[0] == '.') ||
		    (n == 2 && seg[0] == '.' && seg[1] == '.'))
			return 0;
	}
	return 1;
}

static void request(char *head)
{
	char path[HTTP_MAX_LINE + 1], orig[HTTP_MAX_LINE + 1];
	struct stat sb;
	int rc, fd = -1, free_fd = next_fd();

	rc = http_request_line(head, path);
	FUZZ_CHECK(rc == HTTP_STOP || rc == 200 || rc == 400 || rc == 501);
	if (rc != 200)
		return;
	FUZZ_CHECK(path[0] == '/' && strlen(path) <= HTTP_MAX_LINE);
	FUZZ_CHECK(strpbrk(path, " \t\r\n") == NULL);
	memcpy(orig, path, sizeof(path));
	rc = http_open_below(root, path, &fd);
	FUZZ_CHECK(rc == 200 || rc == 400 || rc == 403 || rc == 404);
	if (rc != 200) {
		FUZZ_CHECK(fd == -1 && next_fd() == free_fd);
		return;
	}
	FUZZ_CHECK(fd >= 0 && fstat(fd, &sb) == 0);
	FUZZ_CHECK(!(sb.st_dev == secret.st_dev &&
		     sb.st_ino == secret.st_ino));
	FUZZ_CHECK(is_inside(&sb));
	FUZZ_CHECK(path_allowed(orig));
	close(fd);
	FUZZ_CHECK(next_fd() == free_fd);
}

/* Receive data in pieces of `piece` bytes, as lmhttp's loop does. */
static void receive(const uint8_t *data, size_t size, size_t piece)
{
	char buf[HTTP_MAX_HEAD + 1];
	size_t got = 0, n;
	int c = 0;

	while (got < size && got < HTTP_MAX_HEAD) {
		n = size - got < piece ? size - got : piece;
		if (n > HTTP_MAX_HEAD - got)
			n = HTTP_MAX_HEAD - got;
		memcpy(buf + got, data + got, n);
		got += n;
		buf[got] = '\0';
		c = http_head_check(buf, got);
		if (c != 0)
			break;
	}
	FUZZ_CHECK(c == 0 || c == 1 || c == -400 || c == -414);
	if (c == 0) {
		FUZZ_CHECK(got < HTTP_MAX_HEAD);
		return;
	}
	if (c < 0)
		return;
	FUZZ_CHECK(memchr(buf, '\0', got) == NULL);
	FUZZ_CHECK(strstr(buf, "\r\n\r\n") || strstr(buf, "\n\n"));
	FUZZ_CHECK(strchr(buf, '\n') - buf <= HTTP_MAX_LINE);
	request(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (root < 0)
		setup();
	receive(data, size, HTTP_MAX_HEAD);
	receive(data, size, 1 + size % 61);
	return 0;
}
