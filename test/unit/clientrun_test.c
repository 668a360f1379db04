/*
 * clientrun_test.c - a whole run on a spine robot (lib/client/run.c) and
 * the detours' executor (lib/client/detour.c) against armsim's robot in
 * this process (hw/sim/memlink.c, a simulated clock): back along the path
 * the arm came where a straight line would meet another obstacle, the
 * encoders kept while the arm lags, a stop short said, a way back blocked
 * by a hand, and the detours round a ball, or help asked for when the
 * ball holds the target.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arm/obstacle.h"
#include "arm/path.h"
#include "client/detour.h"
#include "client/stream.h"
#include "memrobot.h"

static struct arm_desc so101;

/* The robot as set up in ml.sim.arm, a fast clean line, connected. */
static void
robot_up(void)
{
	memrobot_up(1000000, 0, 1);
}

/* A planar arm of links l (mm) at 400 deg/s, circles obs (x, y, r). */
static void
planar_up(int joints, const double *l, const double *obs, int nobs)
{
	int j;

	memset(&ml, 0, sizeof ml);
	ml.sim.arm.joints = joints;
	for (j = 0; j < joints; j++) {
		ml.sim.arm.link[j] = l[j];
		ml.sim.arm.speed[j] = 400;
	}
	for (j = 0; j < nobs; j++) {
		ml.sim.arm.obs[j].x = obs[3 * j];
		ml.sim.arm.obs[j].y = obs[3 * j + 1];
		ml.sim.arm.obs[j].r = obs[3 * j + 2];
	}
	ml.sim.arm.nobs = nobs;
	robot_up();
}

/* The SO-101 at pose q (its positioning joints), with obstacles. */
static void
so101_up(const double *q, const char *const *obs, int nobs)
{
	const char *why;
	int j;

	memset(&ml, 0, sizeof ml);
	ml.sim.arm.desc = &so101;
	ml.sim.arm.joints = so101.njoints;
	for (j = 0; j < so101.njoints; j++) {
		ml.sim.arm.link[j] = so101.joint[j].length;
		ml.sim.arm.speed[j] = so101.joint[j].speed;
		ml.sim.arm.q[j] = j < 4 ? q[j] : 0;
	}
	for (j = 0; j < nobs; j++)
		CHECK(arm_obstacle_parse(obs[j], &ml.sim.arm.obs3[j], &why) ==
		    0);
	ml.sim.arm.nobs3 = nobs;
	robot_up();
}

static void
motion(struct client_motion *mo, const struct arm_desc *a)
{
	memset(mo, 0, sizeof *mo);
	mo->period_ms = 20;
	mo->threshold_deg = 5;
	mo->persist = 2;
	mo->pause_ms = 100;
	mo->arm = a;
}

static void
here(double *q)
{
	int32_t m[WIRE_MAX_JOINTS];
	int j;

	CHECK(client_encoders(&cl, m, "pos") == CLIENT_OK);
	for (j = 0; j < ml.sim.arm.joints; j++)
		q[j] = m[j] / 1000.0;
}

/*
 * As armctl-run.bats: fold the forearm down, swing q1 to 90 folded,
 * unfold into obstacle A at (0,175).  The straight joint line home from
 * there passes obstacle B at 45 degrees; the folded way it came does not.
 */
