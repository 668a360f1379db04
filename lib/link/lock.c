/*
 * lock.c - the port lock behind lock.h.  flock, not a pid file checked by
 * hand: a pid file outlives a killed holder and its pid can be reused.
 */
#define _XOPEN_SOURCE 700	/* realpath */
#define _DEFAULT_SOURCE		/* flock */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lock.h"
#include "tcp.h"

static const char *
lock_dir(void)
{
	const char *d = getenv("SPINE_LOCK_DIR");

	if (d && *d)
		return d;
	if (access("/run/lock", W_OK | X_OK) == 0)
		return "/run/lock";
	d = getenv("XDG_RUNTIME_DIR");
	return d && *d ? d : "/tmp";
}

/* FNV-1a: keeps long keys apart once the name is cut short. */
static uint32_t
hash(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s)
		h = (h ^ (uint8_t)*s++) * 16777619u;
	return h;
}

int
link_port_lock_path(const char *name, char *path, size_t cap)
{
	char real[PATH_MAX], safe[80];
	const char *key = name;
	size_t i;
	int n;

	if (!link_port_is_tcp(name) && realpath(name, real))
		key = real;
	for (i = 0; key[i] && i < sizeof safe - 1; i++)
		safe[i] = strchr("/:[] ", key[i]) ? '_' : key[i];
	safe[i] = '\0';
	n = snprintf(path, cap, "%s/spine-port%s-%08lx.lock", lock_dir(),
	    safe, (unsigned long)hash(key));
	return n > 0 && (size_t)n < cap ? 0 : -1;
}

/* "armctl (pid 1234)" from the holder's lock file, or a vaguer word. */
static void
holder(int fd, char *err, size_t errlen)
{
	char buf[128], name[64];
	long pid;
	ssize_t n = pread(fd, buf, sizeof buf - 1, 0);

	buf[n > 0 ? n : 0] = '\0';
	if (sscanf(buf, "%ld %63s", &pid, name) == 2 && pid > 0)
		snprintf(err, errlen, "port busy: %s (pid %ld) has it", name,
		    pid);
	else
		snprintf(err, errlen, "port busy: another program has it");
}

/* Our pid and name, for the next one who finds the port busy. */
static void
sign(int fd)
{
	char comm[64] = "", line[96];
	FILE *f = fopen("/proc/self/comm", "r");
	int n;

	if (f) {
		if (fgets(comm, sizeof comm, f) == NULL)
			comm[0] = '\0';
		fclose(f);
	}
	comm[strcspn(comm, "\n ")] = '\0';
	n = snprintf(line, sizeof line, "%ld %s\n", (long)getpid(),
	    comm[0] ? comm : "?");
	if (ftruncate(fd, 0) == 0 && pwrite(fd, line, (size_t)n, 0) != n)
		(void)ftruncate(fd, 0);
}

/* No lock to be had: say why, so the caller can warn (-2). */
static int
no_lock(const char *path, int e, char *err, size_t errlen)
{
	const char *why = e == ELOOP ? "a symbolic link is in its place" :
	    e == EINVAL ? "something other than a file is in its place" :
	    e == ENOENT ? "no such folder" : strerror(e);

	snprintf(err, errlen, "%s: %s", path, why);
	return -2;
}

int
link_port_lock(const char *name, char *err, size_t errlen)
{
	char path[PATH_MAX];
	struct stat st;
	int fd, busy;

	if (link_port_lock_path(name, path, sizeof path) != 0)
		return no_lock(name, ENAMETOOLONG, err, errlen);
	if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW |
	    O_NONBLOCK, 0666)) < 0)
		return no_lock(path, errno, err, errlen);
	/* a fifo or a device planted in its place locks nothing */
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return no_lock(path, EINVAL, err, errlen);
	}
	(void)fchmod(fd, 0666);	/* other users' armctl must lock it too */
	if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		if ((busy = errno == EWOULDBLOCK))
			holder(fd, err, errlen);
		else
			no_lock(path, errno, err, errlen);
		close(fd);
		return busy ? -1 : -2;
	}
	sign(fd);
	return fd;
}

void
link_port_unlock(int fd)
{
	if (fd >= 0)
		close(fd);	/* drops the flock; the file stays for reuse */
}
