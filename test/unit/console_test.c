/*
 * console_test.c - lib/client/console.c, the reconnect-and-retry loop of
 * armctl session, against armsim's robot in this process (memrobot.h): a
 * line whose link breaks is followed by a new handshake with the hooks
 * run again, a robot that keeps dropping the link is given up on, a hook
 * of ours that fails ends the console, and a signal ends it too; the
 * robot's own event log (lib/client/log.c).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <stdint.h>
#include <string.h>

#include "client/console.h"
#include "client/keep.h"
#include "client/log.h"
#include "memrobot.h"

#define BROKEN 74	/* the caller's codes (the test's own) */
#define SIGNALLED 99

struct hooks {
	int attached, greeted, resumed, reconnects;
	int attach_fails;	/* attach returns this */
	int line_breaks;	/* the line dies again after each handshake */
	int reconnect_fails;	/* reconnect answers CLIENT_TIMEOUT */
};

static struct hooks h;
static struct client_console k;
static volatile sig_atomic_t signalled;

static int
attach(void *ctx)
{
	struct hooks *x = ctx;

	x->attached++;
	return x->attach_fails;
}

static int
greet(void *ctx)
{
	((struct hooks *)ctx)->greeted++;
	return 0;
}

static int
resume(void *ctx)
{
	((struct hooks *)ctx)->resumed++;
	return 0;
}

/* The line loses every frame, or none. */
static void
line_dead(int dead)
{
	ml.sim.line.drop = dead ? 1.0 : 0;
	ml.sim.line.faulty = 1;
}

/* The robot back: the line heals (unless it is to break again) and the
 * client shakes hands on it. */
static enum client_status
reconnect(void *ctx, struct client *c)
{
	struct hooks *x = ctx;
	enum client_status st;

	x->reconnects++;
	if (x->reconnect_fails)
		return CLIENT_TIMEOUT;
	line_dead(0);
	st = client_connect(c);
	line_dead(x->line_breaks);
	return st;
}

static int
code(enum client_status st)
{
	return st == CLIENT_IO ? BROKEN : st == CLIENT_OK ? 0 : 100 + (int)st;
}

/* One line on the link: PLAN_INFO, its outcome as the caller's code. */
static int
line(void)
{
	return code(client_plan_info(&cl, NULL));
}

static void
console_up(void)
{
	memset(&ml, 0, sizeof ml);
	ml.sim.arm.joints = 2;
	ml.sim.arm.link[0] = ml.sim.arm.link[1] = 100;
	ml.sim.arm.speed[0] = ml.sim.arm.speed[1] = 90;
	memrobot_up(1000000, 0, 1);
	memset(&h, 0, sizeof h);
	signalled = 0;
	cl.interrupted = &signalled;
	client_console_init(&k, &cl);
	k.ctx = &h;
	k.attach = attach;
	k.greet = greet;
	k.resume = resume;
	k.reconnect = reconnect;
	k.code = code;
	k.interrupted = SIGNALLED;
}

/* A line whose link breaks; the next line first shakes hands again. */
static void
test_reconnects(void)
{
	console_up();
	CHECK(client_console_begin(&k) == 0);
	CHECK(h.attached == 1 && h.greeted == 1);
	CHECK(client_console_more(&k, 1) && client_console_ready(&k) == 0);
	client_console_ran(&k, line());
	CHECK(k.up && k.status == 0 && h.resumed == 1);
	line_dead(1);
	CHECK(client_console_ready(&k) == 0);
	client_console_ran(&k, line());
	CHECK(!k.up);
	CHECK(k.status != 0);
	CHECK(h.resumed == 1);		/* not on a link that broke */
	CHECK(client_console_more(&k, 1));	/* on top: taken up at once */
	CHECK(k.up && h.reconnects == 1 && k.drops == 1);
	CHECK(h.attached == 2 && h.greeted == 2);
	CHECK(heard("session: the link is lost; reconnecting"));
	CHECK(heard("session: connected to armsim"));
	CHECK(client_console_ready(&k) == 0);
	client_console_ran(&k, line());
	CHECK(k.drops == 0 && h.resumed == 2);
	/* the failed line's code stays the console's */
	CHECK(client_console_end(&k) == k.status && k.status != 0);
	robot_down();
}

/* Every line breaks the link: the sixth reconnection is not tried. */
static void
test_gives_up(void)
{
	int i;

	console_up();
	CHECK(client_console_begin(&k) == 0);
	h.line_breaks = 1;
	line_dead(1);
	for (i = 0; i < 10 && !k.fatal; i++) {
		if (client_console_ready(&k) == 0)
			client_console_ran(&k, line());
	}
	CHECK(h.reconnects == CLIENT_CONSOLE_DROPS);
	CHECK(k.fatal == BROKEN && client_console_end(&k) == BROKEN);
	CHECK(heard("session: the robot keeps dropping the link; giving up"));
	CHECK(!client_console_more(&k, 1));
	robot_down();
}

