/*
 * robot.h - the robot side of the link (portable core): feed it the bytes
 * the UART received and call robot_tick() often; it answers requests, keeps
 * the plan store, executes streamed setpoints and runs the stored plan.
 */
#ifndef SPINE_ROBOT_ROBOT_H
#define SPINE_ROBOT_ROBOT_H

#include <stddef.h>
#include <stdint.h>

#include "hw.h"
#include "motion.h"
#include "plan/plan.h"
#include "planner/planner.h"
#include "store.h"
#include "wire/frame.h"
#include "wire/msg.h"

/* Requests a host may send before waiting for replies (cached for resend). */
#ifndef ROBOT_WINDOW
#define ROBOT_WINDOW 4
#endif

/*
 * While requests are kept waiting for a lost one and the line has been
 * quiet for ROBOT_QUIET_MS (so no resend is on its way), NAK again, at
 * most every ROBOT_NAK_REPEAT_MS: the host's resend or our NAK may have
 * been lost too.  Quiet means a few frame times at the board's baud rate
 * (a 64-byte frame takes 5.6 ms at 115200).
 */
#ifndef ROBOT_NAK_REPEAT_MS
#define ROBOT_NAK_REPEAT_MS 8
#endif
#ifndef ROBOT_QUIET_MS
#define ROBOT_QUIET_MS 3
#endif

/* A joint closer than this to its command is not "moving" (millidegrees). */
#define ROBOT_AT_TARGET_MDEG 500

struct robot {
	const struct robot_hw *hw;
	struct wire_decoder dec;
	uint8_t expect;			/* next request sequence number */
	uint8_t nak_sent;		/* a NAK for `expect` went out */
	uint8_t cache_ok[ROBOT_WINDOW];
	uint8_t cache_len[ROBOT_WINDOW];
	uint8_t cache[ROBOT_WINDOW][WIRE_FRAME_MAX];
	/* requests that came ahead of a lost one, kept until it is resent
	 * (selective repeat): slot seq % (ROBOT_WINDOW - 1); ahead_ok is 2
	 * when the same request came twice (to be answered twice) */
	uint8_t ahead_ok[ROBOT_WINDOW - 1];
	struct wire_frame ahead[ROBOT_WINDOW - 1];
	uint32_t nak_ms;		/* when the last NAK went out */
	uint32_t rx_ms;			/* when the last bytes came */
	uint8_t damage;			/* dec.damage when we last looked */
	struct plan_store store;
	struct plan plan;		/* the stored plan, in plan_ram */
	uint8_t plan_ready;		/* plan is valid and fits the RAM */
	struct motion motion;
	int32_t command[ROBOT_JOINTS_MAX];	/* what the joints were told */
	/* the plan loop (planloop.c) */
	struct planner planner;
	uint8_t running;
	uint16_t rate;			/* plan cycles a second */
	uint32_t cycle;
	uint32_t next_cycle_ms, last_tick_ms;
	uint32_t start_ms, cycle_ms;	/* START; the cycle's, since then */
	uint8_t monitor_mask;		/* bit k: send event kind k */
	/* runtime control (control.c) */
	uint8_t paused;			/* cycles wait (motion holds) */
	uint8_t elem_monitor;		/* the elements' own flags choose
					   what they report (ELEM_MONITOR) */
	uint16_t step_left;		/* paused, yet run this many cycles */
	uint32_t paused_ms;		/* when the pause began */
	struct wire_events events;	/* the batch being filled */
	/* the plan's move in progress (armio.c) */
	uint16_t move_action;		/* the action it is for, 0: none */
	int16_t move_value;
	int32_t move_target[ROBOT_JOINTS_MAX];
	int32_t move_seen[ROBOT_JOINTS_MAX];
	uint32_t requests;		/* requests handled (not resends) */
	/* the sense stream (telemetry.c): period 0 is off */
	uint16_t telemetry_ms;
	uint8_t telemetry_seq;
	uint32_t telemetry_next;
};

/* Read the plan store and hold the arm where the encoders say it is. */
void robot_init(struct robot *r, const struct robot_hw *hw);

/* Bytes from the UART, in order, any amount at a time. */
void robot_rx(struct robot *r, const uint8_t *bytes, size_t n);

/* The UART has been quiet for a while (say 20 byte times): a frame start
 * we are holding was noise. */
void robot_rx_idle(struct robot *r);

/* Advance time: steps, plan cycles. */
void robot_tick(struct robot *r);

/* enum wire_flag bits describing the robot now. */
uint8_t robot_flags(struct robot *r);

/* Largest plan the robot takes: a store slot, or its plan RAM. */
uint32_t robot_capacity(const struct robot *r);

/* Read the stored plan into RAM and validate it (sets plan_ready). */
void robot_load_plan(struct robot *r);

/*
 * Commit a verified upload only if it is a plan the robot can run: it is
 * read into the plan RAM and validated first; on refusal the stored plan
 * is read back in.  0 or an enum wire_error code.
 */
int robot_commit_plan(struct robot *r);

#endif
