/*
 * session.c - go-back-N requests over a host_port.
 * The robot answers in order and keeps its last replies, so resending a
 * request is always safe: it executes once and answers again.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "session.h"

/* Resend timeouts: none shorter (a busy host's scheduling noise), and the
 * first guess before any round trip was measured (a handshake is short). */
#define RTO_MIN_MS 20
#define RTO_FIRST_MS 50

uint64_t
wire_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

void
wire_session_init(struct wire_session *s, struct wire_port *port,
    int timeout_ms, int retries)
{
	memset(s, 0, sizeof *s);
	s->port = port;
	s->timeout_ms = timeout_ms > 0 ? timeout_ms : 1;
	s->retries = retries >= 0 ? retries : 0;
	s->rto_ms = RTO_FIRST_MS < s->timeout_ms ? RTO_FIRST_MS : s->timeout_ms;
	s->window = 1;
	wire_decoder_init(&s->dec);
}

static struct wire_pending *
at(struct wire_session *s, uint8_t i)
{
	return &s->pend[(s->head + i) % WIRE_WINDOW_MAX];
}

int
wire_can_send(const struct wire_session *s)
{
	return s->fail == WIRE_FAIL_NONE && s->count < s->window;
}

uint8_t
wire_outstanding(const struct wire_session *s)
{
	return s->count;
}

static int
failed(struct wire_session *s, enum wire_fail f, const char *why)
{
	s->fail = f;
	snprintf(s->why, sizeof s->why, "%s", why);
	return -1;
}

static int
transmit(struct wire_session *s, struct wire_pending *p, int rearm)
{
	char why[160];

	if (wire_port_write(s->port, p->frame, p->len, s->timeout_ms) != 0) {
		snprintf(why, sizeof why, "cannot write to %s: %s",
		    wire_port_name(s->port), errno == EIO ? "link lost"
		    : strerror(errno));
		return failed(s, WIRE_FAIL_LINK, why);
	}
	p->sent_ms = wire_now_ms();
	if (p->sends == 0)
		p->first_ms = p->sent_ms;
	if (p->sends < UINT16_MAX)
		p->sends++;
	if (rearm)
		p->due_ms = p->sent_ms + (uint64_t)s->rto_ms;
	s->frames_out++;
	s->bytes_out += p->len;
	return 0;
}

int
wire_send(struct wire_session *s, uint8_t type, const uint8_t *payload,
    uint8_t len)
{
	return wire_send_flags(s, type, payload, len, 0);
}

int
wire_send_flags(struct wire_session *s, uint8_t type, const uint8_t *payload,
    uint8_t len, unsigned flags)
{
	struct wire_pending *p;

	if (s->fail)
		return -1;
	if (s->count >= s->window)
		return failed(s, WIRE_FAIL_PROTO, "request window overrun");
	p = at(s, s->count);
	p->seq = s->next_seq++;
	p->type = type;
	p->len = wire_frame_encode(p->frame, p->seq, type, payload, len);
	if (p->len == 0)
		return failed(s, WIRE_FAIL_PROTO, "payload too long");
	p->timeouts = 0;
	p->sends = 0;
	p->replied = 0;
	p->cumulative = (flags & WIRE_SEND_CUMULATIVE) != 0;
	s->count++;
	return transmit(s, p, 1);
}

/* Resend every unanswered request from index i on (go back N). */
static int
resend_from(struct wire_session *s, uint8_t i, uint8_t upto, int rearm)
{
	for (; i < upto && i < s->count; i++) {
		struct wire_pending *p = at(s, i);

		if (p->replied)
			continue;
		s->resent++;
		if (transmit(s, p, rearm) != 0)
			return -1;
	}
	return 0;
}

static int
find(struct wire_session *s, uint8_t seq)
{
	uint8_t i;

	for (i = 0; i < s->count; i++)
		if (at(s, i)->seq == seq)
			return i;
	return -1;
}

static int
matches(const struct wire_pending *p, const struct wire_frame *f)
{
	if (f->type == (uint8_t)(p->type | WIRE_REPLY))
		return 1;
	return f->type == WIRE_ERROR && f->len >= 2 && f->payload[0] == p->type;
}

