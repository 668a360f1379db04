/*
 * task_text.c - the words planrun prints for a task: abort messages that
 * name the action, step and reason, and the log's event lines.
 * Coordinates print exactly (fixed point), whatever the locale.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "run/taskrun.h"

/* Appending to a fixed buffer; output past the end is dropped. */
struct line {
	char *buf;
	size_t size, len;
};

static void
add(struct line *l, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void
add(struct line *l, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (l->len + 1 >= l->size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(l->buf + l->len, l->size - l->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		l->len += (size_t)n < l->size - l->len ? (size_t)n :
		    l->size - l->len - 1;
}

char *
run_taskrun_coord(int32_t counts, char *buf, size_t size)
{
	long v = counts < 0 ? -(long)counts : (long)counts;
	long whole = v / TASK_SCALE, frac = v % TASK_SCALE;
	int digits = 3;

	while (frac && frac % 10 == 0) {
		frac /= 10;
		digits--;
	}
	if (frac)
		snprintf(buf, size, "%s%ld.%0*ld", counts < 0 ? "-" : "",
		    whole, digits, frac);
	else
		snprintf(buf, size, "%s%ld", counts < 0 ? "-" : "", whole);
	return buf;
}

static void
add_name(struct line *l, const struct plan_task *t, uint8_t kind,
    uint16_t i)
{
	uint8_t len = 0;
	const uint8_t *s = plan_task_name(t, kind, i, &len);

	if (s)
		add(l, "%.*s", (int)len, (const char *)s);
	else
		add(l, "#%u", (unsigned)i);
}

static void
add_coord(struct line *l, int32_t v)
{
	char buf[24];

	add(l, "%s", run_taskrun_coord(v, buf, sizeof buf));
}

static void
add_point(struct line *l, const struct plan_task *t, const int32_t *p)
{
	uint8_t k;

	add(l, "(");
	for (k = 0; k < t->axes; k++) {
		add(l, k ? " " : "");
		add_coord(l, p[k]);
	}
	add(l, ")");
}

/* "action 'start', step 0, decision 1" */
static void
add_where(struct line *l, const struct plan_task *t, uint16_t action,
    uint16_t step, uint16_t decision)
{
	if (action == TASK_NONE16)
		return;
	add(l, "action '");
	add_name(l, t, TASK_NAME_ACTION, action);
	add(l, "', step %u", (unsigned)step);
	if (decision != TASK_NONE16)
		add(l, ", decision %u", (unsigned)decision);
	add(l, ": ");
}

static void
add_query(struct line *l, const struct plan_task *t, uint8_t query,
    uint8_t object)
{
	if (query == TASK_Q_ARM) {
		add(l, "the arm position");
	} else if (query == TASK_Q_ENCODER) {
		add(l, "the encoder feedback");
	} else {
		add(l, "object '");
		add_name(l, t, TASK_NAME_OBJECT, object);
		add(l, "'");
	}
}

static void
add_chosen(struct line *l, const struct task_abort *a)
{
	if (a->reset)
		add(l, "the action repeated itself past its reset limit "
		    "and its reset chose abort");
	else
		add(l, "the state %s and the decision chose abort",
		    a->matched ? "matched" : "did not match");
}

static void
add_reason(struct line *l, const struct plan_task *t,
    const struct task_abort *a, const char *why)
{
	switch (a->code) {
	case TASK_E_VARIABLE:
		add(l, "variable '");
		add_name(l, t, TASK_NAME_VARIABLE, a->var);
		add(l, "' is not set");
		break;
	case TASK_E_VERIFY:
		add(l, "verification failed %u times in a row (%u allowed): "
		    "", (unsigned)a->misses, (unsigned)a->allowed);
		add_name(l, t, TASK_NAME_AXIS, a->axis);
		add(l, " was ");
		add_coord(l, a->actual);
		add(l, " where ");
		add_coord(l, a->expected);
		add(l, " was commanded (tolerance ");
		add_coord(l, a->tolerance);
		add(l, ")");
		break;
	case TASK_E_CHOSEN:
		add_chosen(l, a);
		break;
	case TASK_E_RANGE:
		add(l, "the summed point leaves the coordinate range on ");
		add_name(l, t, TASK_NAME_AXIS, a->axis);
		add(l, " (at most %ld)", TASK_COORD_MAX / TASK_SCALE);
		break;
	case TASK_E_FULL:
		add(l, "cannot start '");
		add_name(l, t, TASK_NAME_ACTION, a->target);
		add(l, "': the running list is full");
		break;
	case TASK_E_ENV:
		add(l, "no answer for ");
		add_query(l, t, a->query, a->object);
		if (why)
			add(l, ": %s", why);
		break;
	case TASK_E_ENV_RANGE:
		add_query(l, t, a->query, a->object);
		add(l, ": ");
		add_name(l, t, TASK_NAME_AXIS, a->axis);
		add(l, " = ");
		add_coord(l, a->actual);
		add(l, " is out of range");
		break;
	case TASK_E_TICKS:
		add(l, "the tick counter ran out");
		break;
	default:
		add(l, "aborted");
	}
}

void
run_taskrun_abort_text(const struct plan_task *t, const struct task_abort *a,
    const char *why, char *buf, size_t size)
{
	struct line l = { buf, size, 0 };

	buf[0] = '\0';
	add_where(&l, t, a->action, a->step, a->decision);
	add_reason(&l, t, a, why);
}

/* A log field: commas would split it, so they become semicolons. */
static void
no_commas(char *s)
{
	for (; *s; s++)
		if (*s == ',')
			*s = ';';
}

void
run_taskrun_abort_log(const struct plan_task *t, const struct task_abort *a,
    const char *why, uint32_t tick, char *buf, size_t size)
{
	struct line l = { buf, size, 0 };
	size_t from;

	buf[0] = '\0';
	add(&l, "%lu,abort,", (unsigned long)tick);
	if (a->action != TASK_NONE16) {
		add_name(&l, t, TASK_NAME_ACTION, a->action);
		add(&l, ",%u,", (unsigned)a->step);
	} else {
		add(&l, ",,");
	}
	from = l.len;
	if (a->decision != TASK_NONE16)
		add(&l, "decision %u: ", (unsigned)a->decision);
	add_reason(&l, t, a, why);
	no_commas(buf + from);
}

static void
add_target(struct line *l, const struct plan_task *t,
    const struct plan_task_target *g)
{
	static const char *const word[] = { "none", "", "done", "abort" };

	if (g->kind == TASK_T_ACTION)
		add_name(l, t, TASK_NAME_ACTION, g->action);
	else
		add(l, "%s", word[g->kind & 3]);
	if (g->kind != TASK_T_NONE && g->delay)
		add(l, " in %u ticks", (unsigned)g->delay);
}

static void
add_mismatch(struct line *l, const struct plan_task *t,
    const struct task_mismatch *m)
{
	if (m->kind == TASK_M_UNSEEN) {
		add_name(l, t, TASK_NAME_OBJECT, m->object);
		add(l, " not seen");
		return;
	}
	if (m->kind == TASK_M_ARM)
		add(l, "arm");
	else
		add_name(l, t, TASK_NAME_OBJECT, m->object);
	add(l, ".");
	add_name(l, t, TASK_NAME_AXIS, m->axis);
	add(l, " ");
	add_coord(l, m->actual);
	add(l, " not in ");
	add_coord(l, m->expected);
	add(l, "+-");
	add_coord(l, m->threshold);
}

static void
add_record(struct line *l, const struct plan_task *t,
    const struct task_event *e)
{
	add_name(l, t, TASK_NAME_VARIABLE, e->var);
	add(l, " <- ");
	if (e->source == TASK_SOURCE_ARM)
		add(l, "arm");
	else
		add_name(l, t, TASK_NAME_OBJECT, e->source);
	if (e->set) {
		add(l, " ");
		add_point(l, t, e->point);
	} else {
		add(l, " not seen: cleared");
	}
}

void
run_taskrun_event_text(const struct plan_task *t, const struct task_event *e,
    char *buf, size_t size)
{
	static const char *const kind[] = { "decision", "record", "miss" };
	struct line l = { buf, size, 0 };
	size_t from;

	buf[0] = '\0';
	add(&l, "%lu,%s,", (unsigned long)e->tick, kind[e->kind % 3]);
	add_name(&l, t, TASK_NAME_ACTION, e->action);
	add(&l, ",%u,", (unsigned)e->step);
	from = l.len;
	switch (e->kind) {
	case TASK_EV_DECISION:
		add(&l, "#%u %s", (unsigned)e->decision,
		    e->matched ? "match" : "mismatch");
		if (!e->matched) {
			add(&l, " (");
			add_mismatch(&l, t, &e->why);
			add(&l, ")");
		}
		add(&l, " -> ");
		add_target(&l, t, &e->target);
		if (e->reset)
			add(&l, " (reset)");
		break;
	case TASK_EV_RECORD:
		add_record(&l, t, e);
		break;
	case TASK_EV_MISS:
		add(&l, "%u in a row (%u allowed): encoder ",
		    (unsigned)e->misses, (unsigned)e->allowed);
		add_point(&l, t, e->point);
		add(&l, " commanded ");
		add_point(&l, t, e->commanded);
		break;
	}
	no_commas(buf + from);
}
