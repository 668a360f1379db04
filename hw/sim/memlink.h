/*
 * memlink.h - armsim's robot in the same process, on a simulated clock: a
 * port (lib/link) whose reads advance the simulation until bytes arrive
 * or the wait is over, so a host's session, lib/client and the tests drive
 * core/robot through the paced, lossy line with no pty and no sleeps.
 */
#ifndef SIM_MEMLINK_H
#define SIM_MEMLINK_H

#include <stdint.h>

#include "link/port.h"
#include "sim.h"

struct sim_memlink {
	struct sim sim;		/* the arm, the store, the line, the robot */
	struct wire_port *port;	/* the host's end */
};

/*
 * Start the robot of m->sim (its arm, eeprom and line set up by the
 * caller, as armsim's main does) at simulated time 0, and open the host's
 * end as m->port.  0, or -1 when out of memory.
 */
int sim_memlink_open(struct sim_memlink *m);

/* Run the simulation `ms` milliseconds on, with nobody reading. */
void sim_memlink_run(struct sim_memlink *m, uint64_t ms);

/* Close the host's end (the simulation stays for inspection). */
void sim_memlink_close(struct sim_memlink *m);

#endif