/* A round trip measured: the timeout follows it (RFC 6298's weights). */
static void
sample_rtt(struct wire_session *s, double ms)
{
	double rto, dev;

	if (!s->have_rtt) {
		s->srtt_ms = ms;
		s->rttvar_ms = ms / 2;
		s->have_rtt = 1;
	} else {
		dev = s->srtt_ms > ms ? s->srtt_ms - ms : ms - s->srtt_ms;
		s->rttvar_ms = 0.75 * s->rttvar_ms + 0.25 * dev;
		s->srtt_ms = 0.875 * s->srtt_ms + 0.125 * ms;
	}
	rto = s->srtt_ms + (4 * s->rttvar_ms > 10 ? 4 * s->rttvar_ms : 10);
	if (rto < RTO_MIN_MS)
		rto = RTO_MIN_MS;
	s->rto_ms = rto > s->timeout_ms ? s->timeout_ms : (int)rto;
	s->base_rto_ms = s->rto_ms;
}

/*
 * A reply is progress: the requests still waiting were queued behind the
 * one answered, so their clocks start again (RFC 6298 5.3), or a window
 * sent in one burst would time out at its tail on a clean line.
 */
static void
restart_timers(struct wire_session *s)
{
	uint64_t due = wire_now_ms() + (uint64_t)s->rto_ms;
	uint8_t i;

	for (i = 0; i < s->count; i++) {
		struct wire_pending *q = at(s, i);

		if (!q->replied && q->due_ms < due)
			q->due_ms = due;
	}
}

/* Request i was answered: earlier cumulative ones of its type are done. */
static void
stand_in(struct wire_session *s, uint8_t i)
{
	struct wire_pending *p = at(s, i), *q;
	uint8_t j;

	if (!p->cumulative || p->reply.type == WIRE_ERROR)
		return;
	for (j = 0; j < i; j++) {
		q = at(s, j);
		if (!q->replied && q->cumulative && q->type == p->type) {
			q->replied = 1;
			q->reply = p->reply;
			q->reply.seq = q->seq;
		}
	}
}

static int
on_frame(struct wire_session *s, const struct wire_frame *f)
{
	struct wire_pending *p;
	uint64_t now;
	int i;

	if (f->type == WIRE_EVENTS || f->type == WIRE_SENSES) {
		if (s->on_events)
			s->on_events(s->events_ctx, f);
		if (s->tap)
			s->tap(s->tap_ctx, f);
		return 0;
	}
	if ((i = find(s, f->seq)) < 0)
		return 0;	/* stale: a reply we already have, or noise */
	p = at(s, (uint8_t)i);
	if (f->type == WIRE_NAK) {
		s->naks++;
		if (p->replied)
			return 0;
		if (!s->selective)
			return resend_from(s, (uint8_t)i, s->count, 0);
		/* The robot kept what came after: send the lost one alone, and
		 * not again for each NAK its followers raise meanwhile. */
		if (wire_now_ms() - p->sent_ms < (uint64_t)(s->have_rtt ?
		    s->srtt_ms : s->rto_ms))
			return 0;
		s->resent++;
		return transmit(s, p, 0);
	}
	if (p->replied || !matches(p, f))
		return 0;
	p->replied = 1;
	p->reply = *f;
	/*
	 * Karn: a reply to a resent request could answer either sending.
	 * A request sent in a burst waited behind the one answered before
	 * it: its round trip counts from that answer, as its timer does.
	 */
	now = wire_now_ms();
	if (p->sends == 1)
		sample_rtt(s, (double)(now - (p->sent_ms > s->progress_ms ?
		    p->sent_ms : s->progress_ms)));
	s->progress_ms = now;
	restart_timers(s);
	stand_in(s, (uint8_t)i);
	/* Replies come in order: any earlier one still missing was lost. */
	return resend_from(s, 0, (uint8_t)i, 0);
}

static int
pump(struct wire_session *s, int wait_ms)
{
	uint8_t buf[256];
	struct wire_frame f;
	long n, k;
	char why[160];

	n = wire_port_read(s->port, buf, sizeof buf, wait_ms);
	if (n < 0) {
		snprintf(why, sizeof why, "%s: %s", wire_port_name(s->port),
		    errno == EIO ? "link lost (the other end hung up)"
		    : strerror(errno));
		return failed(s, WIRE_FAIL_LINK, why);
	}
	if (n > 0)
		s->last_rx_ms = wire_now_ms();
	else if (s->dec.n > 0 && wire_now_ms() - s->last_rx_ms >= 50)
		wire_decoder_idle(&s->dec);	/* that frame start was noise */
	for (k = 0; k < n; k++) {
		wire_decoder_push(&s->dec, buf[k]);
		while (wire_decoder_next(&s->dec, &f))
			if (on_frame(s, &f) != 0)
				return -1;
	}
	while (n == 0 && wire_decoder_next(&s->dec, &f))
		if (on_frame(s, &f) != 0)
			return -1;
	return 0;
}