static void
test_retrace_fold(void)
{
	static const double l[] = { 100, 80 };
	static const double obs[] = { 0, 175, 8, 106.07, 106.07, 10 };
	int32_t q[64 * 2], home[2] = { 0, 0 };
	double at[2], mid[2], worst = INFINITY, c;
	struct client_motion mo;
	struct client_steps st;
	struct client_trace tr;
	int n = 0, k, v;

	for (v = 0; v >= -150; v -= 10, n++) {
		q[2 * n] = 0;
		q[2 * n + 1] = v * 1000;
	}
	for (v = 10; v <= 90; v += 10, n++) {
		q[2 * n] = v * 1000;
		q[2 * n + 1] = -150000;
	}
	for (v = -140; v <= 30; v += 10, n++) {
		q[2 * n] = 90000;
		q[2 * n + 1] = v * 1000;
	}
	memset(&st, 0, sizeof st);
	st.q = q;
	st.n = (uint32_t)n;
	st.joints = 2;
	st.run_id = 5;
	motion(&mo, NULL);
	mo.period_ms = 35;
	planar_up(2, l, obs, 2);
	CHECK(client_run_traced(&cl, &st, 1, home, &mo, &tr) ==
	    CLIENT_OBSTRUCTED);
	CHECK(tr.ran == CLIENT_RAN_BACK);
	CHECK(heard("run: obstructed at step "));
	CHECK(heard("run: went back along its path to where the run began"));
	CHECK(!heard("human help"));
	here(at);
	CHECK_NEAR(at[0], 0, 1e-9);
	CHECK_NEAR(at[1], 0, 1e-9);
	/* the straight line from where it stopped would have met B */
	for (k = 0; k <= 100; k++) {
		for (v = 0; v < 2; v++)
			mid[v] = tr.rest[v] / 1000.0 * (1 - k / 100.0);
		c = sim_arm_clearance(&ml.sim.arm, mid);
		worst = c < worst ? c : worst;
	}
	CHECK(worst < 0);
	client_trace_free(&tr);
	robot_down();
}

/* arms.md 23's path: elbow up, pan across, elbow down into a sphere. */
static struct arm_path detour23;

static void
make_detour23(void)
{
	static const double way[4][6] = { { 0, 0, 0, 0, 0, 0 },
	    { 0, 0, 60, 0, 0, 0 }, { 60, 0, 60, 0, 0, 0 },
	    { 60, 0, 0, 0, 0, 0 } };
	int i, k;

	memset(&detour23, 0, sizeof detour23);
	for (i = 0; i < 3; i++)
		for (k = i ? 1 : 0; k <= 50; k++) {
			double u = k / 50.0, s = u * u * u * (10 - 15 * u +
			    6 * u * u), q[6];
			int j;

			for (j = 0; j < 6; j++)
				q[j] = way[i][j] + s * (way[i + 1][j] -
				    way[i][j]);
			CHECK(arm_path_append(&detour23, 6, q, i + k / 50.0,
			    0) == 0);
		}
}

/*
 * The sphere stops the elbow near 18 degrees at pan 60: the arm goes
 * back along the way it came (a straight line to 0,0,0,0 would cut
 * through the sphere); the encoders read while it lagged are where it
 * really was, clear of the sphere, where the steps it was told were not.
 */
static void
test_retrace_so101(void)
{
	static const char *const wall[] = { "sphere:157.0,271.9,341.1,15" };
	static const double zero[4];
	int32_t home[6] = { 0 };
	struct client_motion mo;
	struct client_trace tr;
	double q[6], m[6];
	uint32_t r, k;
	int j, inside = 0;

	so101_up(zero, wall, 1);
	motion(&mo, &so101);
	CHECK(client_run_path(&cl, &detour23, home, &mo, &tr) ==
	    CLIENT_OBSTRUCTED);
	CHECK(tr.ran == CLIENT_RAN_BACK);
	CHECK(heard("run: obstructed at step 13"));
	CHECK(heard(": elbow_flex "));
	here(q);
	for (j = 0; j < 6; j++)
		CHECK_NEAR(q[j], 0, 1e-9);
	CHECK(tr.nread > 0);
	for (r = 0; r < tr.nread; r++) {
		for (j = 0; j < 6; j++)
			m[j] = tr.read_q[r * 6 + j] / 1000.0;
		/* on its surface, to a millidegree's rounding */
		CHECK(sim_arm_clearance(&ml.sim.arm, m) > -0.05);
	}
	for (k = 1; k <= tr.executed; k++)
		if (tr.lag[k - 1] > 2500)
			inside += sim_arm_clearance(&ml.sim.arm, detour23.q +
			    (k - 1) * 6) < 0;
	CHECK(inside > 0);
	client_trace_free(&tr);
	robot_down();
}

/* arms.md 24: held 2.9 degrees short of 60,0,0,0; with back_when_short
 * it then goes back. */
