/*
 * status.c - lib/run's outcomes as the process exit statuses of
 * DESIGN.  The tools decide to exit; this table of what each outcome means
 * to a shell is kept once, for planrun, planview, armctl and worldsim;
 * and the one way lib/run says a line (run_say).
 */
#include <stdarg.h>

#include "host/diag.h"
#include "host/exits.h"
#include "run/status.h"

int
run_status_exit(enum run_status s)
{
	switch (s) {
	case RUN_OK:
		return EXIT_OK;
	case RUN_FAILED:
		return EXIT_JOB_FAILED;
	case RUN_BAD_DATA:
		return EXIT_DATAERR;
	case RUN_NO_INPUT:
		return EXIT_NOINPUT;
	case RUN_UNAVAILABLE:
		return EXIT_UNAVAILABLE;
	case RUN_TIMEOUT:
		return EXIT_TEMPFAIL;
	case RUN_CLOSED:
	case RUN_IO:
		break;
	}
	return EXIT_IOERR;
}

void
run_say(struct diag *say, const char *fmt, ...)
{
	struct diag d = diag_for(NULL);
	va_list ap;

	va_start(ap, fmt);
	diag_vplain(say ? say : &d, fmt, ap);
	va_end(ap);
}
