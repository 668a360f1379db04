/*
 * robot_fuzz.c - libFuzzer harness for the robot side of the link
 * (core/robot), which armsim and the firmware run: a host script made of
 * the input (raw bytes, well-formed requests, plan uploads, time passing,
 * power cuts) must never crash it, make it send a bad frame, or make it
 * write the plan store anywhere but the slot it is staging.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "plan/crc32.h"
#include "plan/plan.h"
#include "robot/armio.h"
#include "robot/robot.h"
#include "robot/store.h"
#include "wire/frame.h"
#include "wire/msg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A plan that reads every arm sense and takes every kind of arm action. */
static const char robot_plan[] =
    "senses: {Obstacle: 1, Moving: 2, Lag: 3, Joint1: 11, Joint2: 12}\n"
    "actions: {Turn1: 1, Turn2: 2, To1: 11, Home: 20, Halt: 21}\n"
    "drives:\n"
    "  Avoid: {priority: 9, when: Obstacle < 100, do: Back}\n"
    "  Work: {priority: 5, when: Lag < 50, do: Wave}\n"
    "  Idle: {priority: 1, when: always, do: Rest}\n"
    "competences:\n"
    "  Wave:\n"
    "    mode: or\n"
    "    elements:\n"
    "      Up: {priority: 3, when: Joint1 < 30, do: Lift}\n"
    "      Down: {priority: 2, when: Joint2 > -30, do: Lower}\n"
    "      Still: {priority: 1, when: Moving == 0, do: Park}\n"
    "patterns:\n"
    "  Back: [Stop, GoHome]\n"
    "  Rest: [Park]\n"
    "acts:\n"
    "  Lift: Turn1 10\n"
    "  Lower: Turn2 -10\n"
    "  Park: To1 0\n"
    "  GoHome: Home 0\n"
    "  Stop: Halt 0\n";

static uint8_t *good_plan;
static uint32_t good_size;

/* Sizes the first byte chooses between: stores, plan RAM, state RAM. */
static const uint32_t store_sizes[4] = { 0, 40, 1056, 4096 };
static const uint32_t ram_sizes[4] = { 0, 64, 600, 2048 };
static const uint32_t state_sizes[2] = { 64, 1024 };

struct fake {
	struct robot *r;
	uint8_t *store, *plan_ram;
	void *state_ram;
	uint32_t store_size;
	uint8_t joints;
	int writes_left;	/* -1: never fail; 0: the power is cut */
	int32_t enc[WIRE_MAX_JOINTS], cmd[WIRE_MAX_JOINTS];
	int32_t lag;
	uint32_t now;
	int16_t obstacle;
	uint8_t seq;		/* the host's next request */
};

static void
fail(const char *why)
{
	fprintf(stderr, "robot_fuzz: %s\n", why);
	abort();
}

static uint32_t
f_millis(void *ctx)
{
	return ((struct fake *)ctx)->now;
}

/* Every frame the robot sends is one whole, valid frame. */
static void
f_send(void *ctx, const uint8_t *b, uint8_t n)
{
	struct wire_decoder d;
	struct wire_frame f;
	uint8_t i;

	(void)ctx;
	if (n < WIRE_FRAME_OVERHEAD || n > WIRE_FRAME_MAX)
		fail("the robot sent a frame of impossible length");
	wire_decoder_init(&d);
	for (i = 0; i < n; i++)
		wire_decoder_push(&d, b[i]);
	if (!wire_decoder_next(&d, &f) || d.n != 0)
		fail("the robot sent a frame that does not decode");
	if (f.type != WIRE_NAK && f.type != WIRE_ERROR &&
	    f.type != WIRE_EVENTS && !(f.type & WIRE_REPLY))
		fail("the robot sent a request");
}

static void
f_read(void *ctx, int32_t *mdeg)
{
	struct fake *f = ctx;

	memcpy(mdeg, f->enc, sizeof(int32_t) * f->joints);
}

static void
f_command(void *ctx, const int32_t *mdeg)
{
	struct fake *f = ctx;
	uint8_t j;

	for (j = 0; j < f->joints; j++) {
		f->cmd[j] = mdeg[j];
		f->enc[j] = (int32_t)((int64_t)mdeg[j] - f->lag);
	}
}

static int
f_sread(void *ctx, uint32_t a, uint8_t *buf, uint16_t n)
{
	struct fake *f = ctx;

	if (a > f->store_size || n > f->store_size - a)
		fail("the robot read outside its store");
	memcpy(buf, f->store + a, n);
	return 0;
}

