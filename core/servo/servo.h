/*
 * servo.h - smart-servo buses (portable core): Feetech STS/SMS and ROBOTIS
 * Dynamixel Protocol 2.0 packets, built into caller buffers and found again
 * in a noisy byte stream.  armctl drives a bus with it, armsim answers it.
 */
#ifndef SPINE_SERVO_H
#define SPINE_SERVO_H

#include <stddef.h>
#include <stdint.h>

enum servo_proto {
	SERVO_FEETECH = 0,	/* STS/SMS: FF FF, one's-complement sum */
	SERVO_DXL = 1		/* Dynamixel 2.0: FF FF FD 00, CRC-16 */
};

/* Instruction codes: the two buses share the numbers they both have. */
#define SERVO_PING		0x01u
#define SERVO_READ		0x02u
#define SERVO_WRITE		0x03u
#define SERVO_REG_WRITE		0x04u
#define SERVO_ACTION		0x05u
#define SERVO_FACTORY_RESET	0x06u	/* Dynamixel */
#define SERVO_REBOOT		0x08u	/* Dynamixel */
#define SERVO_CLEAR		0x10u	/* Dynamixel */
#define SERVO_STATUS		0x55u	/* Dynamixel status marker; the
					 * decoder sets it for Feetech too */
#define SERVO_SYNC_READ		0x82u
#define SERVO_SYNC_WRITE	0x83u
#define SERVO_FAST_SYNC_READ	0x8Au	/* Dynamixel */
#define SERVO_BULK_READ		0x92u	/* Dynamixel */
#define SERVO_BULK_WRITE	0x93u	/* Dynamixel */

#define SERVO_BROADCAST		0xFEu

/*
 * Largest packet either decoder keeps, header to checksum.  Feetech's own
 * limit (LEN <= 250) fits; Dynamixel allows longer packets than a small
 * controller wants to buffer, and longer ones are skipped as oversize.
 */
#define SERVO_FRAME_MAX		256u
#define SERVO_PARAMS_MAX	248u	/* parameter or data bytes */

/* Feetech status ERR bits (also the Status register and the masks). */
#define STS_ERR_VOLTAGE		0x01u
#define STS_ERR_ANGLE		0x02u
#define STS_ERR_OVERHEAT	0x04u
#define STS_ERR_OVERCURRENT	0x08u
#define STS_ERR_OVERLOAD	0x20u

/* Dynamixel status ERR: bit 7 alert, bits 0..6 an error number. */
#define DXL_ERR_ALERT		0x80u
#define DXL_ERR_RESULT_FAIL	1u
#define DXL_ERR_INSTRUCTION	2u
#define DXL_ERR_CRC		3u
#define DXL_ERR_DATA_RANGE	4u
#define DXL_ERR_DATA_LENGTH	5u
#define DXL_ERR_DATA_LIMIT	6u
#define DXL_ERR_ACCESS		7u

/* Dynamixel Hardware_Error_Status bits (address 70). */
#define DXL_HW_VOLTAGE		0x01u
#define DXL_HW_OVERHEAT		0x04u
#define DXL_HW_ENCODER		0x08u
#define DXL_HW_SHOCK		0x10u
#define DXL_HW_OVERLOAD		0x20u

/*
 * A decoded packet.  An instruction has instr and its parameters in p;
 * a status reply has instr SERVO_STATUS, err, and its data in p.  For
 * Dynamixel p is already un-stuffed.
 */
struct servo_packet {
	uint8_t id;
	uint8_t instr;
	uint8_t err;
	uint16_t n;
	uint8_t p[SERVO_PARAMS_MAX];
};

/*
 * Incremental decoder: push bytes, then take every packet that became
 * complete with servo_decoder_next() until it returns 0.  A bad checksum
 * or an impossible header drops one byte and scans on for the next
 * header, so a good packet right after a bad one is kept.  A Feetech
 * packet does not say which way it goes: `replies` picks status replies
 * (the host's view) or instructions (the servo's view).
 */
struct servo_decoder {
	uint8_t proto;		/* enum servo_proto */
	uint8_t replies;	/* 1: expect status replies */
	uint16_t n;
	uint8_t buf[SERVO_FRAME_MAX];
	uint8_t fast;		/* 1: a Dynamixel FAST SYNC READ reply may
				 * come (from 0xFE, not stuffed) */
	uint16_t bad_checksums;	/* packets dropped (saturating) */
	uint16_t junk;		/* bytes skipped between packets */
};

void servo_decoder_init(struct servo_decoder *d, enum servo_proto proto,
    int replies);
void servo_decoder_push(struct servo_decoder *d, uint8_t byte);
/* The line went quiet: give up on the packet start we hold. */
void servo_decoder_idle(struct servo_decoder *d);
/* 1 and *pk filled when a packet is ready; 0 when more bytes are needed. */
int servo_decoder_next(struct servo_decoder *d, struct servo_packet *pk);

/*
 * Packets into out (cap bytes).  Each returns the packet's length on the
 * wire, or 0 when it does not fit cap or SERVO_FRAME_MAX.  `code` is the
 * instruction, or for a Feetech status reply the ERR byte.
 */
