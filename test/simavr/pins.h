/*
 * pins.h - the world outside the simulated board (avrpty --pins FILE): a
 * script of input pin levels and analog readings over time, put on the
 * AVR's pins through simavr's IRQs as it runs, so a test can feed the
 * firmware senses from a file.  Used by avrpty.c only.
 *
 * The script is CSV with a header: `ms`, then one column a signal, PXn
 * (port X, bit n: 0 or 1, what the pin reads) or ADCn (channel n, in ADC
 * counts 0 .. 1023 against a 5 V reference).  A row holds from `ms` on,
 * counted from the first START request the host sends; the first row also
 * holds from power-up.  Times must increase.
 */
#ifndef AVRPTY_PINS_H
#define AVRPTY_PINS_H

#include <stddef.h>
#include <stdint.h>

#include <sim_avr.h>

#include "wire/frame.h"

#define PINS_MAX_COLS 16

struct pins_signal {
	char port;		/* 'B', 'C', 'D', ...; 0: an ADC channel */
	uint8_t n;		/* bit, or ADC channel */
	struct avr_irq_t *irq;
};

struct pins {
	avr_t *avr;
	struct pins_signal sig[PINS_MAX_COLS];
	size_t nsig;
	long *ms;		/* row i's time */
	long *value;		/* row i's values, nsig a row */
	size_t nrows, cap, next;
	struct wire_decoder dec;	/* host frames, to see START */
	int started;		/* the first START has gone to the AVR */
	avr_cycle_count_t t0;	/* its cycle */
};

/* Read the script; 0, or -1 with a message "file:line: why" in err. */
int pins_load(struct pins *p, avr_t *avr, const char *path, char *err,
    size_t errlen);

/* Bytes the host sent, as they go to the UART: the first START frame
 * among them starts the script's clock. */
void pins_host_bytes(struct pins *p, const uint8_t *bytes, size_t n);

/* Put on the pins every row that is due by the AVR's clock now. */
void pins_poll(struct pins *p);

void pins_free(struct pins *p);

#endif
