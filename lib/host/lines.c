/*
 * lines.c - an input's lines (lines.h): our own buffer over read(2),
 * since poll(2) cannot see lines stdio has already buffered.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#include "lines.h"

int
lines_open(struct lines *s, const char *path)
{
	memset(s, 0, sizeof *s);
	s->name = strcmp(path, "-") == 0 ? "stdin" : path;
	s->fd = strcmp(path, "-") == 0 ? STDIN_FILENO :
	    open(path, O_RDONLY | O_CLOEXEC);
	return s->fd < 0 ? -1 : 0;
}

void
lines_close(struct lines *s)
{
	if (s->fd > STDIN_FILENO)
		close(s->fd);
	s->fd = -1;
}

/* Take len bytes (and the newline after them, if any) off the buffer. */
static void
consume(struct lines *s, size_t len)
{
	if (len < s->n && s->buf[len] == '\n')
		len++;
	memmove(s->buf, s->buf + len, s->n - len);
	s->n -= len;
}

/* A whole line in the buffer: 1, -2 (too long), or 0 for none yet. */
static int
take_line(struct lines *s, char *out, size_t cap)
{
	char *nl = memchr(s->buf, '\n', s->n);
	size_t len;

	if (s->skipping) {
		if (nl == NULL) {
			s->skipped += (long)s->n;
			s->n = 0;
			return 0;
		}
		consume(s, (size_t)(nl - s->buf));
		s->skipping = 0;
		s->skipped = 0;
	}
	nl = memchr(s->buf, '\n', s->n);
	if (nl == NULL && s->n == sizeof s->buf) {
		s->n = 0;
		s->skipping = 1;
		s->line++;
		return -2;
	}
	if (nl == NULL && !(s->eof && s->n > 0))
		return 0;
	len = nl ? (size_t)(nl - s->buf) : s->n;
	if (len >= cap) {
		consume(s, len);
		s->line++;
		return -2;
	}
	memcpy(out, s->buf, len);
	out[len] = '\0';
	consume(s, len);
	s->line++;
	return 1;
}

int
lines_next(struct lines *s, char *out, size_t cap, int wait_ms)
{
	struct pollfd pfd;
	ssize_t k;
	int r;

	for (;;) {
		if ((r = take_line(s, out, cap)) != 0)
			return r;
		if (s->eof)
			return -1;
		if (s->skipped > LINES_SKIP_MAX)
			return -3;
		pfd.fd = s->fd;
		pfd.events = POLLIN;
		if (wait_ms >= 0 && poll(&pfd, 1, wait_ms) <= 0)
			return 0;	/* nothing yet, or a signal */
		k = read(s->fd, s->buf + s->n, sizeof s->buf - s->n);
		if (k < 0 && errno == EINTR)
			return 0;
		if (k <= 0)
			s->eof = 1;	/* an unreadable input ends too */
		else
			s->n += (size_t)k;
		if (s->skipping && k > 0)
			return 0;
	}
}
