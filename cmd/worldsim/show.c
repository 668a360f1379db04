/*
 * show.c - --show: the world drawn as text after every tick, with the
 * status line under it.  On a terminal each frame redraws the screen (at
 * --rate frames per second); elsewhere frames follow one another as
 * plain text.  Called by main.
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "host/pace.h"
#include "world/tables.h"
#include "worldsim.h"

int
show_init(struct show *s, FILE *fp, double rate, const struct world *w)
{
	s->fp = fp;
	s->tty = isatty(fileno(fp));
	s->rate = rate;
	s->frames = 0;
	clock_gettime(CLOCK_MONOTONIC, &s->start);
	s->buf = malloc(world_picture_size(w));
	return s->buf ? 0 : -1;
}

/* Sleep until frame n's time, start + n / rate. */
static void
pace(const struct show *s, long n)
{
	pace_until(&s->start, (double)n / s->rate);
}

int
show_frame(struct show *s, const struct world *w)
{
	char line[256];

	if (s->rate > 0 && s->frames > 0)
		pace(s, s->frames);
	world_picture(w, s->buf);
	world_stats_line(w, line, sizeof line);
	if (s->tty)
		fputs(s->frames == 0 ? "\033[H\033[2J" : "\033[H", s->fp);
	fwrite(s->buf, 1, world_picture_size(w), s->fp);
	fprintf(s->fp, "%s%s\n", line, s->tty ? "\033[K" : "");
	s->frames++;
	if (s->tty || s->rate > 0)
		fflush(s->fp);
	return ferror(s->fp) ? -1 : 0;
}

void
show_free(struct show *s)
{
	if (s->fp)
		fflush(s->fp);
	free(s->buf);
	s->buf = NULL;
}
