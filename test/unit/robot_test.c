/*
 * robot_test.c - unit tests for core/robot over a fake hardware layer:
 * the session layer (resends, NAKs), the two-slot plan store (commits,
 * cut uploads, power lost mid-descriptor), setpoint timing and lag.
 * Plans go up through lib/client's upload, over a port onto the fake.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "client/upload.h"
#include "link/port.h"
#include "robot/armio.h"
#include "robot/planloop.h"
#include "robot/robot.h"
#include "wire/desc.h"
#include "plan/crc32.h"
#include "plan/plan.h"

struct fake {
	uint8_t store[1072];	/* 32 header + 2 x (512 plan + 8 config) */
	uint8_t plan_ram[600];
	uint16_t state_ram[512];
	int writes_left;	/* -1: never fail */
	uint32_t stuck;		/* 0, or 1 + the address of a cell that keeps
				   its value and says nothing */
	int32_t enc[WIRE_MAX_JOINTS], cmd[WIRE_MAX_JOINTS];
	int32_t lag_mdeg;	/* encoders stop this short of the command */
	int32_t wall_mdeg;	/* 0, or no encoder gets further from 0 */
	int32_t lead_max;	/* the most a command led its encoder by */
	uint32_t now;
	uint8_t out[4096];
	size_t outn;
	size_t outat;		/* the port has read this far */
	int flip;		/* the port corrupts a PLAN_CHUNK's plan byte
				   and passes it as good (a lying line) */
};

static uint32_t
f_millis(void *ctx)
{
	return ((struct fake *)ctx)->now;
}

static void
f_send(void *ctx, const uint8_t *b, uint8_t n)
{
	struct fake *f = ctx;

	if (f->outn + n <= sizeof f->out) {
		memcpy(f->out + f->outn, b, n);
		f->outn += n;
	}
}

static void
f_read(void *ctx, int32_t *mdeg)
{
	memcpy(mdeg, ((struct fake *)ctx)->enc, sizeof(int32_t) * 3);
}

static void
f_command(void *ctx, const int32_t *mdeg)
{
	struct fake *f = ctx;
	int j;

	for (j = 0; j < 3; j++) {
		f->cmd[j] = mdeg[j];
		f->enc[j] = mdeg[j] - f->lag_mdeg;
		if (f->wall_mdeg && f->enc[j] > f->wall_mdeg)
			f->enc[j] = f->wall_mdeg;
		if (f->wall_mdeg && f->enc[j] < -f->wall_mdeg)
			f->enc[j] = -f->wall_mdeg;
		if (abs(f->cmd[j] - f->enc[j]) > f->lead_max)
			f->lead_max = abs(f->cmd[j] - f->enc[j]);
	}
}

static int
f_sread(void *ctx, uint32_t a, uint8_t *buf, uint16_t n)
{
	struct fake *f = ctx;

	if (a + n > sizeof f->store)
		return -1;
	memcpy(buf, f->store + a, n);
	return 0;
}

static int
f_swrite(void *ctx, uint32_t a, const uint8_t *buf, uint16_t n)
{
	struct fake *f = ctx;

	if (a + n > sizeof f->store)
		return -1;
	if (f->writes_left == 0) {
		/* Power cut mid-write: a torn write, half of it landed. */
		memcpy(f->store + a, buf, n / 2);
		return -1;
	}
	if (f->writes_left > 0)
		f->writes_left--;
	if (f->stuck > a && f->stuck <= a + n) {
		uint8_t keep = f->store[f->stuck - 1];

		memcpy(f->store + a, buf, n);
		f->store[f->stuck - 1] = keep;
	} else
		memcpy(f->store + a, buf, n);
	return 0;
}

static int16_t
f_obstacle(void *ctx)
{
	(void)ctx;
	return INT16_MAX;
}

static const uint32_t links[3] = { 100000, 80000, 40000 };

static void
fake_hw(struct robot_hw *hw, struct fake *f)
{
	memset(hw, 0, sizeof *hw);
	hw->ctx = f;
	hw->firmware = "fake";
	hw->joints = 3;
	hw->link_um = links;
	hw->store_size = sizeof f->store;
	hw->plan_ram = f->plan_ram;
	hw->plan_ram_size = sizeof f->plan_ram;
	hw->state_ram = f->state_ram;
	hw->state_ram_size = sizeof f->state_ram;
	hw->millis = f_millis;
	hw->send = f_send;
	hw->read_encoders = f_read;
	hw->command_joints = f_command;
	hw->store_read = f_sread;
	hw->store_write = f_swrite;
	hw->obstacle_mm = f_obstacle;
}

static void
fake_init(struct fake *f)
{
	memset(f, 0, sizeof *f);
	memset(f->store, 0xFF, sizeof f->store);	/* erased EEPROM */
	f->writes_left = -1;
}

/* Send one request; return how many frames came back (first in *reply). */
static int
request(struct robot *r, struct fake *f, uint8_t seq, uint8_t type,
    const uint8_t *payload, uint8_t len, struct wire_frame *reply)
{
	uint8_t frame[WIRE_FRAME_MAX];
	struct wire_decoder d;
	struct wire_frame g;
	size_t i;
	int k = 0;

	f->outn = 0;
	robot_rx(r, frame, wire_frame_encode(frame, seq, type, payload, len));
	wire_decoder_init(&d);
	for (i = 0; i < f->outn; i++) {
		wire_decoder_push(&d, f->out[i]);
		while (wire_decoder_next(&d, &g))
			if (k++ == 0 && reply)
				*reply = g;
	}
	return k;
}

static uint8_t seq;

static int
call(struct robot *r, struct fake *f, uint8_t type, const uint8_t *payload,
    uint8_t len, struct wire_frame *reply)
{
	struct wire_frame tmp;

	if (!reply)
		reply = &tmp;
	if (request(r, f, seq++, type, payload, len, reply) != 1)
		return -1;
	if (reply->type == WIRE_ERROR)
		return reply->payload[1];
	return reply->type == (type | WIRE_REPLY) ? 0 : -1;
}

static int
hello(struct robot *r, struct fake *f, struct wire_hello *h)
{
	struct wire_frame rep;
	uint8_t v = WIRE_VERSION;

	seq = 200;
	if (call(r, f, WIRE_HELLO, &v, 1, &rep) != 0)
		return -1;
	return wire_hello_decode(h, rep.payload, rep.len);
}

/* lib/client's port onto the fake robot: what it writes is received at
 * once; reading takes what the robot sent, or lets time pass. */
struct host {
	struct robot *r;
	struct fake *f;
};

static long
host_read(void *ctx, uint8_t *buf, size_t cap, int timeout_ms)
{
	struct host *h = ctx;
	size_t n = h->f->outn - h->f->outat;

	if (n == 0) {
		h->f->outn = h->f->outat = 0;
		h->f->now += (uint32_t)(timeout_ms > 0 ? timeout_ms : 0);
		robot_tick(h->r);
		return 0;
	}
	if (n > cap)
		n = cap;
	memcpy(buf, h->f->out + h->f->outat, n);
	h->f->outat += n;
	return (long)n;
}

