/*
 * memrobot.h - armsim's robot in the test's own process (hw/sim/memlink.c,
 * a simulated clock) and a lib/client conversation with it, what the
 * client says kept for the test to look for.  The client_*_test.c files.
 */
#ifndef TEST_MEMROBOT_H
#define TEST_MEMROBOT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "client/client.h"
#include "sim/memlink.h"

#define MEMROBOT_SAID 32

static struct sim_memlink ml;	/* the robot: set ml.sim.arm, then up */
static struct client cl;
static char said[MEMROBOT_SAID][400];
static int nsaid;

/* The client's say hook: kept, and printed with CLIENT_TEST_SAY set. */
static inline void
hear(void *ctx, const char *line)
{
	(void)ctx;
	if (getenv("CLIENT_TEST_SAY"))
		fprintf(stderr, "said: %s\n", line);
	if (nsaid < MEMROBOT_SAID)
		snprintf(said[nsaid++], sizeof said[0], "%s", line);
}

/* Did the client say something containing `text`? */
static inline int
heard(const char *text)
{
	int i;

	for (i = 0; i < nsaid; i++)
		if (strstr(said[i], text))
			return 1;
	return 0;
}

/* The robot as set up in ml.sim.arm, an 8 KB store, a line at `baud`
 * with drop and corruption at `loss` each, and a fresh client connected
 * to it. */
static inline void
memrobot_up(long baud, double loss, uint64_t seed)
{
	char err[100];

	CHECK(sim_eeprom_open(&ml.sim.eeprom, NULL, 8192, 8192, err,
	    sizeof err) == 0);
	sim_line_init(&ml.sim.line, baud, loss, loss, -1, seed);
	CHECK(sim_memlink_open(&ml) == 0);
	client_free(&cl);
	client_init(&cl);
	cl.say = hear;
	nsaid = 0;
	client_attach(&cl, ml.port);
	CHECK(client_connect(&cl) == CLIENT_OK);
}

static inline void
robot_down(void)
{
	client_close(&cl);
	sim_memlink_close(&ml);
	sim_eeprom_close(&ml.sim.eeprom);
}

#endif
