/*
 * evlog.h - the event log: the planner's transparency stream written and
 * read in one shape (CSV, and a JSON-lines twin with the same keys).
 * planrun --log, armctl monitor and later producers write it; planrun
 * --replay and the viewers read it.  Host code.
 *
 * One line per event, in the order the planner made them:
 *
 *	cycle,time_ms,event,type,id,name,sense,sense_id,value,released,latch,reason
 *
 *   cycle     the plan cycle (a whole number, never decreasing within a
 *             run; 0 on a B line)
 *   time_ms   the run's clock at that cycle; empty when the producer has
 *             none (armctl: the lines it writes on joining a running plan)
 *   event     E executed, S success, P in progress, F fail, Z error,
 *             R releaser check, I a cycle in which no drive ran,
 *             Q a drive's runtime priority set from outside the planner
 *             (logged with the cycle before which it takes effect: after
 *             the previous cycle's lines, before that cycle's),
 *             B a run boundary: what follows is a new run of the plan,
 *             whose cycles count afresh (written when the plan starts or
 *             restarts, and when a log joins or rejoins a running plan)
 *   type      AP APE C CE D A (for R: the releaser's owner, D or CE;
 *             for Q: D); empty for I and B
 *   id, name  the element's id and name ("#<id>" where the plan has none)
 *   sense, sense_id   R: the sense read (both empty for TR and FL, which
 *             read none)
 *   value     R: the value read (0 for TR and FL); Q: the new priority
 *   released  R: 1 when the releaser released (its latch is now this)
 *   latch     R: 1 when the latch was set as the check began, so the
 *             hysteresis moved the threshold (a latch held it)
 *   reason    F and Z: why, in words (evlog_why_text); B: how the run
 *             began (evlog_run_text: start, join, reconnect)
 *
 * Fields that do not apply are empty (null in JSON lines).
 */
#ifndef SPINE_EVLOG_H
#define SPINE_EVLOG_H

#include <stdint.h>
#include <stdio.h>

#include "host/csv.h"
#include "host/jsonl.h"
#include "host/table.h"
#include "planner/planner.h"
#include "evlog/names.h"
#include "wire/msg.h"

enum evlog_format { EVLOG_CSV, EVLOG_JSONL };

/* "csv" or "jsonl"; 0, or -1 for anything else. */
int evlog_format_parse(const char *s, enum evlog_format *f);

#define EVLOG_NCOLS 12

/* The column names, in order (also the JSON keys). */
extern const char *const evlog_columns[EVLOG_NCOLS];

struct evlog_event {
	long cycle;
	long time_ms;		/* -1: unknown */
	uint8_t kind;		/* PLANNER_EV_*, PLAN_EV_IDLE, PLAN_EV_PRIORITY,
				   PLAN_EV_RUN */
	uint8_t type;		/* enum plan_type (not used for I) */
	uint16_t id;		/* the element's id */
	const char *name;	/* NULL: written as "#<id>" */
	/* R events: */
	uint8_t has_sense;	/* a sense was read (not TR or FL) */
	uint16_t sense_id;
	const char *sense;	/* NULL: written as "#<sense_id>" */
	int16_t value;
	uint8_t released, latch;
	/* F and Z events: */
	uint8_t why;		/* enum planner_why */
	/* Q events: */
	uint16_t priority;	/* the drive's new runtime priority */
	/* B events: */
	uint8_t run;		/* enum evlog_run: how the run began */
	uint8_t implied;	/* read: no B line, the cycles went back to 1 */
};

/*
 * How a run begins (a B line's reason).  start: the plan starts from its
 * first cycle (its state fresh).  join: the log begins on a plan already
 * running (a monitor attached to a robot).  reconnect: the link to the
 * robot came back; its plan may have gone on, or restarted, meanwhile.
 */
enum evlog_run { EVLOG_RUN_START, EVLOG_RUN_JOIN, EVLOG_RUN_RECONNECT,
    EVLOG_RUN_COUNT };

/* "start", "join", "reconnect"; "" for other codes. */
const char *evlog_run_text(uint8_t run);
/* The word back to its code; -1 when it is none of them. */
int evlog_run_parse(const char *text);

