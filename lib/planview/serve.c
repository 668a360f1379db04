/*
 * serve.c - the live server's run side: the source read as it comes (a
 * pipe, or a file read on at its end), each event packed for the pages
 * and kept for the breakpoints; the view, which stops where a breakpoint
 * holds and is paused, stepped and resumed by the page; steering through
 * the table of steer.h; one page steering at a time; the loop that joins
 * it all with the HTTP side (serve_http.c).  Called by cmd/planview.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/exits.h"
#include "host/num.h"
#include "plan/vocab.h"
#include "planview/html.h"
#include "planview/serve_int.h"

#define READ_CHUNK 65536
#define READ_BUDGET (1 << 20)	/* bytes a turn of the loop reads at most */
#define FILE_POLL_MS 50		/* a file at its end: look again after */
#define STEER_PUMP_MS 20	/* a robot with no descriptor: pumped so */

int
planview_serve_exit(enum planview_serve_status st)
{
	switch (st) {
	case PLANVIEW_SERVE_OK:
		return EXIT_OK;
	case PLANVIEW_SERVE_BAD_LOG:
		return EXIT_DATAERR;
	case PLANVIEW_SERVE_BAD_BREAK:
		return EXIT_USAGE;
	case PLANVIEW_SERVE_NO_SERVER:
		return EXIT_UNAVAILABLE;
	default:
		return EXIT_IOERR;
	}
}

static int
keep(struct planview_server *s, const struct planview_event *e)
{
	struct planview_kept *k;

	if (s->nkept == s->capkept) {
		size_t cap = s->capkept ? 2 * s->capkept : 4096;

		if ((k = realloc(s->kept, cap * sizeof *k)) == NULL)
			return -1;
		s->kept = k;
		s->capkept = cap;
	}
	k = &s->kept[s->nkept++];
	if (e->event == PLANVIEW_RUN) {	/* it belongs to its run's first cycle */
		s->boundary = 1;
		k->ord = s->ncycles;
	} else {
		if (s->boundary || s->ncycles == 0 ||
		    e->cycle != s->last_cycle) {
			s->ncycles++;
			s->last_cycle = e->cycle;
			s->boundary = 0;
		}
		k->ord = s->ncycles - 1;
	}
	k->cycle = e->cycle;
	k->event = e->event;
	k->type = e->type;
	k->index = e->index;
	k->has_sense = (uint8_t)e->has_sense;
	k->sense = e->sense;
	k->value = e->value;
	return 0;
}

static int
on_event(void *ctx, const struct planview_event *e)
{
	struct planview_server *s = ctx;

	if (planview_pack_add(&s->pack, s->t, e) < 0 || keep(s, e) < 0) {
		s->status = PLANVIEW_SERVE_IO;
		snprintf(s->err->text, sizeof s->err->text, "out of memory");
		return 1;
	}
	return 0;
}

static void
changed(struct planview_server *s)
{
	s->view_seq++;
	planview_server_wake(s);
}

/* The number of the cycle the view stands at (the breakpoints have seen
 * it: they go on to the view's stop), or -1 while it is not read yet. */
static long
view_cycle(const struct planview_server *s)
{
	if (!s->paused)
		return s->last_cycle;
	if (s->view_ev > 0 && s->kept[s->view_ev - 1].ord == s->stop_ord)
		return s->kept[s->view_ev - 1].cycle;
	return -1;
}

/* The view stops at cycle ordinal ord; the robot pauses too. */
static void
stop_at(struct planview_server *s, long ord, const char *why)
{
	char answer[160] = "";

	s->paused = 1;
	s->stop_ord = ord;
	if (s->o->steer && s->o->steer->pause)
		s->o->steer->pause(s->o->steer->ctx, answer, sizeof answer);
	/* the robot says where it stopped: the cycles it ran on before it
	 * heard are the view's to catch up (step) */
	snprintf(s->reason, sizeof s->reason, "%s%s%s", why, *answer ?
	    "; " : "", answer);
	changed(s);
}

/* Let the breakpoints see the events up to the view's stop (all of them
 * when it runs); the first that holds stops it there. */
