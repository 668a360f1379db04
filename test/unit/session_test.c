/*
 * session_test.c - the host link (lib/link/session.c) against a forked
 * "robot" on a pseudo-terminal.  One that never answers: a silent one is
 * given up after (retries + 1) x timeout, one that keeps talking (EVENTS
 * frames) after twice that, and never later than bounded.  One that NAKs
 * a request at once: resent on the NAK, with no timeout.
 */
#define _DEFAULT_SOURCE		/* openpty */
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "check.h"
#include "link/port.h"
#include "link/session.h"
#include "wire/frame.h"
#include "wire/msg.h"

#define TIMEOUT_MS	200
#define RETRIES		2
#define BUDGET_MS	(TIMEOUT_MS * (RETRIES + 1))

/* The robot's end: swallow every request; if chatty, send an EVENTS
 * frame every 20 ms.  Runs until killed. */
static void
robot(int fd, int chatty)
{
	uint8_t frame[WIRE_FRAME_MAX], junk[256], none = 0;
	uint8_t n = wire_frame_encode(frame, 0, WIRE_EVENTS, &none, 0);

	for (;;) {
		struct timeval tv = { 0, 20000 };
		fd_set rd;

		FD_ZERO(&rd);
		FD_SET(fd, &rd);
		if (select(fd + 1, &rd, NULL, NULL, &tv) > 0 &&
		    read(fd, junk, sizeof junk) <= 0)
			_exit(0);
		if (chatty && write(fd, frame, n) != (ssize_t)n)
			_exit(0);
	}
}

/* The robot's end for a NAK: the first request that comes is NAKed as
 * soon as it is whole, the second answered. */
static void
robot_naks_first(int fd)
{
	struct wire_decoder dec;
	struct wire_frame f;
	uint8_t buf[256], out[WIRE_FRAME_MAX], n;
	ssize_t got, i;
	int seen = 0;

	wire_decoder_init(&dec);
	while ((got = read(fd, buf, sizeof buf)) > 0)
		for (i = 0; i < got; i++) {
			wire_decoder_push(&dec, buf[i]);
			while (wire_decoder_next(&dec, &f)) {
				n = seen++ == 0 ?
				    wire_frame_encode(out, f.seq, WIRE_NAK,
				    NULL, 0) : wire_frame_encode(out, f.seq,
				    (uint8_t)(f.type | WIRE_REPLY), NULL, 0);
				if (write(fd, out, n) != (ssize_t)n)
					_exit(0);
			}
		}
	_exit(0);
}

/* A robot on a pty in a child (mode 0 silent, 1 chatty, 2 NAKs first);
 * its pid, and the host's end open as a port in *port.  -1 on failure. */
static pid_t
start_robot(int mode, struct wire_port **port)
{
	int master, slave, unavailable;
	char name[64], err[200];
	struct termios t;
	pid_t pid;

	if (openpty(&master, &slave, name, NULL, NULL) != 0)
		return -1;
	tcgetattr(slave, &t);
	cfmakeraw(&t);
	tcsetattr(slave, TCSANOW, &t);
	if ((pid = fork()) == 0) {
		close(slave);
		if (mode == 2)
			robot_naks_first(master);
		robot(master, mode);
	}
	close(master);
	*port = link_port_open(name, 115200, err, sizeof err, &unavailable);
	close(slave);
	if (*port == NULL) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		return -1;
	}
	return pid;
}

static void
stop_robot(pid_t pid, struct wire_port *port)
{
	link_port_close(port);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

/* How long one unanswered STATUS request took to be given up, in ms;
 * -1 if it ended any other way. */
static long
give_up_ms(int chatty)
{
	struct wire_port *port;
	struct wire_session s;
	struct wire_frame reply;
	uint64_t t0;
	long ms = -1;
	pid_t pid;

	if ((pid = start_robot(chatty, &port)) < 0)
		return -1;
	link_session_init(&s, port, TIMEOUT_MS, RETRIES);
	t0 = link_now_ms();
	if (link_call(&s, WIRE_STATUS, NULL, 0, &reply) != 0 &&
	    s.fail == WIRE_FAIL_TIMEOUT)
		ms = (long)(link_now_ms() - t0);
	stop_robot(pid, port);
	return ms;
}

static void
test_silent_robot(void)
{
	long ms = give_up_ms(0);

	/* Not before the budget; well before twice it (500 ms of slack for
	 * a loaded machine). */
	CHECK(ms >= BUDGET_MS);
	CHECK(ms < 2 * BUDGET_MS - 100);
}

static void
test_robot_still_heard(void)
{
	long ms = give_up_ms(1);

	/* Twice the budget, and bounded all the same. */
	CHECK(ms >= 2 * BUDGET_MS);
	CHECK(ms < 4 * BUDGET_MS);
}

/* A NAK for a request sent once is news however early it comes: the
 * request goes again at once, not after a resend timeout. */
static void
test_nak_at_once(void)
{
	struct wire_port *port;
	struct wire_session s;
	struct wire_frame reply;
	uint8_t payload[WIRE_CHUNK_MAX];
	pid_t pid;

	CHECK((pid = start_robot(2, &port)) > 0);
	if (pid <= 0)
		return;
	/* a long timeout: a loaded machine's slow robot is no timeout,
	 * while a NAK that waited for one would still count it */
	link_session_init(&s, port, 5000, RETRIES);
	s.selective = 1;	/* as HELLO would set it for our robots */
	/* A full frame, which the host reckons takes milliseconds to reach
	 * the robot: the NAK on a pty comes back well before that. */
	memset(payload, 0x55, sizeof payload);
	CHECK(link_call(&s, WIRE_STATUS, payload, sizeof payload,
	    &reply) == 0);
	CHECK(reply.type == (WIRE_STATUS | WIRE_REPLY));
	CHECK(s.naks == 1 && s.resent == 1 && s.timeouts == 0);
	stop_robot(pid, port);
}

int
main(void)
{
	RUN(test_silent_robot);
	RUN(test_robot_still_heard);
	RUN(test_nak_at_once);
	return check_report("session");
}
