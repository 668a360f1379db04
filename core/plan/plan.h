/*
 * plan.h - the compiled plan (.plan): its layout, its records, and the
 * decoder that validates every byte before anyone runs it.  Used by plancc
 * (encode), planrun, armctl and the robot (decode).  Portable C99, no malloc.
 *
 * The byte layout (header offsets, record sizes, field offsets) is in
 * layout.h, the one place it is written down.
 *
 * Records keep source order (the planner breaks ties by it).  Links between
 * elements are resolved: a child is (type, index into that type's table), a
 * parent is an index; PLAN_NONE means none.  man/plan.5 documents it byte by
 * byte.
 */
#ifndef SPINE_PLAN_H
#define SPINE_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "layout.h"
#include "profile.h"

#define PLAN_MAGIC0 'S'
#define PLAN_MAGIC1 'P'
#define PLAN_MAGIC2 'L'
#define PLAN_MAGIC3 'N'
#define PLAN_VERSION 1

/* Element types, numbered as the Instinct monitor and EEPROM number them. */
enum plan_type {
	PLAN_AP = 0,		/* action pattern */
	PLAN_APE = 1,		/* action pattern element */
	PLAN_C = 2,		/* competence */
	PLAN_CE = 3,		/* competence element */
	PLAN_D = 4,		/* drive */
	PLAN_A = 5,		/* action */
	PLAN_NTYPES = 6
};
#define PLAN_NO_TYPE 0xFF	/* child type of "no child" */

/* Name-table kinds: the six element types, then robot senses and actions. */
#define PLAN_NAME_SENSE 6
#define PLAN_NAME_ACTION 7

/*
 * What a build of the decoder accepts (build every object of core/ with
 * the same values).  PLAN_WIDTHS: bit 1, plans with 8-bit ids; bit 2,
 * with 16-bit ones (a firmware that runs only 8-bit plans builds with 1,
 * and every width test folds away).  PLAN_TASKS 0: no task section (a
 * robot without the task machine links no task decoder, and refuses the
 * flag as unknown).
 */
#ifndef PLAN_WIDTHS
#define PLAN_WIDTHS 3
#endif
#ifndef PLAN_TASKS
#define PLAN_TASKS 1
#endif

/* Header flags. */
#define PLAN_F_NAMES 0x01	/* a name table is present */
#define PLAN_F_RECURSION 0x02	/* plancc --allow-recursion: cycles allowed */
#define PLAN_F_TASK 0x04	/* a task section is present (task.h) */
#if PLAN_TASKS
#define PLAN_F_ALL 0x07		/* the flags this decoder accepts */
#else
#define PLAN_F_ALL 0x03
#endif

/* Releaser comparators (spec §2). */
enum plan_cmp {
	PLAN_EQ = 0, PLAN_NE = 1, PLAN_GT = 2, PLAN_LT = 3, PLAN_TR = 4,
	PLAN_FL = 5
};

/* Monitor enable bits, per element and global (spec §7). */
#define PLAN_MON_EXECUTED 0x01
#define PLAN_MON_SUCCESS 0x02
#define PLAN_MON_PENDING 0x04
#define PLAN_MON_FAIL 0x08
#define PLAN_MON_ERROR 0x10
#define PLAN_MON_SENSE 0x20
#define PLAN_MON_ALL 0x3F

/* "No index" for a W-byte field: all ones (0xFF or 0xFFFF). */
#define PLAN_NONE 0xFFFFu

/* The largest id (and priority, order, ...) a width can hold. */
#define PLAN_MAXID(w) ((w) == 1 ? 0xFFu : 0xFFFFu)

/* Unpacked records.  Ids, priorities, ... are W bits wide in the stream. */
struct plan_ref {
	uint8_t type;		/* PLAN_AP, PLAN_C, PLAN_A or PLAN_NO_TYPE */
	uint16_t index;		/* into that type's table; PLAN_NONE if none */
};

struct plan_releaser {
	uint16_t sense;		/* robot sense id */
	uint8_t cmp;		/* enum plan_cmp */
	int16_t value;
	int16_t hysteresis;
	int16_t flex;		/* flexible latch hysteresis */
};

struct plan_ap {
	uint16_t id;
	uint16_t first, count;	/* its elements in the APE list */
	uint8_t monitor;
};

struct plan_ape {
	uint16_t id;
	uint16_t parent;	/* AP index or PLAN_NONE */
	struct plan_ref child;
	uint16_t order;
	uint8_t monitor;
};

struct plan_comp {
	uint16_t id;
	uint8_t use_or;		/* OR within priority groups */
	uint16_t first, count;	/* its elements in the CE list */
	uint8_t monitor;
};

struct plan_ce {
	uint16_t id;
	uint16_t parent;	/* C index or PLAN_NONE */
	struct plan_ref child;
	uint16_t priority;
	uint8_t retry;		/* retry limit */
	struct plan_releaser rel;
	uint8_t monitor;
};

struct plan_drive {
	uint16_t id;
	struct plan_ref child;
	uint16_t priority;
	uint16_t interval;
	struct plan_releaser rel;
	uint16_t ramp_inc;
	uint16_t urgency;
	uint16_t ramp_interval;
	uint8_t monitor;
};

struct plan_action {
	uint16_t id;
	uint16_t action;	/* robot action id */
	int16_t value;
	uint8_t monitor;
};

