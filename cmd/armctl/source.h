/*
 * source.h - the lines of a session's input (stdin, an @FILE, the
 * on-connect script), read with a bounded wait so the session can watch
 * the link while nobody types.  Called by session.c.
 */
#ifndef ARMCTL_SOURCE_H
#define ARMCTL_SOURCE_H

#include <stddef.h>

#define SOURCE_LINE_MAX 8192
#define SOURCE_SKIP_MAX (1L << 20)	/* of a line too long, then give up */

struct source {
	const char *name;	/* for messages: the path, or "stdin" */
	int fd;
	char buf[SOURCE_LINE_MAX];
	size_t n;
	int eof;
	int skipping;		/* the rest of a line too long to keep */
	long skipped;		/* ... bytes of it so far */
	long line;		/* of the line last returned */
};

/* Read path ("-": stdin); 0, or -1 with errno. */
int source_open(struct source *s, const char *path);
void source_close(struct source *s);

/*
 * The next line, without its newline, into out: 1; 0 when none came
 * within wait_ms (-1: wait as long as it takes) or a signal came, and
 * after each read while skipping (so the caller can look at signals
 * while an endless line goes by); -1 at the end; -2 for a line longer
 * than SOURCE_LINE_MAX - 1 (skipped); -3 when SOURCE_SKIP_MAX bytes
 * brought no end of line (the caller gives the input up).
 */
int source_next(struct source *s, char *out, size_t cap, int wait_ms);

#endif
