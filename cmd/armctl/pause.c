/*
 * pause.c - armctl pause, resume, step N and rate HZ: hold the running
 * plan with all its state, run it on cycle by cycle, or change how many
 * cycles it runs a second.  Each says at which cycle the plan stands.
 */
#include <stdio.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/usage.h"
#include "control.h"

static int
pause_call(struct ctl *c, uint8_t op, uint16_t steps, struct wire_paused *a,
    const char *doing)
{
	struct wire_frame reply;
	struct wire_pause m;
	uint8_t p[WIRE_PAYLOAD_MAX];
	int r;

	m.op = op;
	m.steps = steps;
	if ((r = control_call(c, WIRE_PAUSE, p, wire_pause_encode(&m, p),
	    &reply, doing)) != 0)
		return r;
	if (wire_paused_decode(a, reply.payload, reply.len) != 0) {
		warnx_tool("%s: the robot sent a malformed reply", doing);
		return EXIT_IOERR;
	}
	return 0;
}

/* pause | resume */
int
cmd_pause(struct ctl *c, int argc, char **argv)
{
	int resume = strcmp(argv[0], "resume") == 0;
	struct wire_paused a;
	int r;

	if (argc != 1)
		return usage_error("%s: unexpected argument: %s", argv[0],
		    argv[1]);
	if ((r = pause_call(c, c->check ? WIRE_PAUSE_QUERY : resume ?
	    WIRE_PAUSE_RESUME : WIRE_PAUSE_HOLD, 0, &a, argv[0])) != 0)
		return r;
	/* --check asks only: the plan may not be running */
	printf("%s at cycle %lu\n", !(a.flags & WIRE_F_RUNNING) ? "stopped" :
	    a.flags & WIRE_F_PAUSED ? "paused" : "running",
	    (unsigned long)a.cycle);
	return 0;
}

/* The robot's cycle rate (of this or of the last run), from STATE. */
static int
robot_rate(struct ctl *c, uint16_t *rate, const char *doing)
{
	struct wire_frame reply;
	struct wire_state st;
	struct wire_page pg = { WIRE_STATE_RUN, 0 };
	uint8_t p[WIRE_PAYLOAD_MAX];
	int r;

	if ((r = control_call(c, WIRE_STATE, p, wire_page_encode(&pg, p),
	    &reply, doing)) != 0)
		return r;
	if (wire_state_decode(&st, reply.payload, reply.len) != 0) {
		warnx_tool("%s: the robot sent a malformed reply", doing);
		return EXIT_IOERR;
	}
	*rate = st.rate;
	return 0;
}

/* Ask until the steps are done; a bound of twice their time, and 2 s. */
static int
wait_steps(struct ctl *c, struct wire_paused *a, uint16_t rate)
{
	uint64_t end = wire_now_ms() + 2000 + 2000ull * a->left / rate;
	int r;

	while (a->left > 0) {
		if (wire_now_ms() > end) {
			warnx_tool("step: %u cycles still to run after the "
			    "time they should take", (unsigned)a->left);
			return EXIT_TEMPFAIL;
		}
		if ((r = ctl_sleep(c, 1000 / rate < 20 ? 20 : 1000 / rate)) !=
		    0 || (r = pause_call(c, WIRE_PAUSE_QUERY, 0, a, "step")) !=
		    0)
			return r;
	}
	return 0;
}

/* step N: the paused plan runs N cycles at its rate, then waits again. */
int
cmd_step(struct ctl *c, int argc, char **argv)
{
	struct wire_paused a;
	uint16_t rate;
	long n;
	int r;

	if (argc != 2 || num_long(argv[1], 1, 65535, &n) != 0)
		return usage_error("step: give N, 1 to 65535 cycles");
	if (c->check)
		return 0;
	if ((r = robot_rate(c, &rate, "step")) != 0 ||
	    (r = pause_call(c, WIRE_PAUSE_STEP, (uint16_t)n, &a, "step")) !=
	    0 ||
	    (r = wait_steps(c, &a, rate ? rate : 1)) != 0)
		return r;
	printf("paused at cycle %lu\n", (unsigned long)a.cycle);
	return 0;
}

static int
print_rate(struct ctl *c)
{
	static const char *const cols[] = { "rate" };
	struct table t;
	uint16_t rate;
	int r;

	if ((r = robot_rate(c, &rate, "rate")) != 0)
		return r;
	control_table(c, &t, cols, 1);
	table_long(&t, rate);
	table_end_row(&t);
	return table_flush(&t) ? EXIT_IOERR : 0;
}

/* rate [HZ]: the running plan's cycles a second, printed or set. */
int
cmd_rate(struct ctl *c, int argc, char **argv)
{
	struct wire_frame reply;
	uint8_t p[2];
	long hz;

	if (argc > 2 || (argc == 2 && num_long(argv[1], 1, 65535, &hz) != 0))
		return usage_error("rate: give HZ, cycles a second");
	if (argc == 1)
		return print_rate(c);
	if (c->check)
		return 0;
	p[0] = (uint8_t)hz;
	p[1] = (uint8_t)(hz >> 8);
	return control_call(c, WIRE_RATE, p, 2, &reply, "rate");
}
