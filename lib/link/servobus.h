/*
 * servobus.h - the host end of a smart-servo bus (Feetech STS or Dynamixel
 * 2.0) over a serial port, or over any byte pipe and clock a caller gives
 * (the unit tests put lib/servosim behind one): one transaction at a time,
 * input flushed first, replies matched by id, an adapter's echo of the
 * request dropped, retries on silence or a bad checksum, every wait
 * bounded.  lib/servoarm is its caller.
 */
#ifndef SPINE_LINK_SERVOBUS_H
#define SPINE_LINK_SERVOBUS_H

#include <signal.h>
#include <stdint.h>

#include "port.h"
#include "servo/servo.h"

#define SERVOBUS_MAX_IDS 32	/* servos in one sync read */

enum servobus_fail {
	SERVOBUS_OK = 0,
	SERVOBUS_NO_REPLY,	/* fail_id never answered */
	SERVOBUS_CORRUPT,	/* only damaged replies from fail_id */
	SERVOBUS_LINK,		/* the port failed or went away */
	SERVOBUS_INTR		/* *interrupted became true */
};

/*
 * The bytes and the clock under a bus.  read: up to cap bytes within
 * timeout_ms (0 when none came, -1 when the line failed); write: all n
 * bytes (0, or -1); now_us: a monotonic clock; sleep_us: wait (a signal
 * may end it early).  servobus_init fills these in for a serial port.
 */
struct servobus_io {
	long (*read)(void *ctx, uint8_t *buf, size_t cap, int timeout_ms);
	int (*write)(void *ctx, const uint8_t *buf, size_t n);
	uint64_t (*now_us)(void *ctx);
	void (*sleep_us)(void *ctx, uint64_t us);
	void *ctx;
	/* optional: talk at another baud rate from now on (0, or -1) */
	int (*set_baud)(void *ctx, long baud);
};

/*
 * A servo that does not answer within timeout_ms is asked again, retries
 * times; then once more with this long wait, so that a host which was
 * merely descheduled (a loaded machine) is not taken for a silent bus.
 */
#define SERVOBUS_LAST_WAIT_MS 1000

struct servobus {
	struct servobus_io io;
	struct wire_port *port;
	enum servo_proto proto;
	int timeout_ms;		/* per attempt */
	int retries;		/* further attempts after the first */
	struct servo_decoder dec;
	volatile sig_atomic_t *interrupted;	/* may be NULL */
	enum servobus_fail fail;
	uint8_t fail_id;
	/* counters, for -v and for messages */
	unsigned long transactions, timeouts, retried;
	unsigned long bytes_out, bytes_in;
	unsigned long echoes;	/* requests a half-duplex adapter echoed
				   back, dropped */
	/* the last request, to know its echo */
	uint8_t last[SERVO_FRAME_MAX];
	size_t last_n, echo_at;
};

void link_servobus_init(struct servobus *b, struct wire_port *port,
    enum servo_proto proto, int timeout_ms, int retries);
/* The same over the caller's bytes and clock. */
void link_servobus_init_io(struct servobus *b, const struct servobus_io *io,
    enum servo_proto proto, int timeout_ms, int retries);

/* The bus's clock, microseconds; and a wait on it. */
uint64_t link_servobus_now_us(const struct servobus *b);
void link_servobus_sleep_us(const struct servobus *b, uint64_t us);

/* Talk at another baud rate from now on: 0, or -1 with b->fail. */
int link_servobus_set_baud(struct servobus *b, long baud);

/* Packets dropped for a bad checksum or CRC so far. */
unsigned long link_servobus_bad_checksums(const struct servobus *b);

/*
 * A request that one servo answers (PING, READ, WRITE): 0 with *reply
 * its status packet (whose err the caller judges), or -1 with b->fail.
 */
int link_servobus_call(struct servobus *b, const uint8_t *req, size_t n,
    uint8_t id, struct servo_packet *reply);

int link_servobus_ping(struct servobus *b, uint8_t id, struct servo_packet *r);
int link_servobus_read(struct servobus *b, uint8_t id, uint16_t addr,
    uint16_t count, struct servo_packet *r);
int link_servobus_write(struct servobus *b, uint8_t id, uint16_t addr,
    const uint8_t *data, uint16_t n, struct servo_packet *r);

/* SYNC WRITE: no replies.  0 or -1. */
int link_servobus_sync_write(struct servobus *b, uint16_t addr, uint16_t count,
    const uint8_t *ids, uint8_t nids, const uint8_t *data);

/*
 * SYNC READ of count bytes at addr from each id: out[i*count..] and
 * err[i] for ids[i].  A servo missing from the replies is asked again (the
 * whole request, up to retries times); 0, or -1 with fail_id the first
 * one that never answered.
 */
int link_servobus_sync_read(struct servobus *b, uint16_t addr, uint16_t count,
    const uint8_t *ids, uint8_t nids, uint8_t *out, uint8_t *err);

/*
 * Dynamixel FAST SYNC READ: the same, in one status packet for all
 * (core/servo/fast.c).  Asked once, never again: a servo whose firmware
 * lacks it breaks the chain, and the caller falls back to SYNC READ.  0,
 * or -1 with b->fail (fail_id the first id: the packet does not say who
 * broke it).
 */
int link_servobus_fast_sync_read(struct servobus *b, uint16_t addr,
    uint16_t count, const uint8_t *ids, uint8_t nids, uint8_t *out,
    uint8_t *err);

/* Every servo that answers a broadcast PING within wait_ms: their ids
 * in ids (up to max); the count, or -1. */
int link_servobus_scan(struct servobus *b, int wait_ms, uint8_t *ids, int max);

#endif
