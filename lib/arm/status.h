/*
 * status.h - how a lib/arm job ended (a move's target, a path, a pose
 * given on a command line), and the one table that turns it into a
 * tool's exit status.  armctl, armsim, ikreach and hw/sim map with it.
 */
#ifndef SPINE_ARM_STATUS_H
#define SPINE_ARM_STATUS_H

enum arm_status {
	ARM_OK = 0,
	ARM_USAGE,		/* the words make no sense (2) */
	ARM_NO_INPUT,		/* a file cannot be opened (66) */
	ARM_DATA,		/* a file holds bad data (65) */
	ARM_FAILED,		/* out of reach, or beyond a limit (1) */
	ARM_NO_MEMORY		/* (74) */
};

/* The exit status (host/exits.h) a tool gives for st. */
int arm_status_exit(enum arm_status st);

#endif
