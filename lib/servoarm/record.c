/*
 * record.c - a calibration's sampling (calib.h): the limp joints read
 * every period on the arm's clock, each one's range widened, until the
 * person moving them says they are done.  armctl --bus calibrate.
 */
#include <poll.h>

#include "servoarm/calib.h"

enum servoarm_status
servoarm_calib_record(struct servoarm_bus *k, const long *homing,
    struct servoarm_range *rg, int done_fd, int period_ms,
    void (*show)(void *ctx, const struct servoarm_range *rg), void *ctx)
{
	struct pollfd pfd = { done_fd, POLLIN, 0 };
	enum servoarm_status st;
	int first = 1;

	for (;;) {
		if ((st = servoarm_calib_sample(k, homing, rg, first)) !=
		    SERVOARM_OK)
			return st;
		first = 0;
		if (show)
			show(ctx, rg);
		if (k->b.interrupted && *k->b.interrupted)
			return SERVOARM_INTERRUPTED;
		if (poll(&pfd, 1, period_ms) > 0)
			return SERVOARM_OK;
	}
}
