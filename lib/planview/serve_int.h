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
struct pv_kept {
	long ord, cycle, value;
	char event;
	uint8_t type, has_sense;
	uint16_t index, sense;
};

/* One page's event stream. */
struct pv_stream {
	struct pv_server *s;
	struct MHD_Connection *c;
	struct pv_stream *next;
	int client;		/* the page's number */
	size_t sent;		/* bytes of the packed events sent */
	unsigned long view_seen, breaks_seen;
	int hello, suspended, gone;
	long last_write;	/* ms, for the keep-alive */
	char *pending;		/* a message being sent */
	size_t plen, poff;
};

struct pv_server {
	const struct pv_tree *t;
	const struct pv_serve_options *o;
	struct pv_serve_error *err;
	enum pv_serve_status status;
	struct MHD_Daemon *d;
	/* the source */
	int fd, reading, ended;
	struct pv_log log;
	struct pv_pack pack;
	struct pv_kept *kept;
	size_t nkept, capkept;
	long ncycles, last_cycle;	/* cycles read; the last one's number */
	int boundary;			/* a run boundary waits for its cycle */
	/* the view */
	size_t view_ev;			/* events the breakpoints have seen */
	int paused;
	long stop_ord;			/* the cycle (ordinal) the view stands
					   at when paused */
	char reason[PV_BRK_TEXT + 240];	/* and the robot's answer */
	unsigned long view_seq, breaks_seq;
	struct pv_brk_watch watch;
	struct pv_brk *breaks;
	size_t nbreaks, capbreaks;
	int next_break;
	/* the pages */
	struct pv_stream *streams;
	int next_client, controller;
};

/* serve.c */
void pv_server_view_json(struct pv_server *s, FILE *fp);
void pv_server_breaks_json(struct pv_server *s, FILE *fp);
/* A page's request; the answer as JSON into fp, and the HTTP status. */
unsigned pv_server_control(struct pv_server *s, int client,
    const char *(*arg)(void *, const char *), void *ctx, FILE *fp);
unsigned pv_server_break(struct pv_server *s, int client, const char *spec,
    FILE *fp);
unsigned pv_server_unbreak(struct pv_server *s, int client, const char *id,
    FILE *fp);
void pv_server_wake(struct pv_server *s);

/* serve_http.c */
int pv_http_start(struct pv_server *s);
void pv_http_stop(struct pv_server *s);
void pv_http_tick(struct pv_server *s);	/* keep-alives due */
/* Is the page at the other end still there?  A waiting stream is not
 * watched by the server, so its socket is asked; a closed one is ended. */
int pv_http_open(struct pv_stream *x);
long pv_http_now(void);

#endif