/* "retry limit reached", ...; "" for PLANNER_WHY_NONE or unknown codes. */
const char *evlog_why_text(uint8_t why);
/* The text back to its code; -1 when it is none of them. */
int evlog_why_parse(const char *text);

/* ---- producers' events (convert.c) ------------------------------------ */

/* A planner event as a log event; n names the plan the planner runs
   (the names stay n's). */
void evlog_from_planner(struct evlog_event *e, const struct names *n,
    const struct planner_event *pe, long cycle, long time_ms);

/* A robot's monitor event (core/wire) as a log event; n may be NULL
   (then every name is "#<id>"). */
void evlog_from_wire(struct evlog_event *e, const struct names *n,
    const struct wire_event *we, long cycle);

/* A Q event: drive `id` (named `name`) gets runtime priority `priority`
   before cycle `cycle` runs. */
void evlog_priority(struct evlog_event *e, uint16_t id, const char *name,
    uint16_t priority, long cycle, long time_ms);

/* A B event: a new run of the plan begins (how), at time_ms (-1 when
   the producer has no clock). */
void evlog_run_begins(struct evlog_event *e, enum evlog_run how,
    long time_ms);

/* ---- writing (write.c) ------------------------------------------------ */

struct evlog {
	struct table t;
	int live;		/* not a regular file: flush every cycle */
};

/* Start a log on fp (the caller keeps fp); header: the CSV header line. */
void evlog_open(struct evlog *w, FILE *fp, enum evlog_format f, int header);
void evlog_write(struct evlog *w, const struct evlog_event *e);
/* The cycle is over: out it goes when the log is read live.  0, or -1
   when a write failed (errno says why). */
int evlog_end_cycle(struct evlog *w);
/* Write out what is buffered; 0, or -1 when any write failed. */
int evlog_flush(struct evlog *w);

/*
 * The run boundary, the one call every producer makes: whenever the plan
 * starts or restarts (planrun and worldsim at their start, a robot's
 * `start`), when a log joins a plan already running, and when the link
 * to a robot comes back (how says which), before the new run's first
 * event.  time_ms -1 when unknown.  A log read live gets it at once.
 * 0, or -1 when a write failed (errno says why).
 */
int evlog_write_run(struct evlog *w, enum evlog_run how, long time_ms);

/* ---- reading (read.c) ------------------------------------------------- */

#define EVLOG_NAME_MAX 255

struct evlog_reader {
	FILE *fp;
	enum evlog_format format;	/* found from the first line */
	struct csv_reader csv;
	int col[EVLOG_NCOLS];		/* CSV: column of each field */
	struct jsonl_reader json;	/* JSON lines */
	long line;			/* the line of the last event read */
	long last_cycle;		/* in the current run */
	struct evlog_event held;	/* read, after an implied B */
	int have_held;
	long implied_line;	/* the first line an implied B came before */
	/* after evlog_read returned -1: where and why */
	long err_line, err_col;
	char error[160];
	/* after it returned 0: the line of a last line cut short (ignored),
	   or 0 */
	long truncated;
	char name[EVLOG_NAME_MAX + 1], sense[EVLOG_NAME_MAX + 1];
};

/*
 * Start reading fp (the caller keeps it): a CSV header naming every
 * column (in any order; more columns are allowed), or a first line that
 * is a JSON object.  0, or -1 with err_line, err_col and error set.
 */
int evlog_reader_open(struct evlog_reader *r, FILE *fp);
void evlog_reader_close(struct evlog_reader *r);

/*
 * The next event into *e (its names point into r until the next call):
 * 1, 0 at the end (r->truncated set when the last line had no line end
 * and was left out), -1 for a bad line (err_line, err_col, error).
 * Cycles never go back within a run; after a B line they count afresh.
 * A log without B lines (written before they existed) whose cycles go
 * back to 1 gets a B (start) with implied set before that line, and
 * implied_line says where; any other step back is refused, with what to
 * do in the message.
 */
int evlog_read(struct evlog_reader *r, struct evlog_event *e);

#endif
