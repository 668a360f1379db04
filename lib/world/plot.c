/*
 * plot.c - --gif FILE and --frames DIR: the world's frames drawn by
 * gnuplot (its gif animate and png terminals, libgd underneath), fed
 * through a pipe as one matrix of cell colours per frame.  gnuplot writes
 * only where worldsim lets it: the GIF to its standard output, which is
 * worldsim's own temporary; the frames into a private folder.  Each file
 * is checked whole (imgcheck.c) before it is put in place.  Used by
 * worldsim (plot.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "host/diag.h"
#include "world/plot.h"

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
preamble(struct world_plot *p, const struct world *w, double rate)
{
	int delay = rate > 0 ? (int)(100 / rate + 0.5) : 12;

	if (p->gif)
		fprintf(p->pipe, "set terminal gif animate delay %d size "
		    "%d,%d\n", delay < 1 ? 1 : delay, w->map.w * p->px,
		    w->map.h * p->px);
	else
		fprintf(p->pipe, "set terminal png size %d,%d\n",
		    w->map.w * p->px, w->map.h * p->px);
	fprintf(p->pipe, "unset border; unset tics; unset key; "
	    "unset colorbox\nset margins 0,0,0,0\n"
	    "set xrange [-0.5:%g]; set yrange [%g:-0.5]\n"
	    "set palette defined (0 'white', 1 'black', 2 'gray50', "
	    "3 'blue', 4 'red')\nset cbrange [0:4]\n",
	    w->map.w - 0.5, w->map.h - 0.5);
}

/*
 * gnuplot with its input on a pipe and its output on out_fd, in its own
 * process group so that the terminal's Ctrl-C reaches worldsim alone
 * (which then ends the picture cleanly).
 */
static enum world_status
start_gnuplot(struct world_plot *p, int out_fd)
{
	int fd[2];

	if (pipe(fd) < 0 || (p->pid = fork()) < 0) {
		diag_plain(p->d, "cannot run gnuplot: %s", strerror(errno));
		return WORLD_UNAVAILABLE;
	}
	if (p->pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		setpgid(0, 0);
		signal(SIGPIPE, SIG_DFL);
		dup2(fd[0], 0);
		dup2(out_fd >= 0 ? out_fd : null, 1);
		dup2(null, 2);
		close(fd[0]);
		close(fd[1]);
		execlp("gnuplot", "gnuplot", (char *)NULL);
		_exit(127);
	}
	close(fd[0]);
	if ((p->pipe = fdopen(fd[1], "w")) == NULL) {
		close(fd[1]);
		diag_plain(p->d, "cannot run gnuplot: %s", strerror(errno));
		return WORLD_UNAVAILABLE;
	}
	signal(SIGPIPE, SIG_IGN);	/* a dead gnuplot is seen at its end */
	return WORLD_OK;
}

/* The GIF's file, opened by worldsim: gnuplot's output goes there, or to
   a scratch file when the target is not a regular file (copied after). */
static enum world_status
open_gif(struct world_plot *p)
{
	if (atomic_open(&p->gif_file, p->gif) < 0) {
		diag_plain(p->d, "%s: %s", p->gif, strerror(errno));
		return WORLD_IO;
	}
	p->gif_open = 1;
	if (p->gif_file.tmp != NULL) {
		p->out = fileno(p->gif_file.fp);
		return WORLD_OK;
	}
	if ((p->scratch = tmpfile()) == NULL) {
		diag_plain(p->d, "a scratch file for the GIF: %s",
		    strerror(errno));
		return WORLD_IO;
	}
	p->out = fileno(p->scratch);
	return WORLD_OK;
}

/* --frames DIR: the folder, and a private one in it for gnuplot. */
static enum world_status
open_frames(struct world_plot *p)
{
	struct stat st;
	size_t n = strlen(p->dir) + 32;

	if (mkdir(p->dir, 0777) < 0 && errno != EEXIST) {
		diag_plain(p->d, "%s: %s", p->dir, strerror(errno));
		return WORLD_IO;
	}
	if (stat(p->dir, &st) < 0) {
		diag_plain(p->d, "%s: %s", p->dir, strerror(errno));
		return WORLD_IO;
	}
	if (!S_ISDIR(st.st_mode)) {
		diag_plain(p->d, "%s: not a directory", p->dir);
		return WORLD_IO;
	}
	if ((p->private_dir = malloc(n)) == NULL) {
		diag_plain(p->d, "out of memory");
		return WORLD_IO;
	}
	snprintf(p->private_dir, n, "%s/.frames-XXXXXX", p->dir);
	if (mkdtemp(p->private_dir) == NULL) {
		diag_plain(p->d, "%s: %s", p->dir, strerror(errno));
		free(p->private_dir);
		p->private_dir = NULL;
		return WORLD_IO;
	}
	return WORLD_OK;
}

