/*
 * desc.h - the messages by which a robot says what it is and how it runs
 * on its own (portable core): DESCRIBE entries, the CONFIG record, the
 * TELEMETRY period and SENSES frames.  Both ends code them here only.
 */
#ifndef SPINE_WIRE_DESC_H
#define SPINE_WIRE_DESC_H

#include <stdint.h>

#include "msg.h"

#define WIRE_DESC_NAME_MAX	20u	/* name bytes of a DESCRIBE entry */
#define WIRE_DESC_UNIT_MAX	7u	/* unit bytes */
#define WIRE_SENSES_MAX		24u	/* values per SENSES frame */
#define WIRE_TELEMETRY_MIN_MS	20u	/* shortest TELEMETRY period */

/* What a DESCRIBE entry describes. */
enum wire_desc_kind {
	WIRE_DESC_SENSE = 0,
	WIRE_DESC_ACTION = 1,
	WIRE_DESC_JOINT = 2	/* a joint: ids 1.., its limits */
};

/*
 * One DESCRIBE entry: `count` ids from `first`, each named by `name` with
 * '#' replaced by 1 + (id - first) (so "Joint#" names ids 11, 12, 13
 * Joint1, Joint2, Joint3); values from min to max, in `unit` ("" none).
 */
struct wire_desc {
	uint8_t total;		/* entries the robot has */
	uint8_t index;		/* this one, 0 .. total - 1 */
	uint8_t kind;		/* enum wire_desc_kind */
	uint16_t first;
	uint8_t count;
	int16_t min, max;
	char unit[WIRE_DESC_UNIT_MAX + 1];
	char name[WIRE_DESC_NAME_MAX + 1];
};

uint8_t wire_desc_encode(const struct wire_desc *d, uint8_t *p);
int wire_desc_decode(struct wire_desc *d, const uint8_t *p, uint8_t n);

/*
 * One entry's own part (kind .. name, without total and index): what
 * DESCRIBE_PAGE packs several of, and what the description's CRC-32
 * runs over.  Get fills all but total and index; -1 when malformed.
 */
void wire_desc_put_entry(struct wire_out *o, const struct wire_desc *d);
int wire_desc_get_entry(struct wire_in *in, struct wire_desc *d);

/*
 * DESCRIBE_PAGE reply: as many whole entries as fit one frame, from entry
 * `first`; page p begins where page p - 1 ended, so a host that knows how
 * many pages there are can ask for them all at once.  `crc` is the whole
 * description's (PLAN_INFO reports it too): unchanged, a host keeps what
 * it read before.
 */
#define WIRE_DESC_PAGE_MAX 4u	/* entries a page can hold */
struct wire_desc_page {
	uint32_t crc;
	uint8_t total;		/* entries in the description */
	uint8_t pages;		/* pages they take */
	uint8_t page, first, count;
	struct wire_desc e[WIRE_DESC_PAGE_MAX];
};

#define WIRE_DESC_PAGE_HEAD 9u	/* bytes before the first entry */
uint8_t wire_desc_page_encode(const struct wire_desc_page *pg, uint8_t *p);
int wire_desc_page_decode(struct wire_desc_page *pg, const uint8_t *p,
    uint8_t n);

/* CONFIG flags. */
#define WIRE_CFG_AUTOSTART 0x01	/* start the plan on power-up */

/* CONFIG: how the robot runs its plan without a host. */
struct wire_config {
	uint8_t flags;		/* WIRE_CFG_* */
	uint8_t monitor;	/* event kinds sent, as WIRE_MONITOR's mask */
	uint16_t rate;		/* plan cycles a second, 0: the default */
};

uint8_t wire_config_encode(const struct wire_config *c, uint8_t *p);
int wire_config_decode(struct wire_config *c, const uint8_t *p, uint8_t n);

/* SENSES frame: every sense's value at robot time `ms`, in the order of
 * the sense ids DESCRIBE lists. */
struct wire_senses {
	uint32_t ms;
	uint8_t count;
	int16_t value[WIRE_SENSES_MAX];
};

uint8_t wire_senses_encode(const struct wire_senses *s, uint8_t *p);
int wire_senses_decode(struct wire_senses *s, const uint8_t *p, uint8_t n);

#endif
