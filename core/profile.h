/*
 * profile.h - what a build of the portable core carries (portable core).
 * A chip with 32 KiB of flash and 2 KiB of RAM (the Uno's ATmega328P) gets
 * the small profile unless the build says otherwise: 8-bit plans only, no
 * task sections, no runtime control, no streamed setpoints, a window of two
 * requests, no CRC tables.  Included first by the headers whose defaults it sets (plan,
 * planner, robot), so every file of a build sees the same choices.
 */
#ifndef SPINE_PROFILE_H
#define SPINE_PROFILE_H

#ifndef SPINE_SMALL
#if defined(__AVR_ATmega328P__) || defined(__AVR_ATmega328__) || \
    defined(__AVR_ATmega328PB__)
#define SPINE_SMALL 1
#else
#define SPINE_SMALL 0
#endif
#endif

#if SPINE_SMALL
/* Every function inlined into its one caller piles its locals into that
 * caller's frame: a request's handlers into robot_handle, all at once.
 * Kept apart, the deepest stack (a commit's plan check) is 160 bytes
 * shallower, for 1 KiB of flash.  (avr-gcc; other compilers skip it.) */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize ("no-inline-functions-called-once")
#endif
/* core/plan: a plan with a task section is refused (PLAN_E_TASK). */
#ifndef PLAN_TASKS
#define PLAN_TASKS 0
#endif
/* core/planner: 16-bit plans are refused at planner_init. */
#ifndef PLANNER_WIDTHS
#define PLANNER_WIDTHS 1
#endif
/* core/robot: PRIO, ELEM_MONITOR, COUNTERS, STATE, PAUSE and RATE, and
 * STREAM and SETPOINT, are requests of an unknown type. */
#ifndef ROBOT_CONTROL
#define ROBOT_CONTROL 0
#endif
#ifndef ROBOT_STREAM
#define ROBOT_STREAM 0
#endif
#ifndef ROBOT_WINDOW
#define ROBOT_WINDOW 2
#endif
#ifndef ROBOT_JOINTS_MAX
#define ROBOT_JOINTS_MAX 3
#endif
/* core/plan: CRC-32 a bit at a time, not from 128 bytes of tables (an
 * AVR copies const tables to RAM). */
#ifndef PLAN_CRC_TABLES
#define PLAN_CRC_TABLES 0
#endif
/* core/plan: the cycle check's marks (2 bits a pattern or competence)
 * for the few a plan in this RAM can hold, and a shorter search path:
 * 44 bytes of stack, not 184. */
#ifndef PLAN_NEST_NODES
#define PLAN_NEST_NODES 64u
#endif
#ifndef PLAN_NEST_PATH
#define PLAN_NEST_PATH 4
#endif
#endif

/* A Cortex-M (a micro:bit's 16 KiB, a Pico's 264): the plan check's marks
 * for 512 patterns and competences, as on the Mega, not 65535 (16 KiB of
 * stack, all a micro:bit has). */
#if defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
#ifndef PLAN_NEST_NODES
#define PLAN_NEST_NODES 512u
#endif
#ifndef PLAN_NEST_PATH
#define PLAN_NEST_PATH 8
#endif
#endif

/* core/robot: a board that gives no body (robot_hw.body) has the arm's
 * (robot_arm_body).  Off, a board must give one, and one that never gives
 * the arm links none of it: the Uno firmware, and the Arduino library,
 * whose sketches name theirs. */
#ifndef ROBOT_ARM
#if defined(ARDUINO)
#define ROBOT_ARM 0
#else
#define ROBOT_ARM 1
#endif
#endif
#ifndef PLAN_TASKS
#define PLAN_TASKS 1
#endif
#ifndef PLAN_CRC_TABLES
#define PLAN_CRC_TABLES 1
#endif
#ifndef ROBOT_CONTROL
#define ROBOT_CONTROL 1
#endif
#ifndef ROBOT_STREAM
#define ROBOT_STREAM 1
#endif
/* core/robot: with runtime control, COUNTERS_SPARSE and STATE_PACKED too
 * (1.1 KiB of AVR flash; without them a host asks COUNTERS and STATE, as
 * armctl does when they are unknown: the Uno firmware's choice). */
#ifndef ROBOT_CONTROL_PACKED
#define ROBOT_CONTROL_PACKED ROBOT_CONTROL
#endif

#endif
