/*
 * main.c - the Mega firmware's entry: starts the servos, fills struct
 * robot_hw with them and the AVR parts every board shares (avrloop.h:
 * clock, link, EEPROM, ranger) and runs core/robot forever.  Everything
 * the protocol and the planner do lives in core/.
 */
#include <stdint.h>

#include "avrloop.h"
#include "board.h"
#include "robot/robot.h"
#include "servo.h"

_Static_assert(BOARD_JOINTS <= ROBOT_JOINTS_MAX,
    "build core/robot with ROBOT_JOINTS_MAX >= BOARD_JOINTS");

static struct robot robot;
static uint8_t plan_ram[BOARD_PLAN_RAM];
/* Any address does: the AVR reads a 16-bit word at any byte
   (PLANNER_STATE_ALIGN is 1), which avr-gcc's layout relies on. */
static uint8_t state_ram[BOARD_STATE_RAM];
static const uint32_t link_um[BOARD_JOINTS] = BOARD_LINK_UM;
/* Each servo turns BOARD_SERVO_LIMIT_MDEG either side of its centre. */
static const int16_t limits[2 * BOARD_JOINTS] = {
	-(int16_t)(BOARD_SERVO_LIMIT_MDEG / 1000),
	(int16_t)(BOARD_SERVO_LIMIT_MDEG / 1000),
	-(int16_t)(BOARD_SERVO_LIMIT_MDEG / 1000),
	(int16_t)(BOARD_SERVO_LIMIT_MDEG / 1000),
	-(int16_t)(BOARD_SERVO_LIMIT_MDEG / 1000),
	(int16_t)(BOARD_SERVO_LIMIT_MDEG / 1000)
};

/* Hobby servos have no feedback: the "encoders" read back the command. */
static void
hw_read_encoders(void *ctx, int32_t *mdeg)
{
	uint8_t j;

	(void)ctx;
	for (j = 0; j < BOARD_JOINTS; j++)
		mdeg[j] = servo_get(j);
}

static void
hw_command_joints(void *ctx, const int32_t *mdeg)
{
	uint8_t j;

	(void)ctx;
	for (j = 0; j < BOARD_JOINTS; j++)
		servo_set(j, mdeg[j]);
}

static const struct robot_hw hw = {
	.ctx = NULL,
	.firmware = BOARD_FIRMWARE,
	.joints = BOARD_JOINTS,
	.link_um = link_um,
	.joint_limits = limits,
	.store_size = BOARD_STORE_SIZE,
	.plan_ram = plan_ram,
	.plan_ram_size = sizeof plan_ram,
	.state_ram = state_ram,
	.state_ram_size = sizeof state_ram,
	.millis = avrloop_millis,
	.send = avrloop_send,
	.read_encoders = hw_read_encoders,
	.command_joints = hw_command_joints,
	.store_read = avrloop_store_read,
	.store_write = avrloop_store_write,
	.obstacle_mm = avrloop_range_mm,
	.trace = NULL
};

int
main(void)
{
	/* At 0 degrees (servo_init's) before robot_init reads them back. */
	servo_init();
	avrloop_run(&robot, &hw);
}
