/*
 * instr.c - the instructions both buses share, built and read with each
 * bus's field widths (Feetech: 1-byte address and count; Dynamixel: 2
 * bytes each, little-endian).  armctl builds them; the emulator reads them.
 */
#include <string.h>

#include "servo.h"

static size_t
encode(enum servo_proto p, uint8_t *out, size_t cap, uint8_t id,
    uint8_t instr, const uint8_t *params, size_t n)
{
	return p == SERVO_DXL ? servo_dxl_encode(out, cap, id, instr, params, n) :
	    servo_sts_encode(out, cap, id, instr, params, n);
}

/* addr and count at q in the bus's widths; the bytes written. */
static size_t
put_addr_count(enum servo_proto p, uint8_t *q, uint16_t addr,
    uint16_t count, int with_count)
{
	if (p == SERVO_DXL) {
		servo_put16(q, addr);
		if (with_count)
			servo_put16(q + 2, count);
		return with_count ? 4 : 2;
	}
	q[0] = (uint8_t)addr;
	q[1] = (uint8_t)count;
	return with_count ? 2 : 1;
}

/* Feetech addresses and counts are one byte each. */
static int
too_wide(enum servo_proto p, uint16_t addr, uint16_t count)
{
	return p == SERVO_FEETECH && (addr > 0xFFu || count > 0xFFu);
}

size_t
servo_ping(enum servo_proto p, uint8_t *out, size_t cap, uint8_t id)
{
	return encode(p, out, cap, id, SERVO_PING, NULL, 0);
}

size_t
servo_action(enum servo_proto p, uint8_t *out, size_t cap, uint8_t id)
{
	return encode(p, out, cap, id, SERVO_ACTION, NULL, 0);
}

size_t
servo_read(enum servo_proto p, uint8_t *out, size_t cap, uint8_t id,
    uint16_t addr, uint16_t count)
{
	uint8_t q[4];

	if (too_wide(p, addr, count))
		return 0;
	return encode(p, out, cap, id, SERVO_READ, q,
	    put_addr_count(p, q, addr, count, 1));
}

size_t
servo_write(enum servo_proto p, uint8_t *out, size_t cap, uint8_t instr,
    uint8_t id, uint16_t addr, const uint8_t *data, uint16_t n)
{
	uint8_t q[SERVO_PARAMS_MAX];
	size_t k;

	if (too_wide(p, addr, 0) || n > SERVO_PARAMS_MAX - 2)
		return 0;
	k = put_addr_count(p, q, addr, 0, 0);
	if (n)
		memcpy(q + k, data, n);
	return encode(p, out, cap, id, instr, q, k + n);
}

size_t
servo_sync_read(enum servo_proto p, uint8_t *out, size_t cap,
    uint16_t addr, uint16_t count, const uint8_t *ids, uint8_t nids)
{
	uint8_t q[SERVO_PARAMS_MAX];
	size_t k;

	if (too_wide(p, addr, count) || nids > SERVO_PARAMS_MAX - 4)
		return 0;
	k = put_addr_count(p, q, addr, count, 1);
	memcpy(q + k, ids, nids);
	return encode(p, out, cap, SERVO_BROADCAST, SERVO_SYNC_READ, q,
	    k + nids);
}

size_t
servo_sync_write(enum servo_proto p, uint8_t *out, size_t cap,
    uint16_t addr, uint16_t count, const uint8_t *ids, uint8_t nids,
    const uint8_t *data)
{
	uint8_t q[SERVO_PARAMS_MAX];
	size_t k;
	uint8_t i;

	if (too_wide(p, addr, count) ||
	    (size_t)nids * (count + 1u) > SERVO_PARAMS_MAX - 4)
		return 0;
	k = put_addr_count(p, q, addr, count, 1);
	for (i = 0; i < nids; i++) {
		q[k++] = ids[i];
		memcpy(q + k, data + (size_t)i * count, count);
		k += count;
	}
	return encode(p, out, cap, SERVO_BROADCAST, SERVO_SYNC_WRITE, q, k);
}

