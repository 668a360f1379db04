/*
 * atomic.c - temp file + rename.
 * rename(2) within one directory is atomic, so readers see the old file or
 * the new one.  The temporary is created with O_EXCL and mode 0666 so the
 * result gets the user's umask, as a plain fopen would give it; replacing
 * a file keeps that file's mode.
 *
 * The one process-wide list in lib/: the temporaries being written, as
 * many as are open, so that SIGINT, SIGTERM or SIGHUP (when the tool has
 * no handler of its own) removes them before the process dies.  A signal
 * handler can reach nothing but a static.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "atomic.h"
#include "signals.h"

/* The temporaries being written, however many: a list the handler only
   walks, changed with every signal held. */
struct live {
	char *tmp;
	struct live *next;
};
static struct live *volatile live;

static void
remove_live_and_die(int sig)
{
	struct live *l;

	for (l = live; l != NULL; l = l->next)
		unlink(l->tmp);	/* async-signal-safe */
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Catch the signals that end a tool, unless it catches them itself. */
static void
catch_once(void)
{
	static int done;

	if (done)
		return;
	done = 1;
	sig_catch_endings(remove_live_and_die, SIG_KEEP_SET);
}

/* Add a temporary to the list (0, or -1 when out of memory), or drop it,
   signals held meanwhile. */
static int
watch(char *tmp, int on)
{
	struct live *l = NULL, *volatile *p;
	sigset_t all, old;

	if (on && (l = malloc(sizeof *l)) == NULL)
		return -1;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	if (on) {
		l->tmp = tmp;
		l->next = live;
		live = l;
	} else {
		for (p = &live; *p != NULL && (*p)->tmp != tmp;
		    p = &(*p)->next)
			;
		if ((l = *p) != NULL)
			*p = l->next;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (!on)
		free(l);
	return 0;
}

static char *
temp_name(const char *path, unsigned attempt)
{
	const char *slash = strrchr(path, '/');
	size_t dirlen = slash ? (size_t)(slash - path + 1) : 0;
	const char *base = path + dirlen;
	size_t n = strlen(path) + 32;
	char *tmp = malloc(n);
	unsigned long salt = (unsigned long)getpid() * 2654435761UL ^
	    (unsigned long)time(NULL) ^ ((unsigned long)(uintptr_t)tmp >> 4);

	if (tmp == NULL)
		return NULL;
	snprintf(tmp, n, "%.*s.%s.%06lx%u", (int)dirlen, path, base,
	    salt & 0xffffffUL, attempt);
	return tmp;
}

int
atomic_open(struct atomic_file *af, const char *path)
{
	struct stat st;
	unsigned attempt;
	int fd = -1, exists;

	memset(af, 0, sizeof af[0]);
	if (strcmp(path, "-") == 0) {
		af->fp = stdout;
		return 0;
	}
	if ((af->path = strdup(path)) == NULL)
		return -1;
	exists = stat(path, &st) == 0;
	if (exists && !S_ISREG(st.st_mode)) {
		if ((af->fp = fopen(path, "w")) == NULL)
			goto fail;
		return 0;
	}
	catch_once();
	for (attempt = 0; attempt < 100 && fd < 0; attempt++) {
		free(af->tmp);
		if ((af->tmp = temp_name(path, attempt)) == NULL)
			goto fail;
		fd = open(af->tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
		if (fd < 0 && errno != EEXIST)
			goto fail;
	}
	if (fd < 0 || watch(af->tmp, 1) < 0)
		goto fail;
	/* the replacement keeps the mode of the file it replaces */
	if ((exists && fchmod(fd, st.st_mode & 07777) != 0) ||
	    (af->fp = fdopen(fd, "w")) == NULL) {
		watch(af->tmp, 0);
		goto fail;
	}
	return 0;
fail:
	if (fd >= 0) {
		close(fd);
		unlink(af->tmp);
	}
	free(af->tmp);
	free(af->path);
	af->tmp = af->path = NULL;
	return -1;
}

static void
release(struct atomic_file *af)
{
	if (af->tmp)
		watch(af->tmp, 0);
	free(af->tmp);
	free(af->path);
	af->tmp = af->path = NULL;
	af->fp = NULL;
}

int
atomic_commit(struct atomic_file *af)
{
	int saved, rc = 0;

	if (af->fp == stdout)
		return fflush(stdout) == 0 && !ferror(stdout) ? 0 : -1;
	if (fflush(af->fp) != 0 || ferror(af->fp))
		rc = -1;
	if (rc == 0 && af->tmp && fsync(fileno(af->fp)) != 0)
		rc = -1;
	saved = errno;
	if (fclose(af->fp) != 0 && rc == 0) {
		rc = -1;
		saved = errno;
	}
	if (af->tmp) {
		if (rc == 0 && rename(af->tmp, af->path) != 0) {
			rc = -1;
			saved = errno;
		}
		if (rc != 0)
			unlink(af->tmp);
	}
	release(af);
	errno = saved;
	return rc;
}

void
atomic_abort(struct atomic_file *af)
{
	if (af->fp == NULL || af->fp == stdout)
		return;
	fclose(af->fp);
	if (af->tmp)
		unlink(af->tmp);
	release(af);
}

int
atomic_write(const char *path, const void *buf, size_t n)
{
	struct atomic_file af;
	int saved;

	if (atomic_open(&af, path) != 0)
		return -1;
	if (fwrite(buf, 1, n, af.fp) != n || atomic_commit(&af) != 0) {
		saved = errno;
		atomic_abort(&af);
		errno = saved;
		return -1;
	}
	return 0;
}

int
append_open(const char *path, FILE **fp, int *empty)
{
	struct stat st;
	int fd;

	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW |
	    O_CLOEXEC, 0666);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (*fp = fdopen(fd, "a")) == NULL) {
		close(fd);
		return -2;
	}
	*empty = st.st_size == 0;
	return 0;
}

int
atomic_publish(struct atomic_file *af)
{
	if (af->fp == NULL || af->tmp == NULL)
		return 0;
	if (fflush(af->fp) != 0 || rename(af->tmp, af->path) != 0)
		return -1;
	watch(af->tmp, 0);
	free(af->tmp);
	af->tmp = NULL;
	return 0;
}
