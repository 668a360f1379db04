/*
 * servobus.h - the host end of a smart-servo bus (Feetech STS or Dynamixel
 * 2.0) over a serial port: one transaction at a time, input flushed first,
 * replies matched by id, an adapter's echo of the request dropped, retries
 * on silence or a bad checksum, every wait bounded.  armctl --bus is its
 * caller.
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

struct servobus {
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

void servobus_init(struct servobus *b, struct wire_port *port,
    enum servo_proto proto, int timeout_ms, int retries);

/* Packets dropped for a bad checksum or CRC so far. */
unsigned long servobus_bad_checksums(const struct servobus *b);

/*
 * A request that one servo answers (PING, READ, WRITE): 0 with *reply
 * its status packet (whose err the caller judges), or -1 with b->fail.
 */
int servobus_call(struct servobus *b, const uint8_t *req, size_t n,
    uint8_t id, struct servo_packet *reply);

int servobus_ping(struct servobus *b, uint8_t id, struct servo_packet *r);
int servobus_read(struct servobus *b, uint8_t id, uint16_t addr,
    uint16_t count, struct servo_packet *r);
int servobus_write(struct servobus *b, uint8_t id, uint16_t addr,
    const uint8_t *data, uint16_t n, struct servo_packet *r);

/* SYNC WRITE: no replies.  0 or -1. */
int servobus_sync_write(struct servobus *b, uint16_t addr, uint16_t count,
    const uint8_t *ids, uint8_t nids, const uint8_t *data);

/*
 * SYNC READ of count bytes at addr from each id: out[i*count..] and
 * err[i] for ids[i].  A servo missing from the replies is asked again (the
 * whole request, up to retries times); 0, or -1 with fail_id the first
 * one that never answered.
 */
int servobus_sync_read(struct servobus *b, uint16_t addr, uint16_t count,
    const uint8_t *ids, uint8_t nids, uint8_t *out, uint8_t *err);

/* Every servo that answers a broadcast PING within wait_ms: their ids
 * in ids (up to max); the count, or -1. */
int servobus_scan(struct servobus *b, int wait_ms, uint8_t *ids, int max);

#endif
