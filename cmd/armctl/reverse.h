/*
 * reverse.h - the way back after an obstruction: a minimum-jerk path in
 * joint space from where the arm stopped to where the run began, sampled
 * like PYT sampled its paths (about one step per degree of the largest
 * joint move).  Used by run.c.
 */
#ifndef ARMCTL_REVERSE_H
#define ARMCTL_REVERSE_H

#include <stdint.h>

/* Setpoints (millidegrees, n x joints, malloc'd) from `from` to `to`,
 * both included; 0, or -1 when out of memory. */
int reverse_path(const int32_t *from, const int32_t *to, int joints,
    int32_t **out, uint32_t *n);

/* A run id for such a path (never 0). */
uint32_t reverse_run_id(const int32_t *q, uint32_t n, int joints);

#endif
