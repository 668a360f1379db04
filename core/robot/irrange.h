/*
 * irrange.h - an analog IR ranger's readings turned into millimetres
 * (portable core): a Sharp GP2Y0A21-style sensor read by a 10-bit ADC
 * against 5 V, smoothed over about four readings because such rangers are
 * noisy.  Fed ADC counts by the AVR boards (hw/avr-common/ranger.c) and the
 * Arduino library; its distance is the arm's obstacle and the wheeled
 * robot's range ahead.
 */
#ifndef SPINE_ROBOT_IRRANGE_H
#define SPINE_ROBOT_IRRANGE_H

#include <stdint.h>

/*
 * The fit: mm = K / (counts - OFFSET), through about 2.3 V at 100 mm and
 * 0.4 V at 800 mm, the ends of the sensor's range; below FAR counts nothing
 * is in range, and nearer than NEAR_MM its output folds back.
 */
#define IRRANGE_K		44460L
#define IRRANGE_OFFSET		26
#define IRRANGE_FAR		82	/* counts: farther than 800 mm */
#define IRRANGE_NEAR_MM		100

struct irrange {
	uint16_t smooth4;	/* four times the smoothed reading */
	uint8_t primed;
};

void robot_irrange_init(struct irrange *g);

/* One ADC reading, 0 .. 1023. */
void robot_irrange_add(struct irrange *g, uint16_t counts);

/* Millimetres to the nearest thing in view (NEAR_MM at the nearest);
 * INT16_MAX: nothing in range, or no reading yet. */
int16_t robot_irrange_mm(const struct irrange *g);

#endif