/* A reconnection that fails ends the console with its code. */
static void
test_reconnect_fails(void)
{
	console_up();
	CHECK(client_console_begin(&k) == 0);
	line_dead(1);
	client_console_ran(&k, line());
	h.reconnect_fails = 1;
	CHECK(client_console_ready(&k) != 0);
	CHECK(h.reconnects == 1);
	CHECK(client_console_end(&k) == 100 + CLIENT_TIMEOUT);
	robot_down();
}

/* Our own hook failing (a log that cannot be written) ends it at once;
 * a signal ends it before the next line. */
static void
test_ours_and_signals(void)
{
	console_up();
	h.attach_fails = 7;
	CHECK(client_console_begin(&k) == 7);
	CHECK(h.greeted == 0 && client_console_end(&k) == 7);
	CHECK(!client_console_more(&k, 1));
	robot_down();

	console_up();
	CHECK(client_console_begin(&k) == 0);
	CHECK(client_console_more(&k, 1));
	signalled = SIGINT;
	client_console_more(&k, 1);
	CHECK(k.fatal == SIGNALLED && !client_console_more(&k, 1));
	robot_down();
}

/* An idle console asks the robot now and then; a line gone dead is
 * noticed without a line typed. */
static void
test_idle(void)
{
	console_up();
	CHECK(client_console_begin(&k) == 0);
	client_console_idle(&k);
	CHECK(k.up);
	line_dead(1);
	sim_memlink_run(&ml, 3000);
	k.last_ask = 0;
	CHECK(client_now(&cl) >= CLIENT_KEEPALIVE_MS);
	client_console_idle(&k);
	CHECK(!k.up);
	robot_down();
}

/* A signal while idle (as when a line too long is skipped): the
 * keepalive's ask cut short is the signal, not a lost link. */
static void
test_idle_signal(void)
{
	console_up();
	CHECK(client_console_begin(&k) == 0);
	sim_memlink_run(&ml, 3000);
	k.last_ask = 0;
	signalled = SIGINT;
	client_console_idle(&k);
	CHECK(!client_console_more(&k, 1));
	CHECK(k.fatal == SIGNALLED && h.reconnects == 0);
	robot_down();
}

/* The log's file name, from the handshake's firmware and the port. */
static void
test_log_name(void)
{
	char out[300];

	client_log_name(out, sizeof out, "d", "armsim 0.1.0", "/dev/ttyACM0");
	CHECK_STR(out, "d/armsim_0.1.0@ttyACM0.csv");
	client_log_name(out, sizeof out, "d", "a/b:c", "tcp:[::1]:7000");
	CHECK_STR(out, "d/a_b_c@___1__7000.csv");
}

/* A log per robot, opened again at each connection; a folder that is a
 * file is ours to fix, said, and no link's fault. */
static void
test_log(void)
{
	char dir[] = "/tmp/console_test.XXXXXX", path[400];
	struct client_log l;
	FILE *fp;

	CHECK(mkdtemp(dir) != NULL);
	console_up();
	memset(&l, 0, sizeof l);
	l.dir = dir;
	CHECK(client_log_attach(&l, &cl) == CLIENT_OK);
	CHECK(client_log_resume(&l) == CLIENT_OK);
	client_log_name(path, sizeof path, dir, cl.hello.firmware,
	    cl.port_name);
	CHECK(strncmp(cl.hello.firmware, "armsim", 6) == 0);
	CHECK(client_log_attach(&l, &cl) == CLIENT_OK);	/* again: appended */
	CHECK(client_log_close(&l) == CLIENT_OK);
	CHECK((fp = fopen(path, "r")) != NULL);
	CHECK(strstr(path, "/armsim_0.1.0@") != NULL);
	if (fp)
		fclose(fp);
	/* a file where the folder should be */
	memset(&l, 0, sizeof l);
	l.dir = path;
	CHECK(client_log_attach(&l, &cl) == CLIENT_LOCAL_IO);
	CHECK(heard(path));
	CHECK(!client_link_broke(&cl));
	CHECK(client_log_close(&l) == CLIENT_OK);
	unlink(path);
	rmdir(dir);
	robot_down();
}

int
main(void)
{
	RUN(test_reconnects);
	RUN(test_gives_up);
	RUN(test_reconnect_fails);
	RUN(test_ours_and_signals);
	RUN(test_idle_signal);
	RUN(test_idle);
	RUN(test_log_name);
	RUN(test_log);
	client_free(&cl);
	return check_report("console");
}
