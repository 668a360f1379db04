/*
 * msg.h - the messages of the robot link and their payload layouts
 * (portable core).  Both ends encode and decode through these functions, so
 * the layouts in man/spine-protocol.7 are written down exactly once in code.
 */
#ifndef SPINE_WIRE_MSG_H
#define SPINE_WIRE_MSG_H

#include <stdint.h>

#include "frame.h"
#include "messages.h"
#include "plan/evkind.h"

#define WIRE_VERSION	1u
#define WIRE_MAX_JOINTS	8u
#define WIRE_NAME_MAX	14u	/* firmware name bytes in HELLO */
#define WIRE_CHUNK_MAX	55u	/* plan bytes per PLAN_CHUNK and PLAN_READ */
#define WIRE_WINDOW_MAX	8u	/* requests a host may have unanswered */
#define WIRE_DEV_MAX	19u	/* tracking errors per STATUS reply */
#define WIRE_EVENTS_MAX	6u	/* monitor events per EVENTS frame */
#define WIRE_REPLY	0x80u	/* reply type = request type | WIRE_REPLY */
#define WIRE_NO_STEP	0ul	/* steps count from 1; 0 means none yet */

/* The message types, from the one list of messages.h. */
#define WIRE_TYPE_REQ_(name, type, handler) WIRE_##name = type,
#define WIRE_TYPE_OUT_(name, type) WIRE_##name = type,
enum wire_type {
	WIRE_MESSAGES(WIRE_TYPE_REQ_, WIRE_TYPE_OUT_)
	WIRE_REQUEST_END = WIRE_EVENTS	/* types below are requests */
};
#undef WIRE_TYPE_REQ_
#undef WIRE_TYPE_OUT_

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
	WIRE_E_ELEMENT = 18,	/* no such element in the stored plan */
	WIRE_E_NOT_PAUSED = 19, /* step needs a paused plan */
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
	WIRE_F_SELECTIVE = 0x10,
	WIRE_F_PAUSED = 0x20,	/* the running plan is paused (PAUSE) */
	/* HELLO only: STREAM takes a lag rule, and the robot holds the arm
	 * itself when a streamed step breaks it */
	WIRE_F_GUARD = 0x40,
	WIRE_F_HELD = 0x80	/* the run was held by its lag rule */
};

/* Monitor event kinds, as the planner numbers them (plan/evkind.h);
 * kind k is enabled by bit (1 << k) of WIRE_MONITOR's mask. */
