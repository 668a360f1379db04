/*
 * slurp.h - a whole input file in memory, for the readers that parse from
 * memory (YAML, Dia) and for plancc -d.  Works on pipes and stdin.
 */
#ifndef SPINE_SLURP_H
#define SPINE_SLURP_H

#include <stddef.h>
#include <stdio.h>

#include "host/diag.h"

#define SLURP_MAX (256UL << 20)	/* no plan source is anywhere near this */

/*
 * Read fp to its end into a malloc'd buffer (NUL-terminated, not counted
 * in *len).  0 ok; -1 read error or out of memory (errno set); -2 more
 * than max bytes.
 */
int slurp(FILE *fp, size_t max, unsigned char **buf, size_t *len);

/*
 * A plan source for a reader that works in memory: 0 with *buf set (free
 * it); 1 when it is too large to be `what` (reported to d as bad data);
 * -1 on a read error.
 */
int slurp_source(FILE *fp, const char *what, struct diag *d,
    unsigned char **buf, size_t *len);

#endif