static void
advance(struct planview_server *s)
{
	while (s->view_ev < s->nkept) {
		const struct planview_kept *k = &s->kept[s->view_ev];
		struct planview_event e;
		char why[PLANVIEW_BRK_TEXT + 64];
		int hit;

		if (s->paused && k->ord > s->stop_ord)
			break;
		memset(&e, 0, sizeof e);
		e.cycle = k->cycle;
		e.event = k->event;
		e.type = k->type;
		e.index = k->index;
		e.has_sense = k->has_sense;
		e.sense = k->sense;
		e.value = k->value;
		hit = planview_brk_check(&s->watch, s->breaks, s->nbreaks, &e);
		s->view_ev++;
		if (hit >= 0 && !s->paused) {
			snprintf(why, sizeof why, "stopped at breakpoint %d: %s",
			    s->breaks[hit].id, s->breaks[hit].text);
			stop_at(s, k->ord, why);
		}
	}
}

/* The source is no log (of this plan): reading stops, the pages and, at
 * the end, the status say so. */
static void
bad_log(struct planview_server *s)
{
	if (s->status == PLANVIEW_SERVE_OK) {
		s->status = PLANVIEW_SERVE_BAD_LOG;
		s->err->line = s->log.error_line;
		s->err->col = s->log.error_col;
		s->err->other_plan = s->log.other_plan;
		snprintf(s->err->text, sizeof s->err->text, "%s",
		    s->log.error);
	}
	s->reading = 0;
	s->view_seq++;
}

/* Everything waiting on the source, up to READ_BUDGET bytes. */
static void
read_source(struct planview_server *s)
{
	char buf[READ_CHUNK];
	size_t total = 0;
	ssize_t n;

	while (s->reading && total < READ_BUDGET) {
		struct pollfd p = { s->fd, POLLIN, 0 };

		if (!s->o->is_file && poll(&p, 1, 0) <= 0)
			break;
		n = read(s->fd, buf, sizeof buf);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			break;
		if (n < 0) {
			snprintf(s->err->text, sizeof s->err->text, "%s: %s",
			    s->o->source, strerror(errno));
			s->status = PLANVIEW_SERVE_IO;
			s->reading = 0;
			break;
		}
		if (n == 0) {
			if (!s->o->is_file) {	/* a pipe ends; a file grows */
				s->reading = 0;
				s->ended = 1;
				s->view_seq++;
				if (planview_log_end(&s->log) < 0)
					bad_log(s);
			}
			break;
		}
		total += (size_t)n;
		if (planview_log_feed(&s->log, buf, (size_t)n, on_event, s) != 0)
			bad_log(s);
	}
	if (total) {
		advance(s);
		planview_server_wake(s);
	}
}

/* ---- what the pages are told ------------------------------------------ */

void
planview_server_view_json(struct planview_server *s, FILE *fp)
{
	const char *name = strcmp(s->o->source, "-") == 0 ? "<stdin>" :
	    s->o->source;
	char src[300];

	if (s->status == PLANVIEW_SERVE_BAD_LOG)
		snprintf(src, sizeof src, "%s:%ld: %s", name, s->err->line,
		    s->err->text);
	else if (s->status != PLANVIEW_SERVE_OK)
		snprintf(src, sizeof src, "%s", s->err->text);
	else
		snprintf(src, sizeof src, "%s %s", s->ended ? "ended:" :
		    "reading", name);
	fprintf(fp, "{\"limit\":%ld,\"paused\":%s,\"cycle\":%ld,"
	    "\"cycles\":%ld,\"reason\":", s->paused ? s->stop_ord : -1L,
	    s->paused ? "true" : "false", view_cycle(s), s->ncycles);
	planview_html_json(fp, s->reason);
	fputs(",\"source\":", fp);
	planview_html_json(fp, src);
	fprintf(fp, ",\"ended\":%s,\"steering\":%d,\"robot\":%s}",
	    s->ended || !s->reading ? "true" : "false", s->controller,
	    s->o->steer ? "true" : "false");
}

void
planview_server_breaks_json(struct planview_server *s, FILE *fp)
{
	size_t k;

	fputc('[', fp);
	for (k = 0; k < s->nbreaks; k++) {
		fprintf(fp, "%s{\"id\":%d,\"text\":", k ? "," : "",
		    s->breaks[k].id);
		planview_html_json(fp, s->breaks[k].text);
		fputc('}', fp);
	}
	fputc(']', fp);
}

static void
answer(FILE *fp, int ok, const char *text)
{
	fprintf(fp, "{\"ok\":%s,\"text\":", ok ? "true" : "false");
	planview_html_json(fp, text);
	fputc('}', fp);
}

