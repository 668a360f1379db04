/*
 * pty.c - the pseudo-terminal armsim listens on.  We keep the slave open
 * ourselves: otherwise the master reads EIO and polls POLLHUP whenever no
 * client is connected, and the line discipline would reset to cooked mode.
 */
#define _XOPEN_SOURCE 700	/* posix_openpt, grantpt, ptsname */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pty.h"
#include "link/port.h"

static int
make_raw(int fd)
{
	struct termios t;

	if (tcgetattr(fd, &t) != 0)
		return -1;
	link_tty_raw(&t);
	return tcsetattr(fd, TCSANOW, &t);
}

int
sim_pty_open(struct sim_pty *p)
{
	const char *name;
	int saved;

	p->slave = -1;
	p->linked = 0;
	p->master = posix_openpt(O_RDWR | O_NOCTTY);
	if (p->master < 0)
		return -1;
	if (grantpt(p->master) != 0 || unlockpt(p->master) != 0 ||
	    (name = ptsname(p->master)) == NULL)
		goto fail;
	snprintf(p->path, sizeof p->path, "%s", name);
	p->slave = open(p->path, O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (p->slave < 0 || make_raw(p->slave) != 0)
		goto fail;
	if (fcntl(p->master, F_SETFL, fcntl(p->master, F_GETFL) |
	    O_NONBLOCK) != 0 || fcntl(p->master, F_SETFD, FD_CLOEXEC) != 0)
		goto fail;
	return 0;
fail:
	saved = errno;
	sim_pty_close(p);
	errno = saved;
	return -1;
}

int
sim_pty_link(struct sim_pty *p, const char *link)
{
	char tmp[4096];
	struct stat st;

	/* Replace a link (a previous run's), never a file someone made. */
	if (lstat(link, &st) == 0 && !S_ISLNK(st.st_mode)) {
		errno = EEXIST;
		return -1;
	}
	if (snprintf(tmp, sizeof tmp, "%s.%ld.tmp", link, (long)getpid()) >=
	    (int)sizeof tmp) {
		errno = ENAMETOOLONG;
		return -1;
	}
	unlink(tmp);
	if (symlink(p->path, tmp) != 0)
		return -1;
	if (rename(tmp, link) != 0) {
		int saved = errno;

		unlink(tmp);
		errno = saved;
		return -1;
	}
	/* Remember the link itself: its target may be reused by another. */
	if (lstat(link, &st) == 0) {
		p->link_dev = (unsigned long long)st.st_dev;
		p->link_ino = (unsigned long long)st.st_ino;
		p->linked = 1;
	}
	return 0;
}

void
sim_pty_unlink(const struct sim_pty *p, const char *link)
{
	char target[sizeof p->path];
	struct stat st;
	ssize_t n;

	if (!p->linked || lstat(link, &st) != 0 || !S_ISLNK(st.st_mode) ||
	    (unsigned long long)st.st_dev != p->link_dev ||
	    (unsigned long long)st.st_ino != p->link_ino)
		return;
	if ((n = readlink(link, target, sizeof target - 1)) < 0)
		return;
	target[n] = '\0';
	if (strcmp(target, p->path) == 0)
		unlink(link);
}

void
sim_pty_close(struct sim_pty *p)
{
	if (p->slave >= 0)
		close(p->slave);
	if (p->master >= 0)
		close(p->master);
	p->slave = p->master = -1;
}
