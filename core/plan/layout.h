/*
 * layout.h - where every byte of a .plan sits: header offsets, record
 * sizes and field offsets, for both id widths.  The one place they are
 * written down; encoder, decoder, accessors, planner and tools use these.
 *
 * All little-endian, no padding; W = id width, 1 or 2 bytes.  The stream:
 *
 *   header          PLAN_HEADER_SIZE bytes: "SPLN", version, W, flags,
 *                   global monitor, six u16 counts (AP APE C CE D A), u32
 *                   names size, u32 task size, u16 APE-list and CE-list
 *                   lengths
 *   AP table        count[AP]  x PLAN_AP_SIZE(W)   id first count monitor
 *   APE table       count[APE] x PLAN_APE_SIZE(W)  id parent child order
 *                                                  monitor
 *   C table         count[C]   x PLAN_C_SIZE(W)    id flags first count
 *                                                  monitor
 *   CE table        count[CE]  x PLAN_CE_SIZE(W)   id parent child priority
 *                                                  retry releaser monitor
 *   D table         count[D]   x PLAN_D_SIZE(W)    id child priority
 *                                                  interval releaser ramp-inc
 *                                                  urgency ramp-interval
 *                                                  monitor
 *   A table         count[A]   x PLAN_A_SIZE(W)    id action value monitor
 *   APE list        W bytes per APE that has a parent: APE indices grouped by
 *                   AP (AP i owns entries first..first+count-1), ascending
 *   CE list         the same for competences and their CEs
 *   names           optional (flag PLAN_F_NAMES): entries sorted by (kind, key)
 *   task section    optional (flag PLAN_F_TASK): the task layout below
 *   CRC-32          PLAN_CRC_SIZE bytes over everything before it
 *
 * Each field's offset is the previous field's offset plus its size, so a
 * record's size is where its last field ends: nothing is counted twice.
 * man/plan.5 documents the same layout for people; test/unit/
 * plan_layout_test.c checks both against a plan laid out by hand.
 * Portable C99, macros only.
 */
#ifndef SPINE_PLAN_LAYOUT_H
#define SPINE_PLAN_LAYOUT_H

/* Header: fixed offsets from the start of the plan. */
#define PLAN_H_MAGIC 0		/* 4 bytes "SPLN" */
#define PLAN_H_VERSION 4	/* u8 */
#define PLAN_H_WIDTH 5		/* u8 id width W: 1 or 2 */
#define PLAN_H_FLAGS 6		/* u8 PLAN_F_* */
#define PLAN_H_MONITOR 7	/* u8 global monitor flags */
#define PLAN_H_COUNTS 8		/* 6 x u16, by enum plan_type */
#define PLAN_H_COUNT(t) (PLAN_H_COUNTS + 2 * (t))
#define PLAN_H_NAMES_SIZE PLAN_H_COUNT(6)	/* u32, after the counts */
#define PLAN_H_TASK_SIZE (PLAN_H_NAMES_SIZE + 4)	/* u32 */
#define PLAN_H_APE_LIST (PLAN_H_TASK_SIZE + 4)	/* u16 entries */
#define PLAN_H_CE_LIST (PLAN_H_APE_LIST + 2)	/* u16 entries */
#define PLAN_HEADER_SIZE (PLAN_H_CE_LIST + 2)	/* 32 */
#define PLAN_CRC_SIZE 4

/* The smallest plan: a header and a CRC, nothing between. */
#define PLAN_MIN_SIZE (PLAN_HEADER_SIZE + PLAN_CRC_SIZE)

/* Inside a record: a link to a child is a type byte, then a W index. */
#define PLAN_REF_TYPE 0
#define PLAN_REF_INDEX 1
#define PLAN_REF_SIZE(w) (1 + (w))

/* A releaser: sense id (W), comparator (u8), value, hysteresis, flex
   (i16 each). */
#define PLAN_REL_SENSE 0
#define PLAN_REL_CMP(w) (w)
#define PLAN_REL_VALUE(w) (PLAN_REL_CMP(w) + 1)
#define PLAN_REL_HYST(w) (PLAN_REL_VALUE(w) + 2)
#define PLAN_REL_FLEX(w) (PLAN_REL_HYST(w) + 2)
#define PLAN_REL_SIZE(w) (PLAN_REL_FLEX(w) + 2)	/* W+7 */

/* Every record starts with its element id (W bytes). */
#define PLAN_ID 0

/* AP: id, first and count (in the APE list), monitor. */
#define PLAN_AP_FIRST(w) (w)
#define PLAN_AP_COUNT(w) (PLAN_AP_FIRST(w) + (w))
#define PLAN_AP_MONITOR(w) (PLAN_AP_COUNT(w) + (w))
#define PLAN_AP_SIZE(w) (PLAN_AP_MONITOR(w) + 1)	/* 3W+1 */

