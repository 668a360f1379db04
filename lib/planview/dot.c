/*
 * dot.c - Graphviz run on a plan's dot text (dot.h): the text in a
 * temporary file, dot's output read until it closes or time runs out,
 * then killed if need be and always waited for.  Called by planview.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "host/exits.h"
#include "planview/dot.h"

extern char **environ;

int
planview_status_exit(enum planview_status s)
{
	static const int exits[] = { EXIT_OK, EXIT_IOERR, EXIT_UNAVAILABLE,
	    EXIT_TEMPFAIL };

	return (unsigned)s < sizeof exits / sizeof *exits ? exits[s] :
	    EXIT_IOERR;
}

static long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void
say(const struct planview_say *s, const char *what, const char *why)
{
	char msg[512];

	snprintf(msg, sizeof msg, "%s%s", what, why);
	s->fn(s->ctx, msg);
}

/* The dot text into a temporary file; its descriptor, or -1. */
static int
dot_file(const char *text, size_t len, char *path, size_t size)
{
	const char *dir = getenv("TMPDIR");
	int fd;

	snprintf(path, size, "%s/planview-XXXXXX", dir && *dir ? dir : "/tmp");
	if ((fd = mkstemp(path)) < 0)
		return -1;
	if (write(fd, text, len) != (ssize_t)len || lseek(fd, 0, SEEK_SET)) {
		close(fd);
		unlink(path);
		return -1;
	}
	return fd;
}

/* All the child writes, until it closes or time runs out; 0 or -1. */
static int
slurp(int fd, char **out, size_t *len, long deadline)
{
	size_t cap = 65536;
	char *buf = malloc(cap);

	*len = 0;
	if (buf == NULL)
		return -1;
	for (;;) {
		struct pollfd p = { fd, POLLIN, 0 };
		ssize_t n;

		if (now_ms() > deadline || poll(&p, 1, 1000) < 0) {
			free(buf);
			return -1;
		}
		if (p.revents == 0)
			continue;
		if (*len + 1 >= cap) {
			char *b = realloc(buf, cap *= 2);

			if (b == NULL) {
				free(buf);
				return -1;
			}
			buf = b;
		}
		if ((n = read(fd, buf + *len, cap - *len - 1)) <= 0)
			break;
		*len += (size_t)n;
	}
	buf[*len] = '\0';
	*out = buf;
	return 0;
}

/* Start dot on the file in, its output on pipefd[1]; the pid, or -1. */
static pid_t
spawn_dot(int in, const int pipefd[2])
{
	char *argv[] = { "dot", "-Tsvg", NULL };
	posix_spawn_file_actions_t fa;
	pid_t pid;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, in, STDIN_FILENO);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], STDOUT_FILENO);
	posix_spawn_file_actions_addclose(&fa, pipefd[0]);
	errno = posix_spawnp(&pid, "dot", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	return errno != 0 ? -1 : pid;
}

enum planview_status
planview_dot_svg(const char *text, size_t len, long limit_s, char **svg,
    const struct planview_say *s)
{
	char path[4096];
	int in = dot_file(text, len, path, sizeof path), pipefd[2], status;
	int err;
	size_t got;
	pid_t pid;
	enum planview_status st = PLANVIEW_OK;

	if (in < 0 || pipe(pipefd) < 0) {
		say(s, "a temporary file for dot: ", strerror(errno));
		return PLANVIEW_IO;
	}
	pid = spawn_dot(in, pipefd);
	err = errno;
	close(in);
	unlink(path);
	close(pipefd[1]);
	if (pid < 0) {
		say(s, "cannot run dot (Graphviz): ", strerror(err));
		close(pipefd[0]);
		return PLANVIEW_UNAVAILABLE;
	}
	if (slurp(pipefd[0], svg, &got, now_ms() + limit_s * 1000L)) {
		kill(pid, SIGKILL);
		st = PLANVIEW_TIMEOUT;
	}
	close(pipefd[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (st == PLANVIEW_OK && (!WIFEXITED(status) || WEXITSTATUS(status))) {
		free(*svg);
		st = WIFEXITED(status) && WEXITSTATUS(status) == 127 ?
		    PLANVIEW_UNAVAILABLE : PLANVIEW_IO;
	}
	if (st != PLANVIEW_OK)
		say(s, "dot -Tsvg failed", st == PLANVIEW_TIMEOUT ?
		    " (took too long)" : "");
	return st;
}
