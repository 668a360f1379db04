/*
 * bus_run.c - armctl --bus run: goal positions streamed with SYNC WRITE
 * and the servos' own feedback read with SYNC READ every control period;
 * a joint both behind and loaded for --persist periods is an obstruction:
 * hold, report it, and go back to the start of the run as PYT did.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arm/path.h"
#include "bus.h"
#include "host/diag.h"
#include "host/exits.h"
#include "link/session.h"
#include "client/wayback.h"
#include "traj.h"

#define SETTLE_DEG 0.2		/* reached: within about 2 ticks */
#define SETTLE_MS 5000

struct stream {
	const char *what;	/* "run", "way back" */
	const double *q;	/* n x joints, joint values */
	uint32_t n;
	/* an obstruction */
	uint32_t step;
	int joint;
	double behind, load;
	/* figures for -v: control periods and the time they took */
	uint32_t periods;
	uint64_t busy_ns;
};

static uint64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void
sleep_until(uint64_t t)
{
	uint64_t now = now_ns();
	struct timespec ts;

	if (t <= now)
		return;
	ts.tv_sec = (time_t)((t - now) / 1000000000ull);
	ts.tv_nsec = (long)((t - now) % 1000000000ull);
	nanosleep(&ts, NULL);
}

/* Over both thresholds this period?  The gripper may squeeze what it
 * holds: it is never an obstruction. */
static int
watch(struct busctl *k, const double *goal, const struct bus_feedback *f,
    int *count, struct stream *st, uint32_t step)
{
	const struct ctl *c = k->c;
	int j;

	for (j = 0; j < k->arm.n; j++) {
		double behind = goal[j] - f->q[j];

		if (!k->arm.j[j].gripper && fabs(behind) > c->threshold_deg &&
		    fabs(f->load[j]) >= k->o->load_pct)
			count[j]++;
		else
			count[j] = 0;
		if (count[j] >= c->persist) {
			st->step = step;
			st->joint = j;
			st->behind = fabs(behind);
			st->load = fabs(f->load[j]);
			return 1;
		}
	}
	return 0;
}

/*
 * Stream st->q: 0 done, 1 obstructed (st filled), or an exit status
 * (negative CTL_INTERRUPTED included) after a message.
 */
static int
stream(struct busctl *k, struct stream *st)
{
	const int nj = k->arm.n;
	uint64_t period = (uint64_t)k->c->period_ms * 1000000ull;
	uint64_t next = now_ns(), t0 = next, base = st->busy_ns;
	int count[SERVOARM_MAX] = { 0 }, r;
	struct bus_feedback f;
	uint32_t s;

	for (s = 0; s < st->n; s++, st->busy_ns = base + now_ns() - t0) {
		const double *goal = st->q + (size_t)s * nj;
		/* the goal the servos have had a period to reach */
		const double *prev = s > 0 ? goal - nj : goal;

		if (bus_goals(k, goal) != 0 || bus_feedback(k, &f) != 0)
			return bus_failed(k, st->what);
		st->periods++;
		if ((r = bus_check_errors(k, f.err, st->what)) != 0)
			return r;
		if (watch(k, prev, &f, count, st, s + 1))
			return 1;
		if (k->c->interrupted && *k->c->interrupted)
			return CTL_INTERRUPTED;
		next += period;
		sleep_until(next);
	}
	return 0;
}

/* After the last goal: wait (bounded) until the arm is there. */
static int
settle(struct busctl *k, struct stream *st)
{
	const double *goal = st->q + (size_t)(st->n - 1) * k->arm.n;
	uint64_t end = now_ns() + SETTLE_MS * 1000000ull;
	int count[SERVOARM_MAX] = { 0 }, j, far, r;
	struct bus_feedback f;

	do {
		if (bus_feedback(k, &f) != 0)
			return bus_failed(k, st->what);
		if ((r = bus_check_errors(k, f.err, st->what)) != 0)
			return r;
		if (watch(k, goal, &f, count, st, st->n))
			return 1;
		for (j = 0, far = 0; j < k->arm.n; j++)
			far |= !k->arm.j[j].gripper &&
			    fabs(goal[j] - f.q[j]) > SETTLE_DEG;
		if (!far)
			return 0;
		if (k->c->interrupted && *k->c->interrupted)
			return CTL_INTERRUPTED;
		sleep_until(now_ns() + 10000000ull);
	} while (now_ns() < end);
	return 0;	/* close enough: the servo's own dead band */
}

