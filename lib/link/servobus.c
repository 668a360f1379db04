/*
 * servobus.c - transactions on a servo bus (see servobus.h).  Half-duplex:
 * stale bytes are drained before every request so a late reply to the
 * last one cannot be taken for this one's.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "servobus.h"
#include "session.h"

static long
port_read(void *ctx, uint8_t *buf, size_t cap, int timeout_ms)
{
	return link_port_read(ctx, buf, cap, timeout_ms);
}

static int
port_write(void *ctx, const uint8_t *buf, size_t n)
{
	return link_port_write(ctx, buf, n, 1000);
}

static uint64_t
mono_us(void *ctx)
{
	struct timespec ts;

	(void)ctx;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static void
mono_sleep(void *ctx, uint64_t us)
{
	struct timespec ts;

	(void)ctx;
	ts.tv_sec = (time_t)(us / 1000000u);
	ts.tv_nsec = (long)(us % 1000000u) * 1000;
	nanosleep(&ts, NULL);	/* a signal ends it: the caller looks */
}

static int
port_baud(void *ctx, long baud)
{
	return link_port_set_baud(ctx, baud);
}

void
link_servobus_init_io(struct servobus *b, const struct servobus_io *io,
    enum servo_proto proto, int timeout_ms, int retries)
{
	memset(b, 0, sizeof *b);
	b->io = *io;
	b->proto = proto;
	b->timeout_ms = timeout_ms;
	b->retries = retries;
	servo_decoder_init(&b->dec, proto, 1);
}

void
link_servobus_init(struct servobus *b, struct wire_port *port,
    enum servo_proto proto, int timeout_ms, int retries)
{
	struct servobus_io io = { port_read, port_write, mono_us, mono_sleep,
	    port, port_baud };

	link_servobus_init_io(b, &io, proto, timeout_ms, retries);
	b->port = port;
}

uint64_t
link_servobus_now_us(const struct servobus *b)
{
	return b->io.now_us(b->io.ctx);
}

void
link_servobus_sleep_us(const struct servobus *b, uint64_t us)
{
	b->io.sleep_us(b->io.ctx, us);
}

static uint64_t
now_ms(const struct servobus *b)
{
	return link_servobus_now_us(b) / 1000u;
}

/* The wait for attempt `attempt` (from 0): the last is a long one. */
static uint64_t
attempt_ms(const struct servobus *b, int attempt)
{
	if (attempt == b->retries && b->timeout_ms < SERVOBUS_LAST_WAIT_MS)
		return SERVOBUS_LAST_WAIT_MS;
	return (uint64_t)b->timeout_ms;
}

int
link_servobus_set_baud(struct servobus *b, long baud)
{
	uint16_t bad = b->dec.bad_checksums;

	servo_decoder_init(&b->dec, b->proto, 1);
	b->dec.bad_checksums = bad;
	if (b->io.set_baud == NULL || b->io.set_baud(b->io.ctx, baud) == 0)
		return 0;
	b->fail = SERVOBUS_LINK;
	return -1;
}

unsigned long
link_servobus_bad_checksums(const struct servobus *b)
{
	return b->dec.bad_checksums;
}

static int
interrupted(struct servobus *b)
{
	if (b->interrupted && *b->interrupted) {
		b->fail = SERVOBUS_INTR;
		return 1;
	}
	return 0;
}

/* Throw away whatever is waiting (a reply that came too late). */
static void
drain(struct servobus *b)
{
	uint8_t buf[512];
	uint16_t bad = b->dec.bad_checksums;
	int k = 0;

	while (k++ < 64 && b->io.read(b->io.ctx, buf, sizeof buf, 0) > 0)
		;
	servo_decoder_init(&b->dec, b->proto, 1);
	b->dec.bad_checksums = bad;
}

static int
bus_send(struct servobus *b, const uint8_t *req, size_t n)
{
	if (n == 0) {
		b->fail = SERVOBUS_LINK;	/* a request we could not build */
		errno = EINVAL;
		return -1;
	}
	drain(b);
	b->transactions++;
	b->last_n = n <= sizeof b->last ? n : 0;
	memcpy(b->last, req, b->last_n);
	b->echo_at = 0;
	if (b->io.write(b->io.ctx, req, n) != 0) {
		b->fail = SERVOBUS_LINK;
		return -1;
	}
	b->bytes_out += n;
	return 0;
}

/*
 * A byte from the bus.  A half-duplex adapter may hand back what we sent
 * before the reply: an exact copy of the request is dropped (a READ's
 * echo would read as a status packet with the wrong data); bytes that
 * only began like one go to the decoder after all.
 */
