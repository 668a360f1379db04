/*
 * hw.h - what the robot logic needs from its hardware (portable core).
 * armsim fills it with a simulated planar arm, a firmware with an AVR's
 * UART, EEPROM and motor drivers; core/robot calls only this.
 */
#ifndef SPINE_ROBOT_HW_H
#define SPINE_ROBOT_HW_H

#include <stdint.h>

struct robot_body;
struct wire_frame;

struct robot_hw {
	void *ctx;			/* passed back to every hook */
	const char *firmware;		/* name reported by HELLO */
	uint8_t joints;			/* 0 .. WIRE_MAX_JOINTS */
	const uint32_t *link_um;	/* link lengths, micrometres */
	/* Optional: each joint's limits, degrees, as min, max pairs;
	 * NULL: -180 to 180.  DESCRIBE reports them. */
	const int16_t *joint_limits;
	uint32_t store_size;		/* bytes of plan store (EEPROM) */
	/* RAM for the plan the robot runs (read from the store, since the
	 * planner reads records in place) and for the planner's state
	 * (aligned as a uint16_t: PLANNER_STATE_ALIGN).  The plan capacity
	 * is the smaller of the plan RAM and a store slot.  plan_ram NULL:
	 * the plan is read where it is stored, its pointers being store
	 * addresses, through the firmware's plan_store_byte (core built with
	 * PLAN_STORAGE=PLAN_IN_STORE, plan/bytes.h); a slot's worth then. */
	uint8_t *plan_ram;
	uint32_t plan_ram_size;
	void *state_ram;
	uint32_t state_ram_size;

	/* Milliseconds from any origin; wraps after 49 days, we cope. */
	uint32_t (*millis)(void *ctx);
	/* Queue one whole frame for the UART. */
	void (*send)(void *ctx, const uint8_t *bytes, uint8_t n);
	/* Measured joint angles, millidegrees. */
	void (*read_encoders)(void *ctx, int32_t *mdeg);
	/* Drive the joints towards these angles (millidegrees). */
	void (*command_joints)(void *ctx, const int32_t *mdeg);
	/* Persistent store; 0 on success, -1 on failure. */
	int (*store_read)(void *ctx, uint32_t addr, uint8_t *buf, uint16_t n);
	int (*store_write)(void *ctx, uint32_t addr, const uint8_t *buf,
	    uint16_t n);
	/* Millimetres from the arm to the nearest obstacle; INT16_MAX: none. */
	int16_t (*obstacle_mm)(void *ctx);
	/* Optional: what a stored plan senses and does on a robot that is
	 * not an arm (body.h; wheels.h for a two-wheeled one), which then
	 * has no joints; NULL: the arm's senses and actions (armio.h). */
	const struct robot_body *body;
	/* Optional: every frame in (dir 0) and out (dir 1), for tracing. */
	void (*trace)(void *ctx, uint8_t dir, const struct wire_frame *f);
};

#endif
