/*
 * control.c - armctl prio, mon, counters, state, pause, resume, step and
 * rate: the running plan steered through lib/client/control.c, printed
 * as tables (CSV or JSON lines) named by the one rule for names.
 */
#include <stdio.h>
#include <string.h>

#include "client/control.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/usage.h"
#include "plan/vocab.h"
#include "ctl.h"

/* prio DRIVE [N]: print a drive's runtime priority, or set it. */
int
cmd_prio(struct ctl *c, int argc, char **argv)
{
	static const char *const cols[] = { "id", "name", "priority" };
	struct table t;
	uint16_t drive, prio;
	uint8_t type;
	long v = 0;
	int r;

	if (argc < 2 || argc > 3)
		return usage_error("prio: give DRIVE, and a priority to set "
		    "it");
	if (argc == 3 && num_long(argv[2], 0, 65535, &v) != 0)
		return usage_error("prio: %s: want a priority, 0 to 65535",
		    argv[2]);
	if ((r = ctl_names(c)) != 0 || (r = ctl_exit(client_element(c->cl,
	    argv[1], PLAN_D, &type, &drive))) != 0 || (argc == 3 && c->check))
		return r;
	prio = (uint16_t)v;
	if ((r = ctl_exit(client_prio(c->cl, drive, argc == 3, &prio))) != 0 ||
	    argc == 3)
		return r;
	ctl_table(c, &t, cols, 3);
	table_long(&t, drive);
	ctl_name(c, &t, PLAN_D, drive);
	table_long(&t, prio);
	table_end_row(&t);
	return ctl_flush(&t);
}

struct mon_out {
	struct ctl *c;
	struct table *t;
};

static int
mon_row(void *ctx, const struct wire_elem_monitor *m)
{
	struct mon_out *o = ctx;
	char letters[8];

	client_event_letters(m->flags, letters);
	table_str(o->t, plan_type_tag(m->type));
	table_long(o->t, m->id);
	ctl_name(o->c, o->t, m->type, m->id);
	table_str(o->t, letters);
	table_end_row(o->t);
	return 0;
}

/* ELEMENT=FLAGS: set that element's flags, print its row. */
static int
set_mon(struct ctl *c, struct table *t, char *arg)
{
	struct wire_elem_monitor m;
	char *eq = strchr(arg, '=');
	struct mon_out o = { c, t };
	int r;

	memset(&m, 0, sizeof m);
	client_event_mask(eq + 1, &m.flags);	/* (cmd_mon checked it) */
	*eq = '\0';
	r = ctl_exit(client_element(c->cl, arg, -1, &m.type, &m.id));
	*eq = '=';
	if (r != 0 || c->check)
		return r;
	m.set = 1;
	if ((r = ctl_exit(client_elem_monitor(c->cl, &m))) != 0)
		return r;
	return mon_row(&o, &m);
}

/* mon ELEMENT=FLAGS ...: what each element reports; --clear: as the
   plan says, every element reporting what monitor asks for; neither:
   list every element's flags. */
int
cmd_mon(struct ctl *c, int argc, char **argv)
{
	static const char *const cols[] = { "type", "id", "name", "flags" };
	struct wire_elem_monitor all;
	struct table t;
	struct mon_out o = { c, &t };
	uint8_t flags;
	char *eq;
	int i, r = 0;

	for (i = 1; i < argc; i++)
		if ((eq = strchr(argv[i], '=')) == NULL ||
		    client_event_mask(eq + 1, &flags) != 0)
			return usage_error("mon: %s: want ELEMENT=FLAGS, FLAGS "
			    "of the letters E S P F Z R", argv[i]);
	memset(&all, 0, sizeof all);
	all.type = WIRE_ELEM_ALL;
	all.set = 1;
	if (c->mon_clear && !c->check &&
	    (r = ctl_exit(client_elem_monitor(c->cl, &all))) != 0)
		return r;
	if ((argc < 2 && c->mon_clear) || (r = ctl_names(c)) != 0)
		return r;
	ctl_table(c, &t, cols, 4);
	if (argc < 2)
		r = ctl_exit(client_mon_list(c->cl, mon_row, &o));
	for (i = 1; i < argc && r == 0; i++)
		r = set_mon(c, &t, argv[i]);
	return ctl_flush(&t) ? EXIT_IOERR : r;
}

static void
counter_row(struct ctl *c, struct table *t, uint8_t type,
    const struct wire_counter *row)
{
	table_str(t, plan_type_tag(type));
	table_long(t, row->id);
	ctl_name(c, t, type, row->id);
	table_long(t, row->executed);
	table_long(t, row->succeeded);
	table_end_row(t);
}

static const char *
status_word(uint8_t status)
{
	return status == PLANNER_RUNNING ? "running" :
	    status == PLANNER_INTERRUPTED ? "interrupted" : "idle";
}

