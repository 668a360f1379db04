/*
 * arm.c - where a described arm is on a spine robot (arm.h).
 */
#include "client/arm.h"
#include "client/stream.h"

enum client_status
client_arm_here(struct client *cl, const struct arm_desc *a, double *q,
    int32_t *mdeg)
{
	enum client_status st;
	int j;

	if (cl->hello.joints != a->njoints) {
		client_say(cl, "the robot has %u joints; %s describes %d",
		    cl->hello.joints, a->name, a->njoints);
		return CLIENT_FAILED;
	}
	if ((st = client_encoders(cl, mdeg, "run")) != CLIENT_OK)
		return st;
	for (j = 0; j < a->njoints; j++)
		q[j] = mdeg[j] / 1000.0;
	return CLIENT_OK;
}
