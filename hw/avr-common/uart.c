/*
 * uart.c - UART0, 8N1, through two rings filled and drained by interrupts,
 * so bytes keep flowing while the main loop is busy (an EEPROM write takes
 * 3.4 ms a byte).  Called by each AVR board's main loop (avrloop.c: the
 * Mega's hw/avr, the Uno's hw/avr-uno) and by the Arduino library, sized
 * by the board.h beside it.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

#include "board.h"
#include "uart.h"


/* Rings of a power-of-two size up to 256 under free-running 8-bit
 * counters: head - tail bytes are held, so a ring of up to 128 holds its
 * size (a whole frame in 64 bytes, which the Uno needs), one of 256 a
 * byte less. */
#define RX_MASK ((uint8_t)(BOARD_UART_RX - 1u))
#define TX_MASK ((uint8_t)(BOARD_UART_TX - 1u))
#define RX_CAP	((uint8_t)(BOARD_UART_RX > 128u ? 255u : BOARD_UART_RX))
#define TX_CAP	((uint8_t)(BOARD_UART_TX > 128u ? 255u : BOARD_UART_TX))
_Static_assert(BOARD_UART_RX <= 256 && (BOARD_UART_RX & RX_MASK) == 0,
    "BOARD_UART_RX must be a power of two up to 256");
_Static_assert(BOARD_UART_TX <= 256 && (BOARD_UART_TX & TX_MASK) == 0,
    "BOARD_UART_TX must be a power of two up to 256");

/* The ATmega2560 numbers its four USARTs; the ATmega328P has one. */
#ifdef USART0_RX_vect
#define UART_RX_VECT	USART0_RX_vect
#define UART_UDRE_VECT	USART0_UDRE_vect
#else
#define UART_RX_VECT	USART_RX_vect
#define UART_UDRE_VECT	USART_UDRE_vect
#endif

static volatile uint8_t rx_ring[BOARD_UART_RX], tx_ring[BOARD_UART_TX];
static volatile uint8_t rx_head, rx_tail, tx_head, tx_tail;

/*
 * Always at double speed (U2X), the divisor rounded: 115200 from 16 MHz
 * is 117647, 2.1 % fast, within what the boards' USB serial chips take
 * (every Arduino sketch at 115200 runs at this error); 57600 is 0.8 %
 * slow.  The speed mode goes before the divisor: the chip takes them in
 * any order, but a simulator may work the baud rate out when UBRR0L is
 * written, and would then run the line at half speed.
 */
void
uart_init(uint32_t baud)
{
	uint16_t ubrr = (uint16_t)((F_CPU + 4UL * baud) / (8UL * baud) - 1UL);

	UCSR0A = _BV(U2X0);
	UBRR0H = (uint8_t)(ubrr >> 8);
	UBRR0L = (uint8_t)ubrr;
	UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
	UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
}

/* A byte with nowhere to go is dropped: the frame's CRC fails and the
 * host resends it. */
ISR(UART_RX_VECT)
{
	uint8_t byte = UDR0;

	if ((uint8_t)(rx_head - rx_tail) != RX_CAP) {
		rx_ring[rx_head & RX_MASK] = byte;
		rx_head++;
	}
}

ISR(UART_UDRE_VECT)
{
	if (tx_head == tx_tail) {
		UCSR0B &= (uint8_t)~_BV(UDRIE0);
		return;
	}
	UDR0 = tx_ring[tx_tail & TX_MASK];
	tx_tail++;
}

uint8_t
uart_read(uint8_t *buf, uint8_t max)
{
	uint8_t n = 0;

	while (n < max && rx_tail != rx_head) {
		buf[n++] = rx_ring[rx_tail & RX_MASK];
		rx_tail++;
	}
	return n;
}

void
uart_write(const uint8_t *bytes, uint8_t n)
{
	while (n--) {
		while ((uint8_t)(tx_head - tx_tail) == TX_CAP)
			;	/* full: a byte leaves every 87 us at 115200 */
		tx_ring[tx_head & TX_MASK] = *bytes++;
		tx_head++;
		/* UCSR0B is out of reach of sbi: read-modify-write it with the
		 * interrupt that clears UDRIE0 held off. */
		ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
			UCSR0B |= _BV(UDRIE0);
		}
	}
}
