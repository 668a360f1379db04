/*
 * brk.c - breakpoints (brk.h): reading the words, and watching a run's
 * events for the first that makes one true.  Called by serve.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/num.h"
#include "planview/brk.h"

static int
fail(char *err, size_t size, const char *fmt, const char *a)
{
	snprintf(err, size, fmt, a);
	return -1;
}

/* s without leading and trailing blanks, into buf. */
static void
trim(const char *s, char *buf, size_t size)
{
	size_t n;

	while (*s == ' ' || *s == '\t')
		s++;
	snprintf(buf, size, "%s", s);
	n = strlen(buf);
	while (n > 0 && (buf[n - 1] == ' ' || buf[n - 1] == '\t' ||
	    buf[n - 1] == '\n' || buf[n - 1] == '\r'))
		buf[--n] = '\0';
}

static int
element(struct planview_brk *b, const struct planview_tree *t, const char *name,
    int drive, char *err, size_t size)
{
	uint8_t type;
	uint16_t index;

	if (drive) {
		if (planview_tree_element(t, "D", name, &type, &index) < 0 &&
		    (evlog_names_element(&t->names, name, &type, &index) < 0 ||
		    type != PLAN_D))
			return fail(err, size, "the plan has no drive '%s'",
			    name);
	} else if (evlog_names_element(&t->names, name, &type, &index) < 0)
		return fail(err, size, "the plan has no element '%s'", name);
	b->type = type;
	b->index = index;
	return 0;
}

/* "NAME > VALUE": the value and the comparison from the end. */
static int
sense(struct planview_brk *b, const struct planview_tree *t, char *rest, char *err,
    size_t size)
{
	char *op = strrchr(rest, '>'), *lt = strrchr(rest, '<'), val[64];
	long id;
	size_t n;

	if (lt > op)
		op = lt;
	if (op == NULL)
		return fail(err, size, "%s", "a sense condition is 'sense "
		    "NAME > VALUE' or 'sense NAME < VALUE'");
	b->op = *op;
	trim(op + 1, val, sizeof val);
	if (num_long(val, -32768, 32767, &b->value) != 0)
		return fail(err, size, "'%s' is not a sense value", val);
	*op = '\0';
	n = strlen(rest);
	while (n > 0 && rest[n - 1] == ' ')
		rest[--n] = '\0';
	if ((id = evlog_names_sense_id(&t->names, rest)) < 0)
		return fail(err, size, "the plan has no sense '%s'", rest);
	b->sense = (uint16_t)id;
	return 0;
}

static const char *const words[] = {
	"fail", "attention", "sense", "priority", "boundary"
};

static void
canon(struct planview_brk *b, const struct planview_tree *t)
{
	const char *w = words[b->kind];

	if (b->kind == PLANVIEW_BRK_SENSE)
		snprintf(b->text, sizeof b->text, "sense %s %c %ld",
		    t->sense[b->sense] ? t->sense[b->sense] : "?", b->op,
		    b->value);
	else if (b->kind == PLANVIEW_BRK_BOUNDARY || b->any)
		snprintf(b->text, sizeof b->text, "%s", w);
	else
		snprintf(b->text, sizeof b->text, "%s %s", w,
		    t->name[b->type][b->index]);
}

