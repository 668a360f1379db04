/*
 * wayback.c - the way back after an obstruction (wayback.h): today's is
 * the minimum-jerk move of lib/traj from where the arm stopped to where
 * the run began, one step per degree, which keeps the fastest step at
 * 15/8 degree per period, well inside what an arm that could follow the
 * run can follow.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "client/wayback.h"
#include "plan/crc32.h"
#include "traj/minjerk.h"

#define STEP_DEG 1.0

int
client_wayback_path(const int32_t *from, const int32_t *to, int joints,
    int32_t **out, uint32_t *n)
{
	double a[WIRE_MAX_JOINTS], b[WIRE_MAX_JOINTS], pos[WIRE_MAX_JOINTS];
	double widest = 0;
	struct mj_move m;
	uint32_t count, i;
	int j;

	for (j = 0; j < joints; j++) {
		a[j] = from[j] / 1000.0;
		b[j] = to[j] / 1000.0;
		if (fabs(b[j] - a[j]) > widest)
			widest = fabs(b[j] - a[j]);
	}
	count = (uint32_t)ceil(widest / STEP_DEG) + 1;
	if (count < 2)
		count = 2;
	if ((*out = malloc(sizeof(int32_t) * (size_t)count * joints)) == NULL)
		return -1;
	m.dim = (size_t)joints;
	m.from = a;
	m.to = b;
	m.duration = 1;
	for (i = 0; i < count; i++) {
		mj_move_at(&m, (double)i / (count - 1), pos, NULL, NULL, NULL);
		for (j = 0; j < joints; j++)
			(*out)[(size_t)i * joints + j] =
			    (int32_t)lround(pos[j] * 1000);
	}
	*n = count;
	return 0;
}

uint32_t
client_wayback_run_id(const int32_t *q, uint32_t n, int joints)
{
	uint32_t crc = crc32_update(0, (const uint8_t *)"reverse", 7), i, u;
	uint8_t b[4];

	for (i = 0; i < n * (uint32_t)joints; i++) {
		u = (uint32_t)q[i];
		b[0] = (uint8_t)u;
		b[1] = (uint8_t)(u >> 8);
		b[2] = (uint8_t)(u >> 16);
		b[3] = (uint8_t)(u >> 24);
		crc = crc32_update(crc, b, 4);
	}
	return crc ? crc : 1;
}

enum client_status
client_way_back(struct client *cl, const struct client_motion *mo,
    const struct client_watch *w, uint32_t total, const int32_t *home)
{
	int32_t here[WIRE_MAX_JOINTS], *path = NULL;
	struct client_steps back;
	struct client_watch w2;
	enum client_status e;

	client_say(cl, "run: obstruction at step %lu of %lu: the arm lags its "
	    "command by %.1f degrees; stopped", (unsigned long)w->step,
	    (unsigned long)total, w->lag / 1000.0);
	if ((e = client_wait(cl, (int)mo->pause_ms)) != CLIENT_OK ||
	    (e = client_encoders(cl, here, "run")) != CLIENT_OK)
		return e;
	memset(&back, 0, sizeof back);
	if (client_wayback_path(here, home, cl->hello.joints, &path,
	    &back.n) != 0) {
		client_say(cl, "run: out of memory");
		return CLIENT_LOCAL_IO;
	}
	back.q = path;
	back.joints = cl->hello.joints;
	back.run_id = client_wayback_run_id(path, back.n, back.joints);
	e = client_stream(cl, &back, 1, mo, &w2);
	free(path);
	if (e == CLIENT_OBSTRUCTED) {
		client_say(cl, "run: obstructed again while reversing (step %lu "
		    "of %lu, lag %.1f degrees): stopped; the arm needs human "
		    "help", (unsigned long)w2.step, (unsigned long)back.n,
		    w2.lag / 1000.0);
		return CLIENT_OBSTRUCTED;
	}
	if (e != CLIENT_OK)
		return e;
	client_say(cl, "run: reversed to the start of the run");
	return CLIENT_OBSTRUCTED;
}
