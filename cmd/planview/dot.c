/*
 * dot.c - the plan's graph laid out by Graphviz: planview writes the dot
 * text (emit_dot, with counts and outcome colours for --svg), runs
 * `dot -Tsvg` on it and takes the SVG back.  Bounded: the child is killed
 * after DOT_LIMIT_S seconds and always waited for.  Called by page.c.
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
#include <unistd.h>

#include "host/diag.h"
#include "host/exits.h"
#include "planview.h"

#define DOT_LIMIT_S 120

extern char **environ;

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

		if (clock_ms() > deadline || poll(&p, 1, 1000) < 0) {
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

int
run_dot(const char *text, size_t len, char **svg)
{
	char path[4096];
	char *argv[] = { "dot", "-Tsvg", NULL };
	posix_spawn_file_actions_t fa;
	int in = dot_file(text, len, path, sizeof path), pipefd[2], status;
	size_t got;
	pid_t pid;
	int rc = EXIT_OK;

	if (in < 0 || pipe(pipefd) < 0) {
		warnx_tool("a temporary file for dot: %s", strerror(errno));
		return EXIT_IOERR;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, in, STDIN_FILENO);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], STDOUT_FILENO);
	posix_spawn_file_actions_addclose(&fa, pipefd[0]);
	errno = posix_spawnp(&pid, "dot", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(in);
	unlink(path);
	close(pipefd[1]);
	if (errno != 0) {
		warnx_tool("cannot run dot (Graphviz): %s", strerror(errno));
		close(pipefd[0]);
		return EXIT_UNAVAILABLE;
	}
	if (slurp(pipefd[0], svg, &got, clock_ms() + DOT_LIMIT_S * 1000L)) {
		kill(pid, SIGKILL);
		rc = EXIT_TEMPFAIL;
	}
	close(pipefd[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (rc == EXIT_OK && (!WIFEXITED(status) || WEXITSTATUS(status))) {
		free(*svg);
		rc = WIFEXITED(status) && WEXITSTATUS(status) == 127 ?
		    EXIT_UNAVAILABLE : EXIT_IOERR;
	}
	if (rc != EXIT_OK)
		warnx_tool("dot -Tsvg failed%s", rc == EXIT_TEMPFAIL ?
		    " (took too long)" : "");
	return rc;
}
