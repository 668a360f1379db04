/*
 * pace.c - sleeping to an absolute moment of the monotonic clock, resumed
 * after a signal, so the rate holds whatever a step took.
 */
#include <errno.h>
#include <time.h>

#include "pace.h"

void
pace_until(const struct timespec *start, double at)
{
	struct timespec t = *start;

	t.tv_sec += (time_t)at;
	t.tv_nsec += (long)((at - (double)(time_t)at) * 1e9);
	if (t.tv_nsec >= 1000000000L) {
		t.tv_sec++;
		t.tv_nsec -= 1000000000L;
	}
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) ==
	    EINTR)
		;
}
