/*
 * bus_calib.c - armctl --bus calibrate: with the arm limp, sample every
 * joint while the user moves it through its range, until Enter; then
 * (lib/servoarm/calib.c) a calibrated arm file, or without --arm a CSV of
 * offsets and limits; --write puts them into the servos too.  With
 * --from-lerobot FILE.json an arm file from LeRobot's calibration, and
 * --lerobot-out FILE.json the arm's calibration for LeRobot.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bus.h"
#include "host/atomic.h"
#include "host/diag.h"
#include "host/exits.h"
#include "servoarm/calib.h"

#define SAMPLE_MS 20

/* Sample until a line arrives on stdin; 0, 1 no input, or a status. */
static int
record(struct busctl *u, const long *homing, struct servoarm_range *rg)
{
	struct pollfd pfd = { STDIN_FILENO, POLLIN, 0 };
	enum servoarm_status st;
	char line[256];
	int first = 1, i;

	fprintf(stderr, "%s: calibrate: move every joint through its whole "
	    "range, then press Enter\n", tool_name());
	for (;;) {
		if ((st = servoarm_calib_sample(&u->k, homing, rg, first)) !=
		    SERVOARM_OK)
			return bus_say(u, st, "calibrate");
		first = 0;
		for (i = 0; isatty(STDERR_FILENO) && i < u->k.arm.n; i++)
			fprintf(stderr, "%s%s %ld..%ld ", i ? " " : "\r",
			    u->k.arm.j[i].name, rg[i].min, rg[i].max);
		if (u->c->interrupted && *u->c->interrupted)
			return CTL_INTERRUPTED;
		/* every SAMPLE_MS of the arm's clock (--time-scale) */
		if (poll(&pfd, 1, (int)(SAMPLE_MS / u->c->time_scale)) > 0)
			return fgets(line, sizeof line, stdin) ? 0 : 1;
	}
}

/* What a (possibly calibrated) arm file, a CSV or a JSON holds. */
struct output {
	struct arm_desc a;
	const struct servoarm_range *rg;	/* the CSV */
	const struct servoarm_lerobot *lr;	/* the JSON */
	int csv;
};

static void
put(FILE *fp, struct busctl *u, const struct output *w)
{
	if (w->lr) {
		(void)servoarm_lerobot_write(fp, w->lr);
		return;
	}
	if (!w->csv) {
		fprintf(fp, "# %s, calibrated by armctl --bus %s calibrate%s%s"
		    "%s\n", u->c->arm_file ? u->c->arm_file : "so101",
		    u->o->bus, u->o->from_lerobot ? " --from-lerobot " : "",
		    u->o->from_lerobot ? u->o->from_lerobot : "", u->o->write ?
		    " --write (offsets and limits in the servos too)" : "");
		(void)arm_write(fp, &w->a);
		return;
	}
	servoarm_calib_csv(fp, &u->k, w->rg);
}

static int
write_file(struct busctl *u, const struct output *w, const char *path)
{
	struct atomic_file af;

	if (atomic_open(&af, path) != 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_IOERR;
	}
	put(af.fp, u, w);
	if (atomic_commit(&af) != 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_IOERR;
	}
	return 0;
}

/* Record the ranges, centre each joint, write the result. */
static int
hand(struct busctl *u, struct output *w)
{
	struct servoarm_range rg[SERVOARM_MAX];
	long homing[SERVOARM_MAX];
	enum servoarm_status st;
	int i, why, r;

	if ((st = servoarm_calib_begin(&u->k, homing)) != SERVOARM_OK)
		return bus_say(u, st, "calibrate");
	if ((r = record(u, homing, rg)) != 0) {
		if (r == 1)
			warnx_tool("calibrate: input ended before the ranges "
			    "were done");
		return r == 1 ? EXIT_JOB_FAILED : r;
	}
	for (i = 0; i < u->k.arm.n; i++) {
		if ((st = servoarm_calib_centre(&u->k, i, &rg[i], &why)) ==
		    SERVOARM_OK)
			continue;
		if (why == 1)
			warnx_tool("calibrate: %s: the middle of its range is "
			    "%.0f ticks from the servo's centre, more than an "
			    "offset can move: turn its horn on the spline",
			    u->k.arm.j[i].name, u->k.err_value);
		else
			warnx_tool("calibrate: %s did not move: move every "
			    "joint through its whole range", u->k.arm.j[i].name);
		return EXIT_JOB_FAILED;
	}
	for (i = 0; u->o->write && !u->o->dry_run && i < u->k.arm.n; i++)
		if ((st = servoarm_calib_burn(&u->k, i, &rg[i])) != SERVOARM_OK)
			return bus_say(u, st, "calibrate");
	servoarm_calib_arm(&u->k, rg, homing, u->o->write, &w->a);
	w->rg = rg;
	w->csv = u->c->arm_file == NULL;
	return write_file(u, w, u->o->dry_run || !u->o->output ? "-" :
	    u->o->output);
}

/* --from-lerobot: the arm calibrated from LeRobot's file. */
static int
import(struct busctl *u, struct output *w, struct servoarm_lerobot *lr)
{
	const char *path = u->o->from_lerobot;
	char why[200];
	int r;

	if ((r = servoarm_lerobot_load(lr, path)) != 0)
		return r > 0 ? EXIT_NOINPUT : EXIT_DATAERR;
	if (servoarm_lerobot_apply(lr, &w->a, why, sizeof why) != 0) {
		warnx_tool("%s: %s", path, why);
		return EXIT_DATAERR;
	}
	if (u->o->write && !u->o->dry_run && ((r = bus_open(u,
	    "calibrate")) != 0 || (r = bus_say(u, servoarm_lerobot_burn(&u->k,
	    lr), "calibrate")) != 0))
		return r;
	return write_file(u, w, u->o->dry_run || !u->o->output ? "-" :
	    u->o->output);
}

/* --lerobot-out: the arm's calibration and the servos' offsets. */
static int
export(struct busctl *u, struct output *w)
{
	struct servoarm_lerobot lr;
	long homing[SERVOARM_MAX];
	int r;

	if ((r = bus_open(u, "calibrate")) != 0 ||
	    (r = bus_say(u, servoarm_read_homing(&u->k, homing), "calibrate")))
		return r;
	servoarm_lerobot_from_arm(&w->a, homing, &lr);
	w->lr = &lr;
	return write_file(u, w, u->o->lerobot_out);
}

int
bus_calibrate(struct busctl *u, int argc, char **argv)
{
	static struct output w;
	struct servoarm_lerobot lr;
	int r;

	(void)argc;
	(void)argv;
	memset(&w, 0, sizeof w);
	w.a = *u->a;
	if (u->o->from_lerobot && (r = import(u, &w, &lr)) != 0)
		return r;
	if (u->o->lerobot_out)
		return export(u, &w);
	if (u->o->from_lerobot)
		return 0;
	return (r = bus_open(u, "calibrate")) != 0 ? r : hand(u, &w);
}
