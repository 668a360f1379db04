/*
 * atomic.c - temp file + rename.
 * rename(2) within one directory is atomic, so readers see the old file or
 * the new one.  The temporary is created with O_EXCL and mode 0666 so the
 * result gets the user's umask, as a plain fopen would give it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "atomic.h"

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
	int fd = -1;

	memset(af, 0, sizeof af[0]);
	if (strcmp(path, "-") == 0) {
		af->fp = stdout;
		return 0;
	}
	if ((af->path = strdup(path)) == NULL)
		return -1;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		if ((af->fp = fopen(path, "w")) == NULL)
			goto fail;
		return 0;
	}
	for (attempt = 0; attempt < 100 && fd < 0; attempt++) {
		free(af->tmp);
		if ((af->tmp = temp_name(path, attempt)) == NULL)
			goto fail;
		fd = open(af->tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
		if (fd < 0 && errno != EEXIST)
			goto fail;
	}
	if (fd < 0 || (af->fp = fdopen(fd, "w")) == NULL)
		goto fail;
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
