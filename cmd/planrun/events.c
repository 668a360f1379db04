/*
 * events.c - the transparency log: one line per monitor event,
 * `cycle,time_ms,event,type,name[,sense,value]`, names from the plan, and
 * --monitor, which sets the global and per-element flags as the original's
 * PLAN M G / PLAN M N commands do.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "planrun.h"

static const char *const log_columns[] = {
	"cycle", "time_ms", "event", "type", "name", "sense", "value"
};

void
eventlog_init(struct eventlog *e, FILE *fp, const struct names *n,
    int header)
{
	memset(e, 0, sizeof *e);
	table_init(&e->t, fp, TABLE_CSV, TABLE_ROUND_TRIP, log_columns, 7);
	e->names = n;
	e->log_idle = 1;
	if (header)
		table_header(&e->t);
}

static void
begin(struct eventlog *e, const char *event)
{
	table_long(&e->t, e->cycle);
	table_long(&e->t, e->time_ms);
	table_str(&e->t, event);
}

void
eventlog_monitor(void *ctx, const struct planner_event *ev)
{
	static const char *const letter[] = { "E", "S", "P", "F", "Z", "R" };
	struct eventlog *e = ctx;

	begin(e, letter[ev->kind]);
	table_str(&e->t, plan_type_tag(ev->type));
	table_str(&e->t, e->names->element[ev->type][ev->index]);
	if (ev->kind == PLANNER_EV_SENSE) {
		/* TR and FL read no sense: the sense field stays empty */
		table_str(&e->t, ev->cmp == PLAN_TR || ev->cmp == PLAN_FL ?
		    "" : e->names->sense[ev->sense]);
		table_long(&e->t, ev->value);
	}
	table_end_row(&e->t);
}

void
eventlog_idle(struct eventlog *e)
{
	begin(e, "idle");
	table_str(&e->t, "");
	table_str(&e->t, "");
	table_end_row(&e->t);
}

/* FLAGS: letters of ESPFZRI, "all" or "none"; bits, or -1. */
static int
parse_flags(const char *s, int allow_idle)
{
	static const char letters[] = "ESPFZRI";
	int bits = 0;

	if (strcmp(s, "all") == 0)
		return PLAN_MON_ALL | (allow_idle ? EVENT_IDLE : 0);
	if (strcmp(s, "none") == 0)
		return 0;
	if (*s == '\0')
		return -1;
	for (; *s; s++) {
		const char *p = strchr(letters, toupper((unsigned char)*s));

		if (*s == '\0' || p == NULL || (*p == 'I' && !allow_idle))
			return -1;
		bits |= 1 << (p - letters);
	}
	return bits;
}

int
monitor_apply(struct planner *pl, const struct names *n, const char *list,
    uint8_t *idle)
{
	char *copy = strdup(list), *item, *save = NULL, *eq;
	int bits, rc = -1;
	uint8_t type;
	uint16_t index;

	if (copy == NULL) {
		warnx_tool("out of memory");
		return -1;
	}
	for (item = strtok_r(copy, ",", &save); item;
	    item = strtok_r(NULL, ",", &save)) {
		if ((eq = strrchr(item, '=')) == NULL) {
			if ((bits = parse_flags(item, 1)) < 0) {
				warnx_tool("--monitor: '%s': flags are letters "
				    "of ESPFZRI, all or none", item);
				goto out;
			}
			planner_set_global_monitor(pl, (uint8_t)(bits &
			    PLAN_MON_ALL));
			*idle = (bits & EVENT_IDLE) != 0;
			continue;
		}
		*eq = '\0';
		if (names_element(n, item, &type, &index) < 0) {
			warnx_tool("--monitor: no element '%s' in the plan",
			    item);
			goto out;
		}
		if ((bits = parse_flags(eq + 1, 0)) < 0) {
			warnx_tool("--monitor: '%s=%s': flags are letters of "
			    "ESPFZR, all or none", item, eq + 1);
			goto out;
		}
		planner_set_monitor(pl, type, index, (uint8_t)bits);
	}
	rc = 0;
out:
	free(copy);
	return rc;
}