/* Millidegree path from `from` to `to` as joint values (malloc'd). */
static double *
path(const double *from, const double *to, int nj, uint32_t *n)
{
	int32_t a[SERVOARM_MAX], b[SERVOARM_MAX], *m;
	double *q;
	uint32_t i;
	int j;

	for (j = 0; j < nj; j++) {
		a[j] = (int32_t)lround(from[j] * 1000);
		b[j] = (int32_t)lround(to[j] * 1000);
	}
	if (client_wayback_path(a, b, nj, &m, n) != 0)
		return NULL;
	if ((q = malloc(sizeof *q * (size_t)*n * nj)) != NULL)
		for (i = 0; i < *n * (uint32_t)nj; i++)
			q[i] = m[i] / 1000.0;
	free(m);
	return q;
}

/* Hold, say what happened, and go back to the start of the run. */
static int
obstructed(struct busctl *k, const struct stream *st, const double *start)
{
	struct bus_feedback f;
	struct stream back;
	double *q;
	int r;

	if (bus_hold(k, &f) != 0)
		return bus_failed(k, st->what);
	warnx_tool("%s: obstructed at step %u: %s %.1f\xc2\xb0 behind, load "
	    "%.0f %%", st->what, st->step, k->arm.j[st->joint].name,
	    st->behind, st->load);
	memset(&back, 0, sizeof back);
	back.what = "way back";
	if ((q = path(f.q, start, k->arm.n, &back.n)) == NULL) {
		warnx_tool("out of memory");
		return EXIT_JOB_FAILED;
	}
	back.q = q;
	r = stream(k, &back);
	if (r == 0)
		r = settle(k, &back);
	free(q);
	if (r == 1) {
		(void)bus_hold(k, &f);
		warnx_tool("run: obstructed on the way back too (%s at step "
		    "%u): the arm holds where it is; free it by hand",
		    k->arm.j[back.joint].name, back.step);
		return EXIT_JOB_FAILED;
	}
	if (r != 0)
		return r;
	warnx_tool("run: reversed to the start of the run");
	return EXIT_JOB_FAILED;
}

/* The waypoints as joint values (the gripper's column is in %). */
static double *
waypoints(struct busctl *k, const struct trajectory *t)
{
	double *q = malloc(sizeof *q * (size_t)t->n * k->arm.n);
	uint32_t i;
	int j;

	if (q == NULL)
		return NULL;
	for (i = 0; i < t->n; i++)
		for (j = 0; j < k->arm.n; j++) {
			double v = t->in[(size_t)i * t->joints + j];

			q[(size_t)i * k->arm.n + j] = k->arm.j[j].gripper ?
			    servoarm_grip_value(&k->arm, v) : v;
		}
	return q;
}

static int
read_input(struct busctl *k, int argc, char **argv, struct trajectory *t)
{
	int r;

	(void)argc;
	if ((r = traj_read(argv[1], t)) != 0)
		return r;
	if (t->cartesian || t->joints != k->arm.n) {
		warnx_tool("%s: a bus arm of %d joints wants columns q1..q%d "
		    "(degrees; the gripper in %%)", argv[1], k->arm.n,
		    k->arm.n);
		return EXIT_DATAERR;
	}
	return 0;
}

/* Approach the first waypoint from where the arm is, then the run. */
static int
go(struct busctl *k, const double *q, uint32_t n, struct stream *st)
{
	struct bus_feedback f;
	struct stream in;
	double *a;
	int j, r;

	if (bus_feedback(k, &f) != 0)
		return bus_failed(k, "run");
	if ((r = bus_check_errors(k, f.err, "run")) != 0)
		return r;
	for (j = 0; j < k->arm.n; j++)
		if ((r = bus_torque(k, j, 1)) != 0)
			return r < 0 ? bus_failed(k, "run") : EXIT_JOB_FAILED;
	memset(&in, 0, sizeof in);
	in.what = "run";
	if ((a = path(f.q, q, k->arm.n, &in.n)) == NULL)
		return EXIT_JOB_FAILED;
	in.q = a;
	r = stream(k, &in);
	free(a);
	in.q = NULL;
	st->periods += in.periods;
	st->busy_ns += in.busy_ns;
	if (r != 0) {
		if (r == 1)
			in.step = 0;	/* before the first waypoint */
		*st = in;
		return r;
	}
	st->what = "run";
	st->q = q;
	st->n = n;
	if ((r = stream(k, st)) == 0)
		r = settle(k, st);
	return r;
}

