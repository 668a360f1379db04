/*
 * picture.c - --gif FILE and --frames DIR: the world's frames drawn by
 * gnuplot (its gif animate and png terminals, libgd underneath), fed
 * through a pipe as one matrix of cell colours per frame.  gnuplot writes
 * only where worldsim lets it: the GIF to its standard output, which is
 * worldsim's own temporary; the frames into a private folder.  Each file
 * is checked whole (imgcheck.c) before it is put in place.  Called by main.
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
 * (which then ends the picture cleanly); an exit status.
 */
static int
start_gnuplot(struct picture *p, int out_fd)
{
	int fd[2];

	if (pipe(fd) < 0 || (p->pid = fork()) < 0) {
		warnx_tool("cannot run gnuplot: %s", strerror(errno));
		return EXIT_UNAVAILABLE;
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
		warnx_tool("cannot run gnuplot: %s", strerror(errno));
		return EXIT_UNAVAILABLE;
	}
	signal(SIGPIPE, SIG_IGN);	/* a dead gnuplot is seen at its end */
	return EXIT_OK;
}

/* The GIF's file, opened by worldsim: gnuplot's output goes there, or to
   a scratch file when the target is not a regular file (copied after). */
static int
open_gif(struct picture *p)
{
	if (atomic_open(&p->gif_file, p->gif) < 0) {
		warnx_tool("%s: %s", p->gif, strerror(errno));
		return EXIT_IOERR;
	}
	p->gif_open = 1;
	if (p->gif_file.tmp != NULL) {
		p->out = fileno(p->gif_file.fp);
		return EXIT_OK;
	}
	if ((p->scratch = tmpfile()) == NULL) {
		warnx_tool("a scratch file for the GIF: %s", strerror(errno));
		return EXIT_IOERR;
	}
	p->out = fileno(p->scratch);
	return EXIT_OK;
}

/* --frames DIR: the folder, and a private one in it for gnuplot. */
static int
open_frames(struct picture *p)
{
	struct stat st;
	size_t n = strlen(p->dir) + 32;

	if (mkdir(p->dir, 0777) < 0 && errno != EEXIST) {
		warnx_tool("%s: %s", p->dir, strerror(errno));
		return EXIT_IOERR;
	}
	if (stat(p->dir, &st) < 0) {
		warnx_tool("%s: %s", p->dir, strerror(errno));
		return EXIT_IOERR;
	}
	if (!S_ISDIR(st.st_mode)) {
		warnx_tool("%s: not a directory", p->dir);
		return EXIT_IOERR;
	}
	if ((p->private_dir = malloc(n)) == NULL) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	snprintf(p->private_dir, n, "%s/.frames-XXXXXX", p->dir);
	if (mkdtemp(p->private_dir) == NULL) {
		warnx_tool("%s: %s", p->dir, strerror(errno));
		free(p->private_dir);
		p->private_dir = NULL;
		return EXIT_IOERR;
	}
	return EXIT_OK;
}

int
picture_begin(struct picture *p, const char *gif, const char *dir,
    const struct world *w, double rate, int px)
{
	int rc;

	memset(p, 0, sizeof *p);
	p->gif = gif;
	p->dir = gif ? NULL : dir;
	p->px = px;
	p->out = -1;
	p->pid = -1;
	if ((rc = p->gif ? open_gif(p) : open_frames(p)) != EXIT_OK)
		return rc;
	fflush(NULL);
	if ((rc = start_gnuplot(p, p->out)) != EXIT_OK)
		return rc;
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

/* Close gnuplot's input and wait for it; an exit status. */
static int
end_gnuplot(struct picture *p)
{
	int status;

	if (p->pipe == NULL)
		return EXIT_OK;
	fputs("unset output\n", p->pipe);
	fclose(p->pipe);
	p->pipe = NULL;
	while (waitpid(p->pid, &status, 0) < 0)
		if (errno != EINTR) {
			warnx_tool("gnuplot: %s", strerror(errno));
			return EXIT_IOERR;
		}
	signal(SIGPIPE, SIG_DFL);	/* our own output: a closed pipe ends us */
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return EXIT_OK;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
		warnx_tool("gnuplot not found (scripts/install-deps installs "
		    "gnuplot-nox)");
		return EXIT_UNAVAILABLE;
	}
	warnx_tool("gnuplot failed to draw the frames");
	return EXIT_IOERR;
}

/* Copy the scratch GIF to a target that is not a regular file. */
static int
copy_scratch(struct picture *p)
{
	char buf[65536];
	size_t n;

	rewind(p->scratch);
	while ((n = fread(buf, 1, sizeof buf, p->scratch)) > 0)
		if (fwrite(buf, 1, n, p->gif_file.fp) != n)
			return -1;
	return ferror(p->scratch) ? -1 : 0;
}

/* The GIF checked whole and put in place; an exit status. */
static int
end_gif(struct picture *p, int rc)
{
	FILE *check = p->scratch;
	int fd;

	if (rc == EXIT_OK && check == NULL) {
		if ((fd = open(p->gif_file.tmp, O_RDONLY)) < 0 ||
		    (check = fdopen(fd, "rb")) == NULL) {
			warnx_tool("%s: %s", p->gif, strerror(errno));
			rc = EXIT_IOERR;
		}
	}
	if (rc == EXIT_OK && !gif_whole(check)) {
		warnx_tool("%s: gnuplot wrote an incomplete GIF (is the disk "
		    "full?); the old file is kept", p->gif);
		rc = EXIT_IOERR;
	}
	if (rc == EXIT_OK && p->scratch && copy_scratch(p) < 0) {
		warnx_tool("%s: write error: %s", p->gif, strerror(errno));
		rc = EXIT_IOERR;
	}
	if (check && check != p->scratch)
		fclose(check);
	if (p->scratch)
		fclose(p->scratch);
	p->scratch = NULL;
	p->gif_open = 0;
	if (rc != EXIT_OK) {
		atomic_abort(&p->gif_file);
		return rc;
	}
	if (atomic_commit(&p->gif_file) < 0) {
		warnx_tool("%s: write error: %s", p->gif, strerror(errno));
		return EXIT_IOERR;
	}
	return EXIT_OK;
}

/* Is frame n in the private folder a whole PNG? */
static int
frame_whole(const char *path)
{
	FILE *fp = fopen(path, "rb");
	int ok = fp && png_whole(fp);

	if (fp)
		fclose(fp);
	return ok;
}

/* Each frame checked whole, then renamed into the folder (a symbolic link
   there is replaced, never followed); the private folder removed. */
static int
end_frames(struct picture *p, int rc)
{
	long n;

	for (n = 0; rc == EXIT_OK && n < p->frames; n++) {
		char *from = frame_path(p->private_dir, n);

		if (from == NULL || !frame_whole(from)) {
			warnx_tool("%s: gnuplot wrote an incomplete frame %ld "
			    "(is the disk full?)", p->dir, n);
			rc = EXIT_IOERR;
		}
		free(from);
	}
	for (n = 0; n < p->frames; n++) {
		char *from = frame_path(p->private_dir, n);
		char *to = frame_path(p->dir, n);

		if (from && to && rc == EXIT_OK && rename(from, to) < 0) {
			warnx_tool("%s: %s", to, strerror(errno));
			rc = EXIT_IOERR;
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

int
picture_end(struct picture *p, int rc)
{
	int grc = end_gnuplot(p);

	if (rc == EXIT_OK)
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
