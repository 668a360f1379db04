/*
 * monitor.c - the planner's monitor into the event log (lib/evlog:
 * one line per planner event, names from the plan) and --monitor, which
 * sets the global and per-element flags as the original's PLAN M G /
 * PLAN M N commands do.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "run/run.h"

void
run_eventlog_init(struct eventlog *e, FILE *fp, enum evlog_format f,
    const struct names *n, int header)
{
	memset(e, 0, sizeof *e);
	evlog_open(&e->w, fp, f, header);
	e->names = n;
	e->log_idle = 1;
}

void
run_eventlog_monitor(void *ctx, const struct planner_event *ev)
{
	struct eventlog *e = ctx;
	struct evlog_event le;

	evlog_from_planner(&le, e->names, ev, e->cycle, e->time_ms);
	evlog_write(&e->w, &le);
}

void
run_eventlog_idle(struct eventlog *e)
{
	struct evlog_event le;

	memset(&le, 0, sizeof le);
	le.cycle = e->cycle;
	le.time_ms = e->time_ms;
	le.kind = PLAN_EV_IDLE;
	evlog_write(&e->w, &le);
}

/* FLAGS: event letters (plan/vocab.h), "all" or "none"; bits, or -1.
   The idle pseudo event is the global list's alone. */
static int
parse_flags(const char *s, int allow_idle)
{
	int bits = 0, k;

	if (strcmp(s, "all") == 0)
		return PLAN_MON_ALL | (allow_idle ? EVENT_IDLE : 0);
	if (strcmp(s, "none") == 0)
		return 0;
	if (*s == '\0')
		return -1;
	for (; *s; s++) {
		k = plan_event_from_letter((char)toupper((unsigned char)*s));
		if (k < 0 || k > PLAN_EV_IDLE ||
		    (k == PLAN_EV_IDLE && !allow_idle))
			return -1;
		bits |= 1 << k;
	}
	return bits;
}

int
run_monitor_apply(struct planner *pl, const struct names *n, const char *list,
    uint8_t *idle, struct diag *say)
{
	char *copy = strdup(list), *item, *save = NULL, *eq;
	int bits, rc = -1;
	uint8_t type;
	uint16_t index;

	if (copy == NULL) {
		run_say(say, "out of memory");
		return -1;
	}
	for (item = strtok_r(copy, ",", &save); item;
	    item = strtok_r(NULL, ",", &save)) {
		if ((eq = strrchr(item, '=')) == NULL) {
			if ((bits = parse_flags(item, 1)) < 0) {
				run_say(say, "--monitor: '%s': flags are letters "
				    "of ESPFZRI, all or none", item);
				goto out;
			}
			planner_set_global_monitor(pl, (uint8_t)(bits &
			    PLAN_MON_ALL));
			*idle = (bits & EVENT_IDLE) != 0;
			continue;
		}
		*eq = '\0';
		if (evlog_names_element(n, item, &type, &index) < 0) {
			run_say(say, "--monitor: no element '%s' in the plan",
			    item);
			goto out;
		}
		if ((bits = parse_flags(eq + 1, 0)) < 0) {
			run_say(say, "--monitor: '%s=%s': flags are letters of "
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
