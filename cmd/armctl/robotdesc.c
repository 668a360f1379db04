/*
 * robotdesc.c - reading the robot's self-description entry by entry
 * (DESCRIBE is paged: one entry a request) and naming its ids.  Used by
 * describe.c, match.c and telemetry.c.
 */
#include <stdio.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "robotdesc.h"

/* One entry; 0, ROBOTDESC_NONE, or an exit status. */
static int
read_entry(struct ctl *c, uint8_t k, struct wire_desc *d)
{
	struct wire_frame reply;

	if (wire_call(&c->s, WIRE_DESCRIBE, &k, 1, &reply) != 0)
		return ctl_link_failed(c, "describe");
	if (reply.type == WIRE_ERROR && reply.len >= 2 &&
	    reply.payload[1] == WIRE_E_UNKNOWN)
		return ROBOTDESC_NONE;
	if (reply.type == WIRE_ERROR)
		return ctl_robot_error(&reply, "describe");
	if (wire_desc_decode(d, reply.payload, reply.len) != 0 ||
	    d->index != k) {
		warnx_tool("describe: the robot sent a malformed entry %u",
		    (unsigned)k);
		return EXIT_IOERR;
	}
	return 0;
}

int
robotdesc_read(struct ctl *c, struct robotdesc *rd)
{
	uint8_t total = 1, k;
	int r;

	rd->n = 0;
	for (k = 0; k < total; k++) {
		if ((r = read_entry(c, k, &rd->e[k])) != 0)
			return r;
		if (k == 0)
			total = rd->e[0].total;
		if (rd->e[k].total != total || total > ROBOTDESC_MAX) {
			warnx_tool("describe: the robot's entry count "
			    "changed or is too large (%u)", (unsigned)total);
			return EXIT_IOERR;
		}
		rd->n++;
	}
	return 0;
}

const struct wire_desc *
robotdesc_find(const struct robotdesc *rd, uint8_t kind, uint16_t id)
{
	int i;

	for (i = 0; i < rd->n; i++)
		if (rd->e[i].kind == kind && id >= rd->e[i].first &&
		    id - rd->e[i].first < rd->e[i].count)
			return &rd->e[i];
	return NULL;
}

void
robotdesc_name(const struct wire_desc *d, uint16_t id, char *buf,
    size_t len)
{
	const char *hash = strchr(d->name, '#');

	if (hash == NULL)
		snprintf(buf, len, "%s", d->name);
	else
		snprintf(buf, len, "%.*s%u%s", (int)(hash - d->name), d->name,
		    (unsigned)(id - d->first + 1), hash + 1);
}
