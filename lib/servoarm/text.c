/*
 * text.c - what a bus arm's statuses mean, in words (bus.h, run.h): the
 * lines armctl prints, written here once so every command says a failure
 * the same way.  Fills buffers; prints nothing.
 */
#include <stdio.h>
#include <string.h>

#include "servoarm/run.h"

static const char *
joint_of(const struct servoarm_bus *k, uint8_t id)
{
	int i;

	for (i = 0; i < k->arm.n; i++)
		if (k->ids[i] == id)
			return k->arm.j[i].name;
	return "not in the arm";
}

/* The servo's error bits in words (Dynamixel's alert explained). */
static void
err_words(const struct servoarm_bus *k, char *text, size_t cap)
{
	char hw[120];

	servo_err_text(k->proto, k->err, text, cap);
	if (k->hw_err) {
		servo_dxl_hw_text(k->hw_err, hw, sizeof hw);
		snprintf(text + strlen(text), cap - strlen(text), " (%s)", hw);
	}
}

void
servoarm_text(const struct servoarm_bus *k, enum servoarm_status st,
    const char *doing, char *buf, size_t cap)
{
	const struct servoarm_joint *j = &k->arm.j[k->err_joint < 0 ? 0 :
	    k->err_joint];
	char text[200];

	buf[0] = '\0';
	switch (st) {
	case SERVOARM_NO_REPLY:
		snprintf(buf, cap, "%s: no reply from id %u (%s): check power "
		    "and wiring", doing, k->b.fail_id, joint_of(k,
		    k->b.fail_id));
		break;
	case SERVOARM_CORRUPT:
		snprintf(buf, cap, "%s: corrupted replies from id %u (%s): %lu "
		    "checksum errors in %lu transactions; check the baud rate "
		    "and wiring", doing, k->b.fail_id, joint_of(k,
		    k->b.fail_id), link_servobus_bad_checksums(&k->b),
		    k->b.transactions);
		break;
	case SERVOARM_LINK:
		snprintf(buf, cap, "%s: the bus failed", doing);
		break;
	case SERVOARM_SERVO_ERROR:
	case SERVOARM_REFUSED:
		err_words(k, text, sizeof text);
		snprintf(buf, cap, "%s: id %u (%s) %s %s", doing,
		    k->ids[k->err_joint], j->name, st == SERVOARM_REFUSED ?
		    "refused:" : "reports", *text ? text :
		    "no such instruction on this bus");
		break;
	case SERVOARM_LIMIT:
		snprintf(buf, cap, "%s: %s = %g is beyond its limits %g..%g",
		    doing, j->name, k->err_value, j->lo, j->hi);
		break;
	case SERVOARM_NO_MEMORY:
		snprintf(buf, cap, "%s: out of memory", doing);
		break;
	case SERVOARM_CALIBRATION:
		if (k->err == 1)
			snprintf(buf, cap, "%s: %s: the middle of its range is "
			    "%.0f ticks from the servo's centre, more than an "
			    "offset can move: turn its horn on the spline",
			    doing, j->name, k->err_value);
		else
			snprintf(buf, cap, "%s: %s did not move: move every "
			    "joint through its whole range", doing, j->name);
		break;
	case SERVOARM_NO_JOINT:
		snprintf(buf, cap, "%s: no joint or servo id '%s' in the arm",
		    doing, k->err_name);
		break;
	case SERVOARM_BAD_BAUD:
		snprintf(buf, cap, "%s: %.0f baud is not a rate %s servos take",
		    doing, k->err_value, k->proto == SERVO_DXL ? "dynamixel" :
		    "feetech");
		break;
	case SERVOARM_NONE_FOUND:
		snprintf(buf, cap, "%s: no servo answers at any baud rate: "
		    "check power and wiring", doing);
		break;
	case SERVOARM_MANY_FOUND:
		snprintf(buf, cap, "%s: %d servos answer (ids %u and %u): "
		    "connect only the %s servo", doing, k->nfound, k->found[0],
		    k->found[1], j->name);
		break;
	default:
		break;
	}
}

int
servoarm_run_text(const struct servoarm_bus *k, enum servoarm_status st,
    const struct servoarm_run *r, char (*line)[200])
{
	if (st == SERVOARM_SHORT || (st == SERVOARM_BLOCKED &&
	    r->short_by > 0)) {
		arm_story_short(line[0], sizeof line[0],
		    k->arm.j[r->joint].name, r->short_by, r->short_at);
		if (st == SERVOARM_BLOCKED)
			arm_story_stuck(line[1], sizeof line[1], r->back_step,
			    r->back_steps, k->arm.j[r->back.joint].name,
			    r->back.lag);
		else if (r->went_back)
			arm_story_back(line[1], sizeof line[1]);
		return 1 + (st == SERVOARM_BLOCKED || r->went_back);
	}
	if (st == SERVOARM_INTERRUPTED) {
		if (r->let_go != SERVOARM_OK)
			return 0;
		snprintf(line[0], sizeof line[0], "interrupted: the arm %s",
		    r->released ? "is limp" : "holds where it is");
		return 1;
	}
	if (st == SERVOARM_SERVO_ERROR) {
		servoarm_text(k, st, "run", line[0], sizeof line[0]);
		snprintf(line[1], sizeof line[1], "run: the arm holds where it "
		    "is");
		return 2;
	}
	if (st != SERVOARM_OBSTRUCTED && st != SERVOARM_BLOCKED) {
		servoarm_text(k, st, "run", line[0], sizeof line[0]);
		return *line[0] != '\0';
	}
	arm_story_stopped(line[0], sizeof line[0], r->step, r->steps,
	    k->arm.j[r->w.joint].name, r->w.lag, r->w.load);
	if (st == SERVOARM_BLOCKED)
		arm_story_stuck(line[1], sizeof line[1], r->back_step,
		    r->back_steps, k->arm.j[r->back.joint].name, r->back.lag);
	else
		arm_story_back(line[1], sizeof line[1]);
	return 2;
}

void
servoarm_run_figures(const struct servoarm_bus *k,
    const struct servoarm_run *r, char *buf, size_t cap)
{
	snprintf(buf, cap, "run: %lu goals in %.3f s of the arm's clock (the "
	    "latest %.3f s late); %lu transactions, %lu timeouts, %lu checksum "
	    "errors", (unsigned long)r->periods, r->seconds, r->late_s,
	    k->b.transactions, k->b.timeouts, link_servobus_bad_checksums(&k->b));
}

void
servoarm_setup_text(const struct servoarm_bus *k, int j, long baud,
    char *buf, size_t cap)
{
	int n = snprintf(buf, cap, "%s: id %u -> %d", k->arm.j[j].name,
	    k->found[0], k->arm.j[j].id);

	if (k->found_baud != baud && n > 0 && (size_t)n < cap)
		snprintf(buf + n, cap - (size_t)n, ", %ld -> %ld baud",
		    k->found_baud, baud);
}
