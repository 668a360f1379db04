/*
 * worldmap_fuzz.c - libFuzzer harness for worldsim's map reader
 * (lib/world/mapparse.c): any bytes in, no crash, no leak; a map the
 * reader takes has the size it measured and its start cells (or the
 * centre) inside it, on empty cells.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "world/world.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
fail(const char *why)
{
	fprintf(stderr, "worldmap_fuzz: %s\n", why);
	abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct world_map_error err;
	struct world_map m;
	uint16_t w, h;
	uint32_t nstarts, i;
	uint8_t *cells;
	struct world_cell_xy *start;
	char *copy = malloc(size ? size : 1);	/* exact size: overreads show */

	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	memset(&err, 0, sizeof err);
	if (world_map_measure(copy, size, &w, &h, &nstarts, &err) != 0) {
		free(copy);
		return 0;
	}
	if (w == 0 || h == 0)
		fail("a map measured with no cells");
	cells = malloc((size_t)w * h);
	start = malloc(sizeof *start * (nstarts ? nstarts : 1));
	if (cells == NULL || start == NULL)
		fail("out of memory for a measured map");
	if (world_map_parse(copy, size, &m, cells, start, &err) == 0) {
		if (m.w != w || m.h != h || m.cell != cells ||
		    m.nstarts != (nstarts ? nstarts : 1))
			fail("parse disagrees with measure");
		for (i = 0; i < m.nstarts; i++)
			if (start[i].x < 0 || start[i].y < 0 ||
			    start[i].x >= w || start[i].y >= h ||
			    cells[(size_t)start[i].y * w + start[i].x] !=
			    WORLD_CELL_EMPTY)
				fail("a start cell off the map or not empty");
	}
	free(cells);
	free(start);
	free(copy);
	return 0;
}
