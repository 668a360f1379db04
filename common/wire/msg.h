/*
 * msg.h - the messages of the robot link and their payload layouts
 * (portable core).  Both ends encode and decode through these functions, so
 * the layouts in man/spine-protocol.7 are written down exactly once in code.
 */
#ifndef SPINE_WIRE_MSG_H
#define SPINE_WIRE_MSG_H

#include <stdint.h>

#include "frame.h"

#define WIRE_VERSION	1u
#define WIRE_MAX_JOINTS	8u
#define WIRE_NAME_MAX	14u	/* firmware name bytes in HELLO */
#define WIRE_CHUNK_MAX	55u	/* plan bytes per PLAN_CHUNK and PLAN_READ */
#define WIRE_WINDOW_MAX	8u	/* requests a host may have unanswered */
#define WIRE_DEV_MAX	19u	/* tracking errors per STATUS reply */
#define WIRE_EVENTS_MAX	6u	/* monitor events per EVENTS frame */
#define WIRE_REPLY	0x80u	/* reply type = request type | WIRE_REPLY */
#define WIRE_NO_STEP	0ul	/* steps count from 1; 0 means none yet */

enum wire_type {
	WIRE_HELLO = 0x01,
	WIRE_DESCRIBE = 0x02,	/* desc.h */
	WIRE_PLAN_INFO = 0x10,
	WIRE_PLAN_BEGIN = 0x11,
	WIRE_PLAN_CHUNK = 0x12,
	WIRE_PLAN_COMMIT = 0x13,
	WIRE_PLAN_READ = 0x14,
	WIRE_CONFIG = 0x15,	/* desc.h */
	WIRE_START = 0x20,
	WIRE_STOP = 0x21,
	WIRE_MONITOR = 0x22,
	WIRE_STREAM = 0x30,
	WIRE_SETPOINT = 0x31,
	WIRE_STATUS = 0x32,
	WIRE_ENCODERS = 0x33,
	WIRE_TELEMETRY = 0x34,	/* desc.h */
	/* robot to host, never acknowledged */
	WIRE_EVENTS = 0x40,
	WIRE_SENSES = 0x41,	/* desc.h */
	WIRE_NAK = 0x7E,
	WIRE_ERROR = 0x7F
};

enum wire_error {
	WIRE_E_UNKNOWN = 1,	/* no such request type */
	WIRE_E_LENGTH = 2,	/* payload has the wrong size */
	WIRE_E_VERSION = 3,	/* protocol version not spoken */
	WIRE_E_ARG = 4,		/* an argument is out of range */
	WIRE_E_BUSY = 5,	/* not now: a plan is running */
	WIRE_E_NO_PLAN = 6,	/* no plan stored */
	WIRE_E_TOO_BIG = 7,	/* plan larger than the capacity */
	WIRE_E_NO_UPLOAD = 8,	/* chunk or commit without a begin */
	WIRE_E_OFFSET = 9,	/* chunk not at the next offset */
	WIRE_E_INCOMPLETE = 10,	/* commit before all bytes arrived */
	WIRE_E_CRC = 11,	/* staged plan does not match its CRC-32 */
	WIRE_E_PLAN = 12,	/* the plan is not a valid plan */
	WIRE_E_STORE = 13,	/* the plan store failed */
	WIRE_E_STEP = 14,	/* setpoint out of order */
	WIRE_E_FULL = 15,	/* setpoint buffer full */
	WIRE_E_RUN = 16,	/* nothing to resume, or another run */
	WIRE_E_RANGE = 17,	/* read outside the stored plan */
	WIRE_E_NO_ROOM = 20	/* no room for a configuration */
};

/* Robot state bits in HELLO, STOP and STATUS replies. */
enum wire_flag {
	WIRE_F_PLAN = 0x01,	/* a plan is stored */
	WIRE_F_RUNNING = 0x02,	/* the plan loop is running */
	WIRE_F_MOVING = 0x04,	/* a joint is short of its command */
	WIRE_F_STREAM = 0x08,	/* setpoints are queued or executing */
	/* HELLO only: requests that arrive ahead of a lost one are kept, so
	 * a NAK asks for that one alone (selective repeat) */
	WIRE_F_SELECTIVE = 0x10
};

/* Monitor event kinds, as the planner numbers them; kind k is enabled by
 * bit (1 << k) of WIRE_MONITOR's mask. */
enum wire_event_kind {
	WIRE_EV_EXECUTED = 0,	/* E */
	WIRE_EV_SUCCESS = 1,	/* S */
	WIRE_EV_PENDING = 2,	/* P: in progress */
	WIRE_EV_FAIL = 3,	/* F */
	WIRE_EV_ERROR = 4,	/* Z */
	WIRE_EV_SENSE = 5	/* R: a releaser read its sense */
};
#define WIRE_EV_KIND	0x07u	/* kind bits of wire_event.kind */
#define WIRE_EV_LATCH	0x80u	/* R: the releaser's latch after the check
				   (it released) */
