/*
 * control.h - steering the robot's plan (man/spine-protocol.7, START,
 * STOP, PRIO .. RATE, CONFIG): one request each, the robot's control
 * errors said in words; and the paged tables (COUNTERS, STATE), asked
 * for a window at a time.  armctl start, stop, prio, mon, counters,
 * state, pause, resume, step, rate and config.
 */
#ifndef SPINE_CLIENT_CONTROL_H
#define SPINE_CLIENT_CONTROL_H

#include <stdint.h>

#include "client/client.h"
#include "plan/plan.h"
#include "wire/desc.h"

/* client_call, but an unknown element is bad data (CLIENT_DATA) and a
   plan that is not running or not paused is said so (CLIENT_FAILED). */
enum client_status client_control(struct client *cl, uint8_t type,
    const uint8_t *payload, uint8_t len, struct wire_frame *reply,
    const char *doing);

/* Event letters (E S P F Z R) into a monitor mask (MONITOR,
   ELEM_MONITOR, CONFIG): 0, or -1 for any other letter; and a mask back
   to letters (out: 8 bytes). */
int client_event_mask(const char *letters, uint8_t *mask);
void client_event_letters(uint8_t mask, char *out);

/* The status for a control request's ERROR reply, said. */
enum client_status client_control_refused(struct client *cl,
    const struct wire_frame *reply, const char *doing);

/* START at `rate` cycles a second (0: the robot's default); STOP. */
enum client_status client_start(struct client *cl, uint16_t rate);
enum client_status client_stop(struct client *cl);

/* PRIO: drive `drive`'s runtime priority into *priority; with set, to
   *priority first (the robot's clamped value comes back). */
enum client_status client_prio(struct client *cl, uint16_t drive, int set,
    uint16_t *priority);

/* ELEM_MONITOR of m->type, m->id (m->set: to m->flags); *m the answer.
   With type WIRE_ELEM_ALL and set: every element back to its plan's. */
enum client_status client_elem_monitor(struct client *cl,
    struct wire_elem_monitor *m);

/* PAUSE with `op` (enum wire_pause_op); the robot's answer into *a. */
enum client_status client_pause(struct client *cl, uint8_t op,
    uint16_t steps, struct wire_paused *a, const char *doing);

/* STEP n cycles of the paused plan, waiting (a bounded while) until
   they ran; *a as it then stands. */
enum client_status client_step(struct client *cl, uint16_t n,
    struct wire_paused *a);

/* The run's header (STATE): rate, cycle, flags. */
enum client_status client_run_state(struct client *cl, struct wire_state *m,
    const char *doing);

/* The same, where a robot that answers no control request (a small
   build: the Uno's) is no error: *none is set and nothing is said. */
enum client_status client_run_state_or_none(struct client *cl,
    struct wire_state *m, int *none, const char *doing);

/* RATE: cycles a second of the running plan. */
enum client_status client_set_rate(struct client *cl, uint16_t hz);

/* CONFIG: read (set NULL) or store *set; the robot's into *now. */
enum client_status client_config(struct client *cl,
    const struct wire_config *set, struct wire_config *now);

/* The tables of the running plan, type by type, as many pages in flight
   as the window takes. */
struct client_table {
	uint8_t msg;			/* WIRE_COUNTERS or WIRE_STATE */
	uint8_t ntypes;
	uint8_t types[PLAN_NTYPES];	/* asked for, in this order */
	uint16_t total[PLAN_NTYPES];	/* rows of types[i] */
	struct wire_counter *counter[PLAN_NTYPES];	/* COUNTERS */
	struct wire_state_row *state[PLAN_NTYPES];	/* STATE */
	struct wire_state head;		/* STATE: the run, as last said */
};

/* Fill t (msg, ntypes and types set); CLIENT_OK or a failure, said.
   client_table_of sets them first: table msg, types[n]. */
enum client_status client_table(struct client *cl, struct client_table *t,
    const char *doing);
enum client_status client_table_of(struct client *cl,
    struct client_table *t, uint8_t msg, const uint8_t *types, uint8_t n,
    const char *doing);
void client_table_free(struct client_table *t);

/*
 * With the robot's plan at hand (names.h found it by CRC), packed.c:
 * t filled by COUNTERS_SPARSE or STATE_PACKED, the ids and zero counters
 * from the plan: 1 and *st; 0 when the plan is not at hand or the robot
 * is older than those messages (then table.c pages as before).  And t's
 * ids alone, every counter 0, asking the robot nothing.
 */
int client_table_known(struct client *cl, struct client_table *t,
    const char *doing, enum client_status *st);
int client_table_ids(struct client *cl, struct client_table *t,
    enum client_status *st);

/* Every element's monitor flags, in plan order: fn for each answer (a
   nonzero return stops). */
typedef int client_mon_fn(void *ctx, const struct wire_elem_monitor *m);
enum client_status client_mon_list(struct client *cl, client_mon_fn *fn,
    void *ctx);

#endif
