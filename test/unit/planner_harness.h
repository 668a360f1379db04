/*
 * planner_harness.h - a small plan under test for the planner unit tests
 * (planner_drive_test.c, planner_tree_test.c): build it with the encoder,
 * run cycles, and read the monitor events back as text, so each test can
 * compare them with a sequence worked out by hand from the spec.
 */
#ifndef PLANNER_HARNESS_H
#define PLANNER_HARNESS_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "plan/plan.h"
#include "plan/vocab.h"
#include "planner/planner.h"

/* ---- a small plan under test ------------------------------------------ */

#define MAXN 48

struct t {
	struct plan_ap ap[MAXN];
	struct plan_ape ape[MAXN];
	struct plan_comp c[MAXN];
	struct plan_ce ce[MAXN];
	struct plan_drive d[MAXN];
	struct plan_action a[MAXN];
	uint16_t n[PLAN_NTYPES];
	uint8_t width, flags;
	uint8_t buf[8192];
	struct plan plan;
	uint16_t state[4096];
	struct planner pl;
	int monitored;
	/* the world */
	int16_t sense[256];
	int reads;			/* sense callbacks made */
	const char *script[256];	/* per action id: results, e.g. "PPS" */
	int pos[256];			/* next letter of the script */
	uint8_t data[256];		/* data bits each result carries */
	char log[16384];
};

