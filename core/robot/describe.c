/*
 * describe.c - the robot's description of itself (portable core), entry by
 * entry from its body (body.h): for the arm, its senses and actions by id
 * with names, units and value ranges (the ids of armio.h), then its joints
 * and their limits.  Served one entry per DESCRIBE request, or packed in
 * pages (DESCRIBE_PAGE) with the CRC-32 a host keys what it learned by
 * (PLAN_INFO reports it too); the table is
 * const and small, as on an AVR it is copied to RAM.  Called by
 * requests.c and telemetry.c.
 */
#include <string.h>

#include "armio.h"
#include "body.h"
#include "plan/crc32.h"
#include "requests.h"
#include "wire/desc.h"

/* Row bits: what it is, whether it repeats for every joint, its unit;
 * the high nibble picks its range (two bytes a row, not six: an AVR
 * keeps this table in RAM). */
#define ROW_ACTION	0x01
#define ROW_PER_JOINT	0x02
#define ROW_MM		0x04
#define ROW_DEG		0x08
#define RANGE(k)	((k) << 4)

static const int16_t ranges[][2] = {
	{ 0, INT16_MAX }, { 0, 1 }, { -180, 180 }, { -360, 360 }, { 0, 0 }
};

struct row {
	uint8_t first, bits;
};

static const struct row rows[] = {
	{ ROBOT_SENSE_OBSTACLE, ROW_MM | RANGE(0) },
	{ ROBOT_SENSE_MOVING, RANGE(1) },
	{ ROBOT_SENSE_LAG, ROW_DEG | RANGE(0) },
	{ ROBOT_SENSE_JOINT, ROW_DEG | ROW_PER_JOINT | RANGE(2) },
	{ ROBOT_ACT_TURN_BY, ROW_ACTION | ROW_DEG | ROW_PER_JOINT | RANGE(3) },
	{ ROBOT_ACT_TURN_TO, ROW_ACTION | ROW_DEG | ROW_PER_JOINT | RANGE(2) },
	{ ROBOT_ACT_HOME, ROW_ACTION | RANGE(4) },
	{ ROBOT_ACT_STOP, ROW_ACTION | RANGE(4) },
};
#define NROWS ((uint8_t)(sizeof rows / sizeof rows[0]))

/* The rows' names in order, '#' standing for the joint's number. */
static const char names[] = "ObstacleDistance\0Moving\0Lag\0Joint#\0"
    "TurnJoint#By\0TurnJoint#To\0Home\0Stop";

static const char *
name_of(uint8_t k)
{
	const char *s = names;

	while (k--)
		s += strlen(s) + 1;
	return s;
}

static void
fill_row(const struct robot *r, uint8_t k, struct wire_desc *d)
{
	const struct row *w = &rows[k];

	d->kind = w->bits & ROW_ACTION ? WIRE_DESC_ACTION : WIRE_DESC_SENSE;
	d->first = w->first;
	d->count = w->bits & ROW_PER_JOINT ? r->hw->joints : 1;
	d->min = ranges[w->bits >> 4][0];
	d->max = ranges[w->bits >> 4][1];
	strcpy(d->unit, w->bits & ROW_MM ? "mm" : w->bits & ROW_DEG ? "deg" :
	    "");
	strcpy(d->name, name_of(k));
}

static void
fill_joint(const struct robot *r, uint8_t j, struct wire_desc *d)
{
	const int16_t *lim = r->hw->joint_limits;

	d->kind = WIRE_DESC_JOINT;
	d->first = (uint16_t)(j + 1);
	d->count = 1;
	d->min = lim ? lim[2 * j] : -180;
	d->max = lim ? lim[2 * j + 1] : 180;
	strcpy(d->unit, "deg");
	strcpy(d->name, "Joint1");
	d->name[5] = (char)('1' + j);	/* at most WIRE_MAX_JOINTS (8) */
}

