/*
 * portlock_test.c - tcp:HOST:PORT parsing (lib/link/tcp.c) and the
 * port lock (lib/link/lock.c): a second lock on one port is refused
 * with the holder's pid and name, two names of one device share a lock,
 * and closing the holder frees it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "link/lock.h"
#include "link/tcp.h"

static int
split(const char *name, int zero, const char *host, const char *port)
{
	char h[64], p[8], err[100];

	if (link_tcp_split(name, zero, h, sizeof h, p, sizeof p, err,
	    sizeof err) != 0)
		return host == NULL;
	return host && strcmp(h, host) == 0 && strcmp(p, port) == 0;
}

static void
test_split(void)
{
	CHECK(split("tcp:127.0.0.1:5000", 0, "127.0.0.1", "5000"));
	CHECK(split("tcp:robot.local:23", 0, "robot.local", "23"));
	CHECK(split("tcp:[::1]:5000", 0, "::1", "5000"));
	CHECK(split("tcp:localhost:0", 1, "localhost", "0"));
	CHECK(split("tcp:localhost:0", 0, NULL, NULL));
	CHECK(split("tcp:localhost:65536", 0, NULL, NULL));
	CHECK(split("tcp:localhost:", 0, NULL, NULL));
	CHECK(split("tcp:localhost", 0, NULL, NULL));
	CHECK(split("tcp::5000", 0, NULL, NULL));
	CHECK(split("tcp:h:5x", 0, NULL, NULL));
	CHECK(split("/dev/ttyACM0", 0, NULL, NULL));
	CHECK(link_port_is_tcp("tcp:a:1") && !link_port_is_tcp("/dev/tcp"));
}

/* Names shorter than "tcp:", each in a buffer of its own exact size:
   nothing past it is read (ASan sees it in make asan). */
static void
test_split_short(void)
{
	static const char *const names[] = { "", "t", "tc", "tcp" };
	size_t k;
	char *name;

	for (k = 0; k < sizeof names / sizeof names[0]; k++) {
		name = strdup(names[k]);
		CHECK(name && split(name, 1, NULL, NULL));
		free(name);
	}
}

/* What test_lock made: the lock files, the port, its link, the folder. */
static void
remove_all(const char *dir, const char *file, const char *link)
{
	char path[400];

	if (link_port_lock_path(file, path, sizeof path) == 0)
		unlink(path);
	if (link_port_lock_path("tcp:h:1", path, sizeof path) == 0)
		unlink(path);
	unlink(link);
	unlink(file);
	CHECK(rmdir(dir) == 0);
}

static void
test_lock(void)
{
	char dir[] = "/tmp/portlock_testXXXXXX", file[300], link[300];
	char err[200], want[200];
	int a, b;

	CHECK(mkdtemp(dir) != NULL);
	setenv("SPINE_LOCK_DIR", dir, 1);
	snprintf(file, sizeof file, "%s/tty", dir);
	snprintf(link, sizeof link, "%s/other", dir);
	fclose(fopen(file, "w"));
	CHECK(symlink(file, link) == 0);
	a = link_port_lock(file, err, sizeof err);
	CHECK(a >= 0);
	/* flock is per open file: a second open conflicts even here */
	b = link_port_lock(link, err, sizeof err);
	CHECK(b == -1);
	/* "port busy: NAME (pid N) has it", NAME this program's */
	snprintf(want, sizeof want, " (pid %ld) has it", (long)getpid());
	CHECK(strncmp(err, "port busy: portlock", 19) == 0);
	CHECK(strlen(err) > strlen(want) &&
	    strcmp(err + strlen(err) - strlen(want), want) == 0);
	b = link_port_lock("tcp:h:1", err, sizeof err);
	CHECK(b >= 0);
	link_port_unlock(b);
	link_port_unlock(a);
	b = link_port_lock(link, err, sizeof err);
	CHECK(b >= 0);
	link_port_unlock(b);
	remove_all(dir, file, link);
}

int
main(void)
{
	RUN(test_split);
	RUN(test_split_short);
	RUN(test_lock);
	return check_report("portlock");
}
