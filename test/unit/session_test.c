/*
 * session_test.c - the host link's give-up budget (common/link/session.c)
 * against a forked "robot" on a pseudo-terminal that never answers: a
 * silent one is given up after (retries + 1) x timeout, one that keeps
 * talking (EVENTS frames) after twice that, and never later than bounded.
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

/* How long one unanswered STATUS request took to be given up, in ms;
 * -1 if it ended any other way. */
static long
give_up_ms(int chatty)
{
	int master, slave;
	char name[64], err[200];
	int unavailable;
	struct termios t;
	struct wire_port *port;
	struct wire_session s;
	struct wire_frame reply;
	uint64_t t0;
	long ms = -1;
	pid_t pid;

	if (openpty(&master, &slave, name, NULL, NULL) != 0)
		return -1;
	tcgetattr(slave, &t);
	cfmakeraw(&t);
	tcsetattr(slave, TCSANOW, &t);
	if ((pid = fork()) == 0) {
		close(slave);
		robot(master, chatty);
	}
	close(master);
	port = wire_port_open(name, 115200, err, sizeof err, &unavailable);
	if (port != NULL) {
		wire_session_init(&s, port, TIMEOUT_MS, RETRIES);
		t0 = wire_now_ms();
		if (wire_call(&s, WIRE_STATUS, NULL, 0, &reply) != 0 &&
		    s.fail == WIRE_FAIL_TIMEOUT)
			ms = (long)(wire_now_ms() - t0);
		wire_port_close(port);
	}
	close(slave);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
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

int
main(void)
{
	RUN(test_silent_robot);
	RUN(test_robot_still_heard);
	return check_report("session");
}