static int
host_write(void *ctx, const uint8_t *buf, size_t n, int timeout_ms)
{
	struct host *h = ctx;
	uint8_t frame[WIRE_FRAME_MAX];
	struct wire_frame f;
	struct wire_decoder d;
	size_t i;

	(void)timeout_ms;
	if (!h->f->flip || n > WIRE_FRAME_MAX || buf[WIRE_AT_TYPE] !=
	    WIRE_PLAN_CHUNK) {
		robot_rx(h->r, buf, n);
		return 0;
	}
	wire_decoder_init(&d);
	for (i = 0; i < n; i++)
		wire_decoder_push(&d, buf[i]);
	if (wire_decoder_next(&d, &f)) {
		f.payload[2] ^= 1;
		h->f->flip = 0;
		robot_rx(h->r, frame, wire_frame_encode(frame, f.seq, f.type,
		    f.payload, f.len));
	}
	return 0;
}

static uint64_t
host_now(void *ctx)
{
	return ((struct host *)ctx)->f->now;
}

static const struct link_port_ops host_ops = {
	host_read, host_write, host_now, NULL
};

static void
hush(void *ctx, const char *line)
{
	(void)ctx;
	(void)line;
}

/* Upload `n` bytes with lib/client (no plan check), then shake hands for
 * the test's own requests; the robot's refusal (enum wire_error), 0 when
 * it committed, -1 for a failure of another kind. */
static int
upload(struct robot *r, struct fake *f, const uint8_t *plan, uint32_t n)
{
	struct host h = { r, f };
	struct wire_hello hh;
	struct client_push p;
	struct client cl;
	enum client_status st = CLIENT_IO;

	client_init(&cl);
	cl.say = hush;
	memset(&p, 0, sizeof p);
	p.bytes = plan;
	p.size = n;
	p.path = "plan";
	f->outn = f->outat = 0;
	client_attach(&cl, link_port_custom(&host_ops, &h, "fake"));
	if (cl.port && client_connect(&cl) == CLIENT_OK)
		st = client_push(&cl, &p);
	link_port_close(cl.port);
	client_free(&cl);
	hello(r, f, &hh);
	return st == CLIENT_OK ? 0 : p.error ? p.error : -1;
}

/* Read the stored plan back into buf; its size, or -1. */
static long
pull(struct robot *r, struct fake *f, uint8_t *buf)
{
	struct wire_frame rep;
	struct wire_in in;
	uint8_t p[3];
	uint32_t size, off;

	if (call(r, f, WIRE_PLAN_INFO, NULL, 0, &rep) != 0)
		return -1;
	wire_in_init(&in, rep.payload, rep.len);
	size = wire_get_u32(&in);
	for (off = 0; off < size; off += WIRE_CHUNK_MAX) {
		uint8_t k = (uint8_t)(size - off < WIRE_CHUNK_MAX ? size - off
		    : WIRE_CHUNK_MAX);

		p[0] = (uint8_t)off;
		p[1] = (uint8_t)(off >> 8);
		p[2] = k;
		if (call(r, f, WIRE_PLAN_READ, p, 3, &rep) != 0 ||
		    rep.len != k + 2)
			return -1;
		memcpy(buf + off, rep.payload + 2, k);
	}
	return (long)size;
}

/* A valid plan: one drive and `nact` actions whose values start at salt
 * (5 bytes an action); its size. */
static uint32_t
build_plan(uint8_t *out, uint32_t cap, uint16_t nact, int16_t salt)
{
	static struct plan_action act[250];
	struct plan_drive d;
	struct plan_spec s;
	uint16_t i;

	memset(&s, 0, sizeof s);
	memset(&d, 0, sizeof d);
	memset(act, 0, sizeof act);
	d.id = 1;
	d.child.type = PLAN_A;
	d.child.index = 0;
	d.priority = 10;
	d.rel.cmp = PLAN_TR;
	for (i = 0; i < nact; i++) {
		act[i].id = (uint16_t)(i + 2);
		act[i].action = 3;
		act[i].value = (int16_t)(salt + i);
	}
	s.id_width = 1;
	s.count[PLAN_D] = 1;
	s.count[PLAN_A] = nact;
	s.drive = &d;
	s.action = act;
	return plan_encode(&s, out, cap);
}

static void
test_hello(void)
{
	struct fake f;
	struct robot_hw hw;
	struct robot r;
	struct wire_hello h;
	struct wire_frame rep;
	uint8_t v = 9;

	fake_init(&f);
	fake_hw(&hw, &f);
	robot_init(&r, &hw);
	CHECK(hello(&r, &f, &h) == 0);
	CHECK(h.joints == 3 && h.link_um[1] == 80000);
	/* (1072 - 32) / 2 - 8: a slot less its configuration */
	CHECK(h.capacity == 512);
	CHECK(h.window == ROBOT_WINDOW && h.slots == ROBOT_SLOTS);
	CHECK_STR(h.firmware, "fake");
	/* no plan, not running; it keeps requests ahead of a loss, and
	 * holds a streamed run itself by the host's lag rule */
	CHECK(h.flags == (WIRE_F_SELECTIVE | WIRE_F_GUARD));
	CHECK(call(&r, &f, WIRE_HELLO, &v, 1, &rep) == WIRE_E_VERSION);
	CHECK(call(&r, &f, 0x2F, NULL, 0, &rep) == WIRE_E_UNKNOWN);
	CHECK(call(&r, &f, WIRE_PLAN_INFO, &v, 1, &rep) == WIRE_E_LENGTH);
}

static void
test_upload_pull(void)
{
	struct fake f;
	struct robot_hw hw;
	struct robot r;
	struct wire_hello h;
	uint8_t plan[600], back[600], other[600], junk[100], pb[8];
	struct wire_out o;
	uint32_t n, m;

	fake_init(&f);
	fake_hw(&hw, &f);
	robot_init(&r, &hw);
	hello(&r, &f, &h);
	/* header 32 + drive 18 + CRC 4 + 5 a action: 91 actions, 509 bytes */
	n = build_plan(plan, sizeof plan, 91, 1);
	CHECK(n == 509);
	CHECK(upload(&r, &f, plan, n) == 0);
	CHECK(pull(&r, &f, back) == (long)n);
	CHECK(memcmp(plan, back, n) == 0);
	CHECK(robot_flags(&r) & WIRE_F_PLAN);
	CHECK(r.plan_ready);

	/* Too big, bytes that do not match the CRC (a line that changed a
	 * byte and its CRC-16 with it), not a plan: all refused, the plan
	 * stays. */
	CHECK(upload(&r, &f, plan, 513) == WIRE_E_TOO_BIG);
	m = build_plan(other, sizeof other, 50, 2);
	f.flip = 1;
	CHECK(upload(&r, &f, other, m) == WIRE_E_CRC);
	memset(junk, 0x5A, sizeof junk);
	CHECK(upload(&r, &f, junk, 100) == WIRE_E_PLAN);
	CHECK(pull(&r, &f, back) == (long)n && memcmp(plan, back, n) == 0);
	CHECK(r.plan_ready);

	/* A commit before the last chunk is refused and changes nothing. */
	wire_out_init(&o, pb, sizeof pb);
	wire_put_u32(&o, m);
	wire_put_u32(&o, plan_crc32_update(0, other, m));
	CHECK(call(&r, &f, WIRE_PLAN_BEGIN, pb, o.n, NULL) == 0);
	CHECK(call(&r, &f, WIRE_PLAN_COMMIT, NULL, 0, NULL) ==
	    WIRE_E_INCOMPLETE);
	CHECK(pull(&r, &f, back) == (long)n && memcmp(plan, back, n) == 0);

	/* Reboot: a new robot over the same EEPROM holds the same plan. */
	robot_init(&r, &hw);
	hello(&r, &f, &h);
	CHECK(pull(&r, &f, back) == (long)n && memcmp(plan, back, n) == 0);
	CHECK(r.plan_ready);

	/* Replace it; the new one survives a reboot too. */
	CHECK(upload(&r, &f, other, m) == 0);
	robot_init(&r, &hw);
	hello(&r, &f, &h);
	CHECK(pull(&r, &f, back) == (long)m && memcmp(other, back, m) == 0);
}

