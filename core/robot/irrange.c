/*
 * irrange.c - an IR ranger's ADC counts to millimetres (see irrange.h).
 * The smoothing keeps four times the reading, so a steady input comes out
 * exactly as it went in.
 */
#include "irrange.h"

void
robot_irrange_init(struct irrange *g)
{
	g->smooth4 = 0;
	g->primed = 0;
}

void
robot_irrange_add(struct irrange *g, uint16_t counts)
{
	if (!g->primed) {
		g->smooth4 = (uint16_t)(counts * 4u);
		g->primed = 1;
	} else
		g->smooth4 = (uint16_t)(g->smooth4 - g->smooth4 / 4u + counts);
}

int16_t
robot_irrange_mm(const struct irrange *g)
{
	int16_t counts = (int16_t)(g->smooth4 / 4u);
	int32_t mm;

	if (!g->primed || counts < IRRANGE_FAR)
		return INT16_MAX;
	mm = IRRANGE_K / (counts - IRRANGE_OFFSET);
	return mm < IRRANGE_NEAR_MM ? IRRANGE_NEAR_MM : (int16_t)mm;
}
