/*
 * logcsv.c - event-log lines to pv_events: CSV fields (quotes allowed), a
 * header naming the columns (planrun's seven, or the shared format's
 * twelve), each name resolved in the plan.  Called by cmd/planview.
 */
#include <stdio.h>
#include <string.h>

#include "host/num.h"
#include "planview/logcsv.h"

#define MAX_FIELDS 16

static const char *const col_name[PVC_N] = {
	"cycle", "time_ms", "event", "type", "name", "sense", "value",
	"released", "latch", "reason"
};

void
pv_log_init(struct pv_log *l, const struct pv_tree *t)
{
	int c;

	memset(l, 0, sizeof *l);
	l->t = t;
	for (c = 0; c < PVC_N; c++)	/* planrun's order until a header */
		l->col[c] = c <= PVC_VALUE ? c : -1;
}

/* Split a CSV line in place; the number of fields, or -1. */
static int
split(char *s, char **f)
{
	int n = 0;

	for (;;) {
		char *w;

		if (n == MAX_FIELDS)
			return -1;
		if (*s == '"') {	/* quoted: "" is a quote */
			f[n++] = w = ++s;
			for (;;) {
				if (*s == '\0')
					return -1;
				if (*s == '"' && s[1] == '"') {
					*w++ = '"';
					s += 2;
				} else if (*s == '"') {
					s++;
					break;
				} else
					*w++ = *s++;
			}
			if (*s != ',' && *s != '\0')
				return -1;
			*w = '\0';
		} else {
			f[n++] = s;
			s += strcspn(s, ",");
		}
		if (*s == '\0')
			return n;
		*s++ = '\0';
	}
}

static int
take_header(struct pv_log *l, char **f, int n)
{
	int c, k;

	for (c = 0; c < PVC_N; c++) {
		l->col[c] = -1;
		for (k = 0; k < n; k++)
			if (strcmp(f[k], col_name[c]) == 0)
				l->col[c] = k;
	}
	for (c = 0; c <= PVC_NAME; c++)
		if (l->col[c] < 0) {
			l->error_line = l->line;
			snprintf(l->error, sizeof l->error, "the header has "
			    "no '%s' column", col_name[c]);
			return -1;
		}
	l->header_seen = 1;
	return 0;
}

static const char *
field(const struct pv_log *l, char **f, int n, int c)
{
	return l->col[c] >= 0 && l->col[c] < n ? f[l->col[c]] : "";
}

static int
bad(struct pv_log *l, const char *what, const char *text)
{
	char shown[64];
	size_t k;

	for (k = 0; text[k] && k < sizeof shown - 1; k++)
		shown[k] = (unsigned char)text[k] < 0x20 ||
		    (unsigned char)text[k] >= 0x7f ? '?' : text[k];
	shown[k] = '\0';
	l->error_line = l->line;
	snprintf(l->error, sizeof l->error, "%s '%s'", what, shown);
	return -1;
}

static int
flag(const char *s)
{
	return *s == '\0' ? -1 : strcmp(s, "0") != 0;
}

/* The element and sense of a row, checked against the plan. */
static int
resolve(struct pv_log *l, char **f, int n, struct pv_event *e)
{
	const char *type = field(l, f, n, PVC_TYPE);
	const char *name = field(l, f, n, PVC_NAME);
	const char *sense = field(l, f, n, PVC_SENSE);
	char both[80];

	if (pv_tree_element(l->t, type, name, &e->type, &e->index) < 0) {
		snprintf(both, sizeof both, "%.8s %.60s", type, name);
		return bad(l, "the plan has no element", both);
	}
	if (e->event != PV_RELEASER)
		return 0;
	if (*sense) {
		if (pv_tree_sense(l->t, sense, &e->sense) < 0)
			return bad(l, "the plan has no sense", sense);
		e->has_sense = 1;
	}
	if (num_long(field(l, f, n, PVC_VALUE), -2147483647L, 2147483647L,
	    &e->value) != 0)
		return bad(l, "not a value", field(l, f, n, PVC_VALUE));
	e->released = flag(field(l, f, n, PVC_RELEASED));
	e->latch = flag(field(l, f, n, PVC_LATCH));
	return 0;
}

static int
parse(struct pv_log *l, char *s, struct pv_event *e)
{
	char *f[MAX_FIELDS];
	const char *ev;
	int n = split(s, f);

	if (n < 0)
		return bad(l, "not a CSV row", s);
	if (!l->header_seen && strcmp(f[0], "cycle") == 0)
		return take_header(l, f, n) < 0 ? -1 : 1;
	memset(e, 0, sizeof *e);
	e->released = e->latch = -1;
	if (num_long(field(l, f, n, PVC_CYCLE), 0, 2147483647L, &e->cycle) ||
	    num_long(field(l, f, n, PVC_TIME), 0, 2147483647L, &e->time_ms))
		return bad(l, "not a cycle and time", f[0]);
	ev = field(l, f, n, PVC_EVENT);
	if (strcmp(ev, "idle") == 0 || strcmp(ev, "I") == 0) {
		e->event = PV_IDLE;
		return 0;
	}
	if (strlen(ev) != 1 || strchr("ESPFZR", *ev) == NULL)
		return bad(l, "not an event letter", ev);
	e->event = *ev;
	snprintf(e->reason, sizeof e->reason, "%s",
	    field(l, f, n, PVC_REASON));
	return resolve(l, f, n, e);
}

/* One whole line (no newline); blank and '#' lines are skipped. */
static int
line(struct pv_log *l, char *s, pv_event_fn *fn, void *ctx)
{
	struct pv_event e;
	size_t len = strlen(s);
	int rc;

	l->line++;
	if (len && s[len - 1] == '\r')
		s[--len] = '\0';
	if (len == 0 || *s == '#')
		return 0;
	if ((rc = parse(l, s, &e)) != 0)
		return rc < 0 ? -1 : 0;
	return fn(ctx, &e);
}

int
pv_log_feed(struct pv_log *l, const char *bytes, size_t n,
    pv_event_fn *fn, void *ctx)
{
	size_t i;
	int rc;

	for (i = 0; i < n; i++) {
		char c = bytes[i];

		if (c != '\n') {
			if (c == '\0' || l->plen == sizeof l->part - 1)
				l->overlong = 1;
			else
				l->part[l->plen++] = c;
			continue;
		}
		l->part[l->plen] = '\0';
		l->plen = 0;
		if (l->overlong) {
			l->line++;
			return bad(l, "not an event line", l->part);
		}
		if ((rc = line(l, l->part, fn, ctx)) != 0)
			return rc;
	}
	return 0;
}

int
pv_log_truncated(const struct pv_log *l)
{
	return l->plen > 0 || l->overlong;
}
