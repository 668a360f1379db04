/*
 * Spine.cpp - the Arduino glue under core/robot (see Spine.h): its
 * robot_hw hooks over millis(), the firmwares' UART driver (not Serial:
 * its 64-byte receive buffer cannot hold a request while the EEPROM is
 * written, and it costs an Uno 1 KB of flash it does not have), the AVR's
 * EEPROM and analogRead(), and the wheeled body's over analogWrite() and
 * the pins.  hw/avr-uno does the same on the bare chip.
 */
#include <avr/eeprom.h>
#include <string.h>

#include "Spine.h"

/* A line quiet for this long (20 byte times at 115200) drops a partial
 * frame. */
#define QUIET_MS 3u

SpineRobot::SpineRobot(const char *name)
    : lastRx_(0), rangerPin_(-1), readJoints_(noJoints),
      commandJoints_(noCommand), jointsCtx_(NULL)
{
	memset(&hw_, 0, sizeof hw_);
	hw_.ctx = this;
	hw_.firmware = name;
	robot_irrange_init(&range_);
}

void
SpineRobot::ranger(uint8_t pin)
{
	rangerPin_ = pin;
}

void
SpineRobot::joints(uint8_t n, const uint32_t *link_um, const int16_t *limits,
    void (*read)(void *ctx, int32_t *mdeg),
    void (*command)(void *ctx, const int32_t *mdeg), void *ctx)
{
	hw_.joints = n;
	hw_.link_um = link_um;
	hw_.joint_limits = limits;
	readJoints_ = read;
	commandJoints_ = command;
	jointsCtx_ = ctx;
}

void
SpineRobot::begin(unsigned long baud, const struct robot_body *body)
{
	uart_init(baud);
	hw_.store_size = E2END + 1UL;
	hw_.plan_ram = plan_;
	hw_.plan_ram_size = sizeof plan_;
	hw_.state_ram = state_;
	hw_.state_ram_size = sizeof state_;
	hw_.millis = hwMillis;
	hw_.send = hwSend;
	hw_.read_encoders = hwReadJoints;
	hw_.command_joints = hwCommandJoints;
	hw_.store_read = hwStoreRead;
	hw_.store_write = hwStoreWrite;
	hw_.obstacle_mm = hwRange;
	hw_.body = body;
	robot_init(&robot_, &hw_);
	lastRx_ = millis();
}

void
SpineRobot::poll()
{
	uint8_t buf[16], n;
	uint32_t now = millis();

	if ((n = uart_read(buf, sizeof buf)) > 0) {
		robot_rx(&robot_, buf, n);
		lastRx_ = now;
	} else if (robot_.dec.n > 0 && now - lastRx_ >= QUIET_MS)
		robot_rx_idle(&robot_);
	if (rangerPin_ >= 0)
		robot_irrange_add(&range_, (uint16_t)analogRead(rangerPin_));
	robot_tick(&robot_);
}

uint32_t
SpineRobot::hwMillis(void *ctx)
{
	(void)ctx;
	return millis();
}

void
SpineRobot::hwSend(void *ctx, const uint8_t *bytes, uint8_t n)
{
	(void)ctx;
	uart_write(bytes, n);
}

static int
inStore(uint32_t addr, uint16_t n)
{
	return addr <= E2END + 1UL && n <= E2END + 1UL - addr;
}

int
SpineRobot::hwStoreRead(void *ctx, uint32_t addr, uint8_t *buf, uint16_t n)
{
	(void)ctx;
	if (!inStore(addr, n))
		return -1;
	eeprom_read_block(buf, (const void *)(uintptr_t)addr, n);
	return 0;
}

/* Bytes that already hold the value are not written: each costs 3.4 ms
 * and wears the cell. */
int
SpineRobot::hwStoreWrite(void *ctx, uint32_t addr, const uint8_t *buf,
    uint16_t n)
{
	(void)ctx;
	if (!inStore(addr, n))
		return -1;
	eeprom_update_block(buf, (void *)(uintptr_t)addr, n);
	return 0;
}

