/*
 * session.c - windowed requests over a host_port: selective repeat with a
 * robot that keeps requests ahead of a lost one, go-back-N otherwise.
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
link_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* The port's clock: real ports the monotonic one, a simulation its own. */
static uint64_t
now_ms(const struct wire_session *s)
{
	return link_port_now_ms(s->port);
}

void
link_session_init(struct wire_session *s, struct wire_port *port,
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
link_can_send(const struct wire_session *s)
{
	return s->fail == WIRE_FAIL_NONE && s->count < s->window;
}

uint8_t
link_outstanding(const struct wire_session *s)
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

/*
 * About how long the line takes to carry one request: the replies of a
 * full window come that far apart, and the timers measure from them.  A
 * busy host inflates the smoothed round trip, never the line, so at most
 * twice the shortest round trip seen (a handshake's or a short request's,
 * about half a 64-byte chunk's).  Before a measurement, half the shortest
 * timeout (a 64-byte frame takes 5.6 ms at 115200 baud), not the timeout
 * itself, which may have backed off far beyond a frame time.
 */
static double
frame_ms(const struct wire_session *s)
{
	double cap = 2 * (s->min_rtt_ms > 1 ? s->min_rtt_ms : 1);

	if (!s->have_rtt)
		return RTO_MIN_MS / 2;
	return s->srtt_ms < cap ? s->srtt_ms : cap;
}

static int
transmit(struct wire_session *s, struct wire_pending *p, int rearm)
{
	char why[160];

	if (link_port_write(s->port, p->frame, p->len, s->timeout_ms) != 0) {
		snprintf(why, sizeof why, "cannot write to %s: %s",
		    link_port_name(s->port), errno == EIO ? "link lost"
		    : strerror(errno));
		return failed(s, WIRE_FAIL_LINK, why);
	}
	p->sent_ms = now_ms(s);
	/* It reaches the robot after what is still on the line before it. */
	if (s->line_free_ms < (double)p->sent_ms)
		s->line_free_ms = (double)p->sent_ms;
	s->line_free_ms += frame_ms(s) * p->len / WIRE_FRAME_MAX;
	p->arrive_ms = (uint64_t)(s->line_free_ms + 0.5);
	if (p->sends == 0)
		p->first_ms = p->sent_ms;
	else
		s->loss_ms = p->sent_ms;
	if (p->sends < UINT16_MAX)
		p->sends++;
	p->order = (uint32_t)s->frames_out;
	if (rearm)
		p->due_ms = p->sent_ms + (uint64_t)s->rto_ms;
	s->frames_out++;
	s->bytes_out += p->len;
	return 0;
}

int
link_send(struct wire_session *s, uint8_t type, const uint8_t *payload,
    uint8_t len)
{
	return link_send_flags(s, type, payload, len, 0);
}

int
link_send_flags(struct wire_session *s, uint8_t type, const uint8_t *payload,
    uint8_t len, unsigned flags)
{
	struct wire_pending *p;
	uint64_t loss;

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
	p->tail = (flags & WIRE_SEND_TAIL) != 0;
	s->count++;
	if (transmit(s, p, 1) != 0)
		return -1;
	if (!(flags & WIRE_SEND_TAIL))
		return 0;
	/* (a copy sent on purpose is no sign of loss) */
	loss = s->loss_ms;
	s->resent++;
	if (transmit(s, p, 0) != 0)
		return -1;
	s->loss_ms = loss;
	return 0;
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

/*
 * Send request i alone again.  It reaches the robot only after what is
 * queued on the line before it: its timeout runs from then, or it would
 * expire while the resend is still on its way.
 */
static int
resend_one(struct wire_session *s, uint8_t i)
{
	struct wire_pending *p = at(s, i);
	uint64_t due;

	s->resent++;
	if (transmit(s, p, 1) != 0)
		return -1;
	due = p->arrive_ms + (uint64_t)s->rto_ms;
	if (p->due_ms < due)
		p->due_ms = due;
	return 0;
}

/* Replies to requests before i were lost: ask for each again, once until
 * the resend could have arrived (later replies keep showing the loss). */
static int
resend_lost_replies(struct wire_session *s, uint8_t i)
{
	uint64_t now = now_ms(s);
	uint8_t j;

	for (j = 0; j < i; j++) {
		struct wire_pending *p = at(s, j);

		if (!p->replied && now >= p->arrive_ms &&
		    resend_one(s, j) != 0)
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

	if (!s->have_rtt || ms < s->min_rtt_ms)
		s->min_rtt_ms = ms;
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
	uint64_t due = now_ms(s) + (uint64_t)s->rto_ms;
	uint8_t i;

	for (i = 0; i < s->count; i++) {
		struct wire_pending *q = at(s, i);

		if (!q->replied && q->due_ms < due)
			q->due_ms = due;
	}
}

/*
 * Request i was answered, so the robot ran every earlier one: a cumulative
 * one still unanswered is done.  A later reply of its own type (how far
 * the robot has got) stands in for its reply; one of another type (the
 * commit's after the last chunk's) leaves it an empty one.
 */
static void
stand_in(struct wire_session *s, uint8_t i)
{
	struct wire_pending *p = at(s, i), *q;
	uint8_t j;

	if (p->reply.type == WIRE_ERROR)
		return;
	for (j = 0; j < i; j++) {
		q = at(s, j);
		if (q->replied || !q->cumulative)
			continue;
		q->replied = 1;
		q->reply = p->reply;
		if (q->type != p->type) {
			q->reply.type = (uint8_t)(q->type | WIRE_REPLY);
			q->reply.len = 0;
		}
		q->reply.seq = q->seq;
	}
}

/*
 * Did the request with sequence number `trigger`, which reached the robot
 * ahead of request p, leave after p's last sending?  Then that sending was
 * lost too (the line keeps its order); if before, it may still come.
 * -1 when the NAK does not say (an older robot, or a NAK of the robot's
 * own timer) or the trigger is no longer ours.
 */
static int
after_last_sending(struct wire_session *s, const struct wire_pending *p,
    const struct wire_frame *nak)
{
	int j;

	if (nak->len != 1 || (j = find(s, nak->payload[0])) < 0)
		return -1;
	return at(s, (uint8_t)j)->order > p->order;
}

/*
 * The robot asks for request `upto` (or, upto == count, for the one we
 * have yet to send): it ran every one before.  Those still unanswered
 * lost their replies: a cumulative one is done, any other is asked for
 * again once its last sending could have arrived.
 */
static int
ran_before(struct wire_session *s, uint8_t upto)
{
	uint64_t now = now_ms(s);
	struct wire_pending *q;
	uint8_t j;

	for (j = 0; j < upto; j++) {
		q = at(s, j);
		if (q->replied)
			continue;
		if (q->cumulative) {
			q->replied = 1;
			q->reply.seq = q->seq;
			q->reply.type = (uint8_t)(q->type | WIRE_REPLY);
			q->reply.len = 0;
		} else if (now >= q->arrive_ms && resend_one(s, j) != 0) {
			return -1;
		}
	}
	return 0;
}

/* The robot asks for request i again (i == count: the next one). */
static int
on_nak(struct wire_session *s, uint8_t i, const struct wire_frame *nak)
{
	struct wire_pending *p = at(s, i);
	int later;

	s->naks++;
	s->loss_ms = now_ms(s);
	if (ran_before(s, i) != 0)
		return -1;
	if (i == s->count || p->replied)
		return 0;
	if (!s->selective)
		return resend_from(s, i, s->count, 0);
	if ((later = after_last_sending(s, p, nak)) >= 0)
		return later ? resend_one(s, i) : 0;
	/* The robot kept what came after: send the lost one alone.  A NAK
	 * for one sent once is news, whenever it comes: the robot asks for
	 * the request it waits for, and requests arrive in order.  After a
	 * resend, a NAK before the resend could arrive is not. */
	if (p->sends > 1 && now_ms(s) < p->arrive_ms)
		return 0;
	return resend_one(s, i);
}

/*
 * Karn: a reply to a resent request could answer either sending.  A
 * request sent in a burst waited behind the one answered before it: its
 * round trip counts from that answer, as its timer does.  Nor does one
 * that the robot may have kept waiting for a lost one (a NAK or a resend
 * since it was sent): that wait is no round trip.
 */
static void
measure(struct wire_session *s, const struct wire_pending *p, uint64_t now)
{
	if (p->sends == 1 && s->loss_ms < p->sent_ms)
		sample_rtt(s, (double)(now - (p->sent_ms > s->progress_ms ?
		    p->sent_ms : s->progress_ms)));
	else if (!s->have_rtt)
		/* Better a first guess from the last sending than a timeout
		 * left backed off until a request goes through at once,
		 * which on a lossy line may be never; the next clean
		 * measurement corrects it. */
		sample_rtt(s, (double)(now - p->sent_ms));
}

static int
on_frame(struct wire_session *s, const struct wire_frame *f)
{
	struct wire_pending *p;
	uint64_t now;
	int i;

	s->heard_ms = s->last_rx_ms;	/* its last bytes came then */
	if (f->type == WIRE_EVENTS || f->type == WIRE_SENSES) {
		if (s->on_events)
			s->on_events(s->events_ctx, f);
		if (s->tap)
			s->tap(s->tap_ctx, f);
		return 0;
	}
	if (f->type == WIRE_NAK && f->seq == s->next_seq && s->count > 0)
		return on_nak(s, s->count, f);	/* all ran */
	if ((i = find(s, f->seq)) < 0)
		return 0;	/* stale: a reply we already have, or noise */
	if (f->type == WIRE_NAK)
		return on_nak(s, (uint8_t)i, f);
	p = at(s, (uint8_t)i);
	if (p->replied || !matches(p, f))
		return 0;
	p->replied = 1;
	p->reply = *f;
	now = now_ms(s);
	measure(s, p, now);
	s->progress_ms = now;
	restart_timers(s);
	stand_in(s, (uint8_t)i);
	/* Replies come in order: any earlier one still missing was lost. */
	return resend_lost_replies(s, (uint8_t)i);
}

/*
 * A frame from the robot arrived damaged.  With one request unanswered it
 * was most likely that one's reply, or a NAK for it, and nothing else will
 * come to show the loss: resend it now (twice if a burst's tail) rather
 * than wait out its timeout.  With more unanswered, later replies and the
 * robot's repeated NAKs show what was lost.
 */
static int
on_damage(struct wire_session *s)
{
	uint8_t i, last = 0, open = 0;

	for (i = 0; i < s->count; i++)
		if (!at(s, i)->replied) {
			open++;
			last = i;
		}
	if (open != 1 || now_ms(s) < at(s, last)->arrive_ms)
		return 0;
	if (resend_one(s, last) != 0)
		return -1;
	return at(s, last)->tail ? resend_one(s, last) : 0;
}

static int
pump(struct wire_session *s, int wait_ms)
{
	uint8_t damage = s->dec.damage;
	uint8_t buf[256];
	struct wire_frame f;
	long n, k;
	char why[160];

	n = link_port_read(s->port, buf, sizeof buf, wait_ms);
	if (n < 0) {
		snprintf(why, sizeof why, "%s: %s", link_port_name(s->port),
		    errno == EIO ? "link lost (the other end hung up)"
		    : strerror(errno));
		return failed(s, WIRE_FAIL_LINK, why);
	}
	if (n > 0)
		s->last_rx_ms = now_ms(s);
	else if (s->dec.n > 0 && now_ms(s) - s->last_rx_ms >= 50)
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
	return s->dec.damage != damage ? on_damage(s) : 0;
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

/*
 * On a timeout a robot that keeps requests needs only the oldest (lost,
 * or its reply was) and the newest: if that was lost, nothing after it
 * could raise a NAK; if it arrives, the robot NAKs any other gap, and its
 * reply shows which replies were lost.  Any other robot gets them all.
 */
static int
resend_on_timeout(struct wire_session *s)
{
	uint8_t last = s->count;

	if (!s->selective)
		return resend_from(s, 0, s->count, 1);
	while (last > 1 && at(s, (uint8_t)(last - 1))->replied)
		last--;
	if (resend_one(s, 0) != 0)
		return -1;
	if (last > 1 && resend_one(s, (uint8_t)(last - 1)) != 0)
		return -1;
	/* The tail of a burst goes twice again, as it did the first time. */
	return at(s, (uint8_t)(last - 1))->tail ? resend_one(s,
	    (uint8_t)(last - 1)) : 0;
}

/*
 * When request h is given up: (retries + 1) x timeout_ms after its first
 * sending, whatever moved its timer since, so a robot that keeps NAKing
 * cannot keep us waiting.  Twice that while the robot is still heard: a
 * host stall can leave the resend timeout backed off to timeout_ms, and
 * then a lossy line gets too few tries in the plain budget.
 */
static uint64_t
give_up_at(const struct wire_session *s, const struct wire_pending *h,
    uint64_t now)
{
	uint64_t budget = (uint64_t)s->timeout_ms * (uint64_t)(s->retries + 1);

	if (s->heard_ms > h->first_ms &&
	    now - s->heard_ms < (uint64_t)s->timeout_ms)
		budget *= 2;
	return h->first_ms + budget;
}

/* Resend on the oldest request's timeout; -1 when its retries are spent. */
static int
check_timeout(struct wire_session *s, uint64_t now, uint64_t *next)
{
	struct wire_pending *h = at(s, 0);
	uint64_t give_up = give_up_at(s, h, now);
	char why[160];

	if (h->sends > s->retries && now >= give_up) {
		snprintf(why, sizeof why, "no reply from %s after %u tries "
		    "in %lu ms", link_port_name(s->port), (unsigned)h->sends,
		    (unsigned long)(now - h->first_ms));
		return failed(s, WIRE_FAIL_TIMEOUT, why);
	}
	if (now < h->due_ms) {
		*next = h->sends > s->retries && give_up < h->due_ms ?
		    give_up : h->due_ms;
		return 0;
	}
	if (h->timeouts < UINT8_MAX)
		h->timeouts++;
	s->timeouts++;
	back_off(s);
	if (resend_on_timeout(s) != 0)
		return -1;
	*next = h->due_ms;
	return 0;
}

int
link_recv(struct wire_session *s, struct wire_frame *reply, int wait_ms)
{
	uint64_t deadline = now_ms(s) + (uint64_t)(wait_ms > 0 ? wait_ms
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
		now = now_ms(s);
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
link_call(struct wire_session *s, uint8_t type, const uint8_t *payload,
    uint8_t len, struct wire_frame *reply)
{
	int r;

	if (s->count != 0)
		return failed(s, WIRE_FAIL_PROTO, "call with requests pending");
	if (link_send(s, type, payload, len) != 0)
		return -1;
	/* Bounded twice over: by the retries and by this wait. */
	r = link_recv(s, reply, s->timeout_ms * (s->retries + 2) + 1000);
	if (r == 0)
		return failed(s, WIRE_FAIL_TIMEOUT, "no reply");
	return r < 0 ? -1 : 0;
}

int
link_hello(struct wire_session *s, struct wire_hello *h)
{
	struct wire_frame reply;
	uint8_t version = WIRE_VERSION;
	int r;

	s->window = 1;
	/* twice at once: a lost handshake or reply would cost a timeout, the
	 * copy a few bytes (the robot runs HELLO again, harmlessly) */
	if (s->count != 0 || link_send_flags(s, WIRE_HELLO, &version, 1,
	    WIRE_SEND_TAIL) != 0)
		return -1;
	if ((r = link_recv(s, &reply, s->timeout_ms * (s->retries + 2) +
	    1000)) <= 0) {
		if (r == 0)
			failed(s, WIRE_FAIL_TIMEOUT, "no reply");
		return -1;
	}
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