/* Writes go to the staging slot or its descriptor, never the plan's. */
static void
check_write(const struct fake *f, uint32_t a, uint16_t n)
{
	const struct plan_store *st = &f->r->store;
	uint32_t slot;

	if (a > f->store_size || n > f->store_size - a || n == 0)
		fail("the robot wrote outside its store");
	if (a < STORE_HEADER) {
		if (a % STORE_DESC_SIZE != 0 || n != STORE_DESC_SIZE)
			fail("a write across descriptors");
		if ((int)(a / STORE_DESC_SIZE) == st->active)
			fail("the robot overwrote the live plan's descriptor");
		return;
	}
	if (st->slot_size == 0)
		fail("a plan write into a store with no slots");
	slot = (a - STORE_HEADER) / st->slot_size;
	if (slot > 1 || (a - STORE_HEADER + n - 1) / st->slot_size != slot)
		fail("a write outside a slot");
	if ((int)slot == st->active)
		fail("the robot overwrote the live plan");
}

static int
f_swrite(void *ctx, uint32_t a, const uint8_t *buf, uint16_t n)
{
	struct fake *f = ctx;

	check_write(f, a, n);
	if (f->writes_left == 0) {
		memcpy(f->store + a, buf, n / 2);	/* a torn write */
		return -1;
	}
	if (f->writes_left > 0)
		f->writes_left--;
	memcpy(f->store + a, buf, n);
	return 0;
}

static int16_t
f_obstacle(void *ctx)
{
	return ((struct fake *)ctx)->obstacle;
}

static const uint32_t links[WIRE_MAX_JOINTS] = {
	100000, 80000, 40000, 30000, 20000, 10000, 5000, 1000
};

/* The input, read from the front; past its end every byte is 0. */
struct input {
	const uint8_t *p;
	size_t n, pos;
};

static uint8_t
next(struct input *in)
{
	return in->pos < in->n ? in->p[in->pos++] : 0;
}

static int
more(const struct input *in)
{
	return in->pos < in->n;
}

/* One request, encoded with the host's next sequence number. */
static void
request(struct fake *f, uint8_t type, const uint8_t *payload, uint8_t len)
{
	uint8_t frame[WIRE_FRAME_MAX], n;

	n = wire_frame_encode(frame, f->seq++, type, payload, len);
	robot_rx(f->r, frame, n);
}

/* Begin, chunks and commit of an image (whose CRC the input may spoil). */
static void
upload(struct fake *f, const uint8_t *img, uint32_t size, uint32_t crc)
{
	uint8_t p[WIRE_PAYLOAD_MAX];
	uint32_t off;
	uint8_t k;

	p[0] = (uint8_t)size, p[1] = (uint8_t)(size >> 8);
	p[2] = (uint8_t)(size >> 16), p[3] = (uint8_t)(size >> 24);
	p[4] = (uint8_t)crc, p[5] = (uint8_t)(crc >> 8);
	p[6] = (uint8_t)(crc >> 16), p[7] = (uint8_t)(crc >> 24);
	request(f, WIRE_PLAN_BEGIN, p, 8);
	for (off = 0; off < size; off += k) {
		k = (uint8_t)(size - off > WIRE_CHUNK_MAX ? WIRE_CHUNK_MAX :
		    size - off);
		p[0] = (uint8_t)off, p[1] = (uint8_t)(off >> 8);
		memcpy(p + 2, img + off, k);
		request(f, WIRE_PLAN_CHUNK, p, (uint8_t)(k + 2));
	}
	request(f, WIRE_PLAN_COMMIT, NULL, 0);
}

/* A plan from the input's bytes, its CRC-32 mended so it gets checked. */
static void
upload_bytes(struct fake *f, struct input *in)
{
	uint8_t img[1024];
	uint32_t size = next(in), crc, i;

	size = (size << 2 | (next(in) & 3)) % sizeof img;
	for (i = 0; i < size; i++)
		img[i] = next(in);
	if (size >= PLAN_MIN_SIZE) {
		crc = plan_crc32_update(0, img, size - PLAN_CRC_SIZE);
		img[size - 4] = (uint8_t)crc, img[size - 3] = (uint8_t)(crc >> 8);
		img[size - 2] = (uint8_t)(crc >> 16);
		img[size - 1] = (uint8_t)(crc >> 24);
	}
	upload(f, img, size, plan_crc32_update(0, img, size));
}

/* The good plan, perhaps with one byte changed or its CRC wrong. */
static void
upload_good(struct fake *f, struct input *in)
{
	uint8_t img[1024];
	uint8_t how = next(in), at = next(in);
	uint32_t crc;

	memcpy(img, good_plan, good_size);
	if (how & 1)
		img[at % good_size] ^= next(in);
	crc = plan_crc32_update(0, img, good_size);
	upload(f, img, good_size, how & 2 ? crc ^ 1 : crc);
}