/* ---- who steers ----------------------------------------------------------- */

static int
alive(struct planview_server *s, int client)
{
	struct planview_stream *x;

	for (x = s->streams; x; x = x->next)
		if (x->client == client && !x->gone && planview_http_open(x))
			return 1;
	return 0;
}

/* May this page steer?  The first page that does keeps it until it goes;
 * a request from no page (a script) steers when no page does. */
static int
claim(struct planview_server *s, int client, FILE *fp)
{
	char text[160];

	if (s->controller && s->controller != client &&
	    alive(s, s->controller)) {
		snprintf(text, sizeof text, "another page (viewer %d) is "
		    "steering this run: this one can only watch",
		    s->controller);
		answer(fp, 0, text);
		return -1;
	}
	if (client > 0 && alive(s, client) && s->controller != client) {
		s->controller = client;
		s->view_seq++;
	} else if (s->controller && !alive(s, s->controller))
		s->controller = 0;
	return 0;
}

/* ---- steering: the view, and the robot through the table --------------- */

static unsigned
view_pause(struct planview_server *s, FILE *fp)
{
	char text[200], a[160] = "";

	if (s->o->steer && s->o->steer->pause &&
	    s->o->steer->pause(s->o->steer->ctx, a, sizeof a) < 0) {
		answer(fp, 0, a);
		return 502;
	}
	/* a robot: the cycles it ran before it heard us are in the pipe
	 * now; the view stops where the robot stands */
	if (s->o->steer && s->reading)
		read_source(s);
	if (!s->paused) {
		s->paused = 1;
		s->stop_ord = s->ncycles ? s->ncycles - 1 : 0;
		snprintf(s->reason, sizeof s->reason, "paused");
		advance(s);
		changed(s);
	}
	snprintf(text, sizeof text, "%s%spaused at cycle %ld", a,
	    *a ? "; " : "", view_cycle(s));
	answer(fp, 1, text);
	return 200;
}

static unsigned
view_resume(struct planview_server *s, FILE *fp)
{
	char a[160] = "";

	if (s->o->steer && s->o->steer->resume &&
	    s->o->steer->resume(s->o->steer->ctx, a, sizeof a) < 0) {
		answer(fp, 0, a);
		return 502;
	}
	s->paused = 0;
	s->reason[0] = '\0';
	changed(s);
	advance(s);
	answer(fp, 1, *a ? a : "running");
	return 200;
}

static unsigned
view_step(struct planview_server *s, const char *n, FILE *fp)
{
	char a[160] = "", text[240];
	long cycles, ahead;

	if (n == NULL || num_long(n, 1, 1000000, &cycles) != 0) {
		answer(fp, 0, "step: give a number of cycles, 1 to 1000000");
		return 400;
	}
	if (!s->paused) {
		if (s->o->steer && s->reading)
			read_source(s);
		s->paused = 1;
		s->stop_ord = s->ncycles ? s->ncycles - 1 : 0;
	}
	/* A view behind its robot (stopped at a breakpoint the robot ran
	 * past before it heard of it) catches up first; only the steps
	 * beyond the robot's cycle are the robot's to run. */
	ahead = s->ncycles - 1 - s->stop_ord;
	if (s->o->steer && s->o->steer->step && cycles > ahead &&
	    s->o->steer->step(s->o->steer->ctx, (unsigned long)(cycles -
	    (ahead > 0 ? ahead : 0)), a, sizeof a) < 0) {
		answer(fp, 0, a);
		return 502;
	}
	s->stop_ord += cycles;
	snprintf(s->reason, sizeof s->reason, "stepped %ld", cycles);
	advance(s);
	changed(s);
	snprintf(text, sizeof text, "%s%sstepped %ld cycle%s", a, *a ? "; " :
	    "", cycles, cycles == 1 ? "" : "s");
	answer(fp, 1, text);
	return 200;
}