/* Ctrl-C: hold where the arm is, or with --release let it go limp. */
static void
interrupted(struct busctl *k, struct bus_feedback *f)
{
	int j, ok = 1;

	k->b.interrupted = NULL;	/* whatever happens, do this */
	if (!k->o->release) {
		if (bus_hold(k, f) == 0)
			warnx_tool("interrupted: the arm holds where it is");
		return;
	}
	for (j = 0; j < k->arm.n; j++)
		ok &= bus_torque(k, j, 0) == 0;
	if (ok)
		warnx_tool("interrupted: the arm is limp (--release)");
}

static void
report(const struct busctl *k, const struct stream *st, uint64_t t0)
{
	double s = (double)st->busy_ns / 1e9;

	if (!k->c->verbose || !k->c->port)
		return;
	fprintf(stderr, "%s: run: %u periods in %.3f s of streaming (%.1f per "
	    "second), %.3f s in all; %lu transactions, %lu timeouts, %lu "
	    "checksum errors, %lu bytes out, %lu in\n", tool_name(),
	    st->periods, s, s > 0 ? st->periods / s : 0.0,
	    (double)(now_ns() - t0) / 1e9, k->b.transactions, k->b.timeouts,
	    servobus_bad_checksums(&k->b), k->b.bytes_out, k->b.bytes_in);
}

/* Connected: approach, run, and deal with an obstruction or Ctrl-C. */
static int
execute(struct busctl *k, const double *q, uint32_t n, uint64_t t0)
{
	struct bus_feedback f;
	struct stream st;
	int r;

	memset(&st, 0, sizeof st);
	r = go(k, q, n, &st);
	if (r == 1)
		r = obstructed(k, &st, q);
	if (r == CTL_INTERRUPTED)
		interrupted(k, &f);
	report(k, &st, t0);
	return r;
}

/*
 * With --arm: the waypoints as the arm description reads them (joints by
 * name or x,y,z through its kinematics, a gripper column in %, a t
 * column), from where the arm is, so the bus is opened first.
 */
static int
run_described(struct busctl *k, const char *path, uint64_t t0)
{
	int in = strcmp(path, "-") == 0;
	struct diag d = diag_for(in ? "<stdin>" : path);
	struct bus_feedback f;
	struct arm_path p;
	FILE *fp;
	int r;

	memset(&p, 0, sizeof p);
	if ((r = bus_connect(k)) != 0)
		return r;
	if (bus_feedback(k, &f) != 0)
		return bus_failed(k, "run");
	if ((fp = in ? stdin : fopen(path, "r")) == NULL) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_NOINPUT;
	}
	r = arm_path_read(&p, fp, k->c->arm, k->c->period_ms / 1000.0, f.q,
	    &d);
	if (!in)
		fclose(fp);
	if (r < 0)
		return EXIT_DATAERR;
	r = p.n > 0 ? execute(k, p.q, p.n, t0) : 0;
	arm_path_free(&p);
	return r;
}

/*
 * goto, home and jog on a bus arm (--arm): from the present positions, a
 * minimum-jerk move to the target the spine-robot commands would choose,
 * streamed with the same watch for obstructions.
 */
int
bus_move(struct busctl *k, int argc, char **argv)
{
	double to[ARM_MAX_JOINTS];
	struct bus_feedback f;
	struct arm_path p;
	uint64_t t0 = now_ns();
	int r;

	if (k->c->arm == NULL) {
		warnx_tool("%s needs --arm FILE on a servo bus", argv[0]);
		return EXIT_USAGE;
	}
	if ((r = bus_connect(k)) != 0)
		return r;
	if (bus_feedback(k, &f) != 0)
		return bus_failed(k, argv[0]);
	if ((r = arm_target(k->c, argc, argv, f.q, to)) != 0)
		return r;
	memset(&p, 0, sizeof p);
	if (arm_path_move(&p, k->c->arm, f.q, to, k->c->period_ms / 1000.0)
	    != 0) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	r = execute(k, p.q, p.n, t0);
	arm_path_free(&p);
	return r;
}

int
bus_run(struct busctl *k, int argc, char **argv)
{
	struct trajectory t;
	uint64_t t0 = now_ns();
	double *q;
	int r;

	if (argc != 2) {
		warnx_tool("run: want one waypoint file (or - for stdin)");
		return EXIT_USAGE;
	}
	if (k->c->arm)
		return run_described(k, argv[1], t0);
	memset(&t, 0, sizeof t);
	if ((r = read_input(k, argc, argv, &t)) != 0 ||
	    (q = waypoints(k, &t)) == NULL) {
		traj_free(&t);
		return r ? r : EXIT_JOB_FAILED;
	}
	if ((r = bus_connect(k)) == 0)
		r = execute(k, q, t.n, t0);
	free(q);
	traj_free(&t);
	return r;
}
