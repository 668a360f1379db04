/*
 * control.h - what armctl's runtime-control commands share (control.c,
 * pause.c, tables.c): one request with the control errors spelled out,
 * and their tables (CSV or JSON lines) with a name column.
 */
#ifndef ARMCTL_CONTROL_H
#define ARMCTL_CONTROL_H

#include "host/table.h"
#include "ctl.h"
#include "robotnames.h"

/* ctl_call, but an unknown element is bad data (65) and a plan that is
   not running or not paused is said so (1). */
int control_call(struct ctl *c, uint8_t type, const uint8_t *p, uint8_t n,
    struct wire_frame *reply, const char *doing);

/* A table on stdout in --format's shape, its header written. */
void control_table(struct ctl *c, struct table *t, const char *const *cols,
    size_t n);

/* The name column of element (type, id): its name, or "#<id>". */
void control_name(struct table *t, const struct robot_names *rn,
    uint8_t type, uint16_t id);

#endif