static void
state_row(struct ctl *c, struct table *t, uint8_t type,
    const struct wire_state_row *row)
{
	table_str(t, plan_type_tag(type));
	table_long(t, row->id);
	ctl_name(c, t, type, row->id);
	if (type == PLAN_D) {
		table_str(t, status_word(row->status));
		table_long(t, row->latch);
		table_long(t, row->priority);
		table_long(t, row->ramp);
		table_null(t);
	} else {
		table_null(t);
		table_null(t);
		table_null(t);
		table_null(t);
		if (row->current == WIRE_NO_ELEMENT)
			table_null(t);
		else
			ctl_name(c, t, type == PLAN_C ? PLAN_CE : PLAN_APE,
			    row->current);
	}
	table_end_row(t);
}

/* counters (drives first, actions last, as planrun --stats prints
   them) or state (drives; the current element of each C and AP). */
int
cmd_table(struct ctl *c, int argc, char **argv)
{
	static const char *const counters[] = { "type", "id", "name",
	    "executed", "succeeded" }, *const states[] = { "type", "id",
	    "name", "status", "latch", "priority", "ramp", "current" };
	static const uint8_t all[PLAN_NTYPES] = { PLAN_D, PLAN_C, PLAN_CE,
	    PLAN_AP, PLAN_APE, PLAN_A }, some[] = { PLAN_D, PLAN_C, PLAN_AP };
	int state = strcmp(argv[0], "state") == 0, i, k, r;
	const uint8_t *order = state ? some : all;
	uint8_t n = state ? sizeof some : PLAN_NTYPES;
	struct client_table ct;
	struct table t;

	if (argc != 1)
		return usage_error("%s: unexpected argument: %s", argv[0],
		    argv[1]);
	memset(&ct, 0, sizeof ct);	/* (freed whatever happens) */
	if ((r = ctl_names(c)) == 0 && (r = ctl_exit(client_table_of(c->cl,
	    &ct, state ? WIRE_STATE : WIRE_COUNTERS, order, n, argv[0]))) ==
	    0) {
		ctl_table(c, &t, state ? states : counters, state ? 8 : 5);
		for (k = 0; k < n; k++)
			for (i = 0; i < ct.total[k]; i++)
				if (state)
					state_row(c, &t, order[k],
					    &ct.state[k][i]);
				else
					counter_row(c, &t, order[k],
					    &ct.counter[k][i]);
		r = ctl_flush(&t);
	}
	client_table_free(&ct);
	return r;
}

/* pause | resume (--check only asks: the plan may not be running). */
int
cmd_pause(struct ctl *c, int argc, char **argv)
{
	int resume = strcmp(argv[0], "resume") == 0;
	struct wire_paused a;
	int r;

	if (argc != 1)
		return usage_error("%s: unexpected argument: %s", argv[0],
		    argv[1]);
	if ((r = ctl_exit(client_pause(c->cl, c->check ? WIRE_PAUSE_QUERY :
	    resume ? WIRE_PAUSE_RESUME : WIRE_PAUSE_HOLD, 0, &a, argv[0]))) !=
	    0)
		return r;
	printf("%s at cycle %lu\n", !(a.flags & WIRE_F_RUNNING) ? "stopped" :
	    a.flags & WIRE_F_PAUSED ? "paused" : "running",
	    (unsigned long)a.cycle);
	return 0;
}

/* step N: the paused plan runs N cycles at its rate, then waits again. */
int
cmd_step(struct ctl *c, int argc, char **argv)
{
	struct wire_paused a;
	long n;
	int r;

	if (argc != 2 || num_long(argv[1], 1, 65535, &n) != 0)
		return usage_error("step: give N, 1 to 65535 cycles");
	if (c->check)
		return 0;
	if ((r = ctl_exit(client_step(c->cl, (uint16_t)n, &a))) != 0)
		return r;
	printf("paused at cycle %lu\n", (unsigned long)a.cycle);
	return 0;
}

/* rate [HZ]: the running plan's cycles a second, printed or set. */
int
cmd_rate(struct ctl *c, int argc, char **argv)
{
	static const char *const cols[] = { "rate" };
	struct wire_state run;
	struct table t;
	long hz;
	int r;

	if (argc > 2 || (argc == 2 && num_long(argv[1], 1, 65535, &hz) != 0))
		return usage_error("rate: give HZ, cycles a second");
	if (argc == 2)
		return c->check ? 0 : ctl_exit(client_set_rate(c->cl,
		    (uint16_t)hz));
	if ((r = ctl_exit(client_run_state(c->cl, &run, "rate"))) != 0)
		return r;
	ctl_table(c, &t, cols, 1);
	table_long(&t, run.rate);
	table_end_row(&t);
	return ctl_flush(&t);
}