/* Requests only a robot can answer. */
static unsigned
robot(struct planview_server *s, const char *cmd,
    const char *(*arg)(void *, const char *), void *ctx, FILE *fp)
{
	const struct planview_steer *st = s->o->steer;
	char a[160] = "", why[200];
	uint8_t type;
	uint16_t index;
	long v;
	int rc = -1;

	if (st == NULL) {
		snprintf(why, sizeof why, "%s: not available: the source is a "
		    "log, not a robot", cmd);
		answer(fp, 0, why);
		return 409;
	}
	if (strcmp(cmd, "prio") == 0) {
		const char *d = arg(ctx, "drive"), *val = arg(ctx, "value");

		if (d == NULL || evlog_names_element(&s->t->names, d, &type,
		    &index) < 0 || type != PLAN_D || val == NULL ||
		    num_long(val, 0, 65535, &v) != 0) {
			answer(fp, 0, "prio: give a drive of the plan and a "
			    "priority, 0 to 65535");
			return 400;
		}
		if (st->priority)
			rc = st->priority(st->ctx, index, (uint16_t)v, a,
			    sizeof a);
	} else if (strcmp(cmd, "mon") == 0) {
		const char *e = arg(ctx, "elem"), *f = arg(ctx, "flags");
		unsigned flags = 0;
		int k;

		if (e == NULL || evlog_names_element(&s->t->names, e, &type,
		    &index) < 0 || f == NULL) {
			answer(fp, 0, "mon: give an element of the plan and "
			    "letters of E S P F Z R");
			return 400;
		}
		for (; *f; f++) {
			if ((k = plan_event_from_letter(*f)) < 0 || k > 5) {
				answer(fp, 0, "mon: the letters are E S P F "
				    "Z R");
				return 400;
			}
			flags |= 1u << k;
		}
		if (st->monitor)
			rc = st->monitor(st->ctx, type, index, (uint8_t)flags,
			    a, sizeof a);
	} else {
		const char *hz = arg(ctx, "hz");

		if (hz == NULL || num_long(hz, 1, 1000, &v) != 0) {
			answer(fp, 0, "rate: give cycles a second, 1 to 1000");
			return 400;
		}
		if (st->rate)
			rc = st->rate(st->ctx, (unsigned)v, a, sizeof a);
	}
	answer(fp, rc == 0, *a ? a : rc == 0 ? "done" : "not done");
	return rc == 0 ? 200 : 502;
}

unsigned
planview_server_control(struct planview_server *s, int client,
    const char *(*arg)(void *, const char *), void *ctx, FILE *fp)
{
	const char *cmd = arg(ctx, "cmd");

	if (cmd == NULL) {
		answer(fp, 0, "no cmd: pause, resume, step, prio, mon, rate");
		return 400;
	}
	if (claim(s, client, fp) < 0)
		return 409;
	if (strcmp(cmd, "pause") == 0)
		return view_pause(s, fp);
	if (strcmp(cmd, "resume") == 0)
		return view_resume(s, fp);
	if (strcmp(cmd, "step") == 0)
		return view_step(s, arg(ctx, "n"), fp);
	if (strcmp(cmd, "prio") == 0 || strcmp(cmd, "mon") == 0 ||
	    strcmp(cmd, "rate") == 0)
		return robot(s, cmd, arg, ctx, fp);
	answer(fp, 0, "unknown cmd: pause, resume, step, prio, mon, rate");
	return 400;
}

/* ---- breakpoints ------------------------------------------------------- */

static int
add_break(struct planview_server *s, const char *spec, char *err, size_t size)
{
	struct planview_brk b;

	if (planview_brk_parse(&b, s->t, spec, err, size) < 0)
		return -1;
	if (s->nbreaks == s->capbreaks) {
		size_t cap = s->capbreaks ? 2 * s->capbreaks : 8;
		struct planview_brk *n = realloc(s->breaks, cap * sizeof *n);

		if (n == NULL) {
			snprintf(err, size, "out of memory");
			return -1;
		}
		s->breaks = n;
		s->capbreaks = cap;
	}
	b.id = ++s->next_break;
	s->breaks[s->nbreaks++] = b;
	s->breaks_seq++;
	return 0;
}

static void
list_answer(struct planview_server *s, FILE *fp, int ok, const char *text)
{
	fprintf(fp, "{\"ok\":%s,\"text\":", ok ? "true" : "false");
	planview_html_json(fp, text);
	fputs(",\"breaks\":", fp);
	planview_server_breaks_json(s, fp);
	fputc('}', fp);
}

