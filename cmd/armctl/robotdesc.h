/*
 * robotdesc.h - what the robot says it is (DESCRIBE, wire/desc.h), read
 * whole on the host: its senses, actions and joints by id with names.
 * armctl describe prints it; push checks plans against it; telemetry
 * names its columns from it.
 */
#ifndef ARMCTL_ROBOTDESC_H
#define ARMCTL_ROBOTDESC_H

#include <stddef.h>
#include <stdint.h>

#include "ctl.h"
#include "wire/desc.h"

#define ROBOTDESC_MAX 64	/* entries we take from a robot */
#define ROBOTDESC_NONE (-2)	/* the robot does not know DESCRIBE */

struct robotdesc {
	struct wire_desc e[ROBOTDESC_MAX];
	int n;
};

/*
 * Ask for every entry.  0; ROBOTDESC_NONE when the robot does not know
 * DESCRIBE (an older robot: nothing to compare with); otherwise an exit
 * status (or CTL_INTERRUPTED) after a message.
 */
int robotdesc_read(struct ctl *c, struct robotdesc *rd);

/* The entry of `kind` (enum wire_desc_kind) that has `id`, or NULL. */
const struct wire_desc *robotdesc_find(const struct robotdesc *rd,
    uint8_t kind, uint16_t id);

/* The name of `id` in entry d ('#' made the id's number in its range). */
void robotdesc_name(const struct wire_desc *d, uint16_t id, char *buf,
    size_t len);

#endif
