/*
 * requests.c - what the robot does for each request (portable core).
 * One small function per request type; each checks its payload length
 * exactly, so random bytes from a host get an error reply, not a crash.
 */
#include <string.h>

#include "planloop.h"
#include "requests.h"

int
robot_req_hello(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	struct wire_hello h;
	uint8_t version = wire_get_u8(in), j, n;

	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	if (version != WIRE_VERSION)
		return WIRE_E_VERSION;
	robot_store_abandon(&r->store);
	robot_planloop_monitor(r, 0);
	r->telemetry_ms = 0;	/* a new host asks for its own streams */
	memset(&h, 0, sizeof h);
	h.version = WIRE_VERSION;
	h.joints = r->hw->joints;
	h.window = ROBOT_WINDOW;
	h.slots = ROBOT_SLOTS;
	h.flags = (uint8_t)(robot_flags(r) | WIRE_F_SELECTIVE |
	    (ROBOT_SLOTS > 0 ? WIRE_F_GUARD : 0));
	h.capacity = robot_capacity(r);
	for (j = 0; j < h.joints; j++)
		h.link_um[j] = r->hw->link_um[j];
	n = (uint8_t)strlen(r->hw->firmware);
	memcpy(h.firmware, r->hw->firmware, n > WIRE_NAME_MAX ?
	    WIRE_NAME_MAX : n);
	out->n = wire_hello_encode(&h, out->p);
	return out->n ? 0 : WIRE_E_ARG;
}

int
robot_req_plan_info(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	uint32_t size = robot_store_plan_size(&r->store);
	uint8_t id[4] = { 0, 0, 0, 0 };

	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	/* the plan's own CRC-32, its last four bytes, tells plans apart; the
	 * CRC of a whole plan is the same for all of them */
	if (size >= 4 && robot_store_read(&r->store, (uint16_t)(size - 4), id, 4))
		id[0] = id[1] = id[2] = id[3] = 0;
	wire_put_u32(out, size);
	wire_put_u32(out, robot_store_plan_crc(&r->store));
	wire_put_bytes(out, id, 4);
	wire_put_u32(out, robot_describe_crc(r));
	return 0;
}

int
robot_req_plan_begin(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	uint32_t size = wire_get_u32(in), crc = wire_get_u32(in);

	(void)out;
	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	if (size > robot_capacity(r))
		return WIRE_E_TOO_BIG;
	return robot_store_begin(&r->store, size, crc);
}

int
robot_req_plan_chunk(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	uint16_t offset = wire_get_u16(in);
	uint8_t n = (uint8_t)(in->n - in->pos);
	int e;

	if (in->bad || n == 0 || n > WIRE_CHUNK_MAX)
		return WIRE_E_LENGTH;
	if ((e = robot_store_chunk(&r->store, offset, in->p + in->pos, n)) != 0)
		return e;
	wire_put_u16(out, (uint16_t)r->store.stage_got);
	return 0;
}

int
robot_req_plan_commit(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	int e;

	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	if ((e = robot_commit_plan(r)) != 0)
		return e;
	wire_put_u32(out, robot_store_plan_size(&r->store));
	wire_put_u32(out, robot_store_plan_crc(&r->store));
	return 0;
}

int
robot_req_plan_read(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	uint16_t offset = wire_get_u16(in);
	uint8_t n = wire_get_u8(in);
	uint8_t buf[WIRE_CHUNK_MAX];
	int e;

	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	if (n == 0 || n > WIRE_CHUNK_MAX)
		return WIRE_E_ARG;
	if ((e = robot_store_read(&r->store, offset, buf, n)) != 0)
		return e;
	wire_put_u16(out, offset);
	wire_put_bytes(out, buf, n);
	return 0;
}

int
robot_req_start(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	uint16_t rate = wire_get_u16(in);

	(void)out;
	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	return robot_planloop_start(r, rate);
}

int
robot_req_monitor(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	uint8_t mask = wire_get_u8(in);

	(void)out;
	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	if (mask & ~0x3Fu)
		return WIRE_E_ARG;
	robot_planloop_monitor(r, mask);
	return 0;
}

/* Stop everything and hold the arm where it is now. */
int
robot_req_stop(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	robot_planloop_stop(r);
	robot_motion_clear(&r->motion);
	r->hw->read_encoders(r->hw->ctx, r->command);
	r->hw->command_joints(r->hw->ctx, r->command);
	wire_put_u8(out, robot_flags(r));
	return 0;
}

int
robot_req_stream(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	uint32_t run_id = wire_get_u32(in), from = wire_get_u32(in);
	uint16_t guard_mdeg = 0;
	uint8_t guard_persist = 0;

	(void)out;
	if (in->n > 8) {	/* the lag rule, from a host that knows it */
		guard_mdeg = wire_get_u16(in);
		guard_persist = wire_get_u8(in);
	}
	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	if (r->running)
		return WIRE_E_BUSY;
	return robot_motion_stream(&r->motion, run_id, from, guard_mdeg,
	    guard_persist);
}

int
robot_req_setpoint(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	struct wire_setpoint sp;
	int e;

	if (wire_setpoint_decode(&sp, in->p, in->n) != 0)
		return WIRE_E_LENGTH;
	if (r->running)
		return WIRE_E_BUSY;
	if ((e = robot_motion_push(&r->motion, &sp)) != 0)
		return e;
	wire_put_u8(out, robot_motion_free(&r->motion));
	wire_put_u32(out, r->motion.executed);
	return 0;
}

int
robot_req_status(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	struct wire_status s;
	uint32_t from = wire_get_u32(in);

	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	memset(&s, 0, sizeof s);
	robot_motion_report(&r->motion, from, &s);
	s.flags = robot_flags(r);
	out->n = wire_status_encode(&s, out->p);
	return out->n ? 0 : WIRE_E_ARG;
}

int
robot_req_encoders(struct robot *r, struct wire_in *in,
    struct wire_out *out)
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
#define HANDLE_(name, type, handler) \
	case WIRE_##name: return robot_req_##handler(r, &in, out);
#define NONE_(name, type)
	switch (req->type) {
	WIRE_MESSAGES(HANDLE_, NONE_)
	default:
		return WIRE_E_UNKNOWN;
	}
#undef HANDLE_
#undef NONE_
}
