/*
 * pace.h - keeping a rate: sleep until a moment counted from a start on
 * the monotonic clock, so a late step does not push every later one.
 * Called by planrun's --rate loop (lib/run) and worldsim --show.
 */
#ifndef SPINE_HOST_PACE_H
#define SPINE_HOST_PACE_H

#include <time.h>

/* Sleep until start + at seconds (CLOCK_MONOTONIC); at once if past. */
void pace_until(const struct timespec *start, double at);

#endif
