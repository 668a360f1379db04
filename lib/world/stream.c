/*
 * stream.c - worldsim's table outputs as streams (stream.h): written
 * beside the target until the run starts, then in place, flushed after
 * every tick, and cut back to the last whole tick on a write error, so an
 * interrupted or failed run leaves whole rows.  Used by worldsim, logs.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "host/diag.h"
#include "world/stream.h"

int
world_stream_open(struct world_stream *s, const char *path, struct diag *d)
{
	memset(s, 0, sizeof *s);
	s->d = d;
	if ((s->name = strdup(strcmp(path, "-") == 0 ? "stdout" : path)) ==
	    NULL || atomic_open(&s->af, path) < 0) {
		diag_plain(s->d, "%s: %s", path, strerror(errno));
		free(s->name);
		s->name = NULL;
		return -1;
	}
	s->open = 1;
	return 0;
}

int
world_stream_publish(struct world_stream *s)
{
	if (!s->open || s->af.fp == stdout)
		return 0;
	if (ferror(s->af.fp) || atomic_publish(&s->af) < 0) {
		diag_plain(s->d, "%s: %s", s->name, strerror(errno));
		return -1;
	}
	s->whole = ftello(s->af.fp);
	return 0;
}

int
world_stream_tick(struct world_stream *s)
{
	off_t at;

	if (!s->open || s->failed)
		return s->failed ? -1 : 0;
	if (fflush(s->af.fp) != 0 || ferror(s->af.fp)) {
		diag_plain(s->d, "%s: write error: %s", s->name,
		    strerror(errno));
		s->failed = 1;
		return -1;
	}
	if ((at = ftello(s->af.fp)) >= 0)
		s->whole = at;
	return 0;
}

/*
 * Cut a published file back to its last whole tick, once closed: its
 * buffer goes out as it closes, and would land past a cut made before.
 * Said when the stream failed; the others are cut back to their own.
 */
static void
cut_back(struct world_stream *s)
{
	int fd;

	if ((fd = open(s->name, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)) < 0)
		return;
	if (ftruncate(fd, s->whole) == 0 && s->failed)
		diag_plain(s->d, s->whole > 0 ?
		    "%s: kept up to the last whole tick" :
		    "%s: left empty: no tick was written whole", s->name);
	close(fd);
}

int
world_stream_close(struct world_stream *s, int ok)
{
	int rc = 0;

	if (!s->open)
		return 0;
	if (ok && world_stream_tick(s) == 0) {
		if (atomic_commit(&s->af) != 0) {
			diag_plain(s->d, "%s: write error: %s", s->name,
			    strerror(errno));
			rc = -1;
		}
	} else {
		int published = s->af.fp != stdout && s->af.tmp == NULL &&
		    s->whole >= 0;

		atomic_abort(&s->af);
		if (published)
			cut_back(s);
		rc = s->failed ? -1 : 0;
	}
	s->open = 0;
	free(s->name);
	s->name = NULL;
	return rc;
}
