/*
 * stream.c - worldsim's table outputs (--stats, --trace, --log) as streams:
 * written beside the target until the run starts, then in place, flushed
 * after every tick, and cut back to the last whole tick on a write error,
 * so an interrupted or failed run leaves whole rows.  Called by main, log.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "host/diag.h"
#include "worldsim.h"

int
stream_open(struct stream *s, const char *path)
{
	memset(s, 0, sizeof *s);
	if ((s->name = strdup(strcmp(path, "-") == 0 ? "stdout" : path)) ==
	    NULL || atomic_open(&s->af, path) < 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		free(s->name);
		s->name = NULL;
		return -1;
	}
	s->open = 1;
	return 0;
}

int
stream_publish(struct stream *s)
{
	if (!s->open || s->af.fp == stdout)
		return 0;
	if (atomic_publish(&s->af) < 0) {
		warnx_tool("%s: %s", s->name, strerror(errno));
		return -1;
	}
	s->whole = ftello(s->af.fp);
	return 0;
}

int
stream_tick(struct stream *s)
{
	off_t at;

	if (!s->open || s->failed)
		return s->failed ? -1 : 0;
	if (fflush(s->af.fp) != 0 || ferror(s->af.fp)) {
		warnx_tool("%s: write error: %s", s->name, strerror(errno));
		s->failed = 1;
		return -1;
	}
	if ((at = ftello(s->af.fp)) >= 0)
		s->whole = at;
	return 0;
}

/* Cut a published file back to its last whole tick. */
static void
keep_whole(struct stream *s)
{
	if (s->af.fp == stdout || s->af.tmp != NULL || s->whole < 0)
		return;
	clearerr(s->af.fp);
	if (ftruncate(fileno(s->af.fp), s->whole) == 0)
		warnx_tool("%s: kept up to the last whole tick", s->name);
}

int
stream_close(struct stream *s, int ok)
{
	int rc = 0;

	if (!s->open)
		return 0;
	if (ok && stream_tick(s) == 0) {
		if (atomic_commit(&s->af) != 0) {
			warnx_tool("%s: write error: %s", s->name,
			    strerror(errno));
			rc = -1;
		}
	} else {
		if (s->failed)
			keep_whole(s);
		rc = s->failed ? -1 : 0;
		atomic_abort(&s->af);
	}
	s->open = 0;
	free(s->name);
	s->name = NULL;
	return rc;
}
