/*
 * picture.c - --gif FILE and --frames DIR: the world's frames drawn by
 * gnuplot (its gif animate and png terminals, libgd underneath), fed
 * through a pipe as one matrix of cell colours per frame.  The GIF is
 * written beside its target and renamed when gnuplot succeeded.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "host/diag.h"
#include "host/exits.h"
#include "worldsim.h"

/* s as a gnuplot single-quoted string ('' is a quote). */
static void
quoted(FILE *fp, const char *s)
{
	fputc('\'', fp);
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', fp);
		fputc(*s, fp);
	}
	fputc('\'', fp);
}

static void
preamble(struct picture *p, const struct world *w, double rate)
{
	int delay = rate > 0 ? (int)(100 / rate + 0.5) : 12;

	if (p->gif) {
		fprintf(p->pipe, "set terminal gif animate delay %d size "
		    "%d,%d\nset output ", delay < 1 ? 1 : delay,
		    w->map.w * p->px, w->map.h * p->px);
		quoted(p->pipe, p->gif_tmp);
		fputc('\n', p->pipe);
	} else {
		fprintf(p->pipe, "set terminal png size %d,%d\n",
		    w->map.w * p->px, w->map.h * p->px);
	}
	fprintf(p->pipe, "unset border; unset tics; unset key; "
	    "unset colorbox\nset margins 0,0,0,0\n"
	    "set xrange [-0.5:%g]; set yrange [%g:-0.5]\n"
	    "set palette defined (0 'white', 1 'black', 2 'gray50', "
	    "3 'blue', 4 'red')\nset cbrange [0:4]\n",
	    w->map.w - 0.5, w->map.h - 0.5);
}

int
picture_begin(struct picture *p, const char *gif, const char *dir,
    const struct world *w, double rate, int px)
{
	memset(p, 0, sizeof *p);
	p->gif = gif;
	p->dir = gif ? NULL : dir;
	p->px = px;
	if (p->dir && mkdir(p->dir, 0777) < 0 && errno != EEXIST) {
		warnx_tool("%s: %s", p->dir, strerror(errno));
		return EXIT_IOERR;
	}
	if (gif) {
		size_t n = strlen(gif) + 32;

		if ((p->gif_tmp = malloc(n)) == NULL) {
			warnx_tool("out of memory");
			return EXIT_IOERR;
		}
		snprintf(p->gif_tmp, n, "%s.tmp%ld", gif, (long)getpid());
	}
	signal(SIGPIPE, SIG_IGN);	/* a dead gnuplot is seen at pclose */
	fflush(NULL);
	if ((p->pipe = popen("exec gnuplot 2>/dev/null", "w")) == NULL) {
		warnx_tool("cannot run gnuplot: %s", strerror(errno));
		return EXIT_UNAVAILABLE;
	}
	preamble(p, w, rate);
	return EXIT_OK;
}

static int
colour(char c)
{
	switch (c) {
	case ' ': return 0;
	case 'X': return 1;
	case 'O': return 2;
	case WORLD_MONITOR_CHAR: return 4;
	default: return 3;
	}
}

void
picture_frame(struct picture *p, const struct world *w)
{
	size_t row = (size_t)w->map.w + 1, size = world_picture_size(w);
	char *buf = malloc(size);
	uint16_t x, y;

	if (buf == NULL || p->pipe == NULL) {
		free(buf);
		return;
	}
	world_picture(w, buf);
	if (p->dir) {
		size_t n = strlen(p->dir) + 32;
		char *path = malloc(n);

		if (path == NULL) {
			free(buf);
			return;
		}
		snprintf(path, n, "%s/frame-%06ld.png", p->dir, p->frames);
		fputs("set output ", p->pipe);
		quoted(p->pipe, path);
		fputc('\n', p->pipe);
		free(path);
	}
	fputs("plot '-' matrix with image\n", p->pipe);
	for (y = 0; y < w->map.h; y++)
		for (x = 0; x < w->map.w; x++)
			fprintf(p->pipe, "%d%c", colour(buf[y * row + x]),
			    x + 1 < w->map.w ? ' ' : '\n');
	fputs("e\n", p->pipe);
	p->frames++;
	free(buf);
}

int
picture_end(struct picture *p)
{
	int status, rc = EXIT_OK;

	if (p->pipe == NULL) {
		free(p->gif_tmp);
		return EXIT_OK;
	}
	fputs("unset output\n", p->pipe);
	status = pclose(p->pipe);
	p->pipe = NULL;
	if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
			warnx_tool("gnuplot not found (scripts/install-deps "
			    "installs gnuplot-nox)");
			rc = EXIT_UNAVAILABLE;
		} else {
			warnx_tool("gnuplot failed to draw the frames");
			rc = EXIT_IOERR;
		}
	}
	if (p->gif && rc == EXIT_OK && rename(p->gif_tmp, p->gif) < 0) {
		warnx_tool("%s: %s", p->gif, strerror(errno));
		rc = EXIT_IOERR;
	}
	if (p->gif && rc != EXIT_OK)
		unlink(p->gif_tmp);
	free(p->gif_tmp);
	p->gif_tmp = NULL;
	return rc;
}
