/*
 * status.c - lib/arm's outcomes as the exit statuses of DESIGN, kept once
 * for every tool that moves or describes an arm (status.h).
 */
#include "arm/status.h"
#include "host/exits.h"

int
arm_status_exit(enum arm_status st)
{
	static const int exits[] = { EXIT_OK, EXIT_USAGE, EXIT_NOINPUT,
	    EXIT_DATAERR, EXIT_JOB_FAILED, EXIT_IOERR };

	return (unsigned)st < sizeof exits / sizeof exits[0] ? exits[st] :
	    EXIT_JOB_FAILED;
}
