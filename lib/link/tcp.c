/*
 * tcp.c - connecting to "tcp:HOST:PORT" for link_port_open: a
 * non-blocking connect bounded by poll, so an address that never answers
 * costs seconds, not the kernel's minutes of SYN retries.
 */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "port_sp.h"
#include "tcp.h"

int
link_port_is_tcp(const char *name)
{
	return strncmp(name, "tcp:", 4) == 0;
}

static int
copy_part(char *dst, size_t cap, const char *src, size_t n)
{
	if (n == 0 || n >= cap)
		return -1;
	memcpy(dst, src, n);
	dst[n] = '\0';
	return 0;
}

int
link_tcp_split(const char *name, int allow_zero, char *host,
    size_t hostlen, char *port, size_t portlen, char *err, size_t errlen)
{
	const char *h, *colon;
	size_t hn;
	char *end;
	long v;

	/* the prefix first: a name shorter than "tcp:" has no name + 4 */
	if (!link_port_is_tcp(name) ||
	    (colon = strrchr(h = name + 4, ':')) == NULL) {
		snprintf(err, errlen, "want tcp:HOST:PORT");
		return -1;
	}
	hn = (size_t)(colon - h);
	if (hn >= 2 && h[0] == '[' && h[hn - 1] == ']')
		h++, hn -= 2;	/* [::1]:5000 */
	errno = 0;
	v = strtol(colon + 1, &end, 10);
	if (copy_part(host, hostlen, h, hn) != 0 || colon[1] == '\0' ||
	    *end != '\0' || errno || v < !allow_zero || v > 65535 ||
	    copy_part(port, portlen, colon + 1, strlen(colon + 1)) != 0) {
		snprintf(err, errlen, "want tcp:HOST:PORT with a port from %d "
		    "to 65535", !allow_zero);
		return -1;
	}
	return 0;
}

/* Wait for a non-blocking connect; 0, or -1 with errno (ETIMEDOUT). */
static int
finish_connect(int fd, int timeout_ms)
{
	struct pollfd pfd = { fd, POLLOUT, 0 };
	socklen_t len = sizeof(int);
	int r, soerr = 0;

	do
		r = poll(&pfd, 1, timeout_ms);
	while (r < 0 && errno == EINTR);
	if (r == 0) {
		errno = ETIMEDOUT;
		return -1;
	}
	if (r < 0 || getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &len) != 0)
		return -1;
	errno = soerr;
	return soerr ? -1 : 0;
}

/* One address: a connected, non-blocking socket, or -1 with errno. */
static int
try_address(const struct addrinfo *ai)
{
	int fd, one = 1, saved;

	fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC |
	    SOCK_NONBLOCK, ai->ai_protocol);
	if (fd < 0)
		return -1;
	if (connect(fd, ai->ai_addr, ai->ai_addrlen) != 0 &&
	    (errno != EINPROGRESS || finish_connect(fd,
	    WIRE_TCP_CONNECT_MS) != 0)) {
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	/* requests are small frames: send each at once */
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	return fd;
}

static void
reason(int e, char *err, size_t errlen, int *unavailable)
{
	if (e == ETIMEDOUT) {
		*unavailable = 2;
		snprintf(err, errlen, "no answer within %d ms",
		    WIRE_TCP_CONNECT_MS);
		return;
	}
	*unavailable = e == ECONNREFUSED || e == EHOSTUNREACH ||
	    e == ENETUNREACH || e == EADDRNOTAVAIL || e == ECONNRESET;
	if (e == ECONNREFUSED)
		snprintf(err, errlen, "connection refused (is the robot's "
		    "server listening on that port?)");
	else
		snprintf(err, errlen, "%s", strerror(e));
}

struct wire_port *
link_port_tcp_open(const char *name, char *err, size_t errlen,
    int *unavailable)
{
	struct addrinfo hints, *res, *ai;
	struct wire_port *p;
	char host[256], port[8];
	int fd = -1, r, e = ECONNREFUSED;

	*unavailable = 0;
	if (link_tcp_split(name, 0, host, sizeof host, port, sizeof port, err,
	    errlen) != 0)
		return NULL;
	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	if ((r = getaddrinfo(host, port, &hints, &res)) != 0) {
		*unavailable = 1;
		snprintf(err, errlen, "%s: %s", host, gai_strerror(r));
		return NULL;
	}
	for (ai = res; ai && fd < 0; ai = ai->ai_next)
		if ((fd = try_address(ai)) < 0)
			e = errno;
	freeaddrinfo(res);
	if (fd < 0) {
		reason(e, err, errlen, unavailable);
		return NULL;
	}
	if ((p = link_port_new(WIRE_PORT_TCP, name, fd, err, errlen)) == NULL)
		close(fd);
	return p;
}