size_t servo_sts_encode(uint8_t *out, size_t cap, uint8_t id, uint8_t code,
    const uint8_t *params, size_t n);
size_t servo_dxl_encode(uint8_t *out, size_t cap, uint8_t id, uint8_t instr,
    const uint8_t *params, size_t n);

/* Either bus: the instructions both have, with their own field widths. */
size_t servo_ping(enum servo_proto p, uint8_t *out, size_t cap, uint8_t id);
size_t servo_read(enum servo_proto p, uint8_t *out, size_t cap, uint8_t id,
    uint16_t addr, uint16_t count);
size_t servo_write(enum servo_proto p, uint8_t *out, size_t cap,
    uint8_t instr, uint8_t id, uint16_t addr, const uint8_t *data,
    uint16_t n);
size_t servo_action(enum servo_proto p, uint8_t *out, size_t cap,
    uint8_t id);
size_t servo_sync_read(enum servo_proto p, uint8_t *out, size_t cap,
    uint16_t addr, uint16_t count, const uint8_t *ids, uint8_t nids);
/* data: nids blocks of count bytes, in the order of ids. */
size_t servo_sync_write(enum servo_proto p, uint8_t *out, size_t cap,
    uint16_t addr, uint16_t count, const uint8_t *ids, uint8_t nids,
    const uint8_t *data);
/* A status reply: ERR and data. */
size_t servo_status(enum servo_proto p, uint8_t *out, size_t cap,
    uint8_t id, uint8_t err, const uint8_t *data, uint16_t n);
/* Dynamixel BULK READ: one (id, addr, count) per servo. */
size_t servo_dxl_bulk_read(uint8_t *out, size_t cap, const uint8_t *ids,
    const uint16_t *addr, const uint16_t *count, uint8_t nids);

/*
 * Reading an instruction's parameters (the servo's side).  Each returns
 * 0, or -1 when the parameters are too short or inconsistent.
 */
int servo_parse_read(enum servo_proto p, const struct servo_packet *pk,
    uint16_t *addr, uint16_t *count);
int servo_parse_write(enum servo_proto p, const struct servo_packet *pk,
    uint16_t *addr, const uint8_t **data, uint16_t *n);
/* SYNC READ: addr, count, and the listed ids (pointing into pk). */
int servo_parse_sync_read(enum servo_proto p, const struct servo_packet *pk,
    uint16_t *addr, uint16_t *count, const uint8_t **ids, uint16_t *nids);
/* SYNC WRITE: addr, count and the block for `id` (*data NULL if none). */
int servo_parse_sync_write(enum servo_proto p, const struct servo_packet *pk,
    uint8_t id, uint16_t *addr, uint16_t *count, const uint8_t **data);
/* BULK READ/WRITE: the entry for `id` (*found 0 if none); for a write
 * *data points at its bytes. */
int servo_dxl_parse_bulk(const struct servo_packet *pk, int write, uint8_t id,
    int *found, uint16_t *addr, uint16_t *count, const uint8_t **data);

/*
 * Dynamixel FAST SYNC READ (fast.c): the request, as SYNC READ's; the one
 * status packet that answers it, of nids blocks of which the first nsent
 * are on the wire (a servo that does not answer ends the chain there),
 * err[i] and data[i*count..] from ids[i]; and that packet read back (a
 * decoder with `fast` set), 0 or -1 when it is not the answer for ids.
 */
size_t servo_dxl_fast_sync_read(uint8_t *out, size_t cap, uint16_t addr,
    uint16_t count, const uint8_t *ids, uint8_t nids);
size_t servo_dxl_fast_status(uint8_t *out, size_t cap, uint16_t count,
    uint8_t nids, uint8_t nsent, const uint8_t *ids, const uint8_t *err,
    const uint8_t *data);
int servo_dxl_parse_fast(const struct servo_packet *pk, uint16_t count,
    const uint8_t *ids, uint8_t nids, uint8_t *out, uint8_t *err);

/* Dynamixel's CRC-16 (poly 0x8005, init 0, MSB first, no final XOR). */
uint16_t servo_dxl_crc16(uint16_t crc, const uint8_t *p, size_t n);

/*
 * A field of n bytes (1 to 4) in either byte order: the one codec every
 * control table uses, the order chosen by its series (regs.h).
 */
uint32_t servo_field_get(const uint8_t *p, unsigned n, int big);
void servo_field_put(uint8_t *p, unsigned n, uint32_t v, int big);

/* Little-endian fields (the packets' own, and STS/Dynamixel tables). */
uint16_t servo_get16(const uint8_t *p);
uint32_t servo_get32(const uint8_t *p);
void servo_put16(uint8_t *p, uint16_t v);
void servo_put32(uint8_t *p, uint32_t v);

/* Feetech sign-magnitude: |v| in the bits below `bit`, the sign at bit. */
uint16_t servo_sts_sm_encode(int32_t v, uint8_t bit);
int32_t servo_sts_sm_decode(uint16_t raw, uint8_t bit);

#endif