/* The arm's entry k: its rows, then its joints. */
int
robot_arm_describe(const struct robot *r, uint8_t k, struct wire_desc *d)
{
	d->total = (uint8_t)(NROWS + r->hw->joints);
	if (k >= d->total)
		return WIRE_E_ARG;
	d->index = k;
	if (k < NROWS)
		fill_row(r, k, d);
	else
		fill_joint(r, (uint8_t)(k - NROWS), d);
	return 0;
}

/* Entry k of the body's description, zeroed first; 0 or WIRE_E_ARG. */
static int
entry(const struct robot *r, uint8_t k, struct wire_desc *d)
{
	memset(d, 0, sizeof *d);
	return robot_entry(r, k, d);
}

/* How many entries the body describes. */
static uint8_t
entries(const struct robot *r)
{
	struct wire_desc d;

	return entry(r, 0, &d) == 0 ? d.total : 0;
}

/* Entry k as a page carries it, into buf (WIRE_PAYLOAD_MAX); its length. */
static uint8_t
entry_bytes(const struct robot *r, uint8_t k, uint8_t *buf)
{
	struct wire_desc d;
	struct wire_out o;

	(void)entry(r, k, &d);
	wire_out_init(&o, buf, WIRE_PAYLOAD_MAX);
	wire_desc_put_entry(&o, &d);
	return wire_out_len(&o);
}

int
robot_req_describe(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	struct wire_desc d;
	uint8_t k = wire_get_u8(in);
	int e;

	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	if ((e = entry(r, k, &d)) != 0)
		return e;
	out->n = wire_desc_encode(&d, out->p);
	return out->n ? 0 : WIRE_E_ARG;
}

uint32_t
robot_describe_crc(const struct robot *r)
{
	uint8_t buf[WIRE_PAYLOAD_MAX], k, total = entries(r);
	uint32_t crc = 0;

	for (k = 0; k < total; k++)
		crc = plan_crc32_update(crc, buf, entry_bytes(r, k, buf));
	return crc;
}

/* How many entries from k fill a page. */
static uint8_t
page_from(const struct robot *r, uint8_t k, uint8_t total)
{
	uint8_t buf[WIRE_PAYLOAD_MAX], n = 0;
	uint16_t used = WIRE_DESC_PAGE_HEAD;

	while (k + n < total && n < WIRE_DESC_PAGE_MAX) {
		used = (uint16_t)(used + entry_bytes(r, (uint8_t)(k + n), buf));
		if (used > WIRE_PAYLOAD_MAX)
			break;
		n++;
	}
	return n;
}

/* DESCRIBE_PAGE: pages are laid out from entry 0, the same every time. */
int
robot_req_describe_page(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	struct wire_desc d;
	uint8_t want = wire_get_u8(in), total = entries(r), k = 0, pages = 0,
	    first = 0, count = 0, n;

	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	for (; k < total; k = (uint8_t)(k + n), pages++) {
		if ((n = page_from(r, k, total)) == 0)
			return WIRE_E_ARG;	/* an entry too big: never */
		if (pages == want) {
			first = k;
			count = n;
		}
	}
	if (want >= pages)
		return WIRE_E_ARG;
	wire_put_u32(out, robot_describe_crc(r));
	wire_put_u8(out, total);
	wire_put_u8(out, pages);
	wire_put_u8(out, want);
	wire_put_u8(out, first);
	wire_put_u8(out, count);
	for (n = 0; n < count; n++) {
		(void)entry(r, (uint8_t)(first + n), &d);
		wire_desc_put_entry(out, &d);
	}
	return 0;
}

uint8_t
robot_sense_ids(const struct robot *r, uint16_t *ids, uint8_t max)
{
	struct wire_desc d;
	uint8_t k, j, n = 0;

	for (k = 0; robot_entry(r, k, &d) == 0; k++) {
		if (d.kind != WIRE_DESC_SENSE)
			continue;
		for (j = 0; j < d.count && n < max; j++)
			ids[n++] = (uint16_t)(d.first + j);
		if (k == 0xFF)
			break;
	}
	return n;
}
