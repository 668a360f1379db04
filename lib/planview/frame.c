/*
 * frame.c - the text of planview's frames, the same for the terminal and
 * for plain output (tests read the plain one), and which rows a frame
 * shows.  Called by cmd/planview.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
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

/* One title field after what is there, if it fits in width whole. */
static size_t
field(char *buf, size_t size, size_t at, size_t width, const char *text)
{
	size_t n = strlen(text) + (at ? 2 : 0);

	if (at + n > width || at + n >= size)
		return at;
	return put(buf, size, at, "%s%s", at ? "  " : "", text);
}

size_t
planview_frame_title(const struct planview_state *s, const char *flags, size_t width,
    char *buf, size_t size)
{
	const char *who = s->attention >= 0 ?
	    s->t->name[PLAN_D][s->attention] : "-";
	char f[128];
	size_t n = 0, room;

	buf[0] = '\0';
	if (flags && *flags)
		n = field(buf, size, n, width, flags);
	snprintf(f, sizeof f, "cycle %ld", s->cycle < 0 ? 0 : s->cycle);
	n = field(buf, size, n, width, f);
	/* the drive with attention, cut to the room left if it must be */
	room = width > n + 14 ? width - n - 14 : 0;
	if (room > 0) {
		snprintf(f, sizeof f, "attention: %.*s", (int)(room < 100 ?
		    room : 100), who);
		n = field(buf, size, n, width, f);
	}
	if (s->run > 1 || (s->run_how[0] && strcmp(s->run_how, "start"))) {
		snprintf(f, sizeof f, "run %ld%s%.20s%s", s->run,
		    s->run_how[0] ? " (" : "", s->run_how,
		    s->run_how[0] ? ")" : "");
		n = field(buf, size, n, width, f);
	}
	if (s->timed) {		/* a robot's log has no clock: no time */
		snprintf(f, sizeof f, "time %ld ms", s->time_ms);
		n = field(buf, size, n, width, f);
		snprintf(f, sizeof f, "%.1f cycles/s", planview_state_rate(s));
		n = field(buf, size, n, width, f);
	}
	snprintf(f, sizeof f, "%lu events", s->events);
	return field(buf, size, n, width, f);
}

size_t
planview_frame_row(const struct planview_state *s, size_t k, long now, char *buf,
    size_t size, int *glow, char *last)
{
	const struct planview_row *r = &s->t->row[k];
	const struct planview_elem *x = &s->elem[r->type][r->index];
	size_t n;

	*glow = planview_state_glow(s, r->type, r->index, now);
	*last = x->last;
	if (x->last && planview_state_row_lit(s, k) < 0)
		*glow = *last = 0;	/* it lit under another caller */
	n = put(buf, size, 0, "%c%c %*s%s %s  %s", PLANVIEW_GLOW_MARKS[*glow],
	    *last ? *last : ' ', 2 * r->depth, "",
	    planview_type_tag(r->type), s->t->name[r->type][r->index], r->info);
	if (x->priority >= 0)
		n = put(buf, size, n, "  runtime p%ld", x->priority);
	if (x->executed || x->failed || x->errors)
		n = put(buf, size, n, "  [x%lu ok%lu f%lu]", x->executed,
		    x->succeeded, x->failed + x->errors);
	if (x->latch == 1)
		n = put(buf, size, n, " latched");
	if (x->released >= 0)
		n = put(buf, size, n, " %s", x->released ? "released" :
		    "not released");
	return n;
}

size_t
planview_frame_senses(const struct planview_state *s, char *buf, size_t size)
{
	const struct planview_tree *t = s->t;
	size_t k, n = put(buf, size, 0, "senses:");

	for (k = 0; k < s->nreads; k++) {
		uint16_t id = s->reads[k];

		if (s->sense_seen[id])
			n = put(buf, size, n, " %s=%ld", t->sense[id],
			    s->sense[id]);
		else
			n = put(buf, size, n, " %s=?", t->sense[id]);
	}
	for (k = 0; k < t->nsense; k++)
		if (s->sense_seen[k] && !s->is_read[k] && t->sense[k])
			n = put(buf, size, n, " %s=%ld", t->sense[k],
			    s->sense[k]);
	return n;
}

/* Does text hold part, in any case? */
static int
holds(const char *text, const char *part)
{
	size_t i, n = strlen(part);

	for (; *text; text++) {
		for (i = 0; i < n && text[i] && tolower((unsigned char)text[i]) ==
		    tolower((unsigned char)part[i]); i++)
			;
		if (i == n)
			return 1;
	}
	return n == 0;
}

int
planview_frame_match(const struct planview_state *s, size_t k, const char *filter)
{
	const struct planview_row *r = &s->t->row[k];

	return filter == NULL || *filter == '\0' ||
	    holds(s->t->name[r->type][r->index], filter);
}

size_t
planview_frame_rows(const struct planview_state *s, const char *filter, int fold,
    int open, size_t *out, size_t *folded)
{
	const struct planview_tree *t = s->t;
	int under = -1;		/* depth of the matching row we are below */
	int drive = -1;		/* the drive whose subtree we are in */
	size_t k, n = 0;

	if (filter != NULL && *filter != '\0')
		fold = 0;	/* a filter shows what it finds */
	for (k = 0; k < t->nrows; k++) {
		const struct planview_row *r = &t->row[k];

		if (r->depth == 0)
			drive = r->index;
		if (under >= 0 && r->depth <= under)
			under = -1;
		if (under < 0 && !planview_frame_match(s, k, filter))
			continue;
		if (under < 0)
			under = r->depth;
		/* a folded drive: its own row stands for its subtree */
		if (fold && r->depth > 0 && drive != open) {
			if (folded && n > 0)
				folded[n - 1]++;
			continue;
		}
		if (folded)
			folded[n] = 0;
		out[n++] = k;
	}
	return n;
}

void
planview_frame_print(FILE *fp, const struct planview_state *s, long now,
    const char *filter)
{
	char buf[512], last;
	size_t k, n, *rows = malloc((s->t->nrows + 1) * sizeof *rows);
	int glow;

	planview_frame_title(s, "", sizeof buf, buf, sizeof buf);
	fprintf(fp, "%s\n", buf);
	n = rows ? planview_frame_rows(s, filter, 0, -1, rows, NULL) : 0;
	for (k = 0; k < n; k++) {
		planview_frame_row(s, rows[k], now, buf, sizeof buf, &glow, &last);
		fprintf(fp, "%s\n", buf);
	}
	free(rows);
	planview_frame_senses(s, buf, sizeof buf);
	fprintf(fp, "%s\n\n", buf);
}
