/*
 * memlink.c - the simulated robot as an in-process port (memlink.h).  The
 * clock moves only when the host waits: to the next byte due on the line,
 * the next millisecond tick of the arm and the robot, or the end of the
 * wait, whichever comes first, so a run is deterministic and fast.
 */
#include <stdlib.h>

#include "memlink.h"

#define TICK_NS 1000000ull

/* One step towards `to` (ns): to the next byte due on the line or the
 * next millisecond tick, whichever comes first. */
static void
step(struct sim *s, uint64_t to)
{
	uint64_t next = (s->now / TICK_NS + 1) * TICK_NS;
	uint64_t due = sim_line_next_due(&s->line, s->now);

	if (due > 0 && due < next - s->now)
		next = s->now + due;
	s->now = next < to ? next : to;
	sim_advance(s);
}

static void
run_to(struct sim *s, uint64_t to)
{
	while (s->now < to)
		step(s, to);
}

static uint64_t
mem_now_ms(void *ctx)
{
	return ((struct sim_memlink *)ctx)->sim.now / 1000000u;
}

static long
mem_read(void *ctx, uint8_t *buf, size_t cap, int timeout_ms)
{
	struct sim *s = &((struct sim_memlink *)ctx)->sim;
	uint64_t end = s->now + (uint64_t)(timeout_ms > 0 ? timeout_ms : 0) *
	    1000000u;
	size_t n;

	sim_advance(s);
	while ((n = sim_line_take(&s->line, s->now, buf, cap)) == 0 &&
	    s->now < end)
		step(s, end);
	return (long)n;
}

static int
mem_write(void *ctx, const uint8_t *buf, size_t n, int timeout_ms)
{
	struct sim_memlink *m = ctx;

	(void)timeout_ms;
	sim_line_from_host(&m->sim.line, buf, n, m->sim.now);
	return 0;
}

static const struct link_port_ops mem_ops = {
	mem_read, mem_write, mem_now_ms, NULL
};

int
sim_memlink_open(struct sim_memlink *m)
{
	sim_start_at(&m->sim, 0);
	m->port = link_port_custom(&mem_ops, m, "memlink");
	return m->port ? 0 : -1;
}

void
sim_memlink_run(struct sim_memlink *m, uint64_t ms)
{
	run_to(&m->sim, m->sim.now + ms * 1000000u);
}

void
sim_memlink_close(struct sim_memlink *m)
{
	link_port_close(m->port);
	m->port = NULL;
}