static void
test_capacity_is_the_smaller(void)
{
	struct fake f;
	struct robot_hw hw;
	struct robot r;
	struct wire_hello h;

	fake_init(&f);
	fake_hw(&hw, &f);
	hw.plan_ram_size = 300;
	robot_init(&r, &hw);
	CHECK(hello(&r, &f, &h) == 0);
	CHECK(h.capacity == 300);
}

/* Two plans of the same size (399 bytes: 32 + 18 + 4 + 5 x 69) that
 * differ, for the store's replace-one-with-the-other tests. */
struct two_plans {
	uint8_t a[600], b[600];
	uint32_t na, nb;
};

static void
two_plans(struct two_plans *p)
{
	p->na = build_plan(p->a, sizeof p->a, 69, 3);
	p->nb = build_plan(p->b, sizeof p->b, 69, 4);
	CHECK(p->na == 399 && p->nb == 399);
}

/* A robot (re)started on the fake's EEPROM, with a host that shook hands. */
static void
boot(struct fake *f, struct robot_hw *hw, struct robot *r)
{
	struct wire_hello h;

	robot_init(r, hw);
	hello(r, f, &h);
}

/* A robot on a fresh EEPROM that holds plan a. */
static void
boot_holding_a(struct fake *f, struct robot_hw *hw, struct robot *r,
    const struct two_plans *p)
{
	fake_init(f);
	fake_hw(hw, f);
	boot(f, hw, r);
	CHECK(upload(r, f, p->a, p->na) == 0);
}

static void
test_power_loss(void)
{
	struct fake f;
	struct robot_hw hw;
	struct robot r;
	struct two_plans p;
	uint8_t back[600];
	int cut;

	/* Cut the power after every possible number of EEPROM writes during
	 * an upload (the last one torn): afterwards the robot holds a or b,
	 * whole.  b's upload is 11 writes: blank descriptor, 8 chunks of at
	 * most 55 bytes, the configuration carried over, the new
	 * descriptor. */
	two_plans(&p);
	for (cut = 0; cut < 13; cut++) {
		boot_holding_a(&f, &hw, &r, &p);
		f.writes_left = cut;
		upload(&r, &f, p.b, p.nb);
		f.writes_left = -1;
		boot(&f, &hw, &r);
		CHECK(pull(&r, &f, back) == 399);
		CHECK(memcmp(back, cut >= 11 ? p.b : p.a, 399) == 0);
	}
}

/* A cell that does not take its byte, with the write reporting success:
 * the commit is refused by the CRC of what was read back, and the old plan
 * stays, also after a reboot. */
static void
test_bad_cell(void)
{
	struct fake f;
	struct robot_hw hw;
	struct robot r;
	struct two_plans p;
	uint8_t back[600];

	two_plans(&p);
	boot_holding_a(&f, &hw, &r, &p);
	/* slot 0 is active, so b is staged in slot 1: 32 + 520 on; byte 100
	 * of b differs from the erased 0xFF it would keep. */
	CHECK(p.b[100] != 0xFF);
	f.stuck = 1 + 32 + 520 + 100;
	CHECK(upload(&r, &f, p.b, p.nb) == WIRE_E_CRC);
	CHECK(pull(&r, &f, back) == (long)p.na &&
	    memcmp(p.a, back, p.na) == 0);
	CHECK(r.plan_ready);
	boot(&f, &hw, &r);
	CHECK(pull(&r, &f, back) == (long)p.na &&
	    memcmp(p.a, back, p.na) == 0);
}

static void
test_resend_and_nak(void)
{
	struct fake f;
	struct robot_hw hw;
	struct robot r;
	struct wire_hello h;
	struct wire_frame rep, rep2;
	uint8_t p[8] = { 0 }, plan[60];
	uint32_t before;

	fake_init(&f);
	fake_hw(&hw, &f);
	robot_init(&r, &hw);
	hello(&r, &f, &h);
	memset(plan, 0x33, sizeof plan);
	/* BEGIN as seq 201 */
	p[0] = 60;
	memcpy(p + 4, (uint8_t[4]){ 0 }, 4);
	CHECK(request(&r, &f, 201, WIRE_PLAN_BEGIN, p, 8, &rep) == 1);
	CHECK(rep.type == (WIRE_PLAN_BEGIN | WIRE_REPLY));
	/* chunk as 202, then the same frame again: one execution, the same
	 * reply twice */
	memcpy(p, (uint8_t[2]){ 0, 0 }, 2);
	before = r.requests;
	{
		uint8_t c[2 + 30];

		c[0] = 0;
		c[1] = 0;
		memcpy(c + 2, plan, 30);
		CHECK(request(&r, &f, 202, WIRE_PLAN_CHUNK, c, 32, &rep) == 1);
		CHECK(request(&r, &f, 202, WIRE_PLAN_CHUNK, c, 32, &rep2) == 1);
	}
	CHECK(r.requests == before + 1);
	CHECK(rep.type == rep2.type && rep.seq == 202 && rep2.seq == 202);
	CHECK(rep.len == 2 && rep.payload[0] == 30 && rep2.payload[0] == 30);
	/* 204 skips 203: the robot keeps 204 and asks for 203; 205 is kept
	 * too, without asking again while the line is busy (the resend may
	 * be on its way behind it) */
	before = r.requests;
	CHECK(request(&r, &f, 204, WIRE_PLAN_INFO, NULL, 0, &rep) == 1);
	CHECK(rep.type == WIRE_NAK && rep.seq == 203);
	/* ... naming the request that drew it */
	CHECK(rep.len == 1 && rep.payload[0] == 204);
	CHECK(request(&r, &f, 205, WIRE_PLAN_INFO, NULL, 0, &rep) == 0);
	CHECK(r.requests == before);
	/* 203 comes: it runs, then the kept 204 and 205, three replies */
	CHECK(request(&r, &f, 203, WIRE_PLAN_INFO, NULL, 0, &rep) == 3);
	CHECK(rep.type == (WIRE_PLAN_INFO | WIRE_REPLY) && rep.seq == 203);
	CHECK(r.requests == before + 3);
	/* 206 skipped, 207 kept for good: NAKed again once quiet a while */
	CHECK(request(&r, &f, 207, WIRE_PLAN_INFO, NULL, 0, &rep) == 1);
	CHECK(rep.type == WIRE_NAK && rep.seq == 206);
	f.outn = 0;
	robot_tick(&r);
	CHECK(f.outn == 0);
	f.now += ROBOT_NAK_REPEAT_MS;
	robot_tick(&r);
	CHECK(f.outn > 0);
	CHECK(request(&r, &f, 206, WIRE_PLAN_INFO, NULL, 0, &rep) == 2);
	CHECK(rep.seq == 206);
	/* Our own reply echoed back is ignored. */
	CHECK(request(&r, &f, 204, WIRE_PLAN_INFO | WIRE_REPLY, NULL, 0,
	    &rep) == 0);
}

/* Frames the robot sent since f->outn was cleared: how many, and how
 * many of them were NAKs for `seq`. */