enum world_status
world_plot_begin(struct world_plot *p, const char *gif, const char *dir,
    const struct world *w, double rate, int px, struct diag *d)
{
	enum world_status rc;

	memset(p, 0, sizeof *p);
	p->d = d;
	p->gif = gif;
	p->dir = gif ? NULL : dir;
	p->px = px;
	p->out = -1;
	p->pid = -1;
	if ((rc = p->gif ? open_gif(p) : open_frames(p)) != WORLD_OK)
		return rc;
	fflush(NULL);
	if ((rc = start_gnuplot(p, p->out)) != WORLD_OK)
		return rc;
	preamble(p, w, rate);
	return WORLD_OK;
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

/* Frame n's file in dir (the private folder, or the target). */
static char *
frame_path(const char *dir, long n)
{
	size_t size = strlen(dir) + 32;
	char *path = malloc(size);

	if (path)
		snprintf(path, size, "%s/frame-%06ld.png", dir, n);
	return path;
}

void
world_plot_frame(struct world_plot *p, const struct world *w)
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
		char *path = frame_path(p->private_dir, p->frames);

		if (path == NULL) {
			free(buf);
			return;
		}
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

/* Close gnuplot's input and wait for it. */
static enum world_status
end_gnuplot(struct world_plot *p)
{
	int status;

	if (p->pipe == NULL)
		return WORLD_OK;
	fputs("unset output\n", p->pipe);
	fclose(p->pipe);
	p->pipe = NULL;
	while (waitpid(p->pid, &status, 0) < 0)
		if (errno != EINTR) {
			diag_plain(p->d, "gnuplot: %s", strerror(errno));
			return WORLD_IO;
		}
	/* our own output: a closed pipe ends us */
	signal(SIGPIPE, SIG_DFL);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return WORLD_OK;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
		diag_plain(p->d, "gnuplot not found (scripts/install-deps "
		    "installs gnuplot-nox)");
		return WORLD_UNAVAILABLE;
	}
	diag_plain(p->d, "gnuplot failed to draw the frames");
	return WORLD_IO;
}

/* Copy the scratch GIF to a target that is not a regular file. */
static int
copy_scratch(struct world_plot *p)
{
	char buf[65536];
	size_t n;

	rewind(p->scratch);
	while ((n = fread(buf, 1, sizeof buf, p->scratch)) > 0)
		if (fwrite(buf, 1, n, p->gif_file.fp) != n)
			return -1;
	return ferror(p->scratch) ? -1 : 0;
}

/* The GIF checked whole and put in place. */
static enum world_status
end_gif(struct world_plot *p, enum world_status rc)
{
	FILE *check = p->scratch;
	int fd;

	if (rc == WORLD_OK && check == NULL) {
		if ((fd = open(p->gif_file.tmp, O_RDONLY)) < 0 ||
		    (check = fdopen(fd, "rb")) == NULL) {
			diag_plain(p->d, "%s: %s", p->gif, strerror(errno));
			rc = WORLD_IO;
		}
	}
	if (rc == WORLD_OK && !world_gif_whole(check)) {
		struct stat st;

		diag_plain(p->d, "%s: gnuplot wrote an incomplete GIF (is the "
		    "disk full?); %s", p->gif, lstat(p->gif, &st) == 0 ?
		    "the old file is kept" : "none is left");
		rc = WORLD_IO;
	}
	if (rc == WORLD_OK && p->scratch && copy_scratch(p) < 0) {
		diag_plain(p->d, "%s: write error: %s", p->gif,
		    strerror(errno));
		rc = WORLD_IO;
	}
	if (check && check != p->scratch)
		fclose(check);
	if (p->scratch)
		fclose(p->scratch);
	p->scratch = NULL;
	p->gif_open = 0;
	if (rc != WORLD_OK) {
		atomic_abort(&p->gif_file);
		return rc;
	}
	if (atomic_commit(&p->gif_file) < 0) {
		diag_plain(p->d, "%s: write error: %s", p->gif,
		    strerror(errno));
		return WORLD_IO;
	}
	return WORLD_OK;
}

/* Is frame n in the private folder a whole PNG? */
static int
frame_whole(const char *path)
{
	FILE *fp = fopen(path, "rb");
	int ok = fp && world_png_whole(fp);

	if (fp)
		fclose(fp);
	return ok;
}

/* Each frame checked whole, then renamed into the folder (a symbolic link
   there is replaced, never followed); the private folder removed. */
static enum world_status
end_frames(struct world_plot *p, enum world_status rc)
{
	long n;

	for (n = 0; rc == WORLD_OK && n < p->frames; n++) {
		char *from = frame_path(p->private_dir, n);

		if (from == NULL || !frame_whole(from)) {
			diag_plain(p->d, "%s: gnuplot wrote an incomplete "
			    "frame %ld (is the disk full?)", p->dir, n);
			rc = WORLD_IO;
		}
		free(from);
	}
	for (n = 0; n < p->frames; n++) {
		char *from = frame_path(p->private_dir, n);
		char *to = frame_path(p->dir, n);

		if (from && to && rc == WORLD_OK && rename(from, to) < 0) {
			diag_plain(p->d, "%s: %s", to, strerror(errno));
			rc = WORLD_IO;
		}
		if (from)
			unlink(from);
		free(from);
		free(to);
	}
	rmdir(p->private_dir);
	free(p->private_dir);
	p->private_dir = NULL;
	return rc;
}

enum world_status
world_plot_end(struct world_plot *p, enum world_status rc)
{
	enum world_status grc = end_gnuplot(p);

	if (rc == WORLD_OK)
		rc = grc;
	if (p->gif && p->gif_open)
		return end_gif(p, rc);
	if (p->scratch)
		fclose(p->scratch);
	p->scratch = NULL;
	if (p->private_dir)
		return end_frames(p, rc);
	return rc;
}