#define WIRE_EV_HELD	0x40u	/* R: the latch was set as the check began
				   (the hysteresis moved the threshold) */
#define WIRE_EV_READ	0x20u	/* R: a sense was read (not TR or FL) */

/* Writing a payload; overflow is sticky and makes the length 0. */
struct wire_out {
	uint8_t *p;
	uint8_t n, cap, overflow;
};

/* Reading a payload; running off the end is sticky. */
struct wire_in {
	const uint8_t *p;
	uint8_t n, pos, bad;
};

void wire_out_init(struct wire_out *o, uint8_t *p, uint8_t cap);
void wire_put_u8(struct wire_out *o, uint8_t v);
void wire_put_u16(struct wire_out *o, uint16_t v);
void wire_put_u32(struct wire_out *o, uint32_t v);
void wire_put_i32(struct wire_out *o, int32_t v);
void wire_put_bytes(struct wire_out *o, const void *p, uint8_t n);
/* Bytes written, or 0 after an overflow. */
uint8_t wire_out_len(const struct wire_out *o);

void wire_in_init(struct wire_in *in, const uint8_t *p, uint8_t n);
uint8_t wire_get_u8(struct wire_in *in);
uint16_t wire_get_u16(struct wire_in *in);
uint32_t wire_get_u32(struct wire_in *in);
int32_t wire_get_i32(struct wire_in *in);
/* 1 when everything was read and nothing ran off the end. */
int wire_in_done(const struct wire_in *in);

/* HELLO reply: who the robot is. */
struct wire_hello {
	uint8_t version;
	uint8_t joints;
	uint8_t window;		/* requests the robot accepts unanswered */
	uint8_t slots;		/* setpoint buffer size */
	uint8_t flags;		/* enum wire_flag */
	uint32_t capacity;	/* largest plan in bytes */
	uint32_t link_um[WIRE_MAX_JOINTS];	/* link lengths, micrometres */
	char firmware[WIRE_NAME_MAX + 1];
};

uint8_t wire_hello_encode(const struct wire_hello *h, uint8_t *p);
int wire_hello_decode(struct wire_hello *h, const uint8_t *p, uint8_t n);

/* SETPOINT request: one step of a streamed run. */
struct wire_setpoint {
	uint32_t step;		/* 1, 2, ... within the run */
	uint16_t period_ms;	/* how long the robot holds it */
	uint8_t joints;
	int32_t mdeg[WIRE_MAX_JOINTS];	/* joint angles, millidegrees */
};

uint8_t wire_setpoint_encode(const struct wire_setpoint *s, uint8_t *p);
int wire_setpoint_decode(struct wire_setpoint *s, const uint8_t *p,
    uint8_t n);

/* STATUS reply: where a run stands and how well the arm followed it. */
struct wire_status {
	uint8_t flags;		/* enum wire_flag */
	uint8_t free;		/* empty setpoint slots */
	uint32_t run_id;
	uint32_t received;	/* last step accepted */
	uint32_t executed;	/* last step whose period ended */
	uint32_t first;		/* step of dev[0] */
	uint8_t count;
	/* max |encoder - command| over the joints at the end of each step,
	 * millidegrees, saturating at 65535 */
	uint16_t dev[WIRE_DEV_MAX];
};

uint8_t wire_status_encode(const struct wire_status *s, uint8_t *p);
int wire_status_decode(struct wire_status *s, const uint8_t *p, uint8_t n);

/* One monitor event (the planner's transparency stream). */
struct wire_event {
	uint8_t kind;		/* enum wire_event_kind, | WIRE_EV_LATCH,
				   _HELD, _READ */
	uint8_t type;		/* element type 0 AP .. 5 A; for SENSE the
				   releaser's owner, a D or a CE */
	uint16_t id;		/* element id (as the plan source gave it) */
	uint16_t sense;		/* SENSE: the sense id; otherwise 0 */
	int16_t value;		/* SENSE: the value read; FAIL and ERROR:
				   why (enum planner_why); otherwise 0 */
};

/* EVENTS frame: events numbered from `number`, all from plan cycle `cycle`. */
struct wire_events {
	uint16_t number;
	uint32_t cycle;
	uint8_t count;
	struct wire_event ev[WIRE_EVENTS_MAX];
};

uint8_t wire_events_encode(const struct wire_events *e, uint8_t *p);
int wire_events_decode(struct wire_events *e, const uint8_t *p, uint8_t n);

#endif
