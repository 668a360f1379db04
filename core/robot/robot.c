/*
 * robot.c - the robot's session layer (portable core): frames in, replies
 * out, each request executed exactly once however often the host resends it.
 * Replies to the last ROBOT_WINDOW requests are kept to answer resends.
 */
#include <string.h>

#include "planloop.h"
#include "requests.h"
#include "robot.h"

void
robot_init(struct robot *r, const struct robot_hw *hw)
{
	memset(r, 0, sizeof *r);
	r->hw = hw;
	wire_decoder_init(&r->dec);
	robot_store_open(&r->store, hw);
	robot_load_plan(r);
	robot_motion_init(&r->motion, hw->joints);
	/* Hold still where we are rather than jump to a stale command. */
	hw->read_encoders(hw->ctx, r->command);
	hw->command_joints(hw->ctx, r->command);
	robot_autostart(r);
}

static void
send_frame(struct robot *r, const uint8_t *frame, uint8_t n)
{
	struct wire_frame f;

	if (r->hw->trace && n >= WIRE_FRAME_OVERHEAD) {
		f.len = frame[WIRE_AT_LEN];
		f.seq = frame[WIRE_AT_SEQ];
		f.type = frame[WIRE_AT_TYPE];
		memcpy(f.payload, frame + WIRE_AT_PAYLOAD, f.len);
		r->hw->trace(r->hw->ctx, 1, &f);
	}
	r->hw->send(r->hw->ctx, frame, n);
}

/*
 * Run a new request and send (and keep) its reply.  The reply is written
 * where its kept frame holds it, not in a buffer on the stack: the deepest
 * stack is a request's (a commit's plan check), and an Uno has little.
 */
static void
answer(struct robot *r, const struct wire_frame *req)
{
	uint8_t slot = (uint8_t)(req->seq % ROBOT_WINDOW);
	uint8_t *payload = r->cache[slot] + WIRE_AT_PAYLOAD;
	struct wire_out out;
	uint8_t type = (uint8_t)(req->type | WIRE_REPLY);
	uint8_t len;
	int e;

	r->cache_ok[slot] = 0;
	wire_out_init(&out, payload, WIRE_PAYLOAD_MAX);
	e = robot_handle(r, req, &out);
	len = wire_out_len(&out);
	if (e == 0 && out.overflow)
		e = WIRE_E_ARG;
	if (e != 0) {
		type = WIRE_ERROR;
		payload[0] = req->type;
		payload[1] = (uint8_t)e;
		len = 2;
	}
	r->requests++;
	r->cache_len[slot] = wire_frame_encode(r->cache[slot], req->seq, type,
	    payload, len);
	r->cache_ok[slot] = 1;
	send_frame(r, r->cache[slot], r->cache_len[slot]);
}

/*
 * Ask for request `expect`.  When a request ahead of it made us ask, its
 * sequence number goes along (1 byte; 0 bytes when none did): a host that
 * resent `expect` after sending that one knows its resend may still be on
 * the way, and one that resent it before, that the resend was lost too.
 */
#define NO_TRIGGER 0x100
static void
send_nak(struct robot *r, uint16_t trigger)
{
	uint8_t nak[WIRE_FRAME_MAX], n, t = (uint8_t)trigger;

	n = wire_frame_encode(nak, r->expect, WIRE_NAK, &t,
	    trigger == NO_TRIGGER ? 0 : 1);
	send_frame(r, nak, n);
	r->nak_sent = 1;
	r->nak_ms = r->hw->millis(r->hw->ctx);
}

static uint8_t
holding(const struct robot *r)
{
	uint8_t i, kept = 0;

	for (i = 0; i < ROBOT_WINDOW - 1; i++)
		kept |= r->ahead_ok[i];
	return kept;
}

/* Holding requests for a lost one and nothing more is coming: ask for it
 * again now and then. */
static void
repeat_nak(struct robot *r)
{
	uint32_t now = r->hw->millis(r->hw->ctx);

	if (holding(r) && (uint32_t)(now - r->rx_ms) >= ROBOT_QUIET_MS &&
	    (uint32_t)(now - r->nak_ms) >= ROBOT_NAK_REPEAT_MS)
		send_nak(r, NO_TRIGGER);
}

/* Ask for the expected request, but not again within ROBOT_QUIET_MS, so a
 * noisy line does not turn into a stream of NAKs. */
static void
nak_once_in_a_while(struct robot *r, uint16_t trigger)
{
	if (!r->nak_sent || (uint32_t)(r->hw->millis(r->hw->ctx) -
	    r->nak_ms) >= ROBOT_QUIET_MS)
		send_nak(r, trigger);
}

/*
 * A frame arrived damaged: it was most likely the request we expect (they
 * come in order), and no later one may follow to tell us it is missing, so
 * ask for it now.
 */
static void
on_damage(struct robot *r)
{
	if (r->damage == r->dec.damage)
		return;
	r->damage = r->dec.damage;
	nak_once_in_a_while(r, NO_TRIGGER);
}

