/*
 * telemetry.c - the sense stream (portable core): TELEMETRY sets a period
 * and the robot sends every sense's value in a SENSES frame that often,
 * unacknowledged like EVENTS, numbered by the frame's sequence byte so the
 * host can count losses.  Called by requests.c and robot_tick.
 */
#include "body.h"
#include "requests.h"
#include "wire/desc.h"

int
robot_req_telemetry(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	uint16_t ms = wire_get_u16(in);

	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	if (ms != 0 && ms < WIRE_TELEMETRY_MIN_MS)
		return WIRE_E_ARG;
	r->telemetry_ms = ms;
	r->telemetry_next = r->hw->millis(r->hw->ctx);
	wire_put_u16(out, ms);
	return 0;
}

static void
send_senses(struct robot *r, uint32_t due)
{
	uint8_t payload[WIRE_PAYLOAD_MAX], frame[WIRE_FRAME_MAX], n, i;
	uint16_t ids[WIRE_SENSES_MAX];
	struct wire_senses s;

	s.ms = due;
	s.count = robot_sense_ids(r, ids, WIRE_SENSES_MAX);
	for (i = 0; i < s.count; i++)
		s.value[i] = robot_read_sense(r, ids[i]);
	n = wire_senses_encode(&s, payload);
	n = wire_frame_encode(frame, r->telemetry_seq++, WIRE_SENSES, payload,
	    n);
	r->hw->send(r->hw->ctx, frame, n);
}

void
robot_telemetry_tick(struct robot *r)
{
	uint32_t now;

	if (r->telemetry_ms == 0)
		return;
	now = r->hw->millis(r->hw->ctx);
	if ((int32_t)(now - r->telemetry_next) < 0)
		return;
	/* Stamped with when it was due: the period the host asked for,
	 * not the jitter of our loop. */
	send_senses(r, r->telemetry_next);
	r->telemetry_next += r->telemetry_ms;
	/* Fallen behind: carry on from now rather than send a burst. */
	if ((int32_t)(now - r->telemetry_next) > (int32_t)r->telemetry_ms)
		r->telemetry_next = now + r->telemetry_ms;
}
