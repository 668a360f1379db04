/*
 * fmtnum.h - turning doubles into text, fast and exactly.
 * Fixed precision ("%.Nf" results, without printf's cost) for bulk CSV, and
 * the shortest text that reads back to the same double for round trips.
 */
#ifndef SPINE_FMTNUM_H
#define SPINE_FMTNUM_H

#include <stddef.h>

/* Longest text either function writes, including the terminating NUL. */
#define FMTNUM_MAX 40

/* The first of "%.15g", "%.16g", "%.17g" that strtod reads back exactly. */
size_t fmt_shortest(char *buf, double v);

/*
 * Same digits as printf("%.*f", prec, v) for prec 0..9, except that a value
 * that rounds to zero prints without a minus sign.  Large or non-finite
 * values fall back to printf.
 */
size_t fmt_fixed(char *buf, double v, int prec);

#endif
