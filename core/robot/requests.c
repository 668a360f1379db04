/*
 * requests.c - what the robot does for each request (portable core).
 * One small function per request type; each checks its payload length
 * exactly, so random bytes from a host get an error reply, not a crash.
 */
#include <string.h>

#include "control.h"
#include "planloop.h"
#include "requests.h"

static int
hello(struct robot *r, struct wire_in *in, struct wire_out *out)
{
	struct wire_hello h;
	uint8_t version = wire_get_u8(in), j, n;

	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	if (version != WIRE_VERSION)
		return WIRE_E_VERSION;
	store_abandon(&r->store);
	planloop_monitor(r, 0);
	r->telemetry_ms = 0;	/* a new host asks for its own streams */
	memset(&h, 0, sizeof h);
	h.version = WIRE_VERSION;
	h.joints = r->hw->joints;
	h.window = ROBOT_WINDOW;
	h.slots = ROBOT_SLOTS;
	h.flags = (uint8_t)(robot_flags(r) | WIRE_F_SELECTIVE);
	h.capacity = robot_capacity(r);
	for (j = 0; j < h.joints; j++)
		h.link_um[j] = r->hw->link_um[j];
	n = (uint8_t)strlen(r->hw->firmware);
	memcpy(h.firmware, r->hw->firmware, n > WIRE_NAME_MAX ?
	    WIRE_NAME_MAX : n);
	out->n = wire_hello_encode(&h, out->p);
	return out->n ? 0 : WIRE_E_ARG;
}

static int
plan_info(struct robot *r, struct wire_in *in, struct wire_out *out)
{
	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	wire_put_u32(out, store_plan_size(&r->store));
	wire_put_u32(out, store_plan_crc(&r->store));
	return 0;
}

static int
plan_begin(struct robot *r, struct wire_in *in, struct wire_out *out)
{
	uint32_t size = wire_get_u32(in), crc = wire_get_u32(in);

	(void)out;
	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	if (size > robot_capacity(r))
		return WIRE_E_TOO_BIG;
	return store_begin(&r->store, size, crc);
}

static int
plan_chunk(struct robot *r, struct wire_in *in, struct wire_out *out)
{
	uint16_t offset = wire_get_u16(in);
	uint8_t n = (uint8_t)(in->n - in->pos);
	int e;

	if (in->bad || n == 0 || n > WIRE_CHUNK_MAX)
		return WIRE_E_LENGTH;
	if ((e = store_chunk(&r->store, offset, in->p + in->pos, n)) != 0)
		return e;
	wire_put_u16(out, (uint16_t)r->store.stage_got);
	return 0;
}

static int
plan_commit(struct robot *r, struct wire_in *in, struct wire_out *out)
{
	int e;

	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	if ((e = robot_commit_plan(r)) != 0)
		return e;
	wire_put_u32(out, store_plan_size(&r->store));
	wire_put_u32(out, store_plan_crc(&r->store));
	return 0;
}

static int
plan_read(struct robot *r, struct wire_in *in, struct wire_out *out)
{
	uint16_t offset = wire_get_u16(in);
	uint8_t n = wire_get_u8(in);
	uint8_t buf[WIRE_CHUNK_MAX];
	int e;

	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	if (n == 0 || n > WIRE_CHUNK_MAX)
		return WIRE_E_ARG;
	if ((e = store_read(&r->store, offset, buf, n)) != 0)
		return e;
	wire_put_u16(out, offset);
	wire_put_bytes(out, buf, n);
	return 0;
}

static int
start(struct robot *r, struct wire_in *in, struct wire_out *out)
{
	uint16_t rate = wire_get_u16(in);

	(void)out;
	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	return planloop_start(r, rate);
}

static int
monitor(struct robot *r, struct wire_in *in, struct wire_out *out)
{
	uint8_t mask = wire_get_u8(in);

	(void)out;
	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	if (mask & ~0x3Fu)
		return WIRE_E_ARG;
	planloop_monitor(r, mask);
	return 0;
}

/* Stop everything and hold the arm where it is now. */
static int
stop(struct robot *r, struct wire_in *in, struct wire_out *out)
{
	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	planloop_stop(r);
	motion_clear(&r->motion);
	r->hw->read_encoders(r->hw->ctx, r->command);
	r->hw->command_joints(r->hw->ctx, r->command);
	wire_put_u8(out, robot_flags(r));
	return 0;
}

static int
stream(struct robot *r, struct wire_in *in, struct wire_out *out)
{
	uint32_t run_id = wire_get_u32(in), from = wire_get_u32(in);

	(void)out;
	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	if (r->running)
		return WIRE_E_BUSY;
	return motion_stream(&r->motion, run_id, from);
}

static int
setpoint(struct robot *r, struct wire_in *in, struct wire_out *out)
{
	struct wire_setpoint sp;
	int e;

	if (wire_setpoint_decode(&sp, in->p, in->n) != 0)
		return WIRE_E_LENGTH;
	if (r->running)
		return WIRE_E_BUSY;
	if ((e = motion_push(&r->motion, &sp)) != 0)
		return e;
	wire_put_u8(out, motion_free(&r->motion));
	wire_put_u32(out, r->motion.executed);
	return 0;
}

static int
status(struct robot *r, struct wire_in *in, struct wire_out *out)
{
	struct wire_status s;
	uint32_t from = wire_get_u32(in);

	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	memset(&s, 0, sizeof s);
	motion_report(&r->motion, from, &s);
	s.flags = robot_flags(r);
	out->n = wire_status_encode(&s, out->p);
	return out->n ? 0 : WIRE_E_ARG;
}

static int
encoders(struct robot *r, struct wire_in *in, struct wire_out *out)
{
	int32_t enc[ROBOT_JOINTS_MAX];
	uint8_t j;

	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	r->hw->read_encoders(r->hw->ctx, enc);
	for (j = 0; j < r->hw->joints; j++)
		wire_put_i32(out, enc[j]);
	return 0;
}

int
robot_handle(struct robot *r, const struct wire_frame *req,
    struct wire_out *out)
{
	struct wire_in in;

	wire_in_init(&in, req->payload, req->len);
	switch (req->type) {
	case WIRE_HELLO:
		return hello(r, &in, out);
	case WIRE_PLAN_INFO:
		return plan_info(r, &in, out);
	case WIRE_PLAN_BEGIN:
		return plan_begin(r, &in, out);
	case WIRE_PLAN_CHUNK:
		return plan_chunk(r, &in, out);
	case WIRE_PLAN_COMMIT:
		return plan_commit(r, &in, out);
	case WIRE_PLAN_READ:
		return plan_read(r, &in, out);
	case WIRE_START:
		return start(r, &in, out);
	case WIRE_STOP:
		return stop(r, &in, out);
	case WIRE_MONITOR:
		return monitor(r, &in, out);
	case WIRE_STREAM:
		return stream(r, &in, out);
	case WIRE_SETPOINT:
		return setpoint(r, &in, out);
	case WIRE_STATUS:
		return status(r, &in, out);
	case WIRE_ENCODERS:
		return encoders(r, &in, out);
	case WIRE_DESCRIBE:
		return robot_describe(r, &in, out);
	case WIRE_CONFIG:
		return robot_config(r, &in, out);
	case WIRE_TELEMETRY:
		return robot_telemetry(r, &in, out);
	default:
		return robot_control(r, req, out);
	}
}