/* APE: id, parent (AP index), child, order, monitor. */
#define PLAN_APE_PARENT(w) (w)
#define PLAN_APE_CHILD(w) (PLAN_APE_PARENT(w) + (w))
#define PLAN_APE_ORDER(w) (PLAN_APE_CHILD(w) + PLAN_REF_SIZE(w))
#define PLAN_APE_MONITOR(w) (PLAN_APE_ORDER(w) + (w))
#define PLAN_APE_SIZE(w) (PLAN_APE_MONITOR(w) + 1)	/* 4W+2 */

/* C: id, flags (bit 0: OR within priority groups), first, count, monitor. */
#define PLAN_C_FLAGS(w) (w)
#define PLAN_C_FIRST(w) (PLAN_C_FLAGS(w) + 1)
#define PLAN_C_COUNT(w) (PLAN_C_FIRST(w) + (w))
#define PLAN_C_MONITOR(w) (PLAN_C_COUNT(w) + (w))
#define PLAN_C_SIZE(w) (PLAN_C_MONITOR(w) + 1)	/* 3W+2 */

/* CE: id, parent (C index), child, priority, retry (u8), releaser,
   monitor. */
#define PLAN_CE_PARENT(w) (w)
#define PLAN_CE_CHILD(w) (PLAN_CE_PARENT(w) + (w))
#define PLAN_CE_PRIORITY(w) (PLAN_CE_CHILD(w) + PLAN_REF_SIZE(w))
#define PLAN_CE_RETRY(w) (PLAN_CE_PRIORITY(w) + (w))
#define PLAN_CE_RELEASER(w) (PLAN_CE_RETRY(w) + 1)
#define PLAN_CE_MONITOR(w) (PLAN_CE_RELEASER(w) + PLAN_REL_SIZE(w))
#define PLAN_CE_SIZE(w) (PLAN_CE_MONITOR(w) + 1)	/* 5W+10 */

/* D: id, child, priority, interval (u16), releaser, ramp increment,
   urgency, ramp interval, monitor. */
#define PLAN_D_CHILD(w) (w)
#define PLAN_D_PRIORITY(w) (PLAN_D_CHILD(w) + PLAN_REF_SIZE(w))
#define PLAN_D_INTERVAL(w) (PLAN_D_PRIORITY(w) + (w))
#define PLAN_D_RELEASER(w) (PLAN_D_INTERVAL(w) + 2)
#define PLAN_D_RAMP_INC(w) (PLAN_D_RELEASER(w) + PLAN_REL_SIZE(w))
#define PLAN_D_URGENCY(w) (PLAN_D_RAMP_INC(w) + (w))
#define PLAN_D_RAMP_INTERVAL(w) (PLAN_D_URGENCY(w) + (w))
#define PLAN_D_MONITOR(w) (PLAN_D_RAMP_INTERVAL(w) + (w))
#define PLAN_D_SIZE(w) (PLAN_D_MONITOR(w) + 1)	/* 7W+11 */

/* A: id, robot action id (W), action value (i16), monitor. */
#define PLAN_A_ACTION(w) (w)
#define PLAN_A_VALUE(w) (PLAN_A_ACTION(w) + (w))
#define PLAN_A_MONITOR(w) (PLAN_A_VALUE(w) + 2)
#define PLAN_A_SIZE(w) (PLAN_A_MONITOR(w) + 1)	/* 2W+3 */

/* Record sizes by enum plan_type, as an initializer for a table. */
#define PLAN_RECORD_SIZES(w) { PLAN_AP_SIZE(w), PLAN_APE_SIZE(w), \
	PLAN_C_SIZE(w), PLAN_CE_SIZE(w), PLAN_D_SIZE(w), PLAN_A_SIZE(w) }

/* A name-table entry: kind (u8), key (W), length (u8), the bytes. */
#define PLAN_NAME_KIND 0
#define PLAN_NAME_KEY 1
#define PLAN_NAME_LEN(w) (PLAN_NAME_KEY + (w))
#define PLAN_NAME_TEXT(w) (PLAN_NAME_LEN(w) + 1)
#define PLAN_NAME_ENTRY_SIZE(w, len) (PLAN_NAME_TEXT(w) + (len))

/*
 * The task section (task.h); offsets from the start of the section.
 * D = number of axes.
 */