static int
sent(const struct fake *f, uint8_t seq, int *naks)
{
	struct wire_decoder d;
	struct wire_frame g;
	size_t i;
	int k = 0;

	*naks = 0;
	wire_decoder_init(&d);
	for (i = 0; i < f->outn; i++) {
		wire_decoder_push(&d, f->out[i]);
		while (wire_decoder_next(&d, &g)) {
			k++;
			*naks += g.type == WIRE_NAK && g.seq == seq;
		}
	}
	return k;
}

/*
 * The NAK timing of selective repeat: a damaged frame is asked for at
 * once, repeats wait for a quiet line, and a kept request that came twice
 * (a burst's doubled tail) is answered twice.
 */
static void
test_nak_timing(void)
{
	struct fake f;
	struct robot_hw hw;
	struct robot r;
	struct wire_hello h;
	uint8_t frame[WIRE_FRAME_MAX], n, e;
	int naks;

	fake_init(&f);
	fake_hw(&hw, &f);
	robot_init(&r, &hw);
	hello(&r, &f, &h);
	e = seq;	/* the robot expects this one next */
	/* request e with one bit flipped in its payload: the CRC fails,
	 * and the robot asks for the request it expects (e) at once */
	n = wire_frame_encode(frame, e, WIRE_STATUS, (const uint8_t *)"ab", 2);
	frame[WIRE_AT_PAYLOAD] ^= 0x04;
	f.outn = 0;
	robot_rx(&r, frame, n);
	CHECK(sent(&f, e, &naks) == 1 && naks == 1);
	/* a second damaged frame right after: no second NAK yet (a noisy
	 * line is not answered with a stream of them) ... */
	f.outn = 0;
	robot_rx(&r, frame, n);
	CHECK(f.outn == 0);
	/* ... but once ROBOT_QUIET_MS have passed, another one is */
	f.now += ROBOT_QUIET_MS;
	robot_rx(&r, frame, n);
	CHECK(sent(&f, e, &naks) == 1 && naks == 1);
	/* a truncated frame the line then went quiet on is damage too */
	f.now += ROBOT_QUIET_MS;
	f.outn = 0;
	n = wire_frame_encode(frame, e, WIRE_PLAN_INFO, NULL, 0);
	robot_rx(&r, frame, (size_t)n - 2);
	CHECK(f.outn == 0);
	robot_rx_idle(&r);
	CHECK(sent(&f, e, &naks) == 1 && naks == 1);
	/* e lost, e+1 and e+2 kept: e+1 raises a NAK for e again (in case
	 * the last was lost: it went out ROBOT_QUIET_MS or more ago), e+2
	 * right behind it none */
	f.now += ROBOT_NAK_REPEAT_MS;
	f.outn = 0;
	CHECK(request(&r, &f, (uint8_t)(e + 1), WIRE_PLAN_INFO, NULL, 0,
	    NULL) == 1);
	CHECK(sent(&f, e, &naks) == 1 && naks == 1);
	f.outn = 0;
	CHECK(request(&r, &f, (uint8_t)(e + 2), WIRE_PLAN_INFO, NULL, 0,
	    NULL) == 0);
	/* the line quiet for less than ROBOT_QUIET_MS: no repeat yet */
	f.now += ROBOT_QUIET_MS - 1;
	f.outn = 0;
	robot_tick(&r);
	CHECK(f.outn == 0);
	/* quiet long enough, and ROBOT_NAK_REPEAT_MS since the last NAK */
	f.now += ROBOT_NAK_REPEAT_MS;
	robot_tick(&r);
	CHECK(sent(&f, e, &naks) == 1 && naks == 1);
	/* e+2 comes again while kept (a doubled tail): when e arrives, e,
	 * e+1 and e+2 are answered, e+2 twice */
	CHECK(request(&r, &f, (uint8_t)(e + 2), WIRE_PLAN_INFO, NULL, 0,
	    NULL) == 0);
	CHECK(request(&r, &f, e, WIRE_PLAN_INFO, NULL, 0, NULL) == 4);
	CHECK(sent(&f, e, &naks) == 4 && naks == 0);
	/* nothing kept any more: a quiet line raises no NAK */
	f.now += 10 * ROBOT_NAK_REPEAT_MS;
	f.outn = 0;
	robot_tick(&r);
	CHECK(f.outn == 0);
}

static void
setpoint(struct robot *r, struct fake *f, uint32_t step, int32_t q,
    uint16_t period, int expect)
{
	struct wire_setpoint sp;
	uint8_t p[WIRE_PAYLOAD_MAX];

	memset(&sp, 0, sizeof sp);
	sp.step = step;
	sp.period_ms = period;
	sp.joints = 3;
	sp.mdeg[0] = q;
	sp.mdeg[1] = -q;
	CHECK(call(r, f, WIRE_SETPOINT, p, wire_setpoint_encode(&sp, p),
	    NULL) == expect);
}

static void
status(struct robot *r, struct fake *f, uint32_t from, struct wire_status *s)
{
	struct wire_frame rep;
	uint8_t p[4] = { (uint8_t)from, (uint8_t)(from >> 8), 0, 0 };

	CHECK(call(r, f, WIRE_STATUS, p, 4, &rep) == 0);
	CHECK(wire_status_decode(s, rep.payload, rep.len) == 0);
}

static void
stream(struct robot *r, struct fake *f, uint32_t run, uint32_t from,
    int expect)
{
	uint8_t p[8];
	struct wire_out o;

	wire_out_init(&o, p, 8);
	wire_put_u32(&o, run);
	wire_put_u32(&o, from);
	CHECK(call(r, f, WIRE_STREAM, p, 8, NULL) == expect);
}

static void
test_setpoints(void)
{
	struct fake f;
	struct robot_hw hw;
	struct robot r;
	struct wire_hello h;
	struct wire_status s;
	uint32_t i;

	fake_init(&f);
	f.lag_mdeg = 1500;
	fake_hw(&hw, &f);
	robot_init(&r, &hw);
	hello(&r, &f, &h);
	stream(&r, &f, 77, 0, 0);
	setpoint(&r, &f, 2, 1000, 35, WIRE_E_STEP);
	for (i = 1; i <= ROBOT_SLOTS; i++)
		setpoint(&r, &f, i, (int32_t)i * 1000, 35, 0);
	/* full: refused, never overflowed */
	setpoint(&r, &f, ROBOT_SLOTS + 1, 0, 35, WIRE_E_FULL);
	status(&r, &f, 1, &s);
	CHECK(s.free == 0 && s.received == ROBOT_SLOTS && s.executed == 0);
	CHECK(s.run_id == 77 && s.count == 0);

	/* t=0: step 1 starts; t=34: still held; t=35: step 1 done, 2 starts */
	robot_tick(&r);
	CHECK(f.cmd[0] == 1000 && f.cmd[1] == -1000);
	f.now = 34;
	robot_tick(&r);
	status(&r, &f, 1, &s);
	CHECK(s.executed == 0 && s.free == 1);
	CHECK(s.flags & WIRE_F_STREAM);
	f.now = 35;
	robot_tick(&r);
	CHECK(f.cmd[0] == 2000);
	f.now = 70;
	robot_tick(&r);
	status(&r, &f, 1, &s);
	/* the arm lags 1.5 degrees on every step */
	CHECK(s.executed == 2 && s.first == 1 && s.count == 2);
	CHECK(s.dev[0] == 1500 && s.dev[1] == 1500);

	/* STOP drops the queue; resuming must start after the executed step */
	CHECK(call(&r, &f, WIRE_STOP, NULL, 0, NULL) == 0);
	status(&r, &f, 3, &s);
	CHECK(s.executed == 2 && s.received == 2 && s.free == ROBOT_SLOTS);
	CHECK(!(s.flags & WIRE_F_STREAM));
	stream(&r, &f, 78, 3, WIRE_E_RUN);
	stream(&r, &f, 77, 5, WIRE_E_RUN);
	stream(&r, &f, 77, 3, 0);
	setpoint(&r, &f, 3, 3000, 0, 0);
	robot_tick(&r);
	f.now = 71;
	robot_tick(&r);
	status(&r, &f, 3, &s);
	CHECK(s.executed == 3 && s.count == 1 && s.first == 3);
}

