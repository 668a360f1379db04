/*
 * WheeledRobot - a two-wheeled robot that runs a reactive plan: armctl
 * pushes it over USB, the board keeps it in its EEPROM and runs it.
 *
 * The wiring (spine's hw/avr-uno/README.md): an L298N-style H-bridge with
 * the left motor's enable on pin 9 and its inputs on 4 and 5, the right
 * motor's on 10, 7 and 8; a Sharp GP2Y0A21 IR ranger on A0; bump switches
 * from pins 2 (left) and 3 (right) to ground; the board's LED.  Other pins:
 * SpineWheels robot(9, 4, 5, 10, 7, 8, A0, 2, 3, LED_BUILTIN) in your order.
 * The robot has the USB serial line to itself: no Serial.print here.
 *
 * Then, on the computer (spine's tools):
 *	plancc --strip -o wander.plan examples/uno/wander.yaml
 *	armctl --port /dev/ttyACM0 push wander.plan
 *	armctl --port /dev/ttyACM0 monitor --start
 *	armctl --port /dev/ttyACM0 config autostart on
 */
#include <Spine.h>

SpineWheels robot;

void
setup()
{
	robot.begin(115200);
}

void
loop()
{
	robot.poll();
}