int
planview_brk_parse(struct planview_brk *b, const struct planview_tree *t, const char *s,
    char *err, size_t errsize)
{
	char buf[PLANVIEW_BRK_TEXT], *rest;
	size_t k, n;

	memset(b, 0, sizeof *b);
	trim(s, buf, sizeof buf);
	for (k = 0; k < sizeof words / sizeof words[0]; k++) {
		n = strlen(words[k]);
		if (strncmp(buf, words[k], n) == 0 &&
		    (buf[n] == '\0' || buf[n] == ' '))
			break;
	}
	if (k == sizeof words / sizeof words[0])
		return fail(err, errsize, "'%s': a breakpoint starts with "
		    "fail, attention, sense, priority or boundary", buf);
	b->kind = (enum planview_brk_kind)k;
	for (rest = buf + n; *rest == ' '; rest++)
		;
	switch (b->kind) {
	case PLANVIEW_BRK_FAIL:
	case PLANVIEW_BRK_PRIORITY:
		if (*rest == '\0')
			b->any = 1;
		else if (element(b, t, rest, b->kind == PLANVIEW_BRK_PRIORITY,
		    err, errsize) < 0)
			return -1;
		break;
	case PLANVIEW_BRK_ATTENTION:
		if (*rest == '\0')
			return fail(err, errsize, "%s", "'attention' needs "
			    "a drive");
		if (element(b, t, rest, 1, err, errsize) < 0)
			return -1;
		break;
	case PLANVIEW_BRK_SENSE:
		if (sense(b, t, rest, err, errsize) < 0)
			return -1;
		break;
	default:
		if (*rest != '\0')
			return fail(err, errsize, "%s", "'boundary' takes "
			    "nothing after it");
		break;
	}
	canon(b, t);
	return 0;
}

int
planview_brk_watch_open(struct planview_brk_watch *w, const struct planview_tree *t)
{
	memset(w, 0, sizeof *w);
	w->att = w->prev_att = -1;
	w->nsense = t->nsense;
	w->sense = calloc(t->nsense + 1, sizeof *w->sense);
	w->seen = calloc(t->nsense + 1, 1);
	return w->sense && w->seen ? 0 : -1;
}

void
planview_brk_watch_free(struct planview_brk_watch *w)
{
	free(w->sense);
	free(w->seen);
	memset(w, 0, sizeof *w);
}

static int
same(const struct planview_brk *b, const struct planview_event *e)
{
	return b->any || (b->type == e->type && b->index == e->index);
}

static int
crosses(const struct planview_brk_watch *w, const struct planview_brk *b, long v)
{
	int now = b->op == '>' ? v > b->value : v < b->value;
	long last = w->sense[b->sense];

	return now && (!w->seen[b->sense] ||
	    !(b->op == '>' ? last > b->value : last < b->value));
}

/* A run boundary, or any event planview does not know (pack.h's B). */
static int
is_boundary(const struct planview_event *e)
{
	return strchr("ESPFZRIQ", e->event) == NULL;
}

static int
holds(const struct planview_brk_watch *w, const struct planview_brk *b,
    const struct planview_event *e, int took_attention)
{
	switch (b->kind) {
	case PLANVIEW_BRK_FAIL:
		return (e->event == PLANVIEW_FAIL || e->event == PLANVIEW_ERROR) &&
		    same(b, e);
	case PLANVIEW_BRK_ATTENTION:
		return took_attention && e->index == b->index &&
		    w->prev_att != e->index;
	case PLANVIEW_BRK_SENSE:
		return e->event == PLANVIEW_RELEASER && e->has_sense &&
		    e->sense == b->sense && crosses(w, b, e->value);
	case PLANVIEW_BRK_PRIORITY:
		return e->event == PLANVIEW_PRIORITY && same(b, e);
	default:
		return is_boundary(e);
	}
}

int
planview_brk_check(struct planview_brk_watch *w, const struct planview_brk *list, size_t n,
    const struct planview_event *e)
{
	int took = 0, hit = -1;
	size_t k;

	if (!w->started || e->cycle != w->cycle) {
		if (w->started)
			w->prev_att = w->att;
		w->started = 1;
		w->cycle = e->cycle;
		w->att = -1;
	}
	if (e->event == PLANVIEW_EXECUTED && e->type == PLAN_D && w->att < 0) {
		w->att = e->index;
		took = 1;
	}
	for (k = 0; k < n && hit < 0; k++)
		if (holds(w, &list[k], e, took))
			hit = (int)k;
	if (is_boundary(e))	/* a new run: no attention before it */
		w->prev_att = w->att = -1;
	if (e->event == PLANVIEW_RELEASER && e->has_sense && e->sense < w->nsense) {
		w->sense[e->sense] = e->value;
		w->seen[e->sense] = 1;
	}
	return hit;
}
