/*
 * telemetry.h - the robot's senses at a period (TELEMETRY, SENSES
 * frames): the columns named from its description (made safe to print),
 * each frame a row of values on the robot's clock, the stream bounded by
 * listen.h's rule, frames lost on the line counted.  armctl telemetry.
 */
#ifndef SPINE_CLIENT_TELEMETRY_H
#define SPINE_CLIENT_TELEMETRY_H

#include <stdint.h>

#include "client/listen.h"
#include "wire/desc.h"

/* One row: the robot's milliseconds since the first row, the values in
   column order. */
typedef void client_row_fn(void *ctx, uint32_t ms, const int16_t *v, int n);

struct client_telemetry {
	long every_ms;		/* the period asked for */
	client_row_fn *row;
	void *ctx;
	struct client_listen listen;	/* count, duration, flush set */
	/* the columns, from client_telemetry_columns */
	char name[WIRE_SENSES_MAX][WIRE_DESC_NAME_MAX + 8];
	int n;
	/* out */
	unsigned long lost;	/* frames the line lost */
	/* (kept while it runs) */
	struct client *cl;
	uint32_t t0;
	uint8_t next_seq;
	int started;
};

/* The sense columns, in the order SENSES gives the values (DESCRIBE's);
   CLIENT_FAILED (said) for a robot that does not describe itself. */
enum client_status client_telemetry_columns(struct client *cl,
    struct client_telemetry *t);

/* Senses every t->every_ms until the count or the duration; the stream
   off again at the end. */
enum client_status client_telemetry(struct client *cl,
    struct client_telemetry *t);

#endif
