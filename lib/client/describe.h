/*
 * describe.h - what the robot says it is (DESCRIBE, wire/desc.h), read
 * whole on the host and kept by its CRC-32: its senses, actions and
 * joints by id with names (made safe to print: no control bytes, no
 * broken UTF-8).  Read a page at a time (DESCRIBE_PAGE), or an entry at a
 * time from robots before pages; a fetch can also run inside another
 * conversation (upload.c asks for pages between the plan's chunks).
 */
#ifndef SPINE_CLIENT_DESCRIBE_H
#define SPINE_CLIENT_DESCRIBE_H

#include <stddef.h>
#include <stdint.h>

#include "client/status.h"

#include "wire/desc.h"

struct client;

#define CLIENT_DESC_MAX 64	/* entries we take from a robot */

struct client_desc {
	struct wire_desc e[CLIENT_DESC_MAX];
	int n;
	uint32_t crc;		/* of the entries, as the robot reports it */
	int have;		/* e[] is the description of CRC crc */
	int none;		/* the robot does not describe itself */
};

/* A fetch under way: the requests to send and the replies to take. */
struct client_desc_fetch {
	struct client_desc *d;
	uint8_t paged;		/* DESCRIBE_PAGE; 0: DESCRIBE, an entry each */
	uint8_t want;		/* pages (entries) to read; 0: not known yet */
	uint8_t next;		/* the next one to ask for */
	uint8_t got;		/* replies taken */
	uint8_t done;
	uint32_t crc;		/* the robot's, from the pages */
};

void client_desc_fetch_begin(struct client_desc_fetch *f,
    struct client_desc *d);

/* The next request to send now, if any: 1 with *type and the payload
   (one byte) filled; 0 when the replies must come first, or it is done. */
int client_desc_fetch_next(struct client_desc_fetch *f, uint8_t *type,
    uint8_t *payload);

/* Take the reply to the oldest request of the fetch; CLIENT_OK, or a
   malformed reply (said). */
enum client_status client_desc_fetch_take(struct client *cl,
    struct client_desc_fetch *f, const struct wire_frame *reply);

/*
 * cl->desc made current: kept when PLAN_INFO reports the CRC it was read
 * under, else read again.  CLIENT_OK (cl->desc.none when the robot does
 * not describe itself), or a link failure or bad reply.
 */
enum client_status client_describe(struct client *cl);

/* The entry of `kind` (enum wire_desc_kind) that has `id`, or NULL. */
const struct wire_desc *client_desc_find(const struct client_desc *d,
    uint8_t kind, uint16_t id);

/* The name of `id` in entry e ('#' made the id's number in its range). */
void client_desc_name(const struct wire_desc *e, uint16_t id, char *buf,
    size_t len);

/* Make a robot's text safe for a terminal or a CSV file: every control
   byte and every byte that is not part of valid UTF-8 becomes '?'. */
void client_sanitize(char *s);

#endif
