/*
 * serve_int.h - what the live server's two halves share: the run side
 * (serve.c: the source, the events kept, the view and its breakpoints,
 * steering) and the HTTP side (serve_http.c: requests, the event streams).
 * Private to lib/planview.
 */
#ifndef SPINE_PLANVIEW_SERVE_INT_H
#define SPINE_PLANVIEW_SERVE_INT_H

#include <microhttpd.h>

#include "planview/brk.h"
#include "planview/logfeed.h"
#include "planview/pack.h"
#include "planview/serve.h"

/* An event as breakpoints need it, a cycle's ordinal beside it. */
struct planview_kept {
	long ord, cycle, value;
	char event;
	uint8_t type, has_sense;
	uint16_t index, sense;
};

/* One page's event stream. */
struct planview_stream {
	struct planview_server *s;
	struct MHD_Connection *c;
	struct planview_stream *next;
	int client;		/* the page's number */
	size_t sent;		/* bytes of the packed events sent */
	unsigned long view_seen, breaks_seen;
	int hello, suspended, gone;
	long last_write;	/* ms, for the keep-alive */
	char *pending;		/* a message being sent */
	size_t plen, poff;
};

struct planview_server {
	const struct planview_tree *t;
	const struct planview_serve_options *o;
	struct planview_serve_error *err;
	enum planview_serve_status status;
	struct MHD_Daemon *d;
	/* the source */
	int fd, reading, ended;
	struct planview_log log;
	struct planview_pack pack;
	struct planview_kept *kept;
	size_t nkept, capkept;
	long ncycles, last_cycle;	/* cycles read; the last one's number */
	int boundary;			/* a run boundary waits for its cycle */
	/* the view */
	size_t view_ev;			/* events the breakpoints have seen */
	int paused;
	long stop_ord;			/* the cycle (ordinal) the view stands
					   at when paused */
	char reason[PLANVIEW_BRK_TEXT + 240];	/* and the robot's answer */
	unsigned long view_seq, breaks_seq;
	struct planview_brk_watch watch;
	struct planview_brk *breaks;
	size_t nbreaks, capbreaks;
	int next_break;
	/* the pages */
	struct planview_stream *streams;
	int next_client, controller;
};

/* serve.c */
void planview_server_view_json(struct planview_server *s, FILE *fp);
void planview_server_breaks_json(struct planview_server *s, FILE *fp);
/* A page's request; the answer as JSON into fp, and the HTTP status. */
unsigned planview_server_control(struct planview_server *s, int client,
    const char *(*arg)(void *, const char *), void *ctx, FILE *fp);
unsigned planview_server_break(struct planview_server *s, int client, const char *spec,
    FILE *fp);
unsigned planview_server_unbreak(struct planview_server *s, int client, const char *id,
    FILE *fp);
void planview_server_wake(struct planview_server *s);

/* serve_http.c */
int planview_http_start(struct planview_server *s);
void planview_http_stop(struct planview_server *s);
void planview_http_tick(struct planview_server *s);	/* keep-alives due */
/* Is the page at the other end still there?  A waiting stream is not
 * watched by the server, so its socket is asked; a closed one is ended. */
int planview_http_open(struct planview_stream *x);
long planview_http_now(void);

#endif
