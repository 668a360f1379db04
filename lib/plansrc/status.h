/*
 * status.h - how reading a plan source ended (lib/plansrc), and the one
 * table that turns it into a tool's exit status.  plancc maps with it.
 */
#ifndef SPINE_PLANSRC_STATUS_H
#define SPINE_PLANSRC_STATUS_H

enum plansrc_status {
	PLANSRC_OK = 0,
	PLANSRC_NO_INPUT,	/* the file cannot be opened (66) */
	PLANSRC_IO,		/* it cannot be read (74) */
	PLANSRC_DATA		/* it is no plan source: too large (65) */
};

/* The exit status (host/exits.h) a tool gives for st. */
int plansrc_status_exit(enum plansrc_status st);

#endif
