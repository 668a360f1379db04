/*
 * reverse.c - the minimum-jerk way back (see reverse.h), sampled from
 * lib/traj's rest-to-rest move.  One step per degree keeps the fastest
 * step at 15/8 degree per period, well inside what an arm that could
 * follow the run can follow.
 */
#include <math.h>
#include <stdlib.h>

#include "plan/crc32.h"
#include "reverse.h"
#include "traj.h"
#include "traj/minjerk.h"
#include "wire/msg.h"

#define STEP_DEG 1.0

int
reverse_path(const int32_t *from, const int32_t *to, int joints,
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
reverse_run_id(const int32_t *q, uint32_t n, int joints)
{
	uint32_t crc = crc32_update(0, (const uint8_t *)"reverse", 7), i;

	for (i = 0; i < n * (uint32_t)joints; i++)
		crc = traj_crc_i32(crc, q[i]);
	return crc ? crc : 1;
}