int16_t
SpineRobot::hwRange(void *ctx)
{
	SpineRobot *self = static_cast<SpineRobot *>(ctx);

	return self->rangerPin_ < 0 ? INT16_MAX : robot_irrange_mm(&self->range_);
}

void
SpineRobot::hwReadJoints(void *ctx, int32_t *mdeg)
{
	SpineRobot *self = static_cast<SpineRobot *>(ctx);

	self->readJoints_(self->jointsCtx_, mdeg);
}

void
SpineRobot::hwCommandJoints(void *ctx, const int32_t *mdeg)
{
	SpineRobot *self = static_cast<SpineRobot *>(ctx);

	self->commandJoints_(self->jointsCtx_, mdeg);
}

/* No joints: nothing to read or command. */
void
SpineRobot::noJoints(void *ctx, int32_t *mdeg)
{
	(void)ctx;
	(void)mdeg;
}

void
SpineRobot::noCommand(void *ctx, const int32_t *mdeg)
{
	(void)ctx;
	(void)mdeg;
}

SpineWheels::SpineWheels(uint8_t leftPwm, uint8_t leftFwd, uint8_t leftBack,
    uint8_t rightPwm, uint8_t rightFwd, uint8_t rightBack, uint8_t rangerPin,
    uint8_t bumpLeft, uint8_t bumpRight, uint8_t light)
    : SpineRobot("wheels " SPINE_ARDUINO_VERSION)
{
	const uint8_t pins[PINS] = { leftPwm, leftFwd, leftBack, rightPwm,
	    rightFwd, rightBack, rangerPin, bumpLeft, bumpRight, light };

	memcpy(pin_, pins, sizeof pin_);
	memset(&wheels_, 0, sizeof wheels_);
	wheels_.motors = motors;
	wheels_.bumpers = bumpers;
	wheels_.light = lightOn;
}

void
SpineWheels::begin(unsigned long baud)
{
	uint8_t i;

	for (i = 0; i < PINS; i++)
		if (i != RANGER)
			pinMode(pin_[i], i == BUMP_LEFT || i == BUMP_RIGHT ?
			    INPUT_PULLUP : OUTPUT);
	motor(0, 0);
	motor(1, 0);
	digitalWrite(pin_[LIGHT], LOW);
	ranger(pin_[RANGER]);
	robot_wheels_body(&body_, &wheels_);
	SpineRobot::begin(baud, &body_);
}

/* One side's bridge: its inputs one way or the other (both low at 0,
 * the motor coasting) and the power as PWM on its enable pin. */
void
SpineWheels::motor(uint8_t side, int8_t power)
{
	uint8_t base = side ? RIGHT_PWM : LEFT_PWM;
	int16_t mag = power < 0 ? -power : power;

	digitalWrite(pin_[base + 1], power > 0 ? HIGH : LOW);
	digitalWrite(pin_[base + 2], power < 0 ? HIGH : LOW);
	analogWrite(pin_[base], (int)(mag * 255 / WHEELS_POWER_MAX));
}

void
SpineWheels::motors(void *ctx, int8_t left, int8_t right)
{
	SpineWheels *self = static_cast<SpineWheels *>(
	    static_cast<SpineRobot *>(ctx));

	self->motor(0, left);
	self->motor(1, right);
}

uint8_t
SpineWheels::bumpers(void *ctx)
{
	SpineWheels *self = static_cast<SpineWheels *>(
	    static_cast<SpineRobot *>(ctx));

	return (uint8_t)((digitalRead(self->pin_[BUMP_LEFT]) == LOW ? 1 : 0) |
	    (digitalRead(self->pin_[BUMP_RIGHT]) == LOW ? 2 : 0));
}

void
SpineWheels::lightOn(void *ctx, uint8_t on)
{
	SpineWheels *self = static_cast<SpineWheels *>(
	    static_cast<SpineRobot *>(ctx));

	digitalWrite(self->pin_[LIGHT], on ? HIGH : LOW);
}
