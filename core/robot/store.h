/*
 * store.h - the robot's plan store: two slots in EEPROM (portable core).
 * An upload is staged in the slot not in use and becomes the plan only when
 * it is whole and its CRC-32 matches, so a cut link never loses the old plan.
 */
#ifndef SPINE_ROBOT_STORE_H
#define SPINE_ROBOT_STORE_H

#include <stdint.h>

#include "hw.h"

/* Two 16-byte slot descriptors, then the two slots. */
#define STORE_DESC_SIZE	16u
#define STORE_HEADER	(2u * STORE_DESC_SIZE)
#define STORE_MAX_PLAN	0xFFFFul	/* offsets travel as 16 bits */
/* Each slot ends in the plan's run configuration (storecfg.c), so a plan
 * takes at most the slot less these bytes. */
#define STORE_CONFIG_SIZE 8u

struct wire_config;

struct plan_store {
	const struct robot_hw *hw;
	uint32_t slot_size;
	int8_t active;			/* slot holding the plan, or -1 */
	uint16_t gen[2];
	uint32_t size[2];
	uint32_t crc[2];
	uint8_t valid[2];
	/* the upload in progress */
	uint8_t staging;
	uint32_t stage_size, stage_crc, stage_got;
	uint32_t stage_sum;	/* CRC-32 of the staged bytes as read back */
};

/*
 * Is this 16-byte descriptor one a plan store could hold: erased (all
 * 0xFF) or ours with a good check?  For a host that is handed a file and
 * must not take any file for a store.  1 or 0.
 */
int robot_store_desc_plausible(const uint8_t *d);

/* Read both descriptors and verify each slot; pick the newest valid one. */
void robot_store_open(struct plan_store *st, const struct robot_hw *hw);

/* Largest plan the store takes. */
uint32_t robot_store_capacity(const struct plan_store *st);

/* Size and CRC-32 of the stored plan; size 0 when there is none. */
uint32_t robot_store_plan_size(const struct plan_store *st);
uint32_t robot_store_plan_crc(const struct plan_store *st);

/* Store address of the stored plan's first byte (staged 0: there must be
   one) or the staged upload's (1), for a robot that reads it in place. */
uint32_t robot_store_plan_addr(const struct plan_store *st, int staged);

/*
 * Upload: begin (size, CRC-32), chunks in order, verify, commit.  Each
 * returns 0 or an enum wire_error code.  A new begin abandons the previous
 * upload; the stored plan is untouched until commit succeeds.
 */
int robot_store_begin(struct plan_store *st, uint32_t size, uint32_t crc);
int robot_store_chunk(struct plan_store *st, uint32_t offset, const uint8_t *data,
    uint8_t n);
int robot_store_verify(struct plan_store *st);
int robot_store_commit(struct plan_store *st);
void robot_store_abandon(struct plan_store *st);
/* Staged bytes, readable between verify and commit (the plan validator). */
int robot_store_read_staged(const struct plan_store *st, uint32_t offset,
    uint8_t *buf, uint16_t n);

/* Read from the stored plan; 0 or an enum wire_error code. */
int robot_store_read(const struct plan_store *st, uint32_t offset, uint8_t *buf,
    uint16_t n);

/*
 * The configuration stored beside the plan (storecfg.c): 0 and *c, or -1
 * with *c all zero (no plan, no configuration, or a damaged one: all mean
 * "no autostart").  Setting it needs a stored plan; 0 or a wire_error.
 */
int robot_store_config_get(const struct plan_store *st, struct wire_config *c);
int robot_store_config_set(struct plan_store *st, const struct wire_config *c);
/* At commit: the active slot's configuration goes with the new plan into
 * `slot` (erased when there is none); 0 or -1. */
int robot_store_config_carry(struct plan_store *st, uint8_t slot);

#endif
