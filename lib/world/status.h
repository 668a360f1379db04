/*
 * status.h - what went wrong in lib/world's files and outputs (maps,
 * profiles, logs, pictures): worldsim turns these into its exit
 * statuses.  Every failure is reported (through the caller's struct
 * diag) before it is returned.
 */
#ifndef SPINE_WORLD_STATUS_H
#define SPINE_WORLD_STATUS_H

enum world_status {
	WORLD_OK = 0,
	WORLD_BAD_DATA,		/* a map, profile or plan does not fit */
	WORLD_NO_INPUT,		/* an input cannot be opened */
	WORLD_UNAVAILABLE,	/* gnuplot cannot be run */
	WORLD_IO		/* reading or writing failed, no memory */
};

/* The exit status (host/exits.h) a tool gives for s. */
int world_status_exit(enum world_status s);

#endif