/* STREAM with the lag rule: 5 degrees, 2 steps (or n bytes of it). */
static void
stream_guarded(struct robot *r, struct fake *f, uint32_t run, uint8_t n,
    int expect)
{
	uint8_t p[11];
	struct wire_out o;

	wire_out_init(&o, p, sizeof p);
	wire_put_u32(&o, run);
	wire_put_u32(&o, 0);
	wire_put_u16(&o, 5000);
	wire_put_u8(&o, 2);
	CHECK(call(r, f, WIRE_STREAM, p, n, NULL) == expect);
}

/* Steps 1..5 of 35 ms each, 1 degree apart, run to time `until`. */
static void
five_steps(struct robot *r, struct fake *f, uint32_t until)
{
	uint32_t i;

	for (i = 1; i <= 5; i++)
		setpoint(r, f, i, (int32_t)i * 1000, 35, 0);
	for (f->now = 0; f->now <= until; f->now++)
		robot_tick(r);
}

/*
 * The host's rule in STREAM: steps 10 degrees apart into a wall 3 degrees
 * out.  The command leads the encoders by the rule's 5 degrees at most,
 * and the arm is held where it is the moment the second step ends more
 * than 5 behind, its queue dropped and the run's late setpoints taken and
 * dropped, STATUS saying HELD; with no rule (an old host's 8 bytes) the
 * robot plays its queue on.
 */
static void
test_stream_guard(void)
{
	struct fake f;
	struct robot_hw hw;
	struct robot r;
	struct wire_hello h;
	struct wire_status s;
	uint32_t i;

	fake_init(&f);
	f.wall_mdeg = 3000;
	fake_hw(&hw, &f);
	robot_init(&r, &hw);
	hello(&r, &f, &h);
	stream_guarded(&r, &f, 9, 9, WIRE_E_LENGTH);
	stream_guarded(&r, &f, 9, 10, WIRE_E_LENGTH);
	stream_guarded(&r, &f, 9, 11, 0);
	for (i = 1; i <= 5; i++)
		setpoint(&r, &f, i, (int32_t)i * 10000, 35, 0);
	for (f.now = 0; f.now <= 200; f.now++)
		robot_tick(&r);
	CHECK(f.lead_max == 5000);
	status(&r, &f, 1, &s);
	/* step 1 ended 10 - 3 behind, step 2 20 - 3 */
	CHECK(s.executed == 2 && s.count == 2 && s.dev[0] == 7000 &&
	    s.dev[1] == 17000);
	CHECK(s.flags & WIRE_F_HELD);
	CHECK(!(s.flags & WIRE_F_STREAM));
	CHECK(s.free == ROBOT_SLOTS);
	/* held at the encoders, at the wall */
	CHECK(f.cmd[0] == 3000 && f.cmd[1] == -3000);
	setpoint(&r, &f, 6, 60000, 35, 0);
	robot_tick(&r);
	CHECK(f.cmd[0] == 3000);
	status(&r, &f, 1, &s);
	CHECK(s.executed == 2 && (s.flags & WIRE_F_HELD));
	/* STOP keeps the verdict; the next STREAM clears it */
	CHECK(call(&r, &f, WIRE_STOP, NULL, 0, NULL) == 0);
	status(&r, &f, 1, &s);
	CHECK(s.flags & WIRE_F_HELD);

	f.wall_mdeg = 0;
	f.lag_mdeg = 6000;
	stream(&r, &f, 10, 0, 0);
	status(&r, &f, 1, &s);
	CHECK(!(s.flags & WIRE_F_HELD));
	five_steps(&r, &f, 200);
	status(&r, &f, 1, &s);
	CHECK(s.executed == 5 && !(s.flags & WIRE_F_HELD));
	CHECK(f.cmd[0] == 5000);
}

/* One always-released drive whose child is action `act` with `value`. */
static uint32_t
one_action_plan(uint8_t *out, uint32_t cap, uint16_t act, int16_t value)
{
	struct plan_action a;
	struct plan_drive d;
	struct plan_spec s;

	memset(&s, 0, sizeof s);
	memset(&d, 0, sizeof d);
	memset(&a, 0, sizeof a);
	d.id = 7;
	d.child.type = PLAN_A;
	d.child.index = 0;
	d.priority = 10;
	d.rel.cmp = PLAN_TR;
	a.id = 9;
	a.action = act;
	a.value = value;
	s.id_width = 1;
	s.count[PLAN_D] = 1;
	s.count[PLAN_A] = 1;
	s.drive = &d;
	s.action = &a;
	return plan_encode(&s, out, cap);
}

/* Frames the robot sent since the last request, decoded. */
static int
sent_frames(struct fake *f, struct wire_frame *out, int max)
{
	struct wire_decoder d;
	size_t i;
	int k = 0;

	wire_decoder_init(&d);
	for (i = 0; i < f->outn; i++) {
		wire_decoder_push(&d, f->out[i]);
		while (k < max && wire_decoder_next(&d, &out[k]))
			k++;
	}
	return k;
}

