/*
 * mon.c - armctl mon: which monitor events each element of the running
 * plan reports (ELEMENT=ESPFZR ...), all of them listed with no
 * arguments, or every element back to the plan's flags (--clear).
 */
#include <stdio.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/usage.h"
#include "plan/vocab.h"
#include "control.h"

/* The letters E S P F Z R into monitor flags; -1 for any other. */
static int
flag_letters(const char *s, uint8_t *flags)
{
	int k;

	for (*flags = 0; *s; s++) {
		k = plan_event_from_letter(*s);
		if (k < 0 || k > PLANNER_EV_SENSE)
			return -1;
		*flags |= (uint8_t)(1u << k);
	}
	return 0;
}

/* Monitor flags back to letters, in the order E S P F Z R. */
static void
flag_text(uint8_t flags, char *out)
{
	uint8_t k;

	for (k = 0; k <= PLANNER_EV_SENSE; k++)
		if (flags & (1u << k))
			*out++ = plan_event_letter(k);
	*out = '\0';
}

/* Get (m->set 0) or set an element's flags, and print its row. */
static int
mon_row(struct ctl *c, const struct robot_names *rn, struct table *t,
    struct wire_elem_monitor *m)
{
	struct wire_frame reply;
	uint8_t p[WIRE_PAYLOAD_MAX];
	char letters[8];
	int r;

	if ((r = control_call(c, WIRE_ELEM_MONITOR, p,
	    wire_elem_monitor_encode(m, p), &reply, "mon")) != 0)
		return r;
	if (wire_elem_monitor_decode(m, reply.payload, reply.len) != 0) {
		warnx_tool("mon: the robot sent a malformed reply");
		return EXIT_IOERR;
	}
	flag_text(m->flags, letters);
	table_str(t, plan_type_tag(m->type));
	table_long(t, m->id);
	control_name(t, rn, m->type, m->id);
	table_str(t, letters);
	table_end_row(t);
	return 0;
}

/* ELEMENT=FLAGS into *flags; a usage error for anything else. */
static int
mon_arg(const char *arg, uint8_t *flags)
{
	const char *eq = strchr(arg, '=');

	if (eq == NULL || flag_letters(eq + 1, flags) != 0)
		return usage_error("mon: %s: want ELEMENT=FLAGS, FLAGS of the "
		    "letters E S P F Z R", arg);
	return 0;
}

static int
set_mon(struct ctl *c, const struct robot_names *rn, struct table *t,
    char *arg)
{
	struct wire_elem_monitor m;
	char *eq = strchr(arg, '=');
	int r;

	memset(&m, 0, sizeof m);
	if ((r = mon_arg(arg, &m.flags)) != 0)
		return r;
	*eq = '\0';
	r = robot_element(rn, arg, -1, &m.type, &m.id);
	*eq = '=';
	if (r != 0 || c->check)
		return r;
	m.set = 1;
	return mon_row(c, rn, t, &m);
}

/* Every element's flags, type by type: the ids from COUNTERS' pages. */
static int
list_mon(struct ctl *c, const struct robot_names *rn, struct table *t)
{
	struct wire_elem_monitor m;
	struct wire_counters cn;
	struct wire_frame reply;
	struct wire_page pg;
	uint8_t p[WIRE_PAYLOAD_MAX], i;
	int r;

	for (pg.type = 0; pg.type < PLAN_NTYPES; pg.type++) {
		pg.first = 0;
		do {
			if ((r = control_call(c, WIRE_COUNTERS, p,
			    wire_page_encode(&pg, p), &reply, "mon")) != 0)
				return r;
			if (wire_counters_decode(&cn, reply.payload,
			    reply.len) != 0 || (cn.count == 0 && pg.first <
			    cn.total)) {
				warnx_tool("mon: the robot sent a malformed "
				    "reply");
				return EXIT_IOERR;
			}
			for (i = 0; i < cn.count; i++) {
				memset(&m, 0, sizeof m);
				m.type = pg.type;
				m.id = cn.row[i].id;
				if ((r = mon_row(c, rn, t, &m)) != 0)
					return r;
			}
			pg.first = (uint16_t)(pg.first + cn.count);
		} while (pg.first < cn.total);
	}
	return 0;
}

static int
clear_mon(struct ctl *c)
{
	struct wire_elem_monitor m;
	struct wire_frame reply;
	uint8_t p[WIRE_PAYLOAD_MAX];

	memset(&m, 0, sizeof m);
	m.type = WIRE_ELEM_ALL;
	m.set = 1;
	return control_call(c, WIRE_ELEM_MONITOR, p,
	    wire_elem_monitor_encode(&m, p), &reply, "mon");
}

/* mon ELEMENT=FLAGS ...: what each element reports; --clear: as the
   plan says, every element reporting what monitor asks for; neither:
   list every element's flags. */
int
cmd_mon(struct ctl *c, int argc, char **argv)
{
	static const char *const cols[] = { "type", "id", "name", "flags" };
	struct robot_names rn;
	struct table t;
	uint8_t flags;
	int i, r = 0;

	for (i = 1; i < argc; i++)	/* all of it, before any output */
		if ((r = mon_arg(argv[i], &flags)) != 0)
			return r;
	if (c->mon_clear && (r = c->check ? 0 : clear_mon(c)) != 0)
		return r;
	if (argc < 2 && c->mon_clear)
		return 0;
	if ((r = robot_names_get(c, &rn)) != 0)
		goto done;
	control_table(c, &t, cols, 4);
	if (argc < 2)
		r = list_mon(c, &rn, &t);
	for (i = 1; i < argc && r == 0; i++)
		r = set_mon(c, &rn, &t, argv[i]);
	if (table_flush(&t) != 0 && r == 0)
		r = EXIT_IOERR;
done:
	robot_names_free(&rn);
	return r;
}
