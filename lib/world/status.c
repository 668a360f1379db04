/*
 * status.c - lib/world's outcomes as the process exit statuses of
 * DESIGN, for worldsim.
 */
#include "host/exits.h"
#include "world/status.h"

int
world_status_exit(enum world_status s)
{
	static const int exits[] = { EXIT_OK, EXIT_DATAERR, EXIT_NOINPUT,
	    EXIT_UNAVAILABLE, EXIT_IOERR };

	return (unsigned)s < sizeof exits / sizeof *exits ? exits[s] :
	    EXIT_IOERR;
}
