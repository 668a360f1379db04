/*
 * servobus_test.c - lib/link/servobus.c over a port in this process onto
 * emulated servos (lib/servosim): a half-duplex adapter that echoes every
 * request before the reply, on both buses, reads and pings as a clean
 * one does, and the echoes are counted.
 */
#include <string.h>

#include "check.h"
#include "link/servobus.h"
#include "servo/regs.h"
#include "servosim/servosim.h"

struct bus {
	struct servosim sim;
	int echo;		/* hand the request back first */
	uint8_t in[4096];	/* what the host has yet to read */
	size_t n;
};

static void
emit(void *ctx, const uint8_t *bytes, size_t n, uint32_t delay_us)
{
	struct bus *b = ctx;

	(void)delay_us;
	if (b->n + n <= sizeof b->in) {
		memcpy(b->in + b->n, bytes, n);
		b->n += n;
	}
}

static long
bus_read(void *ctx, uint8_t *buf, size_t cap, int timeout_ms)
{
	struct bus *b = ctx;
	size_t n = b->n < cap ? b->n : cap;

	(void)timeout_ms;
	memcpy(buf, b->in, n);
	memmove(b->in, b->in + n, b->n - n);
	b->n -= n;
	return (long)n;
}

static int
bus_write(void *ctx, const uint8_t *p, size_t n, int timeout_ms)
{
	struct bus *b = ctx;

	(void)timeout_ms;
	if (b->echo)
		emit(b, p, n, 0);
	servosim_rx(&b->sim, p, n, emit, b);
	return 0;
}

static const struct link_port_ops ops = { bus_read, bus_write, NULL, NULL };

static void
echoed(enum servo_proto proto)
{
	static struct bus b;
	const struct servo_reg *pos = servo_reg(proto, SF_POSITION);
	struct servo_packet r;
	struct servobus sb;
	struct wire_port *port;
	int echo;

	for (echo = 0; echo <= 1; echo++) {
		memset(&b, 0, sizeof b);
		b.echo = echo;
		servosim_init(&b.sim, proto);
		CHECK(servosim_add(&b.sim, 1, 2048) != NULL);
		CHECK((port = link_port_custom(&ops, &b, "bus")) != NULL);
		link_servobus_init(&sb, port, proto, 20, 1);
		CHECK(link_servobus_ping(&sb, 1, &r) == 0 && r.id == 1);
		/* the present position, in its register */
		CHECK(link_servobus_read(&sb, 1, pos->addr, pos->size, &r) == 0);
		CHECK(r.n == pos->size && servo_field_get(r.p, pos->size,
		    pos->big) == 2048);
		CHECK(sb.echoes == (unsigned long)(echo ? 2 : 0));
		CHECK(sb.retried == 0 && sb.fail == SERVOBUS_OK);
		link_port_close(port);
	}
}

static void
test_echo(void)
{
	echoed(SERVO_FEETECH);
	echoed(SERVO_DXL);
}

int
main(void)
{
	RUN(test_echo);
	return check_report("servobus");
}
