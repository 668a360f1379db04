/*
 * main.c - the Uno firmware's entry: starts the motors, bump switches and
 * LED, makes core/robot's two-wheeled body of them (core/robot/wheels.h),
 * fills struct robot_hw with it and the AVR parts every board shares
 * (avrloop.h: clock, link, EEPROM, ranger) and runs core/robot forever.
 */
#include <avr/io.h>
#include <stddef.h>
#include <stdint.h>

#include "avrloop.h"
#include "board.h"
#include "bumpers.h"
#include "motors.h"
#include "robot/robot.h"
#include "robot/wheels.h"

static struct robot robot;
#if !BOARD_PLAN_IN_PLACE
static uint8_t plan_ram[BOARD_PLAN_RAM];
#endif
/* The planner refuses state at an odd address; a uint16_t is only
 * byte-aligned on the AVR. */
static _Alignas(2) uint8_t state_ram[BOARD_STATE_RAM];
static struct wheels wheels;
static struct robot_body body;

static void
hw_motors(void *ctx, int8_t left, int8_t right)
{
	(void)ctx;
	motors_set(left, right);
}

static uint8_t
hw_bumpers(void *ctx)
{
	(void)ctx;
	return bumpers_read();
}

static void
hw_light(void *ctx, uint8_t on)
{
	(void)ctx;
	if (on)
		PORTB |= _BV(PB5);
	else
		PORTB &= (uint8_t)~_BV(PB5);
}

/* No joints: nothing to read or command. */
static void
hw_read_encoders(void *ctx, int32_t *mdeg)
{
	(void)ctx;
	(void)mdeg;
}

static void
hw_command_joints(void *ctx, const int32_t *mdeg)
{
	(void)ctx;
	(void)mdeg;
}

static const struct robot_hw hw = {
	.ctx = NULL,
	.firmware = BOARD_FIRMWARE,
	.joints = 0,
	.link_um = NULL,
	.joint_limits = NULL,
	.store_size = BOARD_STORE_SIZE,
#if BOARD_PLAN_IN_PLACE
	.plan_ram = NULL,		/* read in place: plan_store_byte */
	.plan_ram_size = 0,
#else
	.plan_ram = plan_ram,
	.plan_ram_size = sizeof plan_ram,
#endif
	.state_ram = state_ram,
	.state_ram_size = sizeof state_ram,
	.millis = avrloop_millis,
	.send = avrloop_send,
	.read_encoders = hw_read_encoders,
	.command_joints = hw_command_joints,
	.store_read = avrloop_store_read,
	.store_write = avrloop_store_write,
	.obstacle_mm = avrloop_range_mm,
	.body = &body,
	.trace = NULL
};

int
main(void)
{
	motors_init();
	bumpers_init();
	DDRB |= _BV(PB5);			/* the LED, off */
	wheels.motors = hw_motors;
	wheels.bumpers = hw_bumpers;
	wheels.light = hw_light;
	robot_wheels_body(&body, &wheels);
	avrloop_run(&robot, &hw);
}