/* The robot's own state never goes out of its ranges. */
static void
check_state(const struct robot *r)
{
	const struct plan_store *st = &r->store;

	if (r->motion.count > ROBOT_SLOTS || r->motion.head >= ROBOT_SLOTS)
		fail("the setpoint ring is out of range");
	if (st->active < -1 || st->active > 1)
		fail("no such store slot");
	if (st->active >= 0 && (st->size[st->active] == 0 ||
	    st->size[st->active] > st->slot_size))
		fail("the live plan does not fit its slot");
	if (st->staging && st->stage_got > st->stage_size)
		fail("more bytes staged than announced");
	if (r->plan_ready && robot_store_plan_size(st) == 0)
		fail("a plan ready with none stored");
	if (r->events.count > WIRE_EVENTS_MAX)
		fail("too many events batched");
}

static const uint8_t request_types[] = {
	WIRE_HELLO, WIRE_PLAN_INFO, WIRE_PLAN_BEGIN, WIRE_PLAN_CHUNK,
	WIRE_PLAN_COMMIT, WIRE_PLAN_READ, WIRE_START, WIRE_STOP,
	WIRE_MONITOR, WIRE_STREAM, WIRE_SETPOINT, WIRE_STATUS, WIRE_ENCODERS
};

/* One step of the host script. */
static void
step(struct fake *f, struct input *in, const struct robot_hw *hw)
{
	uint8_t op = next(in), buf[WIRE_FRAME_MAX], n, i, type;

	switch (op % 9) {
	case 0:		/* raw bytes on the line */
		n = next(in) % WIRE_FRAME_MAX;
		for (i = 0; i < n; i++)
			buf[i] = next(in);
		robot_rx(f->r, buf, n);
		break;
	case 1:		/* a request of a known type, any payload */
	case 2:
		type = next(in);
		if (!(type & 0x80))
			type = request_types[type % sizeof request_types];
		n = next(in) % (WIRE_PAYLOAD_MAX + 1);
		for (i = 0; i < n; i++)
			buf[i] = next(in);
		if (op & 0x80)
			f->seq = (uint8_t)(f->seq + next(in));	/* lost ones */
		request(f, type, buf, n);
		break;
	case 3:		/* time passes */
		f->now += (uint32_t)next(in) << (op >> 4);
		f->obstacle = (int16_t)(next(in) * 4 - 32);
		f->lag = (int32_t)next(in) * 100;
		robot_tick(f->r);
		break;
	case 4:
		robot_rx_idle(f->r);
		break;
	case 5:
		upload_good(f, in);
		break;
	case 6:
		upload_bytes(f, in);
		break;
	case 7:		/* power cut after a few writes, and back on */
		f->writes_left = next(in) % 8;
		if (op & 0x10)
			upload_good(f, in);
		else
			upload_bytes(f, in);
		f->writes_left = -1;
		robot_init(f->r, hw);
		break;
	default:	/* START at some rate, and a while running */
		buf[0] = next(in) % 128, buf[1] = 0;
		request(f, WIRE_START, buf, 2);
		for (i = next(in) % 16; i > 0; i--) {
			f->now += 1000u / (buf[0] ? buf[0] : 8);
			robot_tick(f->r);
		}
		break;
	}
	check_state(f->r);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in = { data, size, 0 };
	struct robot_hw hw;
	struct robot *r;
	struct fake f;
	uint8_t cfg = next(&in);
	unsigned steps = 0;

	if (good_plan == NULL)
		good_plan = fuzz_plan_image(robot_plan, 0, &good_size);
	memset(&f, 0, sizeof f);
	f.joints = (uint8_t)(1 + (cfg & 7));
	f.store_size = store_sizes[(cfg >> 3) & 3];
	f.writes_left = -1;
	f.obstacle = INT16_MAX;
	/* exact sizes, so that a byte past any of them is caught */
	f.store = malloc(f.store_size + 1);
	f.plan_ram = malloc(ram_sizes[(cfg >> 5) & 3] + 1);
	f.state_ram = malloc(state_sizes[cfg >> 7]);
	f.r = r = malloc(sizeof *r);
	if (!f.store || !f.plan_ram || !f.state_ram || !r)
		fail("out of memory");
	memset(f.store, 0xFF, f.store_size);	/* an erased EEPROM */
	memset(&hw, 0, sizeof hw);
	hw.ctx = &f;
	hw.firmware = "fuzz-robot";
	hw.joints = f.joints;
	hw.link_um = links;
	hw.store_size = f.store_size;
	hw.plan_ram = f.plan_ram;
	hw.plan_ram_size = ram_sizes[(cfg >> 5) & 3];
	hw.state_ram = f.state_ram;
	hw.state_ram_size = state_sizes[cfg >> 7];
	hw.millis = f_millis;
	hw.send = f_send;
	hw.read_encoders = f_read;
	hw.command_joints = f_command;
	hw.store_read = f_sread;
	hw.store_write = f_swrite;
	hw.obstacle_mm = f_obstacle;
	robot_init(r, &hw);
	while (more(&in) && steps++ < 256)
		step(&f, &in, &hw);
	free(f.store);
	free(f.plan_ram);
	free(f.state_ram);
	free(r);
	return 0;
}