static void
test_plan_loop(void)
{
	struct fake f;
	struct robot_hw hw;
	struct robot r;
	struct wire_hello h;
	struct wire_frame got[8];
	struct wire_events ev;
	uint8_t plan[200], rate[2] = { 8, 0 }, mask = 0x3F;
	uint32_t n;

	fake_init(&f);
	fake_hw(&hw, &f);
	robot_init(&r, &hw);
	hello(&r, &f, &h);
	CHECK(call(&r, &f, WIRE_START, rate, 2, NULL) == WIRE_E_NO_PLAN);
	/* the drive's action 11: joint 1 to 45 degrees */
	n = one_action_plan(plan, sizeof plan, 11, 45);
	CHECK(upload(&r, &f, plan, n) == 0);
	CHECK(call(&r, &f, WIRE_MONITOR, &mask, 1, NULL) == 0);
	CHECK(call(&r, &f, WIRE_START, rate, 2, NULL) == 0);
	CHECK(robot_flags(&r) & WIRE_F_RUNNING);
	/* streaming while the plan runs is refused */
	setpoint(&r, &f, 1, 0, 35, WIRE_E_BUSY);

	/* cycle 1 at once: the arm is told joint 1 to 45000 millidegrees */
	f.outn = 0;
	robot_tick(&r);
	CHECK(f.cmd[0] == 45000 && f.cmd[1] == 0 && f.cmd[2] == 0);
	/* The fake arm gets there at once: R(D7) E(D7) E(A9) S(A9) S(D7),
	 * in that order (spec section 7), ids as the plan gave them. */
	CHECK(sent_frames(&f, got, 8) == 1);
	CHECK(got[0].type == WIRE_EVENTS);
	CHECK(wire_events_decode(&ev, got[0].payload, got[0].len) == 0);
	CHECK(ev.cycle == 1 && ev.number == 0 && ev.count == 5);
	CHECK(ev.ev[0].kind == (WIRE_EV_SENSE | WIRE_EV_LATCH) &&
	    ev.ev[0].type == PLAN_D && ev.ev[0].id == 7);
	CHECK(ev.ev[1].kind == WIRE_EV_EXECUTED && ev.ev[1].type == PLAN_D &&
	    ev.ev[1].id == 7);
	CHECK(ev.ev[2].kind == WIRE_EV_EXECUTED && ev.ev[2].type == PLAN_A &&
	    ev.ev[2].id == 9);
	CHECK(ev.ev[3].kind == WIRE_EV_SUCCESS && ev.ev[3].id == 9);
	CHECK(ev.ev[4].kind == WIRE_EV_SUCCESS && ev.ev[4].id == 7);

	/* 124 ms later nothing is due; at 125 ms (8 Hz) cycle 2 runs */
	f.outn = 0;
	f.now = 124;
	robot_tick(&r);
	CHECK(f.outn == 0);
	f.now = 125;
	robot_tick(&r);
	CHECK(sent_frames(&f, got, 8) == 1);
	CHECK(wire_events_decode(&ev, got[0].payload, got[0].len) == 0);
	CHECK(ev.cycle == 2 && ev.number == 5);

	/* only the kinds asked for: R alone */
	mask = 1u << WIRE_EV_SENSE;
	CHECK(call(&r, &f, WIRE_MONITOR, &mask, 1, NULL) == 0);
	f.outn = 0;
	f.now = 250;
	robot_tick(&r);
	CHECK(sent_frames(&f, got, 8) == 1);
	CHECK(wire_events_decode(&ev, got[0].payload, got[0].len) == 0);
	CHECK(ev.count == 1 && (ev.ev[0].kind & WIRE_EV_KIND) ==
	    WIRE_EV_SENSE);

	CHECK(call(&r, &f, WIRE_STOP, NULL, 0, NULL) == 0);
	CHECK(!(robot_flags(&r) & WIRE_F_RUNNING));
	f.outn = 0;
	f.now = 1000;
	robot_tick(&r);
	CHECK(f.outn == 0);
}

/* PAUSE with op and steps; the reply decoded into *a; 0 or the error. */
static int
pause_op(struct robot *r, struct fake *f, uint8_t op, uint16_t steps,
    struct wire_paused *a)
{
	struct wire_pause m = { op, steps };
	struct wire_frame rep;
	uint8_t p[WIRE_PAYLOAD_MAX];
	int e;

	if ((e = call(r, f, WIRE_PAUSE, p, wire_pause_encode(&m, p), &rep)))
		return e;
	return wire_paused_decode(a, rep.payload, rep.len);
}

/* Tick at `ms`; the plan cycles it ran (counted by EVENTS frames). */
static int
cycles_at(struct robot *r, struct fake *f, uint32_t ms)
{
	uint32_t before = r->cycle;

	f->now = ms;
	f->outn = 0;
	robot_tick(r);
	return (int)(r->cycle - before);
}

/* Runtime control on a fake clock: priorities and their Q event, pause,
 * step, rate, counters (one drive 7 whose action 9 succeeds at once). */
static void
test_control(void)
{
	struct fake f;
	struct robot_hw hw;
	struct robot r;
	struct wire_hello h;
	struct wire_frame got[4];
	struct wire_events ev;
	struct wire_prio pr = { 7, 300, 1 };
	struct wire_paused a;
	struct wire_counters cn;
	struct wire_page pg = { PLAN_D, 0 };
	uint8_t plan[200], p[WIRE_PAYLOAD_MAX], rate[2] = { 8, 0 },
	    mask = 0x3F;
	uint32_t n;

	fake_init(&f);
	fake_hw(&hw, &f);
	robot_init(&r, &hw);
	hello(&r, &f, &h);
	CHECK(call(&r, &f, WIRE_PRIO, p, wire_prio_encode(&pr, p), NULL) ==
	    WIRE_E_NO_PLAN);
	n = one_action_plan(plan, sizeof plan, 11, 45);
	CHECK(upload(&r, &f, plan, n) == 0);
	CHECK(pause_op(&r, &f, WIRE_PAUSE_HOLD, 0, &a) == WIRE_E_RUN);
	CHECK(call(&r, &f, WIRE_START, rate, 2, NULL) == 0);
	CHECK(cycles_at(&r, &f, 0) == 1);
	CHECK(call(&r, &f, WIRE_MONITOR, &mask, 1, NULL) == 0);
	/* 300 saturates at 255 (8-bit ids); the Q event comes first, for
	 * cycle 2, the first the new priority applies to */
	CHECK(request(&r, &f, seq++, WIRE_PRIO, p, wire_prio_encode(&pr, p),
	    NULL) == 2);
	CHECK(sent_frames(&f, got, 4) == 2 && got[0].type == WIRE_EVENTS);
	CHECK(wire_events_decode(&ev, got[0].payload, got[0].len) == 0);
	CHECK(ev.count == 1 && ev.cycle == 2 && ev.ev[0].kind ==
	    WIRE_EV_PRIORITY && ev.ev[0].id == 7 && ev.ev[0].value == 255);
	CHECK(wire_prio_decode(&pr, got[1].payload, got[1].len) == 0 &&
	    pr.drive == 7 && pr.priority == 255);
	pr.drive = 9;	/* an action, not a drive */
	CHECK(call(&r, &f, WIRE_PRIO, p, wire_prio_encode(&pr, p), NULL) ==
	    WIRE_E_ELEMENT);
	mask = 0;
	CHECK(call(&r, &f, WIRE_MONITOR, &mask, 1, NULL) == 0);

	/* step needs a pause; paused, time passes and nothing runs */
	CHECK(pause_op(&r, &f, WIRE_PAUSE_STEP, 2, &a) == WIRE_E_NOT_PAUSED);
	CHECK(pause_op(&r, &f, WIRE_PAUSE_HOLD, 0, &a) == 0);
	CHECK(a.cycle == 1 && (a.flags & WIRE_F_PAUSED) && a.left == 0);
	CHECK(cycles_at(&r, &f, 5000) == 0);
	/* step 2 at 8 Hz: one now, one 125 ms later, then paused again */
	CHECK(pause_op(&r, &f, WIRE_PAUSE_STEP, 2, &a) == 0 && a.left == 2);
	CHECK(cycles_at(&r, &f, 5000) == 1);
	CHECK(cycles_at(&r, &f, 5124) == 0);
	CHECK(cycles_at(&r, &f, 5125) == 1);
	CHECK(cycles_at(&r, &f, 9000) == 0);
	CHECK(pause_op(&r, &f, WIRE_PAUSE_QUERY, 0, &a) == 0);
	CHECK(a.cycle == 3 && a.left == 0 && (a.flags & WIRE_F_PAUSED));
	/* rate 4 from now on: resumed at 10 s, cycles at 10.0 and 10.25 s */
	rate[0] = 4;
	CHECK(call(&r, &f, WIRE_RATE, rate, 2, NULL) == 0);
	CHECK(pause_op(&r, &f, WIRE_PAUSE_RESUME, 0, &a) == 0);
	CHECK(!(a.flags & WIRE_F_PAUSED));
	CHECK(cycles_at(&r, &f, 10000) == 1);
	CHECK(cycles_at(&r, &f, 10249) == 0);
	CHECK(cycles_at(&r, &f, 10250) == 1);
	rate[0] = 101;
	CHECK(call(&r, &f, WIRE_RATE, rate, 2, NULL) == WIRE_E_ARG);
	/* five cycles, each executing and finishing drive 7 */
	CHECK(call(&r, &f, WIRE_COUNTERS, p, wire_page_encode(&pg, p),
	    got) == 0);
	CHECK(wire_counters_decode(&cn, got[0].payload, got[0].len) == 0);
	CHECK(cn.total == 1 && cn.count == 1 && cn.row[0].id == 7 &&
	    cn.row[0].executed == 5 && cn.row[0].succeeded == 5);
	pg.type = PLAN_CE;	/* STATE takes D, C, AP only */
	CHECK(call(&r, &f, WIRE_STATE, p, wire_page_encode(&pg, p), NULL) ==
	    WIRE_E_ARG);
}

