/*
 * console.h - lines typed at a robot's console, run on a connection that
 * comes back when it breaks.  armctl session runs each line through it; a
 * server that keeps a robot for its users would do the same.
 */
#ifndef SPINE_CLIENT_CONSOLE_H
#define SPINE_CLIENT_CONSOLE_H

#include <stdint.h>

#include "client/client.h"

#define CLIENT_CONSOLE_DROPS 5	/* reconnections with no good line between */

/*
 * The lines and what they return are the caller's: 0 went well, any other
 * value is the caller's own code for a failure (an exit status, say), and
 * the console keeps them as they are.  Its own link failures become codes
 * through the caller's `code` (client_status_exit, or a wrapper of it).
 */
struct client_console {
	struct client *cl;
	void *ctx;			/* the hooks' */
	/* After each handshake: what the robot is logged in, say.  A
	   failure that is not the link's ends the console (a file of ours
	   would fail the same at the next try).  May be NULL. */
	int (*attach)(void *ctx);
	/* Then: the lines to run on every (re)connection, `greeting` set
	   while they run.  May be NULL. */
	int (*greet)(void *ctx);
	/* After each line run on the link (the monitor stream on again, a
	   new plan's names).  May be NULL. */
	int (*resume)(void *ctx);
	/* The link again; NULL: client_reconnect (keep.h). */
	enum client_status (*reconnect)(void *ctx, struct client *cl);
	int (*code)(enum client_status st);	/* the caller's code for st */
	int interrupted;		/* the caller's code: a signal came
				   (nonzero; -1 unless set) */
	/* kept by the console, read by the caller */
	int up;			/* the link works, as far as we know */
	int greeting;		/* running greet */
	int drops;		/* reconnections since a line went well */
	int status;		/* the last failed line's code (the caller may
				   set it for a line that never ran) */
	int fatal;		/* nonzero: the console ends with this code */
	uint64_t last_ask;	/* when the robot last answered */
};

/* Everything off, on cl; the caller sets the hooks and codes. */
void client_console_init(struct client_console *k, struct client *cl);

/*
 * After the caller's own first handshake: the hooks, as after each
 * reconnection.  0: go on reading lines.  Else the console is over with
 * that code (in k->fatal): the hooks failed, and not because the link
 * broke (a broken link is taken up again before the first line).
 */
int client_console_begin(struct client_console *k);

/*
 * Before reading the next line (`top`: the console's own input, not a
 * file it includes): 0 when the console is over, or the greeting's link
 * went down.  On top, a link that is down is taken up again at once.
 */
int client_console_more(struct client_console *k, int top);

/*
 * Before running a line: a link that is down comes back (with the
 * hooks), or, after CLIENT_CONSOLE_DROPS reconnections with no good line
 * between, the robot is given up on (said; k->fatal).  0 when it is up.
 */
int client_console_ready(struct client_console *k);

/* After a line ran on the link with code r: the link's state, the
   status, the resume hook. */
void client_console_ran(struct client_console *k, int r);

/* While nobody types (client_keepalive). */
void client_console_idle(struct client_console *k);

/* The console's end: k->fatal, else the last failed line's code. */
int client_console_end(const struct client_console *k);

#endif
