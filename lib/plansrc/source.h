/*
 * source.h - what plancc reads: the input whole in memory, and its format
 * from --from, from the file name, or (standard input, unknown names)
 * from its first bytes (lib/plansrc/sniff.h).  Called by cmd/plancc.
 */
#ifndef SPINE_PLANSRC_SOURCE_H
#define SPINE_PLANSRC_SOURCE_H

#include <stddef.h>

#include "host/diag.h"
#include "plansrc/sniff.h"
#include "plansrc/status.h"

/* The format --from names (json is yaml), or -1. */
int plansrc_format_named(const char *from);

/* The format a file name says (.yaml, .inst, .dia, .plan, ...), or
 * SRC_UNKNOWN ("-" and other names). */
enum src_format plansrc_format_of_name(const char *path);

/*
 * The whole of path ("-": standard input) into *buf (free it) and *len:
 * PLANSRC_OK; or after saying why through d: PLANSRC_NO_INPUT,
 * PLANSRC_IO, PLANSRC_DATA (too large, at file:line:col).
 */
enum plansrc_status plansrc_read(const char *path, struct diag *d, unsigned char **buf,
    size_t *len);

#endif
