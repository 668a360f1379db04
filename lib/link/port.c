/*
 * port.c - choosing the path a port takes, and the termios path for
 * pseudo-terminals.  libserialport 0.1.1 refuses ptys (no sysfs
 * entry, and TIOCMGET fails on them), so we open those ourselves.
 */
#define _XOPEN_SOURCE 700	/* realpath */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <termios.h>
#include <unistd.h>

#include "port.h"
#include "session.h"
#include "porterr.h"
#include "lock.h"
#include "port_sp.h"
#include "speed.h"
#include "tcp.h"

enum link_port_kind
link_port_kind_of(const char *name)
{
	char real[PATH_MAX];
	struct stat st;
	unsigned maj;

	if (link_port_is_tcp(name))
		return WIRE_PORT_TCP;
	if (realpath(name, real) && strncmp(real, "/dev/pts/", 9) == 0)
		return WIRE_PORT_TERMIOS;
	if (stat(name, &st) == 0 && S_ISCHR(st.st_mode)) {
		/* Linux UNIX98 pty slaves: majors 136..143. */
		maj = major(st.st_rdev);
		if (maj >= 136 && maj <= 143)
			return WIRE_PORT_TERMIOS;
	}
	return WIRE_PORT_LIBSERIALPORT;
}

const char *
link_port_kind_name(enum link_port_kind k)
{
	if (k == WIRE_PORT_TCP)
		return "tcp";
	if (k == WIRE_PORT_CUSTOM)
		return "in memory";
	return k == WIRE_PORT_TERMIOS ? "termios" : "libserialport";
}

