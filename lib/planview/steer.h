/*
 * steer.h - the seam between planview's live server and a robot: one
 * table of requests the server calls when the page asks (or a breakpoint
 * fires).  A robot source (planview --serve --port P, to come) fills it
 * with lib/client's requests; a log source has none, and the server then
 * steers only its own view (pause, step and resume hold back or let go
 * the cycles the page shows; priority, monitor flags and rate are
 * answered "not available").  Used by serve.c.
 *
 * Every function returns 0 when the robot did it, or -1 when it refused
 * or could not be asked; either way it puts a line for the page (what was
 * done, or why not) in answer[size].  They are called from the server's
 * one thread, between its reads, and may block for as long as one robot
 * request takes (the page's requests wait meanwhile).
 */
#ifndef SPINE_PLANVIEW_STEER_H
#define SPINE_PLANVIEW_STEER_H

#include <stddef.h>
#include <stdint.h>

struct planview_steer {
	/* Stop running the plan (after the cycle in progress). */
	int (*pause)(void *ctx, char *answer, size_t size);
	/* Run on. */
	int (*resume)(void *ctx, char *answer, size_t size);
	/* Run this many more cycles, then pause again. */
	int (*step)(void *ctx, unsigned long cycles, char *answer, size_t size);
	/* Drive `drive` (record index) gets this runtime priority. */
	int (*priority)(void *ctx, uint16_t drive, uint16_t priority,
	    char *answer, size_t size);
	/* Element (type, record index) reports these events: bit 1 << k for
	   event kind k, E S P F Z R (PLAN_MON_* in plan.5). */
	int (*monitor)(void *ctx, uint8_t type, uint16_t index, uint8_t flags,
	    char *answer, size_t size);
	/* Cycles a second. */
	int (*rate)(void *ctx, unsigned hz, char *answer, size_t size);
	/*
	 * The robot's own traffic, for a source with no reader of its own:
	 * the server waits on wait_fd too (-1: none) and calls pump once a
	 * turn (at most every 200 ms, at once when wait_fd is readable); pump
	 * must not block.  A robot source writes the events it hears, as
	 * event-log lines (spine-evlog(5)), to the descriptor the server
	 * reads (planview_serve_options.fd, a pipe or socketpair), and keeps the
	 * link alive.  Either may be NULL / -1.
	 */
	int wait_fd;
	void (*pump)(void *ctx);
	void *ctx;
};

#endif
