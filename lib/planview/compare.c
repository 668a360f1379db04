/*
 * compare.c - each cycle's drive with attention (the first drive executed
 * in it), where two runs part, and that said in words.  Called by
 * cmd/planview --compare.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "planview/compare.h"

int
planview_timeline_add(struct planview_timeline *t, const struct planview_event *e)
{
	if (e->event == PLANVIEW_RUN) {	/* no cycle of its own */
		t->boundary = 1;
		return 0;
	}
	if (t->boundary || t->n == 0 || t->cycle[t->n - 1] != e->cycle) {
		t->boundary = 0;
		if (t->n == t->cap) {
			size_t cap = t->cap ? 2 * t->cap : 1024;
			long *c = realloc(t->cycle, cap * sizeof *c);
			int *a;

			if (c == NULL)
				return -1;
			t->cycle = c;
			if ((a = realloc(t->att, cap * sizeof *a)) == NULL)
				return -1;
			t->att = a;
			t->cap = cap;
		}
		t->cycle[t->n] = e->cycle;
		t->att[t->n++] = -1;
	}
	if (e->event == PLANVIEW_EXECUTED && e->type == PLAN_D &&
	    t->att[t->n - 1] < 0)
		t->att[t->n - 1] = e->index;
	return 0;
}

void
planview_timeline_free(struct planview_timeline *t)
{
	free(t->cycle);
	free(t->att);
	memset(t, 0, sizeof *t);
}

void
planview_compare(const struct planview_timeline *a, const struct planview_timeline *b,
    struct planview_diff *d)
{
	size_t k, n = a->n > b->n ? a->n : b->n;

	d->index = -1;
	for (k = 0; k < n; k++) {
		int x = k < a->n ? a->att[k] : -2, y = k < b->n ? b->att[k] : -2;

		if (x == y)
			continue;
		d->index = (long)k;
		d->cycle[0] = k < a->n ? a->cycle[k] : -1;
		d->cycle[1] = k < b->n ? b->cycle[k] : -1;
		d->att[0] = x < 0 ? -1 : x;
		d->att[1] = y < 0 ? -1 : y;
		return;
	}
}

size_t
planview_timeline_count(const struct planview_timeline *t, int d)
{
	size_t k, n = 0;

	for (k = 0; k < t->n; k++)
		n += t->att[k] == d;
	return n;
}

static const char *
drive_name(const struct planview_tree *tr, int d, int ended)
{
	if (ended)
		return "(ended)";
	return d < 0 ? "(none)" : tr->name[PLAN_D][d];
}

static const char *
ordinal(long n)
{
	if (n % 100 >= 11 && n % 100 <= 13)
		return "th";
	return n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" :
	    "th";
}

void
planview_diff_text(const struct planview_tree *tr, const struct planview_diff *d, size_t n,
    char *buf, size_t size)
{
	char a[32], b[32];

	if (d->index < 0) {
		snprintf(buf, size, "no difference in attention over %zu "
		    "cycles", n);
		return;
	}
	snprintf(a, sizeof a, d->cycle[0] < 0 ? "(ended)" : "%ld",
	    d->cycle[0]);
	snprintf(b, sizeof b, d->cycle[1] < 0 ? "(ended)" : "%ld",
	    d->cycle[1]);
	snprintf(buf, size, "first difference: the %ld%s cycle (A %s, B %s): "
	    "A %s, B %s", d->index + 1, ordinal(d->index + 1), a, b,
	    drive_name(tr, d->att[0], d->cycle[0] < 0),
	    drive_name(tr, d->att[1], d->cycle[1] < 0));
}