void
link_tty_raw(struct termios *t)
{
	t->c_iflag &= ~(tcflag_t)(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR |
	    IGNCR | ICRNL | IXON | IXOFF);
	t->c_oflag &= ~(tcflag_t)OPOST;
	t->c_lflag &= ~(tcflag_t)(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
	t->c_cflag &= ~(tcflag_t)(CSIZE | PARENB | CSTOPB);
	t->c_cflag |= CS8 | CREAD | CLOCAL;
	t->c_cc[VMIN] = 1;
	t->c_cc[VTIME] = 0;
}

struct wire_port *
link_port_new(enum link_port_kind kind, const char *name, int fd, char *err,
    size_t errlen)
{
	struct wire_port *p = calloc(1, sizeof *p);

	if (p == NULL || (p->name = strdup(name)) == NULL) {
		free(p);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	p->kind = kind;
	p->fd = fd;
	p->lock_fd = -1;
	return p;
}

struct wire_port *
link_port_custom(const struct link_port_ops *ops, void *ctx,
    const char *name)
{
	char err[40];
	struct wire_port *p = link_port_new(WIRE_PORT_CUSTOM, name, -1, err,
	    sizeof err);

	if (p != NULL) {
		p->ops = ops;
		p->ctx = ctx;
	}
	return p;
}

uint64_t
link_port_now_ms(const struct wire_port *p)
{
	if (p->ops && p->ops->now_ms)
		return p->ops->now_ms(p->ctx);
	return link_now_ms();
}

const char *
link_port_lock_warning(const struct wire_port *p)
{
	return p->lock_warning;
}

static struct wire_port *
open_termios(const char *name, long baud, char *err, size_t errlen,
    int *unavailable)
{
	struct termios t;
	struct wire_port *p;
	int fd;

	fd = open(name, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		*unavailable = 1;
		snprintf(err, errlen, "%s", strerror(errno));
		return NULL;
	}
	if (tcgetattr(fd, &t) != 0) {
		*unavailable = 1;
		snprintf(err, errlen, "not a terminal: %s", strerror(errno));
		close(fd);
		return NULL;
	}
	link_tty_raw(&t);
	/* A pty moves bytes at no speed (armsim --baud-sim paces them), but
	 * keeps the rate, for an emulated servo bus to see */
	if (tcsetattr(fd, TCSANOW, &t) != 0 ||
	    (link_tty_set_speed(fd, baud) != 0 && errno != EINVAL)) {
		*unavailable = 0;
		snprintf(err, errlen, "cannot configure: %s", strerror(errno));
		close(fd);
		return NULL;
	}
	tcflush(fd, TCIOFLUSH);
	if ((p = link_port_new(WIRE_PORT_TERMIOS, name, fd, err, errlen)) ==
	    NULL)
		close(fd);
	return p;
}

/* The device or connection itself, once the lock is ours. */
static struct wire_port *
open_locked(const char *name, long baud, char *err, size_t errlen,
    int *unavailable)
{
	if (link_port_is_tcp(name))
		return link_port_tcp_open(name, err, errlen, unavailable);
	if (link_port_kind_of(name) == WIRE_PORT_TERMIOS)
		return open_termios(name, baud, err, errlen, unavailable);
	return link_port_sp_open(name, baud, err, errlen, unavailable);
}

struct wire_port *
link_port_open(const char *name, long baud, char *err, size_t errlen,
    int *unavailable)
{
	struct wire_port *p;
	char why[PATH_MAX + 100];
	int lock;

	*unavailable = 0;
	if (!link_port_is_tcp(name) &&
	    link_port_check_access(name, err, errlen) != 0) {
		*unavailable = 1;
		return NULL;
	}
	/* Before opening: opening alone resets many boards. */
	if ((lock = link_port_lock(name, why, sizeof why)) == -1) {
		snprintf(err, errlen, "%s", why);
		*unavailable = 1;
		return NULL;
	}
	if ((p = open_locked(name, baud, err, errlen, unavailable)) == NULL) {
		link_port_unlock(lock);
		return NULL;
	}
	p->lock_fd = lock >= 0 ? lock : -1;
	if (lock == -2 && (p->lock_warning = strdup(why)) == NULL) {
		link_port_close(p);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	return p;
}

int
link_port_wait(const struct wire_port *p, int timeout_ms)
{
	struct pollfd pfd;
	int r;

	pfd.fd = p->fd;
	pfd.events = POLLIN;
	r = poll(&pfd, 1, timeout_ms);
	if (r < 0)
		return errno == EINTR ? 0 : -1;
	if (r == 0)
		return 0;
	if (pfd.revents & (POLLHUP | POLLERR | POLLNVAL) &&
	    !(pfd.revents & POLLIN)) {
		errno = EIO;
		return -1;
	}
	return 1;
}

static long
read_termios(struct wire_port *p, uint8_t *buf, size_t cap, int timeout_ms)
{
	ssize_t n;
	int r;

	if ((r = link_port_wait(p, timeout_ms)) <= 0)
		return r;
	n = read(p->fd, buf, cap);
	if (n > 0)
		return (long)n;
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return 0;
	/* POLLHUP, EOF or EIO: the other end of the line is gone. */
	if (n == 0 || errno == EIO)
		errno = EIO;
	return -1;
}

long
link_port_read(struct wire_port *p, uint8_t *buf, size_t cap, int timeout_ms)
{
	if (p->ops)
		return p->ops->read(p->ctx, buf, cap, timeout_ms);
	if (p->kind == WIRE_PORT_LIBSERIALPORT)
		return link_port_sp_read(p, buf, cap, timeout_ms);
	return read_termios(p, buf, cap, timeout_ms);
}

static int
write_termios(struct wire_port *p, const uint8_t *buf, size_t n,
    int timeout_ms)
{
	struct pollfd pfd;
	ssize_t w;
	int waited = 0;

	while (n > 0) {
		/* a socket whose peer left: EPIPE, not SIGPIPE */
		w = p->kind == WIRE_PORT_TCP ? send(p->fd, buf, n,
		    MSG_NOSIGNAL) : write(p->fd, buf, n);
		if (w > 0) {
			buf += w;
			n -= (size_t)w;
			continue;
		}
		if (w < 0 && errno != EAGAIN && errno != EINTR)
			return -1;
		if (waited >= timeout_ms) {
			errno = ETIMEDOUT;
			return -1;
		}
		pfd.fd = p->fd;
		pfd.events = POLLOUT;
		if (poll(&pfd, 1, 10) > 0 &&
		    (pfd.revents & (POLLHUP | POLLERR))) {
			errno = EIO;
			return -1;
		}
		waited += 10;
	}
	return 0;
}

int
link_port_write(struct wire_port *p, const uint8_t *buf, size_t n,
    int timeout_ms)
{
	if (p->ops)
		return p->ops->write(p->ctx, buf, n, timeout_ms);
	if (p->kind == WIRE_PORT_LIBSERIALPORT)
		return link_port_sp_write(p, buf, n, timeout_ms);
	return write_termios(p, buf, n, timeout_ms);
}

int
link_port_set_baud(struct wire_port *p, long baud)
{
	if (p->kind == WIRE_PORT_LIBSERIALPORT)
		return link_port_sp_set_baud(p, baud);
	if (p->kind == WIRE_PORT_TCP)
		return 0;
	if (link_tty_set_speed(p->fd, baud) != 0 && errno != EINVAL)
		return -1;
	return tcflush(p->fd, TCIFLUSH);
}

enum link_port_kind
link_port_kind(const struct wire_port *p)
{
	return p->kind;
}

const char *
link_port_name(const struct wire_port *p)
{
	return p->name;
}

void
link_port_close(struct wire_port *p)
{
	if (p == NULL)
		return;
	if (p->ops) {
		if (p->ops->close)
			p->ops->close(p->ctx);
	} else if (p->kind == WIRE_PORT_LIBSERIALPORT) {
		link_port_sp_close(p);
	} else if (p->fd >= 0) {
		close(p->fd);
	}
	link_port_unlock(p->lock_fd);
	free(p->lock_warning);
	free(p->name);
	free(p);
}
