/*
 * Arm - hobby servos on a planar arm that runs a reactive plan pushed
 * with armctl: a robot of your own, its joints' hooks here, the arm's
 * senses and actions from spine (robot_arm_body: TurnJoint1By ..., Home,
 * Stop, ObstacleDistance, Joint1 ...; armctl describe lists them).
 *
 * The wiring: servo signals on Timer1's pins, 11, 12 and 13 on a Mega (as
 * spine's Mega firmware), 9 and 10 on an Uno (two joints); a Sharp
 * GP2Y0A21 IR ranger on A0; the servos on a supply of their own (an amp or
 * more each), its ground joined to the board's.  The robot has the USB
 * serial line to itself: no Serial.print here.
 *
 * Then, on the computer (spine's tools):
 *	plancc --strip -o wave.plan examples/plans/arm-wave.inst
 *	armctl --port /dev/ttyACM0 push wave.plan
 *	armctl --port /dev/ttyACM0 start
 */
#include <Spine.h>

extern "C" {
#include "avr-common/board.h"
#include "avr-common/servo.h"
}

/* Link lengths (micrometres) and limits (degrees): the Mega firmware's
 * arm, without its last link on an Uno. */
static const uint32_t links_um[3] = { 100000, 80000, 40000 };
static const int16_t limits[6] = { -90, 90, -90, 90, -90, 90 };

/* Hobby servos report nothing back: the "encoders" read the commands. */
static void
readJoints(void *ctx, int32_t *mdeg)
{
	(void)ctx;
	for (uint8_t j = 0; j < BOARD_JOINTS; j++)
		mdeg[j] = servo_get(j);
}

static void
commandJoints(void *ctx, const int32_t *mdeg)
{
	(void)ctx;
	for (uint8_t j = 0; j < BOARD_JOINTS; j++)
		servo_set(j, mdeg[j]);
}

SpineRobot robot("arm " SPINE_ARDUINO_VERSION);

void
setup()
{
	servo_init();			/* every joint at 0 degrees */
	robot.ranger(A0);
	robot.joints(BOARD_JOINTS, links_um, limits, readJoints, commandJoints,
	    NULL);
	robot.begin(115200, &robot_arm_body);
}

void
loop()
{
	robot.poll();
}
