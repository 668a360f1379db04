/*
 * avrloop.c - the loop and hooks every AVR board shares (see avrloop.h).
 * Each pass takes at most one buffer of received bytes, so a busy line
 * cannot starve the plan cycles, drops a quiet line's partial frame,
 * samples the ranger and lets core/robot advance time.
 */
#include <avr/interrupt.h>
#include <stdint.h>

#include "avrloop.h"
#include "board.h"
#include "clock.h"
#include "eestore.h"
#include "ranger.h"
#include "robot/robot.h"
#include "uart.h"

uint32_t
avrloop_millis(void *ctx)
{
	(void)ctx;
	return clock_millis();
}

void
avrloop_send(void *ctx, const uint8_t *bytes, uint8_t n)
{
	(void)ctx;
	uart_write(bytes, n);
}

int
avrloop_store_read(void *ctx, uint32_t addr, uint8_t *buf, uint16_t n)
{
	(void)ctx;
	return eestore_read(addr, buf, n);
}

int
avrloop_store_write(void *ctx, uint32_t addr, const uint8_t *buf,
    uint16_t n)
{
	(void)ctx;
	return eestore_write(addr, buf, n);
}

int16_t
avrloop_range_mm(void *ctx)
{
	(void)ctx;
	return ranger_mm();
}

static void
pass(struct robot *r, uint32_t *last_rx)
{
	uint8_t buf[16], n;
	uint32_t now = clock_millis();

	if ((n = uart_read(buf, sizeof buf)) > 0) {
		robot_rx(r, buf, n);
		*last_rx = now;
	} else if (r->dec.n > 0 && now - *last_rx >= BOARD_RX_IDLE_MS)
		robot_rx_idle(r);
	ranger_poll();
	robot_tick(r);
}

void
avrloop_run(struct robot *r, const struct robot_hw *hw)
{
	uint32_t last_rx;

	clock_init();
	ranger_init();
	uart_init(BOARD_BAUD);
	sei();
	robot_init(r, hw);
	last_rx = clock_millis();
	for (;;)
		pass(r, &last_rx);
}