/*
 * After a timeout, wait longer next time: a line slower than we guessed
 * must not drown in resends.  But a loss is usually only a loss: the wait
 * stays within twice the measured timeout, or twice the first guess before
 * anything was measured, so a lossy line is retried often enough to get
 * through within the give-up budget.
 */
static void
back_off(struct wire_session *s)
{
	int cap = 2 * (s->base_rto_ms ? s->base_rto_ms : RTO_FIRST_MS);
	int next = s->rto_ms + s->rto_ms / 2;

	if (cap > s->timeout_ms)
		cap = s->timeout_ms;
	s->rto_ms = next > cap ? cap : next;
}

/* Resend on the oldest request's timeout; -1 when its retries are spent. */
static int
check_timeout(struct wire_session *s, uint64_t now, uint64_t *next)
{
	struct wire_pending *h = at(s, 0);
	char why[160];

	if (now < h->due_ms) {
		*next = h->due_ms;
		return 0;
	}
	if (h->sends > s->retries && now - h->first_ms >=
	    (uint64_t)s->timeout_ms * (uint64_t)(s->retries + 1)) {
		snprintf(why, sizeof why, "no reply from %s after %u tries "
		    "in %lu ms", wire_port_name(s->port), (unsigned)h->sends,
		    (unsigned long)(now - h->first_ms));
		return failed(s, WIRE_FAIL_TIMEOUT, why);
	}
	if (h->timeouts < UINT8_MAX)
		h->timeouts++;
	s->timeouts++;
	back_off(s);
	if (resend_from(s, 0, s->count, 1) != 0)
		return -1;
	*next = h->due_ms;
	return 0;
}

int
wire_recv(struct wire_session *s, struct wire_frame *reply, int wait_ms)
{
	uint64_t deadline = wire_now_ms() + (uint64_t)(wait_ms > 0 ? wait_ms
	    : 0), now, next;
	uint64_t slice;

	for (;;) {
		if (s->fail)
			return -1;
		if (s->count > 0 && at(s, 0)->replied) {
			*reply = at(s, 0)->reply;
			s->head = (uint8_t)((s->head + 1) % WIRE_WINDOW_MAX);
			s->count--;
			return 1;
		}
		if (s->interrupted && *s->interrupted)
			return failed(s, WIRE_FAIL_INTR, "interrupted");
		now = wire_now_ms();
		next = deadline;
		if (s->count > 0 && check_timeout(s, now, &next) != 0)
			return -1;
		if (now >= deadline)
			return 0;
		if (next > deadline)
			next = deadline;
		slice = next > now ? next - now : 0;
		/* Short slices keep Ctrl-C prompt even if poll restarts. */
		if (slice > 100)
			slice = 100;
		if (pump(s, (int)slice) != 0)
			return -1;
	}
}

int
wire_call(struct wire_session *s, uint8_t type, const uint8_t *payload,
    uint8_t len, struct wire_frame *reply)
{
	int r;

	if (s->count != 0)
		return failed(s, WIRE_FAIL_PROTO, "call with requests pending");
	if (wire_send(s, type, payload, len) != 0)
		return -1;
	/* Bounded twice over: by the retries and by this wait. */
	r = wire_recv(s, reply, s->timeout_ms * (s->retries + 2) + 1000);
	if (r == 0)
		return failed(s, WIRE_FAIL_TIMEOUT, "no reply");
	return r < 0 ? -1 : 0;
}

int
wire_hello(struct wire_session *s, struct wire_hello *h)
{
	struct wire_frame reply;
	uint8_t version = WIRE_VERSION;

	s->window = 1;
	if (wire_call(s, WIRE_HELLO, &version, 1, &reply) != 0)
		return -1;
	if (reply.type == WIRE_ERROR) {
		snprintf(s->why, sizeof s->why, "the robot refused the "
		    "handshake (error %u%s)", reply.len >= 2 ?
		    (unsigned)reply.payload[1] : 0u, reply.len >= 2 && reply.payload[1] ==
		    WIRE_E_VERSION ? ": it speaks another protocol version" :
		    "");
		return -2;
	}
	if (wire_hello_decode(h, reply.payload, reply.len) != 0 ||
	    h->version != WIRE_VERSION) {
		snprintf(s->why, sizeof s->why, "malformed handshake reply");
		return -2;
	}
	s->window = h->window < WIRE_WINDOW_MAX ? h->window : WIRE_WINDOW_MAX;
	s->selective = (h->flags & WIRE_F_SELECTIVE) != 0;
	return 0;
}