size_t
servo_status(enum servo_proto p, uint8_t *out, size_t cap, uint8_t id,
    uint8_t err, const uint8_t *data, uint16_t n)
{
	uint8_t q[SERVO_PARAMS_MAX];

	if (p == SERVO_FEETECH)
		return servo_sts_encode(out, cap, id, err, data, n);
	if (n > SERVO_PARAMS_MAX - 1)
		return 0;
	q[0] = err;
	if (n)
		memcpy(q + 1, data, n);
	return servo_dxl_encode(out, cap, id, SERVO_STATUS, q, (size_t)n + 1);
}

size_t
servo_dxl_bulk_read(uint8_t *out, size_t cap, const uint8_t *ids,
    const uint16_t *addr, const uint16_t *count, uint8_t nids)
{
	uint8_t q[SERVO_PARAMS_MAX];
	size_t k = 0;
	uint8_t i;

	if ((size_t)nids * 5 > SERVO_PARAMS_MAX)
		return 0;
	for (i = 0; i < nids; i++) {
		q[k++] = ids[i];
		servo_put16(q + k, addr[i]);
		servo_put16(q + k + 2, count[i]);
		k += 4;
	}
	return servo_dxl_encode(out, cap, SERVO_BROADCAST, SERVO_BULK_READ, q, k);
}

/* --- the servo's side ------------------------------------------------ */

static size_t
head_size(enum servo_proto p, int with_count)
{
	return p == SERVO_DXL ? (with_count ? 4u : 2u) : (with_count ? 2u : 1u);
}

static void
get_addr_count(enum servo_proto p, const uint8_t *q, uint16_t *addr,
    uint16_t *count)
{
	if (p == SERVO_DXL) {
		*addr = servo_get16(q);
		if (count)
			*count = servo_get16(q + 2);
	} else {
		*addr = q[0];
		if (count)
			*count = q[1];
	}
}

int
servo_parse_read(enum servo_proto p, const struct servo_packet *pk,
    uint16_t *addr, uint16_t *count)
{
	if (pk->n != head_size(p, 1))
		return -1;
	get_addr_count(p, pk->p, addr, count);
	return 0;
}

int
servo_parse_write(enum servo_proto p, const struct servo_packet *pk,
    uint16_t *addr, const uint8_t **data, uint16_t *n)
{
	size_t h = head_size(p, 0);

	if (pk->n < h + 1)
		return -1;
	get_addr_count(p, pk->p, addr, NULL);
	*data = pk->p + h;
	*n = (uint16_t)(pk->n - h);
	return 0;
}

int
servo_parse_sync_read(enum servo_proto p, const struct servo_packet *pk,
    uint16_t *addr, uint16_t *count, const uint8_t **ids, uint16_t *nids)
{
	size_t h = head_size(p, 1);

	if (pk->n < h)
		return -1;
	get_addr_count(p, pk->p, addr, count);
	*ids = pk->p + h;
	*nids = (uint16_t)(pk->n - h);
	return 0;
}

int
servo_parse_sync_write(enum servo_proto p, const struct servo_packet *pk,
    uint8_t id, uint16_t *addr, uint16_t *count, const uint8_t **data)
{
	size_t h = head_size(p, 1), k;

	*data = NULL;
	if (pk->n < h)
		return -1;
	get_addr_count(p, pk->p, addr, count);
	if (*count == 0 || (pk->n - h) % (*count + 1u) != 0)
		return -1;
	for (k = h; k < pk->n; k += *count + 1u)
		if (pk->p[k] == id) {
			*data = pk->p + k + 1;
			break;
		}
	return 0;
}

int
servo_dxl_parse_bulk(const struct servo_packet *pk, int write, uint8_t id,
    int *found, uint16_t *addr, uint16_t *count, const uint8_t **data)
{
	size_t k = 0, step;

	*found = 0;
	*data = NULL;
	while (k < pk->n) {
		if (pk->n - k < 5)
			return -1;
		*addr = servo_get16(pk->p + k + 1);
		*count = servo_get16(pk->p + k + 3);
		step = 5u + (write ? *count : 0u);
		if (pk->n - k < step)
			return -1;
		if (pk->p[k] == id && !*found) {
			*found = 1;
			*data = pk->p + k + 5;
		}
		k += step;
	}
	if (*found) {	/* the loop left the last entry's fields */
		k = (size_t)(*data - pk->p) - 5u;
		*addr = servo_get16(pk->p + k + 1);
		*count = servo_get16(pk->p + k + 3);
	}
	return 0;
}
