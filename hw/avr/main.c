/*
 * main.c - the firmware's entry: sets up the clock, link, servos and
 * sensor, fills struct robot_hw with them and runs core/robot forever.
 * Everything the protocol and the planner do lives in core/.
 */
#include <avr/interrupt.h>
#include <stdint.h>

#include "board.h"
#include "clock.h"
#include "eestore.h"
#include "ranger.h"
#include "robot/robot.h"
#include "servo.h"
#include "uart.h"

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

static uint32_t
hw_millis(void *ctx)
{
	(void)ctx;
	return clock_millis();
}

static void
hw_send(void *ctx, const uint8_t *bytes, uint8_t n)
{
	(void)ctx;
	uart_write(bytes, n);
}

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

static int
hw_store_read(void *ctx, uint32_t addr, uint8_t *buf, uint16_t n)
{
	(void)ctx;
	return eestore_read(addr, buf, n);
}

static int
hw_store_write(void *ctx, uint32_t addr, const uint8_t *buf, uint16_t n)
{
	(void)ctx;
	return eestore_write(addr, buf, n);
}

static int16_t
hw_obstacle_mm(void *ctx)
{
	(void)ctx;
	return ranger_mm();
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
	.millis = hw_millis,
	.send = hw_send,
	.read_encoders = hw_read_encoders,
	.command_joints = hw_command_joints,
	.store_read = hw_store_read,
	.store_write = hw_store_write,
	.obstacle_mm = hw_obstacle_mm,
	.trace = NULL
};

/*
 * One pass: at most one buffer of received bytes (so a busy line cannot
 * starve the steps and cycles), a quiet line's partial frame dropped, the
 * sensor sampled, time advanced.
 */
static void
pass(uint32_t *last_rx)
{
	uint8_t buf[32], n;
	uint32_t now = clock_millis();

	if ((n = uart_read(buf, sizeof buf)) > 0) {
		robot_rx(&robot, buf, n);
		*last_rx = now;
	} else if (robot.dec.n > 0 && now - *last_rx >= BOARD_RX_IDLE_MS)
		robot_rx_idle(&robot);
	ranger_poll();
	robot_tick(&robot);
}

int
main(void)
{
	uint32_t last_rx;

	clock_init();
	servo_init();
	ranger_init();
	uart_init();
	sei();
	/* Reads the plan store and holds the joints at 0 (servo_init's). */
	robot_init(&robot, &hw);
	last_rx = clock_millis();
	for (;;)
		pass(&last_rx);
}
