/*
 * arm_fuzz.c - libFuzzer harness for the arm description reader
 * (lib/arm): any bytes in, no crash, no leak, no hang; a description
 * that reads cleanly is solved and posed a few times by lib/kin/arm3d.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arm/arm.h"
#include "arm/arm3d.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
exercise(const struct arm_desc *a)
{
	struct kin3d_target t;
	struct kin3d_pose p;
	struct kin_result r;
	struct kin_opts o;
	double q[ARM_MAX_JOINTS], pts[3 * KIN3D_MAX_POINTS];
	size_t size = arm_3d_size(a);
	void *mem = malloc(size);
	struct kin3d *k;
	int j;

	memset(&o, 0, sizeof o);
	o.max_iter = 50;
	if (mem == NULL || (k = arm_3d_init(mem, size, a, &o)) == NULL) {
		free(mem);
		return;
	}
	for (j = 0; j < a->njoints; j++)
		q[j] = (a->joint[j].lo + a->joint[j].hi) / 2;
	arm_3d_fk(a, q, &p);
	arm_3d_points(a, q, pts);
	memset(&t, 0, sizeof t);
	t.x = p.x;
	t.y = p.y;
	t.z = p.z;
	t.has_pitch = 1;
	t.pitch = p.pitch;
	arm_3d_solve(k, &t, NULL, q, &r);
	t.has_pitch = 0;
	t.x += 1;
	arm_3d_solve(k, &t, q, q, &r);
	free(mem);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arm_desc a;
	struct diag d = diag_for("fuzz");

	d.quiet = 1;
	if (arm_parse(&a, data, size, &d) == 0)
		exercise(&a);
	return 0;
}
