/*
 * Spine.h - spine as an Arduino library: a robot that takes a reactive
 * plan from armctl over the serial line, keeps it in the EEPROM and runs
 * it (core/robot, generated into this library's src/ from spine's core/).
 * SpineWheels is the two-wheeled robot of hw/avr-uno on Arduino pins;
 * SpineRobot takes any body (robot_arm_body and hobby servos: the Arm
 * example).  A sketch makes one, calls begin() in setup(), poll() in loop().
 */
#ifndef SPINE_ARDUINO_H
#define SPINE_ARDUINO_H

#include <Arduino.h>

extern "C" {
#include "avr-common/uart.h"
#include "robot/body.h"
#include "robot/irrange.h"
#include "robot/robot.h"
#include "robot/wheels.h"
}

/* The library's version, in armctl info ("wheels 0.1.0"). */
#define SPINE_ARDUINO_VERSION "@VERSION@"

/* RAM for the plan and the planner's state: what the board can spare
 * (an Uno's 2 KiB hold a plan of 232 bytes, a Mega's 8 KiB 2024). */
#if defined(__AVR_ATmega328P__)
#define SPINE_PLAN_RAM	232
#define SPINE_STATE_RAM	192
#else
#define SPINE_PLAN_RAM	2024
#define SPINE_STATE_RAM	2048
#endif

class SpineRobot {
public:
	/* name: what armctl info shows (at most 14 characters). */
	explicit SpineRobot(const char *name);

	/* An IR ranger (Sharp GP2Y0A21 type) on this analog pin: the
	 * wheeled robot's RangeAhead, the arm's ObstacleDistance. */
	void ranger(uint8_t pin);

	/* Joints with hooks of your own (an arm): how many, link lengths
	 * in micrometres, limits in degrees as min, max pairs (or NULL),
	 * and the hooks that read and command them in millidegrees. */
	void joints(uint8_t n, const uint32_t *link_um, const int16_t *limits,
	    void (*read)(void *ctx, int32_t *mdeg),
	    void (*command)(void *ctx, const int32_t *mdeg), void *ctx);

	/* Read the plan store and start: on the USB serial line (UART0,
	 * which the robot has to itself: the sketch must not use Serial) at
	 * `baud` (115200, or 57600 for a board whose USB serial chip wants
	 * it), with `body`'s senses and actions (&robot_arm_body for an
	 * arm). */
	void begin(unsigned long baud, const struct robot_body *body);

	/* Every pass of loop(): take what came on the line, read the
	 * ranger, run what is due.  Keep loop() free of delay(). */
	void poll();

private:
	static uint32_t hwMillis(void *ctx);
	static void hwSend(void *ctx, const uint8_t *bytes, uint8_t n);
	static int hwStoreRead(void *ctx, uint32_t addr, uint8_t *buf,
	    uint16_t n);
	static int hwStoreWrite(void *ctx, uint32_t addr, const uint8_t *buf,
	    uint16_t n);
	static int16_t hwRange(void *ctx);
	static void hwReadJoints(void *ctx, int32_t *mdeg);
	static void hwCommandJoints(void *ctx, const int32_t *mdeg);
	static void noJoints(void *ctx, int32_t *mdeg);
	static void noCommand(void *ctx, const int32_t *mdeg);

	uint32_t lastRx_;
	int rangerPin_;
	struct irrange range_;
	void (*readJoints_)(void *ctx, int32_t *mdeg);
	void (*commandJoints_)(void *ctx, const int32_t *mdeg);
	void *jointsCtx_;
	struct robot_hw hw_;
	struct robot robot_;
	uint8_t plan_[SPINE_PLAN_RAM];
	uint8_t state_[SPINE_STATE_RAM] __attribute__((aligned(2)));
};

/*
 * The two-wheeled robot: motors through an L298N-style H-bridge (an
 * enable pin with PWM and two direction inputs a side), an IR ranger, bump
 * switches to ground, a light.  Its senses and actions are core/robot's
 * wheels.h: RangeAhead, Bump; Drive, Spin, Stop, Light, Wait.  The pins
 * default to hw/avr-uno's wiring.
 */
class SpineWheels : public SpineRobot {
public:
	SpineWheels(uint8_t leftPwm = 9, uint8_t leftFwd = 4,
	    uint8_t leftBack = 5, uint8_t rightPwm = 10, uint8_t rightFwd = 7,
	    uint8_t rightBack = 8, uint8_t rangerPin = A0,
	    uint8_t bumpLeft = 2, uint8_t bumpRight = 3,
	    uint8_t light = LED_BUILTIN);

	void begin(unsigned long baud = 115200);

private:
	static void motors(void *ctx, int8_t left, int8_t right);
	static uint8_t bumpers(void *ctx);
	static void lightOn(void *ctx, uint8_t on);
	void motor(uint8_t side, int8_t power);

	enum { LEFT_PWM, LEFT_FWD, LEFT_BACK, RIGHT_PWM, RIGHT_FWD, RIGHT_BACK,
	    RANGER, BUMP_LEFT, BUMP_RIGHT, LIGHT, PINS };
	uint8_t pin_[PINS];
	struct wheels wheels_;
	struct robot_body body_;
};

#endif