static inline void say(struct t *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static inline void
say(struct t *t, const char *fmt, ...)
{
	size_t used = strlen(t->log);
	va_list ap;

	if (used)
		t->log[used++] = ' ';
	va_start(ap, fmt);
	vsnprintf(t->log + used, sizeof t->log - used, fmt, ap);
	va_end(ap);
}

static inline uint16_t
id_of(struct t *t, uint8_t type, uint16_t i)
{
	return plan_id(&t->plan, type, i);
}

static inline int16_t
cb_sense(void *ctx, uint16_t id)
{
	struct t *t = ctx;

	t->reads++;
	return t->sense[id];
}

/*
 * Action results follow the action id's script, one letter per call:
 * S success, F fail, P in progress, Z error; the last letter repeats.
 * A call is logged as a<id>(<value>), with '?' when it is a check.
 */
static inline uint8_t
cb_action(void *ctx, uint16_t id, int16_t value, uint8_t check)
{
	struct t *t = ctx;
	const char *s = t->script[id] ? t->script[id] : "S";
	char c = s[t->pos[id]];

	if (s[t->pos[id] + 1] != '\0')
		t->pos[id]++;
	say(t, "a%u(%d)%s", id, value, check ? "?" : "");
	return PLANNER_RESULT(c == 'S' ? PLANNER_SUCCESS : c == 'F' ?
	    PLANNER_FAIL : c == 'P' ? PLANNER_IN_PROGRESS : PLANNER_ERROR,
	    t->data[id]);
}

/* Events as text: ED1 (kind, type, element id); R as RCE11=5/1. */
static inline void
cb_monitor(void *ctx, const struct planner_event *ev)
{
	struct t *t = ctx;

	if (ev->kind == PLANNER_EV_SENSE)
		say(t, "R%s%u=%d/%u", plan_type_tag(ev->type),
		    id_of(t, ev->type, ev->index), ev->value, ev->latch);
	else
		say(t, "%c%s%u", plan_event_letter(ev->kind),
		    plan_type_tag(ev->type), id_of(t, ev->type, ev->index));
}

static inline struct t *
new_plan(uint8_t width)
{
	struct t *t = calloc(1, sizeof *t);

	t->width = width;
	t->monitored = 1;
	return t;
}

/* Elements are added in table order; the functions return the index. */
static inline uint16_t
add_action(struct t *t, uint16_t id, uint16_t action, int16_t value)
{
	struct plan_action *a = &t->a[t->n[PLAN_A]];

	a->id = id;
	a->action = action;
	a->value = value;
	return t->n[PLAN_A]++;
}

static inline struct plan_ref
ref(uint8_t type, uint16_t index)
{
	struct plan_ref r;

	r.type = type;
	r.index = index;
	return r;
}

static inline struct plan_releaser
rel(uint16_t sense, uint8_t cmp, int16_t value, int16_t hyst, int16_t flex)
{
	struct plan_releaser r;

	r.sense = sense;
	r.cmp = cmp;
	r.value = value;
	r.hysteresis = hyst;
	r.flex = flex;
	return r;
}

static inline uint16_t
add_drive(struct t *t, uint16_t id, struct plan_ref child, uint16_t prio,
    struct plan_releaser r)
{
	struct plan_drive *d = &t->d[t->n[PLAN_D]];

	memset(d, 0, sizeof *d);
	d->id = id;
	d->child = child;
	d->priority = prio;
	d->rel = r;
	return t->n[PLAN_D]++;
}

static inline uint16_t
add_comp(struct t *t, uint16_t id, uint8_t use_or)
{
	struct plan_comp *c = &t->c[t->n[PLAN_C]];

	memset(c, 0, sizeof *c);
	c->id = id;
	c->use_or = use_or;
	return t->n[PLAN_C]++;
}

static inline uint16_t
add_ce(struct t *t, uint16_t id, uint16_t comp, struct plan_ref child,
    uint16_t prio, uint8_t retry, struct plan_releaser r)
{
	struct plan_ce *e = &t->ce[t->n[PLAN_CE]];

	memset(e, 0, sizeof *e);
	e->id = id;
	e->parent = comp;
	e->child = child;
	e->priority = prio;
	e->retry = retry;
	e->rel = r;
	return t->n[PLAN_CE]++;
}

static inline uint16_t
add_ap(struct t *t, uint16_t id)
{
	struct plan_ap *a = &t->ap[t->n[PLAN_AP]];

	memset(a, 0, sizeof *a);
	a->id = id;
	return t->n[PLAN_AP]++;
}

static inline uint16_t
add_ape(struct t *t, uint16_t id, uint16_t ap, struct plan_ref child,
    uint16_t order)
{
	struct plan_ape *e = &t->ape[t->n[PLAN_APE]];

	memset(e, 0, sizeof *e);
	e->id = id;
	e->parent = ap;
	e->child = child;
	e->order = order;
	return t->n[PLAN_APE]++;
}

/* Encode, validate, bind the planner.  Monitor everything by default. */
static inline void
load(struct t *t)
{
	struct plan_spec s;
	struct plan_error err;
	struct planner_io io;
	uint32_t size;

	memset(&s, 0, sizeof s);
	s.id_width = t->width;
	s.flags = t->flags;
	memcpy(s.count, t->n, sizeof s.count);
	s.ap = t->ap;
	s.ape = t->ape;
	s.comp = t->c;
	s.ce = t->ce;
	s.drive = t->d;
	s.action = t->a;
	size = plan_encoded_size(&s);
	CHECK(size <= sizeof t->buf);
	CHECK(plan_encode(&s, t->buf, sizeof t->buf) == size);
	CHECK(plan_open(&t->plan, t->buf, size, &err) == PLAN_OK);
	io.sense = cb_sense;
	io.action = cb_action;
	io.monitor = t->monitored ? cb_monitor : NULL;
	io.ctx = t;
	CHECK(planner_init(&t->pl, &t->plan, t->state, sizeof t->state,
	    &io) == 0);
	planner_set_global_monitor(&t->pl, PLAN_MON_ALL);
}

/* One cycle (after dt ticks if dt > 0); its return value; log reset. */
static inline uint16_t
cycle(struct t *t, uint16_t dt)
{
	t->log[0] = '\0';
	if (dt)
		planner_tick(&t->pl, dt);
	return planner_cycle(&t->pl);
}

/* Runs one cycle and checks the events it produced. */
#define CYCLE(t, dt, want) do { \
	cycle((t), (dt)); \
	CHECK_STR((t)->log, (want)); \
} while (0)

static inline uint16_t
prio(struct t *t, uint16_t d)
{
	struct planner_drive_state st;

	planner_drive_state(&t->pl, d, &st);
	return st.priority;
}

static inline uint8_t
status(struct t *t, uint16_t d)
{
	struct planner_drive_state st;

	planner_drive_state(&t->pl, d, &st);
	return st.status;
}

#define A(i) ref(PLAN_A, (i))
#define AP(i) ref(PLAN_AP, (i))
#define C(i) ref(PLAN_C, (i))
#define NONE ref(PLAN_NO_TYPE, PLAN_NONE)
#define TR rel(0, PLAN_TR, 0, 0, 0)
#define FL rel(0, PLAN_FL, 0, 0, 0)

#endif
