/*
 * listen.c - the listening socket behind armsim --listen.  The address
 * syntax is armctl's (lib/link/tcp.h) so one string serves both ends.
 */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "link/tcp.h"
#include "listen.h"

/* "tcp:HOST:PORT" with the port the kernel gave us. */
static void
show_address(int fd, const char *host, char *shown, size_t cap)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof ss;
	char port[16] = "?";

	if (getsockname(fd, (struct sockaddr *)&ss, &len) == 0)
		getnameinfo((struct sockaddr *)&ss, len, NULL, 0, port,
		    sizeof port, NI_NUMERICSERV);
	snprintf(shown, cap, strchr(host, ':') ? "tcp:[%s]:%s" :
	    "tcp:%s:%s", host, port);
}

static int
bind_first(const struct addrinfo *res)
{
	const struct addrinfo *ai;
	int fd, one = 1;

	for (ai = res; ai; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC |
		    SOCK_NONBLOCK, ai->ai_protocol);
		if (fd < 0)
			continue;
		/* a restarted armsim may take its port back at once */
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
		if (bind(fd, ai->ai_addr, ai->ai_addrlen) == 0 &&
		    listen(fd, 1) == 0)
			return fd;
		close(fd);
	}
	return -1;
}

int
sim_listen_open(const char *spec, int *fd, char *shown, size_t cap,
    char *err, size_t errlen, int *usage)
{
	struct addrinfo hints, *res;
	char host[256], port[8];
	int r;

	*usage = 1;
	if (link_tcp_split(spec, 1, host, sizeof host, port, sizeof port, err,
	    errlen) != 0)
		return -1;
	*usage = 0;
	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE;
	if ((r = getaddrinfo(host, port, &hints, &res)) != 0) {
		snprintf(err, errlen, "%s: %s", host, gai_strerror(r));
		return -1;
	}
	*fd = bind_first(res);
	r = errno;
	freeaddrinfo(res);
	if (*fd < 0) {
		snprintf(err, errlen, "cannot listen: %s", strerror(r));
		return -1;
	}
	show_address(*fd, host, shown, cap);
	return 0;
}

int
sim_listen_accept(int fd)
{
	int c, one = 1;

	if ((c = accept(fd, NULL, NULL)) < 0)
		return -1;
	if (fcntl(c, F_SETFL, fcntl(c, F_GETFL) | O_NONBLOCK) != 0 ||
	    fcntl(c, F_SETFD, FD_CLOEXEC) != 0) {
		close(c);
		return -1;
	}
	/* replies are small frames: send each at once */
	setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	return c;
}