static void
feed(struct servobus *b, uint8_t byte)
{
	size_t i;

	if (b->echo_at < b->last_n) {
		if (byte == b->last[b->echo_at]) {
			if (++b->echo_at == b->last_n)
				b->echoes++;
			return;
		}
		for (i = 0; i < b->echo_at; i++)
			servo_decoder_push(&b->dec, b->last[i]);
		b->echo_at = b->last_n;
	}
	servo_decoder_push(&b->dec, byte);
}

/* The replies in buf[0..n) from the listed ids; *have counts them. */
static void
take(struct servobus *b, const uint8_t *buf, long n, const uint8_t *ids,
    uint8_t nids, struct servo_packet *pk, uint8_t *got, uint8_t *have)
{
	struct servo_packet p;
	uint8_t k;
	long i;

	b->bytes_in += (unsigned long)n;
	for (i = 0; i < n; i++) {
		feed(b, buf[i]);
		while (servo_decoder_next(&b->dec, &p)) {
			if (p.instr != SERVO_STATUS)
				continue;
			for (k = 0; k < nids; k++)
				if (ids[k] == p.id && !got[k]) {
					got[k] = 1;
					pk[k] = p;
					(*have)++;
					break;
				}
		}
	}
}

/*
 * Read until `want` replies from the listed ids are in (got[i] set) or
 * the deadline: 0 all in, 1 some missing, -1 link failure/interrupt.
 * At the deadline whatever has come is still read: a host that was not
 * scheduled for a while finds the replies waiting, not a silent bus.
 */
static int
collect(struct servobus *b, const uint8_t *ids, uint8_t nids,
    struct servo_packet *pk, uint8_t *got, uint64_t deadline)
{
	uint8_t buf[512];
	uint64_t now;
	long n;
	uint8_t k, have = 0;
	int last = 0;

	for (k = 0; k < nids; k++)
		have = (uint8_t)(have + (got[k] != 0));
	while (have < nids) {
		if (interrupted(b))
			return -1;
		if (last)
			return 1;
		now = now_ms(b);
		last = now >= deadline;
		n = b->io.read(b->io.ctx, buf, sizeof buf, last ? 0 :
		    (int)(deadline - now));
		if (n < 0) {
			b->fail = SERVOBUS_LINK;
			return -1;
		}
		take(b, buf, n, ids, nids, pk, got, &have);
	}
	return 0;
}

/* Why a servo was missing: silence, or only broken packets came. */
static void
missing(struct servobus *b, uint8_t id, uint16_t bad_before)
{
	b->fail = b->dec.bad_checksums != bad_before ? SERVOBUS_CORRUPT :
	    SERVOBUS_NO_REPLY;
	b->fail_id = id;
}

int
link_servobus_call(struct servobus *b, const uint8_t *req, size_t n, uint8_t id,
    struct servo_packet *reply)
{
	uint16_t bad = b->dec.bad_checksums;
	uint8_t got;
	int attempt, r;

	for (attempt = 0; attempt <= b->retries; attempt++) {
		if (attempt > 0)
			b->retried++;
		if (bus_send(b, req, n) != 0)
			return -1;
		got = 0;
		r = collect(b, &id, 1, reply, &got,
		    now_ms(b) + attempt_ms(b, attempt));
		if (r < 0)
			return -1;
		if (r == 0) {
			b->fail = SERVOBUS_OK;
			return 0;
		}
		b->timeouts++;
	}
	missing(b, id, bad);
	return -1;
}

int
link_servobus_ping(struct servobus *b, uint8_t id, struct servo_packet *r)
{
	uint8_t req[16];

	return link_servobus_call(b, req, servo_ping(b->proto, req, sizeof req, id),
	    id, r);
}

int
link_servobus_read(struct servobus *b, uint8_t id, uint16_t addr,
    uint16_t count, struct servo_packet *r)
{
	uint8_t req[32];

	if (link_servobus_call(b, req, servo_read(b->proto, req, sizeof req, id,
	    addr, count), id, r) != 0)
		return -1;
	if (r->n != count && (r->err & 0x7Fu) == 0) {
		b->fail = SERVOBUS_CORRUPT;	/* the wrong amount of data */
		b->fail_id = id;
		return -1;
	}
	return 0;
}

int
link_servobus_write(struct servobus *b, uint8_t id, uint16_t addr,
    const uint8_t *data, uint16_t n, struct servo_packet *r)
{
	uint8_t req[SERVO_FRAME_MAX];

	return link_servobus_call(b, req, servo_write(b->proto, req, sizeof req,
	    SERVO_WRITE, id, addr, data, n), id, r);
}

