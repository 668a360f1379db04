/*
 * status.h - what went wrong, as lib/run's functions say it: the tools
 * (planrun, armctl) turn these into their exit statuses, which stay in
 * the command layer (DESIGN).  Every failure is reported before it is
 * returned.
 */
#ifndef SPINE_RUN_STATUS_H
#define SPINE_RUN_STATUS_H

enum run_status {
	RUN_OK = 0,
	RUN_FAILED,		/* the job failed: a task aborted, the robot
				   answered error */
	RUN_BAD_DATA,		/* a file or a reply is malformed */
	RUN_NO_INPUT,		/* an input cannot be opened */
	RUN_UNAVAILABLE,	/* the agent cannot start or went away */
	RUN_IO,			/* reading or writing failed, no memory */
	RUN_TIMEOUT,		/* the agent did not answer in time */
	RUN_CLOSED		/* the reader of our output went away (a
				   closed pipe: not reported) */
};

/* The exit status (host/exits.h) a tool gives for s; RUN_CLOSED, which a
   tool handles itself, maps to EXIT_IOERR. */
int run_status_exit(enum run_status s);

/* Say a line, "tool: ...", through the caller's sink (NULL: stderr):
   how every lib/run message that belongs to no input line goes out. */
struct diag;
void run_say(struct diag *say, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#endif
