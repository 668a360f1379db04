/*
 * config.c - how the robot runs its plan with no host (portable core):
 * the CONFIG request reads or sets the configuration stored beside the
 * plan (storecfg.c), and at power-up robot_init starts the plan when it
 * says autostart.  Called by requests.c and robot.c.
 */
#include "planloop.h"
#include "requests.h"
#include "wire/desc.h"

/* A configuration this robot can run: known flags and event kinds, a rate
   the plan loop takes. */
static int
config_ok(const struct wire_config *c)
{
	return !(c->flags & ~WIRE_CFG_AUTOSTART) && !(c->monitor & ~0x3Fu) &&
	    c->rate <= PLANLOOP_RATE_MAX;
}

int
robot_req_config(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	struct wire_config c;
	int e;

	if (in->n != 0) {
		if (wire_config_decode(&c, in->p, in->n) != 0)
			return WIRE_E_LENGTH;
		if (!config_ok(&c))
			return WIRE_E_ARG;
		if ((e = robot_store_config_set(&r->store, &c)) != 0)
			return e;
	}
	robot_store_config_get(&r->store, &c);
	out->n = wire_config_encode(&c, out->p);
	return 0;
}

void
robot_autostart(struct robot *r)
{
	struct wire_config c;

	if (robot_store_config_get(&r->store, &c) != 0 || !config_ok(&c) ||
	    !(c.flags & WIRE_CFG_AUTOSTART))
		return;
	r->monitor_mask = c.monitor;
	robot_planloop_start(r, c.rate);
}