/* Control requests of random sizes and bytes against a running plan:
 * answered (or refused) every time, the plan still in one piece. */
static void
test_control_random(void)
{
	struct fake f;
	struct robot_hw hw;
	struct robot r;
	struct wire_hello h;
	struct wire_frame rep;
	uint8_t plan[200], p[WIRE_PAYLOAD_MAX], rate[2] = { 100, 0 }, mask;
	unsigned long i, answered = 0;
	uint32_t n;
	unsigned k;

	fake_init(&f);
	fake_hw(&hw, &f);
	robot_init(&r, &hw);
	hello(&r, &f, &h);
	n = one_action_plan(plan, sizeof plan, 11, 45);
	CHECK(upload(&r, &f, plan, n) == 0);
	CHECK(call(&r, &f, WIRE_START, rate, 2, NULL) == 0);
	mask = 0x3F;
	CHECK(call(&r, &f, WIRE_MONITOR, &mask, 1, NULL) == 0);
	srand(23);
	for (i = 0; i < 100000; i++) {
		uint8_t len = (uint8_t)(rand() % 8);

		for (k = 0; k < len; k++)
			p[k] = (uint8_t)(rand() % 3 == 0 ? rand() % 10 :
			    rand() >> 4);
		if (request(&r, &f, seq++, (uint8_t)(WIRE_PRIO + rand() % 6),
		    p, len, &rep) >= 1)
			answered++;
		f.now += (uint32_t)(rand() % 20);
		robot_tick(&r);
		CHECK(r.step_left == 0 || r.paused);
		CHECK(r.rate >= 1 && r.rate <= PLANLOOP_RATE_MAX);
	}
	CHECK(answered == 100000);
	CHECK(hello(&r, &f, &h) == 0);
	CHECK(call(&r, &f, WIRE_STOP, NULL, 0, NULL) == 0);
}

static void
test_arm_senses_and_actions(void)
{
	struct fake f;
	struct robot_hw hw;
	struct robot r;

	fake_init(&f);
	fake_hw(&hw, &f);
	robot_init(&r, &hw);
	f.lag_mdeg = 2600;
	/* joint 2 by -20 degrees: commanded -20000, the arm 2.6 short */
	CHECK(robot_action(&r, 2, -20, 0) == PLANNER_IN_PROGRESS);
	CHECK(f.cmd[1] == -20000);
	CHECK(robot_sense(&r, ROBOT_SENSE_JOINT + 1) == -23);	/* -22.6 */
	CHECK(robot_sense(&r, ROBOT_SENSE_LAG) == 3);		/* 2.6 */
	CHECK(robot_sense(&r, ROBOT_SENSE_MOVING) == 1);
	CHECK(robot_sense(&r, ROBOT_SENSE_OBSTACLE) == INT16_MAX);
	/* no progress since the start: blocked, and held where it is */
	CHECK(robot_action(&r, 2, -20, 1) == PLANNER_FAIL);
	CHECK(f.cmd[1] == -22600);
	/* home from there; an arm that follows exactly gets there at once */
	f.lag_mdeg = 0;
	CHECK(robot_action(&r, ROBOT_ACT_HOME, 0, 0) == PLANNER_SUCCESS);
	CHECK(f.cmd[0] == 0 && f.cmd[1] == 0 && f.cmd[2] == 0);
	CHECK(robot_action(&r, ROBOT_ACT_STOP, 0, 0) == PLANNER_SUCCESS);
	/* joint 1 to 40 is under way, home takes the arm away; checking the
	 * first move again restarts it rather than report home's arrival */
	f.lag_mdeg = 1000;
	CHECK(robot_action(&r, 11, 40, 0) == PLANNER_IN_PROGRESS);
	CHECK(robot_action(&r, ROBOT_ACT_HOME, 0, 0) == PLANNER_IN_PROGRESS);
	CHECK(f.cmd[0] == 0);
	f.lag_mdeg = 0;
	f_command(&f, f.cmd);			/* the arm gets home */
	f.lag_mdeg = 1000;
	CHECK(robot_action(&r, 11, 40, 1) == PLANNER_IN_PROGRESS);
	CHECK(f.cmd[0] == 40000);
	/* joint 4 does not exist on a 3-joint arm */
	CHECK(robot_action(&r, 14, 5, 0) == PLANNER_ERROR);
	CHECK(robot_sense(&r, 14) == 0);
}

static void
test_random_bytes(void)
{
	struct fake f;
	struct robot_hw hw;
	struct robot r;
	struct wire_hello h;
	uint8_t buf[256], frame[WIRE_FRAME_MAX], p[WIRE_PAYLOAD_MAX];
	unsigned long i;
	unsigned k;

	fake_init(&f);
	fake_hw(&hw, &f);
	robot_init(&r, &hw);
	srand(11);
	for (i = 0; i < 4000; i++) {
		for (k = 0; k < sizeof buf; k++)
			buf[k] = (uint8_t)(rand() >> 3);
		f.outn = 0;
		robot_rx(&r, buf, sizeof buf);
		robot_tick(&r);
	}
	/* Valid frames with random types and payloads: error replies. */
	for (i = 0; i < 200000; i++) {
		uint8_t n = (uint8_t)(rand() % (WIRE_PAYLOAD_MAX + 1));

		for (k = 0; k < n; k++)
			p[k] = (uint8_t)(rand() >> 4);
		f.outn = 0;
		robot_rx(&r, frame, wire_frame_encode(frame, r.expect,
		    (uint8_t)(rand() % 0x40), p, n));
		f.now += 7;
		robot_tick(&r);
	}
	CHECK(hello(&r, &f, &h) == 0);
}

/* DESCRIBE entry k into *d; the error code, or 0. */
static int
describe(struct robot *r, struct fake *f, uint8_t k, struct wire_desc *d)
{
	struct wire_frame rep;
	int e;

	if ((e = call(r, f, WIRE_DESCRIBE, &k, 1, &rep)) != 0)
		return e;
	return wire_desc_decode(d, rep.payload, rep.len) == 0 ? 0 : -1;
}

