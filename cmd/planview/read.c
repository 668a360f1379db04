/*
 * read.c - planview's input: the log in chunks as they come (poll, never
 * a wait without a bound), each whole line folded into the state, the
 * truncated-last-line notice.  Called by live.c and page.c.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "host/diag.h"
#include "host/exits.h"
#include "planview.h"

long
clock_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

struct fold {
	struct viewer *v;
	long now;
};

static int
fold_event(void *ctx, const struct planview_event *e)
{
	struct fold *f = ctx;
	struct viewer *v = f->v;

	if (v->o->until >= 0 && e->cycle > v->o->until) {
		v->stopped = 1;
		return 1;
	}
	/* plain frames and pages fade by the log's own clock */
	planview_state_apply(&v->state, e, v->log_clock ? e->time_ms : f->now);
	/* out of memory: stop reading; the caller says so */
	if (v->pack && planview_pack_add(v->pack, &v->tree, e) < 0)
		return v->stopped = 1;
	if (v->timeline && planview_timeline_add(v->timeline, e) < 0) {
		v->timeline_failed = 1;
		return v->stopped = 1;
	}
	return 0;
}

/* The message goes out now, or after the screen is closed (live view). */
static int
bad_log(struct viewer *v)
{
	struct diag d = diag_for(strcmp(v->o->log, "-") == 0 ? "<stdin>" :
	    v->o->log);
	FILE *fp = v->defer_errors ? open_memstream(&v->deferred,
	    &v->deferred_len) : NULL;

	d.out = fp;
	if (v->log.other_plan)
		diag_error(&d, v->log.error_line, v->log.error_col, "%s (is "
		    "this a log of %s?)", v->log.error, v->o->plan);
	else
		diag_error(&d, v->log.error_line, v->log.error_col, "%s",
		    v->log.error);
	if (fp)
		fclose(fp);
	return EXIT_DATAERR;
}

void
viewer_errors(struct viewer *v)
{
	if (v->deferred)
		fputs(v->deferred, stderr);
	free(v->deferred);
	v->deferred = NULL;
}

int
viewer_read(struct viewer *v, int wait_ms, long now)
{
	char buf[65536];
	struct pollfd p;
	struct fold f;
	ssize_t n;
	int rc;

	v->got = 0;
	if (v->eof || v->stopped)
		return 1;
	p.fd = v->fd;
	p.events = POLLIN;
	if (poll(&p, 1, wait_ms) <= 0)
		return 0;
	n = read(v->fd, buf, sizeof buf);
	if (n < 0) {
		if (errno == EINTR || errno == EAGAIN)
			return 0;
		warnx_tool("%s: %s", v->o->log, strerror(errno));
		return EXIT_IOERR;
	}
	if (n == 0) {
		v->eof = 1;
		return planview_log_end(&v->log) < 0 ? bad_log(v) : 1;
	}
	v->got = (size_t)n;
	f.v = v;
	f.now = now;
	rc = planview_log_feed(&v->log, buf, (size_t)n, fold_event, &f);
	if (rc < 0)
		return bad_log(v);
	return v->stopped ? 1 : 0;
}

int
viewer_finish(struct viewer *v)
{
	struct diag d = diag_for(strcmp(v->o->log, "-") == 0 ? "<stdin>" :
	    v->o->log);

	if (v->log.implied_line)
		diag_warn(&d, v->log.implied_line, 0, "the cycles start again "
		    "at 1 with no run boundary (B): read as the plan starting "
		    "again");
	if (v->eof && planview_log_truncated(&v->log) && v->state.cycle >= 0)
		diag_warn(&d, v->log.line + 1, 0, "the log ends in the middle "
		    "of this line (truncated): shown up to cycle %ld",
		    v->state.cycle);
	else if (v->eof && planview_log_truncated(&v->log))
		diag_warn(&d, v->log.line + 1, 0, "the log ends in the middle "
		    "of this line (truncated), before any cycle");
	return EXIT_OK;
}