static void
test_short(void)
{
	static const char *const ball[] = { "sphere:162,280.6,265,15" };
	static const double zero[4];
	int32_t home[6] = { 0 };
	struct client_motion mo;
	struct client_trace tr;
	double q[6];

	so101_up(zero, ball, 1);
	motion(&mo, &so101);
	CHECK(client_run_path(&cl, &detour23, home, &mo, &tr) ==
	    CLIENT_OBSTRUCTED);
	CHECK(tr.ran == CLIENT_RAN_SHORT);
	CHECK(tr.short_joint == 2);
	CHECK(tr.short_by > 2 && tr.short_by < 4);
	CHECK(heard("short of the last waypoint (elbow_flex at "));
	here(q);
	CHECK_NEAR(q[0], 60, 1e-9);
	client_trace_free(&tr);
	robot_down();
	/* the same, going back after it (the detours do) */
	so101_up(zero, ball, 1);
	mo.back_when_short = 1;
	CHECK(client_run_path(&cl, &detour23, home, &mo, &tr) ==
	    CLIENT_OBSTRUCTED);
	CHECK(tr.ran == CLIENT_RAN_SHORT);
	CHECK(heard("run: went back along its path to where the run began"));
	here(q);
	CHECK_NEAR(q[0], 0, 1e-9);
	CHECK_NEAR(q[2], 0, 1e-9);
	client_trace_free(&tr);
	robot_down();
}

/*
 * A slow joint still closing in on the last waypoint when the robot
 * already calls it not moving (within ROBOT_AT_TARGET_MDEG, 0.5 deg, more
 * than a run's end tolerance of 0.2): the run waits for it, never calls
 * it short.  CI saw "stopped 0.4 deg short" on a free arm under load.
 */
static void
test_still_closing_in(void)
{
	static const double l[] = { 100, 80 };
	int32_t q[3 * 2] = { 0, 0, 0, 0, 450, 0 }, home[2] = { 0, 0 };
	struct client_motion mo;
	struct client_steps st;
	struct client_trace tr;
	double at[2];

	memset(&st, 0, sizeof st);
	st.q = q;
	st.n = 3;
	st.joints = 2;
	st.run_id = 9;
	motion(&mo, NULL);
	planar_up(2, l, NULL, 0);
	ml.sim.arm.speed[0] = 5;	/* 0.1 deg a 20 ms step */
	CHECK(client_run_traced(&cl, &st, 1, home, &mo, &tr) == CLIENT_OK);
	CHECK(tr.ran == CLIENT_RAN_DONE);
	CHECK(!heard("short of the last waypoint"));
	here(at);
	CHECK(fabs(at[0] - 0.45) <= 0.2);
	client_trace_free(&tr);
	robot_down();
}

/* A hand comes into the way back 0.1 s after the first contact. */
static void
test_stuck(void)
{
	static const char *const wall[] = { "sphere:157.0,271.9,341.1,15" };
	static const double zero[4];
	struct arm_obstacle hand;
	int32_t home[6] = { 0 };
	struct client_motion mo;
	struct client_trace tr;
	const char *why;
	double q[6];

	so101_up(zero, wall, 1);
	CHECK(arm_obstacle_parse("sphere:284.6,0,412,40", &hand, &why) == 0);
	CHECK(sim_arm_add_later(&ml.sim.arm, &hand, 0.1) == 0);
	motion(&mo, &so101);
	CHECK(client_run_path(&cl, &detour23, home, &mo, &tr) ==
	    CLIENT_OBSTRUCTED);
	CHECK(tr.ran == CLIENT_RAN_STUCK);
	CHECK(heard("run: obstructed again on the way back (step "));
	CHECK(heard("stopped; the arm needs human help"));
	here(q);
	CHECK(q[2] > 20 && q[2] < 60);
	client_trace_free(&tr);
	robot_down();
}

static const double sweep_from[4] = { -60, 20, 30, 20 };
static const double sweep_to[6] = { 60, 20, 30, 20, 0, 0 };

static int
detours(const char *obstacle, struct arm_obstacle_map *map,
    struct detour_outcome *out)
{
	const char *const obs[] = { obstacle };
	struct client_detour x;
	struct detour_executor ex = { client_detour_run, &x };
	struct detour_attempts_opts o;
	double from[6] = { -60, 20, 30, 20, 0, 0 };