unsigned
planview_server_break(struct planview_server *s, int client, const char *spec,
    FILE *fp)
{
	char err[200], text[PLANVIEW_BRK_TEXT + 40];

	if (claim(s, client, fp) < 0)
		return 409;
	if (spec == NULL || add_break(s, spec, err, sizeof err) < 0) {
		list_answer(s, fp, 0, spec ? err : "no spec");
		return 400;
	}
	snprintf(text, sizeof text, "breakpoint %d: %s",
	    s->breaks[s->nbreaks - 1].id, s->breaks[s->nbreaks - 1].text);
	list_answer(s, fp, 1, text);
	planview_server_wake(s);
	return 200;
}

unsigned
planview_server_unbreak(struct planview_server *s, int client, const char *id,
    FILE *fp)
{
	long n;
	size_t k;

	if (claim(s, client, fp) < 0)
		return 409;
	if (id && num_long(id, 1, 1000000000L, &n) == 0)
		for (k = 0; k < s->nbreaks; k++)
			if (s->breaks[k].id == n) {
				memmove(&s->breaks[k], &s->breaks[k + 1],
				    (s->nbreaks - k - 1) * sizeof s->breaks[k]);
				s->nbreaks--;
				s->breaks_seq++;
				list_answer(s, fp, 1, "removed");
				planview_server_wake(s);
				return 200;
			}
	list_answer(s, fp, 0, "no such breakpoint");
	return 404;
}

/* ---- the loop --------------------------------------------------------- */

static enum planview_serve_status
start(struct planview_server *s, const struct planview_tree *t,
    const struct planview_serve_options *o, struct planview_serve_error *err)
{
	char why[200];
	size_t k;

	memset(s, 0, sizeof *s);
	memset(err, 0, sizeof *err);
	s->t = t;
	s->o = o;
	s->err = err;
	s->fd = o->fd;
	s->reading = o->fd >= 0;
	planview_log_init(&s->log, t);
	if (planview_brk_watch_open(&s->watch, t) < 0) {
		snprintf(err->text, sizeof err->text, "out of memory");
		return PLANVIEW_SERVE_IO;
	}
	for (k = 0; k < o->nbreaks; k++)
		if (add_break(s, o->breaks[k], why, sizeof why) < 0) {
			snprintf(err->text, sizeof err->text, "--break: %s",
			    why);
			return PLANVIEW_SERVE_BAD_BREAK;
		}
	if (planview_http_start(s) < 0)
		return PLANVIEW_SERVE_NO_SERVER;
	return PLANVIEW_SERVE_OK;
}

static void
finish(struct planview_server *s)
{
	planview_http_stop(s);
	planview_log_free(&s->log);
	planview_pack_free(&s->pack);
	planview_brk_watch_free(&s->watch);
	free(s->kept);
	free(s->breaks);
}

/* One turn: wait (bounded) for the server or the source, then serve
 * and read. */
static void
turn(struct planview_server *s)
{
	const union MHD_DaemonInfo *di;
	const struct planview_steer *st = s->o->steer;
	struct pollfd p[3];
	MHD_UNSIGNED_LONG_LONG mt;
	int n = 0, wait = 200;

	di = MHD_get_daemon_info(s->d, MHD_DAEMON_INFO_EPOLL_FD);
	p[n].fd = di ? di->epoll_fd : -1;
	p[n++].events = POLLIN;
	if (s->reading && !s->o->is_file) {
		p[n].fd = s->fd;
		p[n++].events = POLLIN;
	} else if (s->reading)
		wait = FILE_POLL_MS;
	if (st && st->wait_fd >= 0) {
		p[n].fd = st->wait_fd;
		p[n++].events = POLLIN;
	} else if (st && st->pump && wait > STEER_PUMP_MS)
		wait = STEER_PUMP_MS;	/* nothing to wait on: look often */
	if (MHD_get_timeout(s->d, &mt) == MHD_YES && mt < (unsigned)wait)
		wait = (int)mt;
	poll(p, (nfds_t)n, wait);
	if (st && st->pump)
		st->pump(st->ctx);
	if (s->reading)
		read_source(s);
	planview_http_tick(s);
	MHD_run(s->d);
}

enum planview_serve_status
planview_serve(const struct planview_tree *t, const struct planview_serve_options *o,
    struct planview_serve_error *err)
{
	struct planview_server s;
	enum planview_serve_status st = start(&s, t, o, err);

	if (st != PLANVIEW_SERVE_OK) {
		finish(&s);
		return st;
	}
	while (!*o->stop)
		turn(&s);
	st = s.status;
	finish(&s);
	return st;
}
