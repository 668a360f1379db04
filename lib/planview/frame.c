/*
 * frame.c - the text of planview's frames, the same for the terminal and
 * for plain output (tests read the plain one).  Called by cmd/planview.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "planview/frame.h"

static size_t
put(char *buf, size_t size, size_t at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static size_t
put(char *buf, size_t size, size_t at, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (at >= size)
		return at;
	va_start(ap, fmt);
	n = vsnprintf(buf + at, size - at, fmt, ap);
	va_end(ap);
	if (n < 0)
		return at;
	return at + (size_t)n >= size ? size - 1 : at + (size_t)n;
}

size_t
pv_frame_title(const struct pv_state *s, char *buf, size_t size)
{
	size_t n = 0;

	n = put(buf, size, n, "cycle %ld  time %ld ms  %.1f cycles/s  "
	    "%lu events  attention: %s", s->cycle < 0 ? 0 : s->cycle,
	    s->time_ms, pv_state_rate(s), s->events, s->attention >= 0 ?
	    s->t->name[PLAN_D][s->attention] : "-");
	return n;
}

size_t
pv_frame_row(const struct pv_state *s, size_t k, long now, char *buf,
    size_t size, int *glow, char *last)
{
	const struct pv_row *r = &s->t->row[k];
	const struct pv_elem *x = &s->elem[r->type][r->index];
	size_t n;

	*glow = pv_state_glow(s, r->type, r->index, now);
	*last = x->last;
	n = put(buf, size, 0, "%c%c %*s%s %s  %s", PV_GLOW_MARKS[*glow],
	    x->last ? x->last : ' ', 2 * r->depth, "",
	    pv_type_tag(r->type), s->t->name[r->type][r->index], r->info);
	if (x->priority >= 0)
		n = put(buf, size, n, "  runtime p%ld", x->priority);
	if (x->executed || x->failed || x->errors)
		n = put(buf, size, n, "  [x%lu ok%lu f%lu]", x->executed,
		    x->succeeded, x->failed + x->errors);
	if (x->latch == 1)
		n = put(buf, size, n, " latched");
	if (x->released >= 0)
		n = put(buf, size, n, " %s", x->released ? "released" :
		    "held");
	return n;
}

size_t
pv_frame_senses(const struct pv_state *s, char *buf, size_t size)
{
	const struct pv_tree *t = s->t;
	size_t k, n = put(buf, size, 0, "senses:");

	for (k = 0; k < t->nsense_ids; k++) {
		uint16_t id = t->sense_ids[k];

		if (s->sense_seen[id])
			n = put(buf, size, n, " %s=%ld", t->sense[id],
			    s->sense[id]);
		else
			n = put(buf, size, n, " %s=?", t->sense[id]);
	}
	return n;
}

int
pv_frame_match(const struct pv_state *s, size_t k, const char *filter)
{
	const struct pv_row *r = &s->t->row[k];

	return filter == NULL || *filter == '\0' ||
	    strstr(s->t->name[r->type][r->index], filter) != NULL;
}

void
pv_frame_print(FILE *fp, const struct pv_state *s, long now,
    const char *filter)
{
	char buf[512], last;
	size_t k;
	int glow;

	pv_frame_title(s, buf, sizeof buf);
	fprintf(fp, "%s\n", buf);
	for (k = 0; k < s->t->nrows; k++) {
		if (!pv_frame_match(s, k, filter))
			continue;
		pv_frame_row(s, k, now, buf, sizeof buf, &glow, &last);
		fprintf(fp, "%s\n", buf);
	}
	pv_frame_senses(s, buf, sizeof buf);
	fprintf(fp, "%s\n\n", buf);
}
