/*
 * servosim.h - smart servos in software: per-id control tables (STS3215,
 * SCS0009 or Dynamixel XL330-M288) answering instruction packets byte for byte, over
 * a simulated joint each.  armsim --bus runs it on its pty; tests call it.
 */
#ifndef SPINE_SERVOSIM_H
#define SPINE_SERVOSIM_H

#include <stddef.h>
#include <stdint.h>

#include "servo/servo.h"

#define SERVOSIM_MAX	16	/* servos on one bus */
#define SERVOSIM_TABLE	256	/* control table bytes backed per servo */

struct servosim_motor {
	uint8_t series;			/* enum servo_series: its table */
	uint8_t tab[SERVOSIM_TABLE];	/* the control table as read */
	uint8_t saved[SERVOSIM_TABLE];	/* EEPROM as it would survive a
					 * power cycle (Feetech Lock) */
	/* REG_WRITE held until ACTION */
	int reg_pending;
	uint16_t reg_addr, reg_n;
	uint8_t reg_data[SERVO_PARAMS_MAX];
	/* the joint, in shaft ticks before the homing offset */
	double shaft;
	double vel;			/* ticks/s, last step */
	double max_speed;		/* ticks/s when no speed is set */
	int has_stop;			/* an obstacle: the shaft stays in */
	double stop_lo, stop_hi;	/* [stop_lo, stop_hi] */
	int blocked;			/* the stop held it back last step */
	int has_hand;			/* torque off: a hand moves it to */
	double hand;
	int32_t load;			/* 0.1 % of stall, signed */
	double overload_s;		/* seconds spent over Overload_Torque */
	uint8_t fault;			/* error bits forced into replies
					 * (Feetech ERR; Dynamixel hardware
					 * error bits, shown as the alert) */
	uint8_t latched;		/* faults the servo raised itself */
	long mute_after;		/* replies before falling silent;
					 * -1: never */
};

typedef void servosim_emit(void *ctx, const uint8_t *bytes, size_t n,
    uint32_t delay_us);

struct servosim {
	enum servo_proto proto;
	int n;
	struct servosim_motor m[SERVOSIM_MAX];
	struct servo_decoder dec;
	long baud;			/* the rate the host talks at: a
					 * servo hears only its own; 0
					 * (unknown): every servo hears */
	unsigned long packets;		/* instructions decoded */
	unsigned long replies;		/* status packets sent */
	servosim_emit *emit;		/* set during servosim_rx */
	void *emit_ctx;
	/* optional: told of every instruction before it runs */
	void (*trace)(void *ctx, const struct servo_packet *pk);
	void *trace_ctx;
};

void servosim_init(struct servosim *s, enum servo_proto p);

/* A servo with this id, its shaft at `ticks`, factory table; NULL if the
 * bus is full or the id is taken. */
struct servosim_motor *servosim_add(struct servosim *s, uint8_t id,
    double ticks);
/* The same of a given series (servo/regs.h), e.g. an SCS on a Feetech
 * bus; NULL also when the series speaks another bus's packets. */
struct servosim_motor *servosim_add_series(struct servosim *s, uint8_t id,
    int series, double ticks);
struct servosim_motor *servosim_find(struct servosim *s, uint8_t id);

/*
 * Bytes from the host.  Every status reply goes to emit with the servo's
 * return delay (microseconds after the previous bytes on the line).
 */
void servosim_rx(struct servosim *s, const uint8_t *bytes, size_t n,
    servosim_emit *emit, void *ctx);
/* The line went quiet: drop a partial packet. */
void servosim_idle(struct servosim *s);

/* Move every joint dt seconds on and refresh the present values. */
void servosim_step(struct servosim *s, double dt);

/*
 * The world stopped the joint (an obstacle the emulator's caller
 * models): its shaft back to `shaft`, held there against its goal, the
 * load building as at a stop.
 */
void servosim_hold_back(struct servosim *s, struct servosim_motor *m,
    double shaft, double dt);

/*
 * A register write came: a held shaft's load answers its new goal at
 * once (the position loop sees it within its own period, long before a
 * reply can be read), so a read after a goal sees that goal's load
 * whenever the emulator's caller steps it.
 */
void servosim_written(struct servosim *s, struct servosim_motor *m);

/* What the servo reports as its position (offset applied), in ticks. */
int32_t servosim_present(const struct servosim *s,
    const struct servosim_motor *m);

/* Register access (the field's own encoding). */
int32_t servosim_get(const struct servosim *s, const struct servosim_motor *m,
    int field);
void servosim_set(const struct servosim *s, struct servosim_motor *m,
    int field, int32_t v);

/* Forget every unsaved EEPROM change, as a power cycle would. */
void servosim_power_cycle(struct servosim *s, struct servosim_motor *m);

/* Internal to servosim: the factory table, and one instruction. */
void servosim_factory(const struct servosim *s, struct servosim_motor *m,
    uint8_t id);
void servosim_exec(struct servosim *s, const struct servo_packet *pk);
void servosim_refresh(const struct servosim *s, struct servosim_motor *m);
/* Dynamixel: what entering an operating mode resets (table.c). */
void servosim_mode_reset(const struct servosim *s, struct servosim_motor *m);

#endif