static void
test_describe(void)
{
	static const int16_t limits[6] = { -90, 90, -45, 135, 0, 10 };
	struct fake f;
	struct robot_hw hw;
	struct robot r;
	struct wire_hello h;
	struct wire_desc d;

	fake_init(&f);
	fake_hw(&hw, &f);
	robot_init(&r, &hw);
	hello(&r, &f, &h);
	/* armio.h's ids: 8 rows of senses and actions, then 3 joints */
	CHECK(describe(&r, &f, 0, &d) == 0);
	CHECK(d.total == 11 && d.index == 0 && d.kind == WIRE_DESC_SENSE);
	CHECK(d.first == 1 && d.count == 1 && d.min == 0 && d.max == 32767);
	CHECK_STR(d.unit, "mm");
	CHECK_STR(d.name, "ObstacleDistance");
	CHECK(describe(&r, &f, 3, &d) == 0);
	CHECK(d.first == 11 && d.count == 3 && d.min == -180);
	CHECK_STR(d.name, "Joint#");
	CHECK(describe(&r, &f, 4, &d) == 0);
	CHECK(d.kind == WIRE_DESC_ACTION && d.first == 1 && d.count == 3 &&
	    d.min == -360 && d.max == 360);
	CHECK_STR(d.name, "TurnJoint#By");
	CHECK(describe(&r, &f, 7, &d) == 0);
	CHECK(d.kind == WIRE_DESC_ACTION && d.first == 21 && d.count == 1);
	CHECK_STR(d.name, "Stop");
	CHECK_STR(d.unit, "");
	CHECK(describe(&r, &f, 10, &d) == 0);
	CHECK(d.kind == WIRE_DESC_JOINT && d.first == 3 && d.min == -180 &&
	    d.max == 180);
	CHECK_STR(d.name, "Joint3");
	CHECK(describe(&r, &f, 11, &d) == WIRE_E_ARG);
	CHECK(call(&r, &f, WIRE_DESCRIBE, NULL, 0, NULL) == WIRE_E_LENGTH);
	/* a robot with limits reports them */
	hw.joint_limits = limits;
	CHECK(describe(&r, &f, 9, &d) == 0);
	CHECK(d.first == 2 && d.min == -45 && d.max == 135);
}

/* CONFIG: set (len 4) or read (len 0); the error code, or 0 and *c. */
static int
config(struct robot *r, struct fake *f, const struct wire_config *set,
    struct wire_config *c)
{
	struct wire_frame rep;
	uint8_t p[4];
	uint8_t n = set ? wire_config_encode(set, p) : 0;
	int e;

	if ((e = call(r, f, WIRE_CONFIG, p, n, &rep)) != 0)
		return e;
	return wire_config_decode(c, rep.payload, rep.len) == 0 ? 0 : -1;
}

static void
test_config_autostart(void)
{
	struct fake f;
	struct robot_hw hw;
	struct robot r;
	struct wire_hello h;
	struct wire_config on = { WIRE_CFG_AUTOSTART, 0x01, 10 }, c, bad;
	uint8_t plan[200], other[200];
	uint32_t n, m, tail;

	fake_init(&f);
	fake_hw(&hw, &f);
	robot_init(&r, &hw);
	hello(&r, &f, &h);
	CHECK(config(&r, &f, &on, &c) == WIRE_E_NO_PLAN);
	CHECK(config(&r, &f, NULL, &c) == 0 && c.flags == 0 && c.rate == 0);
	n = one_action_plan(plan, sizeof plan, 11, 45);
	CHECK(upload(&r, &f, plan, n) == 0);
	/* refused: an unknown flag, a mask bit past R, a rate START refuses */
	bad = on;
	bad.flags = 0x02;
	CHECK(config(&r, &f, &bad, &c) == WIRE_E_ARG);
	bad = on;
	bad.monitor = 0x40;
	CHECK(config(&r, &f, &bad, &c) == WIRE_E_ARG);
	bad = on;
	bad.rate = 101;
	CHECK(config(&r, &f, &bad, &c) == WIRE_E_ARG);
	CHECK(config(&r, &f, &on, &c) == 0);
	CHECK(c.flags == 1 && c.monitor == 1 && c.rate == 10);
	CHECK(!r.running);
	/* power cycle: the plan runs at once, at 10 Hz, sending E events */
	robot_init(&r, &hw);
	CHECK(r.running && r.rate == 10 && r.monitor_mask == 1);
	/* a new plan keeps the configuration (it goes into the new slot) */
	hello(&r, &f, &h);
	m = one_action_plan(other, sizeof other, 11, 30);
	CHECK(upload(&r, &f, other, m) == 0);
	CHECK(r.store.active == 1);
	robot_init(&r, &hw);
	CHECK(r.running);
	/* an older store has no record (FF at the slot's end): no autostart,
	 * the plan loads; slot 1 ends at 32 + 2 x 520 */
	tail = 32 + 2 * 520 - STORE_CONFIG_SIZE;
	memset(f.store + tail, 0xFF, STORE_CONFIG_SIZE);
	robot_init(&r, &hw);
	CHECK(!r.running && r.plan_ready);
	hello(&r, &f, &h);
	CHECK(config(&r, &f, NULL, &c) == 0 && c.flags == 0);
	/* a damaged record is no record */
	CHECK(config(&r, &f, &on, &c) == 0);
	f.store[tail + 4] ^= 1;
	robot_init(&r, &hw);
	CHECK(!r.running);
}

static void
test_telemetry(void)
{
	struct fake f;
	struct robot_hw hw;
	struct robot r;
	struct wire_hello h;
	struct wire_frame got[4];
	struct wire_senses s;
	uint8_t ms[2] = { 10, 0 };

	fake_init(&f);
	fake_hw(&hw, &f);
	robot_init(&r, &hw);
	hello(&r, &f, &h);
	CHECK(call(&r, &f, WIRE_TELEMETRY, ms, 2, NULL) == WIRE_E_ARG);
	CHECK(call(&r, &f, WIRE_TELEMETRY, ms, 1, NULL) == WIRE_E_LENGTH);
	ms[0] = 100;
	f.enc[1] = 20400;	/* joint 2 at 20.4 degrees: sense 12 reads 20 */
	CHECK(call(&r, &f, WIRE_TELEMETRY, ms, 2, NULL) == 0);
	f.outn = 0;
	robot_tick(&r);
	CHECK(sent_frames(&f, got, 4) == 1 && got[0].type == WIRE_SENSES);
	CHECK(wire_senses_decode(&s, got[0].payload, got[0].len) == 0);
	/* senses 1, 2, 3, 11, 12, 13: no obstacle, joint 2 off its command
	 * (0) by 20.4 degrees: moving, lag 20 */
	CHECK(s.ms == 0 && s.count == 6);
	CHECK(s.value[0] == INT16_MAX && s.value[1] == 1 && s.value[2] == 20);
	CHECK(s.value[3] == 0 && s.value[4] == 20 && s.value[5] == 0);
	f.outn = 0;
	f.now = 99;
	robot_tick(&r);
	CHECK(f.outn == 0);
	f.now = 103;
	robot_tick(&r);
	CHECK(sent_frames(&f, got, 4) == 1 && got[0].seq == 1);
	CHECK(wire_senses_decode(&s, got[0].payload, got[0].len) == 0 &&
	    s.ms == 100);
	/* a new session switches it off */
	hello(&r, &f, &h);
	f.outn = 0;
	f.now = 1000;
	robot_tick(&r);
	CHECK(f.outn == 0);
}

int
main(void)
{
	RUN(test_hello);
	RUN(test_upload_pull);
	RUN(test_capacity_is_the_smaller);
	RUN(test_power_loss);
	RUN(test_bad_cell);
	RUN(test_resend_and_nak);
	RUN(test_nak_timing);
	RUN(test_setpoints);
	RUN(test_stream_guard);
	RUN(test_plan_loop);
	RUN(test_control);
	RUN(test_control_random);
	RUN(test_arm_senses_and_actions);
	RUN(test_random_bytes);
	RUN(test_describe);
	RUN(test_config_autostart);
	RUN(test_telemetry);
	return check_report("robot");
}