/* Run the expected request, then any kept ones it was holding up. */
static void
run_in_order(struct robot *r, const struct wire_frame *f)
{
	uint8_t slot;

	answer(r, f);
	r->expect++;
	r->nak_sent = 0;
	for (;;) {
		uint8_t twice;

		slot = (uint8_t)(r->expect % (ROBOT_WINDOW - 1));
		if (!r->ahead_ok[slot] || r->ahead[slot].seq != r->expect)
			break;
		twice = r->ahead_ok[slot] > 1;
		r->ahead_ok[slot] = 0;
		answer(r, &r->ahead[slot]);
		/* It came twice (a burst's last request is sent twice): so
		 * does its reply, as if we had not had to keep it. */
		if (twice) {
			slot = (uint8_t)(r->expect % ROBOT_WINDOW);
			send_frame(r, r->cache[slot], r->cache_len[slot]);
		}
		r->expect++;
	}
	/* Still holding some: the next gap is a loss too. */
	if (holding(r))
		send_nak(r, NO_TRIGGER);
}

static void
on_frame(struct robot *r, const struct wire_frame *f)
{
	uint8_t behind = (uint8_t)(r->expect - f->seq);
	uint8_t ahead = (uint8_t)(f->seq - r->expect), slot;

	if (r->hw->trace)
		r->hw->trace(r->hw->ctx, 0, f);
	/* Our own kinds of frame (an echoing line) are never requests. */
	if (f->type & WIRE_REPLY || f->type >= WIRE_EVENTS)
		return;
	if (f->type == WIRE_HELLO) {
		/* A new session: forget what the last host was doing. */
		memset(r->cache_ok, 0, sizeof r->cache_ok);
		memset(r->ahead_ok, 0, sizeof r->ahead_ok);
		r->expect = f->seq;
		ahead = 0;
	}
	if (ahead == 0) {
		run_in_order(r, f);
	} else if (behind >= 1 && behind <= ROBOT_WINDOW) {
		/* A resend: our reply was lost; send it again, do nothing. */
		slot = (uint8_t)(f->seq % ROBOT_WINDOW);
		if (r->cache_ok[slot] && r->cache[slot][WIRE_AT_SEQ] == f->seq)
			send_frame(r, r->cache[slot], r->cache_len[slot]);
	} else if (ahead < ROBOT_WINDOW) {
		/* Ahead of us: one was lost.  Keep this one for when it comes
		 * and say which we need, again with each later one unless we
		 * just did: a lost NAK would otherwise wait for the line to go
		 * quiet (repeat_nak), a window's time.  The host takes a
		 * repeat before its resend could arrive for what it is. */
		slot = (uint8_t)(f->seq % (ROBOT_WINDOW - 1));
		if (r->ahead_ok[slot] && r->ahead[slot].seq == f->seq) {
			r->ahead_ok[slot] = 2;	/* the same again */
		} else {
			r->ahead[slot] = *f;
			r->ahead_ok[slot] = 1;
		}
		nak_once_in_a_while(r, f->seq);
	} else if (!r->nak_sent) {
		send_nak(r, f->seq);
	}
}

void
robot_rx(struct robot *r, const uint8_t *bytes, size_t n)
{
	struct wire_frame f;

	if (n > 0)
		r->rx_ms = r->hw->millis(r->hw->ctx);
	while (n--) {
		wire_decoder_push(&r->dec, *bytes++);
		while (wire_decoder_next(&r->dec, &f))
			on_frame(r, &f);
	}
	on_damage(r);
}

void
robot_rx_idle(struct robot *r)
{
	struct wire_frame f;

	wire_decoder_idle(&r->dec);
	while (wire_decoder_next(&r->dec, &f))
		on_frame(r, &f);
	on_damage(r);
}

void
robot_tick(struct robot *r)
{
	repeat_nak(r);
	robot_motion_tick(&r->motion, r->hw->millis(r->hw->ctx), r->hw, r->command);
	robot_planloop_tick(r);
	robot_telemetry_tick(r);
}

uint8_t
robot_flags(struct robot *r)
{
	int32_t enc[ROBOT_JOINTS_MAX];
	uint8_t flags = 0, j;

	if (robot_store_plan_size(&r->store) > 0)
		flags |= WIRE_F_PLAN;
	if (robot_motion_busy(&r->motion))
		flags |= WIRE_F_STREAM;
	if (robot_motion_held(&r->motion))
		flags |= WIRE_F_HELD;
	if (r->running)
		flags |= WIRE_F_RUNNING;
	if (r->running && r->paused)
		flags |= WIRE_F_PAUSED;
	/* Paused, the joints hold where they were, short of the plan's
	 * command: that is not moving. */
	if (r->running && r->paused && r->step_left == 0)
		return flags;
	r->hw->read_encoders(r->hw->ctx, enc);
	for (j = 0; j < r->hw->joints; j++) {
		/* In unsigned arithmetic, so no angle can overflow it. */
		uint32_t d = enc[j] >= r->command[j]
		    ? (uint32_t)enc[j] - (uint32_t)r->command[j]
		    : (uint32_t)r->command[j] - (uint32_t)enc[j];

		if (d > ROBOT_AT_TARGET_MDEG)
			flags |= WIRE_F_MOVING;
	}
	return flags;
}
