/*
 * exits.h - the exit statuses every spine tool uses (DESIGN, "Contracts").
 * The numbers are sysexits(3)'s; the names say what a user of the tool
 * should conclude.  Included by every cmd/ and by the cli helpers.
 */
#ifndef SPINE_EXITS_H
#define SPINE_EXITS_H

enum exit_status {
	EXIT_OK = 0,		/* the job was done */
	EXIT_JOB_FAILED = 1,	/* unreachable target, robot failure, obstacle */
	EXIT_USAGE = 2,		/* bad flags or arguments */
	EXIT_DATAERR = 65,	/* the input data is malformed */
	EXIT_NOINPUT = 66,	/* an input file cannot be opened */
	EXIT_UNAVAILABLE = 69,	/* the device is not there */
	EXIT_IOERR = 74,	/* reading or writing failed */
	EXIT_TEMPFAIL = 75	/* timeout; trying again may work */
};

#endif
