/*
 * progress.c - the bar behind progress.h.  Redrawn only when the percentage
 * changes: a terminal is slow next to a pty at full speed.
 */
#include <stdio.h>
#include <unistd.h>

#include "progress.h"

#define BAR 30

static void
update(void *ctx, uint32_t done, uint32_t total)
{
	struct progress *p = ctx;
	int pct = total ? (int)((uint64_t)done * 100 / total) : 100;
	int fill = pct * BAR / 100, i;

	if (!p->on || pct == p->last_pct)
		return;
	p->last_pct = pct;
	fprintf(stderr, "\r%s [", p->label);
	for (i = 0; i < BAR; i++)
		fputc(i < fill ? '#' : '.', stderr);
	fprintf(stderr, "] %3d%% %lu/%lu %s", pct, (unsigned long)done,
	    (unsigned long)total, p->units);
	fflush(stderr);
}

struct client_progress
progress_begin(struct progress *p, const char *label, const char *units)
{
	struct client_progress hook = { update, p };

	p->label = label;
	p->units = units;
	p->on = isatty(STDERR_FILENO);
	p->last_pct = -1;
	return hook;
}

void
progress_end(struct progress *p)
{
	if (p->on && p->last_pct >= 0)
		fputc('\n', stderr);
	p->last_pct = -1;
}
