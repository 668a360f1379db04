/*
 * line.c - pacing and fault injection for armsim (see line.h).  A pty moves
 * bytes as fast as memory does, so a byte here is due one byte time after
 * the line is free, exactly as a UART would deliver it.  Faults are decided
 * per whole frame from a seeded generator, so --seed repeats a run.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "host/fault.h"
#include "line.h"
#include "wire/msg.h"

void
sim_line_init(struct line *l, long baud, double drop, double corrupt,
    long stall_after, uint64_t seed)
{
	memset(l, 0, sizeof *l);
	l->byte_ns = baud > 0 ? 10000000000ull / (uint64_t)baud : 0;
	l->drop = drop;
	l->corrupt = corrupt;
	l->stall_after = stall_after;
	l->rng = seed;
	l->faulty = drop > 0 || corrupt > 0 || stall_after >= 0;
	l->lose_request = l->lose_reply = 0;
	l->losing = l->lost_once = 0;
	wire_decoder_init(&l->split);
}

size_t
sim_line_rx_room(const struct line *l)
{
	return LINE_QUEUE - l->rx_n;
}

void
sim_line_from_host(struct line *l, const uint8_t *p, size_t n, uint64_t now)
{
	size_t i, at;

	if (l->rx_free < now)
		l->rx_free = now;
	for (i = 0; i < n && l->rx_n < LINE_QUEUE; i++) {
		at = (l->rx_head + l->rx_n) % LINE_QUEUE;
		l->rx_free += l->byte_ns;
		l->rx[at] = p[i];
		l->rx_due[at] = l->rx_free;
		l->rx_n++;
	}
}

/* Drop, corrupt or pass one frame; 0 when it is dropped. */
static int
fault(struct line *l, uint8_t *frame, size_t n)
{
	return frame_fault(&l->rng, l->drop, l->corrupt, frame, n) !=
	    FAULT_DROPPED;
}

/*
 * --lose-request / --lose-reply for a request of `type` from the host: 1
 * when it is to vanish.  The loss starts at the first request of the type
 * and lasts until the host shakes hands again, as a line that went bad
 * for a while and came back would look.
 */
static int
lose_request(struct line *l, uint8_t type)
{
	uint8_t want = l->lose_request ? l->lose_request : l->lose_reply;

	if (!want)
		return 0;
	if (type == WIRE_HELLO && l->losing) {
		l->losing = 0;
		l->lost_once = 1;
	}
	if (type == want && !l->lost_once)
		l->losing = 1;
	return l->losing && l->lose_request == type;
}

void
sim_line_lose(struct line *l, uint8_t request_type, uint8_t reply_type)
{
	l->lose_request = request_type;
	l->lose_reply = reply_type;
	if (request_type || reply_type)
		l->faulty = 1;
}

static void
split(struct line *l, uint8_t byte, line_sink *sink, void *ctx)
{
	struct wire_frame f;
	uint8_t raw[WIRE_FRAME_MAX], n;

	wire_decoder_push(&l->split, byte);
	while (wire_decoder_next_raw(&l->split, &f, raw, &n)) {
		if (l->stall_after >= 0 &&
		    l->frames_in >= (unsigned long)l->stall_after) {
			l->stalled = 1;
			continue;
		}
		l->frames_in++;
		if (lose_request(l, f.type))
			continue;
		if (fault(l, raw, n))
			sink(ctx, raw, n);
	}
}

void
sim_line_deliver(struct line *l, uint64_t now, line_sink *sink, void *ctx)
{
	uint8_t batch[256];
	size_t k = 0;

	while (l->rx_n > 0 && l->rx_due[l->rx_head] <= now) {
		uint8_t b = l->rx[l->rx_head];

		l->rx_head = (l->rx_head + 1) % LINE_QUEUE;
		l->rx_n--;
		if (l->stalled)
			continue;
		if (l->faulty) {
			split(l, b, sink, ctx);
			continue;
		}
		batch[k++] = b;
		if (k == sizeof batch) {
			sink(ctx, batch, k);
			k = 0;
		}
	}
	if (k)
		sink(ctx, batch, k);
}

void
sim_line_to_host(struct line *l, const uint8_t *frame, size_t n, uint64_t now)
{
	uint8_t copy[WIRE_FRAME_MAX];
	size_t i;

	if (l->stalled)
		return;
	if (n > sizeof copy || n > LINE_QUEUE - l->tx_n) {
		l->overflowed++;	/* nobody reads: the bytes are lost */
		return;
	}
	if (l->losing && l->lose_reply && n > WIRE_AT_TYPE &&
	    frame[WIRE_AT_TYPE] == (uint8_t)(l->lose_reply | WIRE_REPLY))
		return;
	memcpy(copy, frame, n);
	l->frames_out++;
	if (l->faulty && !fault(l, copy, n))
		return;
	if (l->tx_n == 0) {
		if (l->tx_free < now)
			l->tx_free = now;
		l->tx_due = l->tx_free + l->byte_ns;
	}
	for (i = 0; i < n; i++)
		l->tx[(l->tx_head + l->tx_n++) % LINE_QUEUE] = copy[i];
}

/* How many bytes (at most cap) have crossed the line to the host by now. */
static size_t
arrived(const struct line *l, uint64_t now, size_t cap)
{
	uint64_t due = l->tx_due;
	size_t k = 0;

	/* Bytes whose last bit has crossed the line by now. */
	while (k < l->tx_n && k < cap && (l->byte_ns == 0 || due <= now)) {
		k++;
		due += l->byte_ns;
	}
	return k;
}

static void
copy_out(const struct line *l, uint8_t *out, size_t k)
{
	size_t i;

	for (i = 0; i < k; i++)
		out[i] = l->tx[(l->tx_head + i) % LINE_QUEUE];
}

/* The host has taken w bytes. */
static void
taken(struct line *l, size_t w)
{
	l->tx_head = (l->tx_head + w) % LINE_QUEUE;
	l->tx_n -= w;
	l->tx_due += (uint64_t)w * l->byte_ns;
	l->tx_free = l->tx_due - l->byte_ns;
}

int
sim_line_flush(struct line *l, int fd, uint64_t now)
{
	uint8_t out[LINE_QUEUE];
	size_t k = arrived(l, now, sizeof out);
	ssize_t w;

	if (k == 0)
		return 0;
	copy_out(l, out, k);
	w = write(fd, out, k);
	if (w < 0) {
		if (errno != EAGAIN && errno != EINTR)
			return -1;
		w = 0;	/* the pty is full: these go next time */
	}
	taken(l, (size_t)w);
	return 0;
}

size_t
sim_line_take(struct line *l, uint64_t now, uint8_t *buf, size_t cap)
{
	size_t k = arrived(l, now, cap);

	copy_out(l, buf, k);
	taken(l, k);
	return k;
}

void
sim_line_discard(struct line *l)
{
	l->rx_head = l->rx_n = 0;
	l->tx_head = l->tx_n = 0;
}

uint64_t
sim_line_next_due(const struct line *l, uint64_t now)
{
	uint64_t next = UINT64_MAX;

	if (l->rx_n > 0)
		next = l->rx_due[l->rx_head] > now ? l->rx_due[l->rx_head] -
		    now : 0;
	if (l->tx_n > 0) {
		uint64_t t = l->tx_due > now ? l->tx_due - now : 0;

		if (t < next)
			next = t;
	}
	return next;
}
