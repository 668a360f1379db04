/*
 * event.h - one event of a run as planview folds it: the internal shape
 * the event log (lib/evlog, CSV or JSON lines) comes in as, through
 * logfeed.c.  Used by state.c and html.c.
 */
#ifndef SPINE_PLANVIEW_EVENT_H
#define SPINE_PLANVIEW_EVENT_H

#include <stdint.h>

/* Event letters, as the log writes them; I is an idle cycle. */
#define PLANVIEW_EXECUTED 'E'
#define PLANVIEW_SUCCESS 'S'
#define PLANVIEW_PENDING 'P'
#define PLANVIEW_FAIL 'F'
#define PLANVIEW_ERROR 'Z'
#define PLANVIEW_RELEASER 'R'
#define PLANVIEW_IDLE 'I'
#define PLANVIEW_PRIORITY 'Q'	/* a drive's runtime priority set from outside */
#define PLANVIEW_RUN 'B'	/* a run boundary: a new run of the plan begins */

#define PLANVIEW_REASON_MAX 80

struct planview_event {
	long cycle, time_ms;	/* time_ms 0 when the log has none ... */
	int timed;		/* ... and then this is 0 */
	char event;		/* one of the letters above */
	uint8_t type;		/* element type (not for I) */
	uint16_t index;		/* record index in that type's table */
	int has_sense;		/* R: a sense was read (not TR / FL) */
	uint16_t sense;		/* its id */
	long value;		/* R: the value read; Q: the new priority */
	int released, latch;	/* R: 0/1, or -1 when the log does not say */
	char reason[PLANVIEW_REASON_MAX];	/* F/Z: why; B: how the run began
					   (start, join, reconnect); or "" */
};

#endif