enum wire_event_kind {
	WIRE_EV_EXECUTED = PLAN_EV_EXECUTED,	/* E */
	WIRE_EV_SUCCESS = PLAN_EV_SUCCESS,	/* S */
	WIRE_EV_PENDING = PLAN_EV_PENDING,	/* P: in progress */
	WIRE_EV_FAIL = PLAN_EV_FAIL,		/* F */
	WIRE_EV_ERROR = PLAN_EV_ERROR,		/* Z */
	WIRE_EV_SENSE = PLAN_EV_SENSE,		/* R: a releaser read its sense */
	/* Q: a drive's runtime priority set by PRIO; value is the new
	 * priority (as unsigned 16 bits), cycle the one it first applies to;
	 * sent whatever the mask, while any kind is enabled */
	WIRE_EV_PRIORITY = PLAN_EV_PRIORITY
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
	uint8_t joints;		/* 0: no arm (a wheeled robot) */
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

/*
 * EVENTS frame: events numbered from `number`, all from plan cycle
 * `cycle`, and (timed) the robot's clock at that cycle, milliseconds since
 * the plan's START.  A timed frame holds at most WIRE_EVENTS_TIMED_MAX
 * events; frames of robots before the clock (untimed) are read as well.
 */
#define WIRE_EVENTS_TIMED_MAX 5u
struct wire_events {
	uint16_t number;
	uint32_t cycle;
	uint8_t count;
	uint8_t timed;		/* ms is there */
	uint32_t ms;
	struct wire_event ev[WIRE_EVENTS_MAX];
};

uint8_t wire_events_encode(const struct wire_events *e, uint8_t *p);
int wire_events_decode(struct wire_events *e, const uint8_t *p, uint8_t n);

/* ---- runtime control of a running plan (ctlmsg.c) -------------------- */

/* Element types as enum plan_type numbers them (0 AP .. 5 A). */
#define WIRE_TYPE_AP	0u
#define WIRE_TYPE_C	2u
#define WIRE_TYPE_D	4u
#define WIRE_ELEM_ALL	0xFFu	/* ELEM_MONITOR type: every element */
#define WIRE_STATE_RUN	0xFFu	/* STATE type: the run's header alone */
#define WIRE_NO_ELEMENT	0xFFFFu	/* STATE: no current element */
#define WIRE_COUNTERS_MAX 8u	/* rows per COUNTERS reply */
#define WIRE_STATE_MAX	11u	/* rows per STATE reply (C, AP) */
#define WIRE_STATE_DRIVES 5u	/* rows per STATE reply of drives */

/* PRIO request (2 bytes: get; 4: set) and its reply (4 bytes). */
struct wire_prio {
	uint16_t drive;		/* the drive's id */
	uint16_t priority;	/* runtime priority */
	uint8_t set;		/* request: 1 to set it */
};

uint8_t wire_prio_encode(const struct wire_prio *m, uint8_t *p);
int wire_prio_decode(struct wire_prio *m, const uint8_t *p, uint8_t n);

/* ELEM_MONITOR request (3 bytes: get; 4: set) and its reply (4 bytes). */
struct wire_elem_monitor {
	uint8_t type;		/* enum plan_type, or WIRE_ELEM_ALL */
	uint16_t id;
	uint8_t flags;		/* bit k: report event kind k */
	uint8_t set;
};

uint8_t wire_elem_monitor_encode(const struct wire_elem_monitor *m,
    uint8_t *p);
int wire_elem_monitor_decode(struct wire_elem_monitor *m, const uint8_t *p,
    uint8_t n);

/* COUNTERS and STATE requests: a page of one element type. */
struct wire_page {
	uint8_t type;
	uint16_t first;		/* record index of the first row */
};

uint8_t wire_page_encode(const struct wire_page *m, uint8_t *p);
int wire_page_decode(struct wire_page *m, const uint8_t *p, uint8_t n);

/* COUNTERS reply: executions and successes (16 bits, wrapping). */
struct wire_counters {
	uint8_t type;
	uint16_t total, first;	/* elements of the type; first row's index */
	uint8_t count;
	struct wire_counter {
		uint16_t id, executed, succeeded;
	} row[WIRE_COUNTERS_MAX];
};

uint8_t wire_counters_encode(const struct wire_counters *m, uint8_t *p);
int wire_counters_decode(struct wire_counters *m, const uint8_t *p,
    uint8_t n);

/* STATE reply: the run, then rows of drives (D) or of competences and
 * action patterns (C, AP: their current element).  (The row is declared
 * on its own: C++, the Arduino library's sketches, scopes a nested tag.) */
struct wire_state_row {
	uint16_t id;
	uint8_t status, latch;		/* D */
	uint16_t priority, ramp;	/* D */
	uint16_t current;	/* C, AP: element id, WIRE_NO_ELEMENT */
};

struct wire_state {
	uint8_t type;		/* WIRE_TYPE_D, _C, _AP or WIRE_STATE_RUN */
	uint8_t flags;		/* enum wire_flag */
	uint16_t rate;		/* cycles a second */
	uint32_t cycle;		/* cycles run since START */
	uint16_t total, first;
	uint8_t count;
	struct wire_state_row row[WIRE_STATE_MAX];
};

uint8_t wire_state_encode(const struct wire_state *m, uint8_t *p);
int wire_state_decode(struct wire_state *m, const uint8_t *p, uint8_t n);

/*
 * COUNTERS_SPARSE and STATE_PACKED: for a host that holds the robot's
 * plan (told by its CRC), the tables without what it knows already.
 * The request names rows first .. end - 1 of the message's order.
 */
struct wire_range {
	uint16_t first, end;
};

uint8_t wire_range_encode(const struct wire_range *m, uint8_t *p);
int wire_range_decode(struct wire_range *m, const uint8_t *p, uint8_t n);

/* COUNTERS_SPARSE reply: of the plan's records, every type's in plan
 * order, type 0 first (a row's index: the records of the types before
 * it, then its record index), those from first up to next whose counters
 * are not both 0; next is end unless the reply filled up first. */
#define WIRE_SPARSE_MAX	8u
struct wire_sparse {
	uint16_t total, first, next;
	uint8_t count;
	struct wire_sparse_row {
		uint16_t index, executed, succeeded;
	} row[WIRE_SPARSE_MAX];
};

uint8_t wire_sparse_encode(const struct wire_sparse *m, uint8_t *p);
int wire_sparse_decode(struct wire_sparse *m, const uint8_t *p, uint8_t n);

/* STATE_PACKED reply: STATE's header, then the rows first .. first +
 * drives + currents - 1 of the drives, the competences and the action
 * patterns, in that order and plan order, without ids: a drive's row
 * status, latch, priority and ramp (6 bytes), the others' the current
 * element's id (2 bytes); as many as fit in WIRE_PACKED_ROOM bytes. */
#define WIRE_PACKED_ROOM 44u
#define WIRE_PACKED_DRIVE 6u	/* bytes of a drive's row */
#define WIRE_PACKED_CURRENT 2u	/* ... of a competence's or pattern's */
#define WIRE_PACKED_ROWS (WIRE_PACKED_ROOM / WIRE_PACKED_CURRENT)
struct wire_packed {
	uint8_t flags;
	uint16_t rate;
	uint32_t cycle;
	uint16_t total, first;
	uint8_t drives, currents;
	struct wire_state_row row[WIRE_PACKED_ROWS];	/* no ids */
};

uint8_t wire_packed_encode(const struct wire_packed *m, uint8_t *p);
int wire_packed_decode(struct wire_packed *m, const uint8_t *p, uint8_t n);

/* Where a STATE_PACKED reply from `first` ends (the rows that fit), in a
 * plan of `drives` drives and `total` rows; both ends page by it. */
uint16_t wire_packed_end(uint16_t first, uint16_t drives, uint16_t total);

/* PAUSE request (3 bytes) and reply (7 bytes). */
enum wire_pause_op {
	WIRE_PAUSE_HOLD = 0,	/* pause: cycles stop, the arm holds */
	WIRE_PAUSE_RESUME = 1,
	WIRE_PAUSE_STEP = 2,	/* run `steps` cycles, then pause again */
	WIRE_PAUSE_QUERY = 3	/* change nothing */
};

struct wire_pause {
	uint8_t op;		/* enum wire_pause_op */
	uint16_t steps;		/* STEP: 1 .. 65535; otherwise 0 */
};

struct wire_paused {
	uint8_t flags;		/* enum wire_flag */
	uint32_t cycle;		/* cycles run since START */
	uint16_t left;		/* step cycles still to run */
};

uint8_t wire_pause_encode(const struct wire_pause *m, uint8_t *p);
int wire_pause_decode(struct wire_pause *m, const uint8_t *p, uint8_t n);
uint8_t wire_paused_encode(const struct wire_paused *m, uint8_t *p);
int wire_paused_decode(struct wire_paused *m, const uint8_t *p, uint8_t n);

#endif