/* A validated plan: pointers into the caller's bytes, which must outlive it. */
struct plan {
	const uint8_t *base;
	uint32_t size;
	uint8_t id_width;
	uint8_t flags;
	uint8_t global_monitor;
	uint16_t count[PLAN_NTYPES];
	uint8_t rec_size[PLAN_NTYPES];
	const uint8_t *table[PLAN_NTYPES];
	const uint8_t *ape_list;
	const uint8_t *ce_list;
	const uint8_t *names;
	uint32_t names_size;
	const uint8_t *task;
	uint32_t task_size;
};

enum plan_errcode {
	PLAN_OK = 0,
	PLAN_E_SHORT,		/* fewer bytes than a header and a CRC */
	PLAN_E_MAGIC,		/* not a plan */
	PLAN_E_VERSION,		/* a format version we do not know */
	PLAN_E_WIDTH,		/* id width not 1 or 2 */
	PLAN_E_HEADER,		/* unknown flags, reserved bytes set */
	PLAN_E_COUNT,		/* too many elements for the id width */
	PLAN_E_SIZE,		/* length differs from what the header implies */
	PLAN_E_CRC,		/* checksum mismatch */
	PLAN_E_ID,		/* element id 0 or too large */
	PLAN_E_REF,		/* a child or parent out of range / wrong type */
	PLAN_E_FIELD,		/* a field out of range (comparator, flags) */
	PLAN_E_LIST,		/* an element list inconsistent with parents */
	PLAN_E_NAMES,		/* malformed name table */
	PLAN_E_TASK,		/* malformed task section */
	PLAN_E_CYCLE		/* a cycle and no PLAN_F_RECURSION */
};

struct plan_error {
	uint8_t code;		/* enum plan_errcode */
	uint8_t type;		/* element type at fault, or PLAN_NO_TYPE */
	uint16_t index;		/* record index at fault */
	uint32_t offset;	/* byte offset at fault */
};

/*
 * Validate buf[0..len) completely and fill *p.  PLAN_OK, or an error code
 * with details in *err.  Nothing is trusted until this returns PLAN_OK.
 */
int plan_open(struct plan *p, const uint8_t *buf, uint32_t len,
    struct plan_error *err);

/* Size a plan's header says it has (for readers that stream it in). */
int plan_size_from_header(const uint8_t *hdr, uint32_t *size);

/*
 * Element counts (by enum plan_type) a sound header declares, so RAM for a
 * plan can be sized from its first PLAN_HEADER_SIZE bytes.  PLAN_OK, or the
 * header's error code (count is then untouched).
 */
int plan_header_counts(const uint8_t *hdr, uint16_t count[PLAN_NTYPES]);

/* Unpack record i of a validated plan (i < count of that type). */
void plan_get_ap(const struct plan *p, uint16_t i, struct plan_ap *out);
void plan_get_ape(const struct plan *p, uint16_t i, struct plan_ape *out);
void plan_get_comp(const struct plan *p, uint16_t i, struct plan_comp *out);
void plan_get_ce(const struct plan *p, uint16_t i, struct plan_ce *out);
void plan_get_drive(const struct plan *p, uint16_t i, struct plan_drive *out);
void plan_get_action(const struct plan *p, uint16_t i,
    struct plan_action *out);

/* Element id of record i of `type`. */
uint16_t plan_id(const struct plan *p, uint8_t type, uint16_t i);

/* Record index of the element of `type` with this id; -1: none. */
int32_t plan_index_of(const struct plan *p, uint8_t type, uint16_t id);

/* Entry k of the APE list / CE list: an index into the APE / CE table. */
uint16_t plan_ape_at(const struct plan *p, uint16_t k);
uint16_t plan_ce_at(const struct plan *p, uint16_t k);

/* One name-table entry; the name is not NUL-terminated. */
struct plan_name {
	uint8_t kind;		/* element type, PLAN_NAME_SENSE or _ACTION */
	uint16_t key;		/* record index (elements) or sense/action id */
	uint8_t len;
	const uint8_t *text;
};

/*
 * Iterate the name table: start with *pos = 0; returns 1 and fills *out
 * while entries remain, then 0.
 */
int plan_next_name(const struct plan *p, uint32_t *pos, struct plan_name *out);

/* Name of an element / sense / action, or NULL (len in *len). */
const uint8_t *plan_find_name(const struct plan *p, uint8_t kind,
    uint16_t key, uint8_t *len);

/*
 * Encoding.  The caller fills a plan_spec with unpacked records in source
 * order (first/count of APs and Cs are computed from the parents), names
 * sorted by (kind, key), and the task section bytes.
 */
struct plan_spec {
	uint8_t id_width;
	uint8_t flags;		/* PLAN_F_RECURSION; NAMES/TASK are derived */
	uint8_t global_monitor;
	uint16_t count[PLAN_NTYPES];
	const struct plan_ap *ap;
	const struct plan_ape *ape;
	const struct plan_comp *comp;
	const struct plan_ce *ce;
	const struct plan_drive *drive;
	const struct plan_action *action;
	const struct plan_name *names;
	uint32_t nnames;
	const uint8_t *task;
	uint32_t task_size;
};

/* Bytes plan_encode will write. */
uint32_t plan_encoded_size(const struct plan_spec *s);

/* Write the plan into out[cap]; its size, or 0 if cap is too small. */
uint32_t plan_encode(const struct plan_spec *s, uint8_t *out, uint32_t cap);

/* Words for an error code (host tools; the robot sends the code). */
const char *plan_strerror(int code);

#endif