int
link_servobus_sync_write(struct servobus *b, uint16_t addr, uint16_t count,
    const uint8_t *ids, uint8_t nids, const uint8_t *data)
{
	uint8_t req[SERVO_FRAME_MAX];

	return bus_send(b, req, servo_sync_write(b->proto, req, sizeof req, addr,
	    count, ids, nids, data));
}

int
link_servobus_sync_read(struct servobus *b, uint16_t addr, uint16_t count,
    const uint8_t *ids, uint8_t nids, uint8_t *out, uint8_t *err)
{
	struct servo_packet pk[SERVOBUS_MAX_IDS];
	uint8_t req[SERVO_FRAME_MAX], got[SERVOBUS_MAX_IDS];
	uint16_t bad = b->dec.bad_checksums;
	size_t n = servo_sync_read(b->proto, req, sizeof req, addr, count,
	    ids, nids);
	int attempt, r = 1;
	uint8_t k;

	if (nids > SERVOBUS_MAX_IDS)
		n = 0;	/* refused by bus_send */
	for (attempt = 0; attempt <= b->retries && r == 1; attempt++) {
		if (attempt > 0)
			b->retried++;
		if (bus_send(b, req, n) != 0)
			return -1;
		memset(got, 0, nids);
		r = collect(b, ids, nids, pk, got, now_ms(b) +
		    attempt_ms(b, attempt));
		if (r < 0)
			return -1;
		for (k = 0; r == 0 && k < nids; k++)
			if (pk[k].n != count && (pk[k].err & 0x7Fu) == 0)
				r = 1;	/* short data: ask again */
		if (r == 1)
			b->timeouts++;
	}
	if (r != 0) {
		for (k = 0; k < nids && got[k] && pk[k].n == count; k++)
			;
		missing(b, k < nids ? ids[k] : ids[0], bad);
		return -1;
	}
	for (k = 0; k < nids; k++) {
		memcpy(out + (size_t)k * count, pk[k].p, count);
		err[k] = pk[k].err;
	}
	b->fail = SERVOBUS_OK;
	return 0;
}

int
link_servobus_fast_sync_read(struct servobus *b, uint16_t addr,
    uint16_t count, const uint8_t *ids, uint8_t nids, uint8_t *out,
    uint8_t *err)
{
	uint8_t req[SERVO_FRAME_MAX], bcast = SERVO_BROADCAST, got = 0;
	uint16_t bad = b->dec.bad_checksums;
	struct servo_packet pk;
	int r;

	if (bus_send(b, req, b->proto != SERVO_DXL ? 0 :
	    servo_dxl_fast_sync_read(req, sizeof req, addr, count, ids,
	    nids)) != 0)
		return -1;
	b->dec.fast = 1;
	r = collect(b, &bcast, 1, &pk, &got, now_ms(b) + attempt_ms(b, 0));
	b->dec.fast = 0;
	if (r < 0)
		return -1;
	if (r == 0 && servo_dxl_parse_fast(&pk, count, ids, nids, out,
	    err) == 0) {
		b->fail = SERVOBUS_OK;
		return 0;
	}
	if (r == 1)
		b->timeouts++;
	missing(b, ids[0], bad);
	if (r == 0)
		b->fail = SERVOBUS_CORRUPT;	/* not the answer asked for */
	return -1;
}

int
link_servobus_scan(struct servobus *b, int wait_ms, uint8_t *ids, int max)
{
	uint8_t req[16], buf[512];
	struct servo_packet p;
	uint64_t deadline;
	long n, i;
	int found = 0, k, seen;

	if (bus_send(b, req, servo_ping(b->proto, req, sizeof req,
	    SERVO_BROADCAST)) != 0)
		return -1;
	deadline = now_ms(b) + (uint64_t)wait_ms;
	while (now_ms(b) < deadline) {
		if (interrupted(b))
			return -1;
		n = b->io.read(b->io.ctx, buf, sizeof buf,
		    (int)(deadline - now_ms(b)));
		if (n < 0) {
			b->fail = SERVOBUS_LINK;
			return -1;
		}
		for (i = 0; i < n; i++) {
			feed(b, buf[i]);
			while (servo_decoder_next(&b->dec, &p)) {
				for (k = 0, seen = 0; k < found; k++)
					seen |= ids[k] == p.id;
				if (!seen && found < max &&
				    p.instr == SERVO_STATUS)
					ids[found++] = p.id;
			}
		}
	}
	return found;
}
