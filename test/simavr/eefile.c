/*
 * eefile.c - the EEPROM file of avrpty --eeprom (see eefile.h): loaded once
 * at start, saved whole by rename whenever avrpty sees it changed.  No
 * fsync: it stands for power lost, not for the host's disk failing.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "eefile.h"

static int
read_whole(int fd, uint8_t *buf, uint32_t size)
{
	uint32_t got = 0;
	ssize_t n;

	while (got < size) {
		n = read(fd, buf + got, size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		got += (uint32_t)n;
	}
	return 0;
}

int
eefile_load(struct eefile *f, const char *path, uint8_t *ee, uint32_t size)
{
	struct stat st;
	int fd, rc;

	memset(f, 0, sizeof *f);
	f->path = path;
	f->ee = ee;
	f->size = size > EEFILE_MAX ? EEFILE_MAX : size;
	memcpy(f->saved, ee, f->size);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return errno == ENOENT ? 0 : -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return -2;
	}
	if (st.st_size == 0) {
		close(fd);
		return 0;
	}
	if (st.st_size != (off_t)f->size) {
		close(fd);
		return -2;
	}
	rc = read_whole(fd, ee, f->size);
	close(fd);
	if (rc == 0)
		memcpy(f->saved, ee, f->size);
	return rc;
}

int
eefile_save(struct eefile *f)
{
	char tmp[4096];
	int fd, rc;

	if (f->path == NULL || memcmp(f->saved, f->ee, f->size) == 0)
		return 0;
	if (snprintf(tmp, sizeof tmp, "%s.new", f->path) >= (int)sizeof tmp) {
		errno = ENAMETOOLONG;
		return -1;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return -1;
	rc = write(fd, f->ee, f->size) == (ssize_t)f->size ? 0 : -1;
	if (close(fd) != 0 || rc != 0 || rename(tmp, f->path) != 0) {
		unlink(tmp);
		return -1;
	}
	memcpy(f->saved, f->ee, f->size);
	f->saves++;
	return 0;
}