#define TASK_H_AXES 0				/* u8 D */
#define TASK_H_OBJECTS (TASK_H_AXES + 1)		/* u8 */
#define TASK_H_ACTIONS (TASK_H_OBJECTS + 1)		/* u16 */
#define TASK_H_VARIABLES (TASK_H_ACTIONS + 2)		/* u16 */
#define TASK_H_POINTS (TASK_H_VARIABLES + 2)		/* u16 */
#define TASK_H_DECISIONS (TASK_H_POINTS + 2)		/* u16 */
#define TASK_H_CHECKS (TASK_H_DECISIONS + 2)		/* u16 */
#define TASK_H_RECORDS (TASK_H_CHECKS + 2)		/* u16 */
#define TASK_H_START (TASK_H_RECORDS + 2)		/* u16 action */
#define TASK_H_STRINGS (TASK_H_START + 2)		/* u16 size */
#define TASK_H_RESERVED (TASK_H_STRINGS + 2)		/* u16, 0 */
#define TASK_HEADER_SIZE (TASK_H_RESERVED + 2)	/* 20 */

/* A target: kind (u8), action (u16), delay (u16). */
#define TASK_TARGET_KIND 0
#define TASK_TARGET_ACTION 1
#define TASK_TARGET_DELAY (TASK_TARGET_ACTION + 2)
#define TASK_TARGET_SIZE (TASK_TARGET_DELAY + 2)

/* An operand: VALUE i32; VAR u16 variable, u8 axis, u8 0. */
#define TASK_OPERAND_VALUE 0
#define TASK_OPERAND_VAR 0
#define TASK_OPERAND_AXIS (TASK_OPERAND_VAR + 2)
#define TASK_OPERAND_PAD (TASK_OPERAND_AXIS + 1)
#define TASK_OPERAND_SIZE (TASK_OPERAND_PAD + 1)

/* A point component: kind (u8), operand. */
#define TASK_COMP_KIND 0
#define TASK_COMP_OPERAND 1
#define TASK_POINT_COMP_SIZE (TASK_COMP_OPERAND + TASK_OPERAND_SIZE)
/* A state component: a point component, then an i32 threshold. */
#define TASK_COMP_THRESHOLD TASK_POINT_COMP_SIZE
#define TASK_STATE_COMP_SIZE (TASK_COMP_THRESHOLD + 4)

/* Action: u16 first point, points, first decision, decisions, u8 verify,
   u16 misses, i32 tolerance, u16 reset limit, target reset. */
#define TASK_A_FIRST_POINT 0
#define TASK_A_POINTS (TASK_A_FIRST_POINT + 2)
#define TASK_A_FIRST_DECISION (TASK_A_POINTS + 2)
#define TASK_A_DECISIONS (TASK_A_FIRST_DECISION + 2)
#define TASK_A_VERIFY (TASK_A_DECISIONS + 2)
#define TASK_A_MISSES (TASK_A_VERIFY + 1)
#define TASK_A_TOLERANCE (TASK_A_MISSES + 2)
#define TASK_A_RESET_LIMIT (TASK_A_TOLERANCE + 4)
#define TASK_A_RESET (TASK_A_RESET_LIMIT + 2)
#define TASK_ACTION_SIZE (TASK_A_RESET + TASK_TARGET_SIZE)	/* 22 */

/* Point: D point components. */
#define TASK_POINT_SIZE(d) (TASK_POINT_COMP_SIZE * (d))

/* Decision: u16 after, target match, target mismatch, u16 first check,
   u8 checks, u16 first record, u8 records, D state components. */
#define TASK_D_AFTER 0
#define TASK_D_MATCH 2
#define TASK_D_MISMATCH (TASK_D_MATCH + TASK_TARGET_SIZE)
#define TASK_D_FIRST_CHECK (TASK_D_MISMATCH + TASK_TARGET_SIZE)
#define TASK_D_CHECKS (TASK_D_FIRST_CHECK + 2)
#define TASK_D_FIRST_RECORD (TASK_D_CHECKS + 1)
#define TASK_D_RECORDS (TASK_D_FIRST_RECORD + 2)
#define TASK_D_ARM (TASK_D_RECORDS + 1)		/* 18 */
#define TASK_DECISION_SIZE(d) (TASK_D_ARM + TASK_STATE_COMP_SIZE * (d))

/* Check: u8 object, D state components. */
#define TASK_C_OBJECT 0
#define TASK_C_COMPS 1
#define TASK_CHECK_SIZE(d) (TASK_C_COMPS + TASK_STATE_COMP_SIZE * (d))

/* Record: u16 variable, u8 source. */
#define TASK_R_VAR 0
#define TASK_R_SOURCE (TASK_R_VAR + 2)
#define TASK_RECORD_SIZE (TASK_R_SOURCE + 1)

/* A string-table entry: u8 length, the bytes. */
#define TASK_STRING_LEN 0
#define TASK_STRING_TEXT 1
#define TASK_STRING_SIZE(len) (TASK_STRING_TEXT + (len))

#endif
