/*
 * status.h - how a lib/arm job ended (a move's target, a path, a pose
 * given on a command line), and the one table that turns it into a
 * tool's exit status.  armctl, armsim, ikreach and hw/sim map with it.
 */
#ifndef SPINE_ARM_STATUS_H
#define SPINE_ARM_STATUS_H

#include <stddef.h>

enum arm_status {
	ARM_OK = 0,
	ARM_USAGE,		/* the words make no sense (2) */
	ARM_NO_INPUT,		/* a file cannot be opened (66) */
	ARM_DATA,		/* a file holds bad data (65) */
	ARM_FAILED,		/* out of reach, or beyond a limit (1) */
	ARM_NO_MEMORY,		/* (74) */
	ARM_IO			/* a file cannot be read (74) */
};

/* The exit status (host/exits.h) a tool gives for st. */
int arm_status_exit(enum arm_status st);

struct diag;
/*
 * Read the YAML file at path ("-": stdin) and parse it into obj with
 * parse (which reports through its diag as file:line:col and returns 0
 * or -1).  A file that cannot be opened or read is said through say as
 * "PATH: why".  ARM_OK, ARM_NO_INPUT, ARM_IO or ARM_DATA.  `what` names
 * it for a file too large ("an arm description").
 */
enum arm_status arm_read_file(const char *path, const char *what,
    int (*parse)(void *obj, const unsigned char *buf, size_t len,
    struct diag *d), void *obj, struct diag *say);

#endif
