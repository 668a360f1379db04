/*
 * builtin.c - the arms compiled into the tools: the SO-101 is read from
 * examples/arms/so101.yaml, which the Makefile turns into a string, so
 * the file is the only place its numbers are written.  Called by the
 * servo-bus drivers (armctl --bus, armsim --bus) when no --arm is given.
 */
#include <string.h>

#include "arm/arm.h"

static const char so101_yaml[] =
#include "so101.inc"
    ;

int
arm_builtin_so101(struct arm_desc *a)
{
	struct diag d = diag_for("examples/arms/so101.yaml (built in)");

	return arm_parse(a, (const unsigned char *)so101_yaml,
	    strlen(so101_yaml), &d) == 0 ? 0 : -1;
}
