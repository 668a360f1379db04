/*
 * lines.h - the lines of an input (stdin, a file), read with a bounded
 * wait so the caller can do something else while nobody types: armctl
 * session's console (its stdin, @FILE, the on-connect script).
 */
#ifndef SPINE_HOST_LINES_H
#define SPINE_HOST_LINES_H

#include <stddef.h>

#define LINES_MAX 8192
#define LINES_SKIP_MAX (1L << 20)	/* of a line too long, then give up */

struct lines {
	const char *name;	/* for messages: the path, or "stdin" */
	int fd;
	char buf[LINES_MAX];
	size_t n;
	int eof;
	int skipping;		/* the rest of a line too long to keep */
	long skipped;		/* ... bytes of it so far */
	long line;		/* of the line last returned */
};

/* Read path ("-": stdin); 0, or -1 with errno. */
int lines_open(struct lines *s, const char *path);
void lines_close(struct lines *s);

/*
 * The next line, without its newline, into out: 1; 0 when none came
 * within wait_ms (-1: wait as long as it takes) or a signal came, and
 * after each read while skipping (so the caller can look at signals
 * while an endless line goes by); -1 at the end; -2 for a line longer
 * than LINES_MAX - 1 (skipped); -3 when LINES_SKIP_MAX bytes
 * brought no end of line (the caller gives the input up).
 */
int lines_next(struct lines *s, char *out, size_t cap, int wait_ms);

#endif
