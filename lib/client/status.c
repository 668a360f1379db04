/*
 * status.c - lib/client's outcomes as the exit statuses of DESIGN, kept
 * once for armctl and whatever else talks to a robot (status.h).
 */
#include "client/status.h"
#include "host/exits.h"

int
client_status_exit(enum client_status s)
{
	switch (s) {
	case CLIENT_OK:
		return EXIT_OK;
	case CLIENT_USAGE:
		return EXIT_USAGE;
	case CLIENT_DATA:
		return EXIT_DATAERR;
	case CLIENT_NO_INPUT:
		return EXIT_NOINPUT;
	case CLIENT_UNAVAILABLE:
		return EXIT_UNAVAILABLE;
	case CLIENT_IO:
	case CLIENT_LOCAL_IO:
		return EXIT_IOERR;
	case CLIENT_TIMEOUT:
		return EXIT_TEMPFAIL;
	case CLIENT_FAILED:
	case CLIENT_OBSTRUCTED:
	case CLIENT_INTERRUPTED:
		break;
	}
	return EXIT_JOB_FAILED;
}