	so101_up(sweep_from, obs, 1);
	memset(&x, 0, sizeof x);
	x.cl = &cl;
	motion(&x.mo, &so101);
	detour_attempts_defaults(&o);
	o.watch.short_lag = ARM_WATCH_ARRIVED_DEG;
	map->n = 0;
	return detour_attempts(&so101, map, from, sweep_to, NULL, &ex, &o,
	    out);
}

/*
 * q1 of a planar arm swept 4 degrees a 20 ms step into a post at 45
 * degrees over a line of `baud`, the robot told the watch's rule (or,
 * guard 0, as a robot before the rule); how far it pressed, in degrees.
 */
static double
press(long baud, int guard)
{
	static const double l[] = { 100, 80 };
	static const double post[] = { 42.43, 42.43, 5 };
	int32_t q[46 * 2], home[2] = { 0, 0 };
	struct client_motion mo;
	struct client_steps st;
	double deepest;
	int k;

	for (k = 0; k < 46; k++) {
		q[2 * k] = (k + 1) * 4000;
		q[2 * k + 1] = 0;
	}
	memset(&st, 0, sizeof st);
	st.q = q;
	st.n = 46;
	st.joints = 2;
	st.run_id = 11;
	motion(&mo, NULL);
	planar_up(2, l, post, 1);
	sim_line_init(&ml.sim.line, baud, 0, 0, -1, 1);
	if (!guard)
		cl.hello.flags &= (uint8_t)~WIRE_F_GUARD;
	CHECK(client_run(&cl, &st, 1, home, &mo) == CLIENT_OBSTRUCTED);
	CHECK(heard("run: obstructed at step "));
	deepest = ml.sim.arm.contacts.lag;
	robot_down();
	return deepest;
}

/*
 * The robot holds the arm itself by the watch's rule: the press is the
 * rule's, more than 5 degrees for 2 steps of 4, so at most 5 + 2 x 4
 * however slow the line (the host's STOP came a line's delay later: 19.8
 * degrees at 115200 baud before the rule).  A robot without the rule
 * still stops, by the host's STOP.
 */
static void
test_press(void)
{
	long baud[] = { 1000000, 115200, 38400 };
	int i;

	for (i = 0; i < 3; i++)
		CHECK(press(baud[i], 1) <= 5 + 0.001);
	CHECK(press(115200, 0) > 5);
}

/* A ball on the pan's sweep: blocked, back, mapped, round it. */
static void
test_detour(void)
{
	static struct arm_obstacle_map map;
	struct detour_outcome out;
	double q[6];
	int j;

	CHECK(detours("sphere:340.3,0,360.9,30", &map, &out) == 0);
	CHECK(out.reached && out.blocks >= 1 && out.runs >= 2);
	CHECK(map.n >= 1 && map.o[0].found == 1);
	CHECK(strncmp(map.o[0].name, "found1-", 7) == 0);
	here(q);
	for (j = 0; j < 6; j++)
		CHECK_NEAR(q[j], sweep_to[j], 1e-9);
	/* the press: the watch's 5 degrees at most (the robot's command
	 * leads its encoders by no more, and it holds itself by the rule) */
	CHECK(ml.sim.arm.contacts.steps > 0);
	CHECK(ml.sim.arm.contacts.lag <= 5 + 0.001);
	robot_down();
}

/* The ball holds the target: help asked for, back at the start. */
static void
test_detour_no_way(void)
{
	static struct arm_obstacle_map map;
	struct detour_outcome out;
	double q[6];
	int j;

	CHECK(detours("sphere:170.2,294.7,360.9,30", &map, &out) == -1);
	CHECK(!out.reached);
	CHECK(strncmp(out.why, "needs help: ", 12) == 0);
	CHECK(strstr(out.why, "obstacles found: capsule 'found1-") != NULL);
	here(q);
	for (j = 0; j < 4; j++)
		CHECK_NEAR(q[j], sweep_from[j], 1e-9);
	robot_down();
}

int
main(void)
{
	CHECK(arm_builtin_so101(&so101) == 0);
	make_detour23();
	RUN(test_retrace_fold);
	RUN(test_retrace_so101);
	RUN(test_short);
	RUN(test_still_closing_in);
	RUN(test_stuck);
	RUN(test_press);
	RUN(test_detour);
	RUN(test_detour_no_way);
	arm_path_free(&detour23);
	client_free(&cl);
	return check_report("clientrun");
}
