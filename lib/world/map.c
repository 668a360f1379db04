/*
 * map.c - the original world's map (spec §1.2), built from its obstacle
 * rules rather than stored, and the robots' display characters (§2.1).
 * Called by worldsim when no --map is given, and by world.c.
 */
#include <string.h>

#include "world.h"

static void
wall(struct world_map *m, int x, int y)
{
	m->cell[(size_t)y * m->w + (size_t)x] = 'X';
}

void
world_map_default(struct world_map *m, uint8_t *cells,
    struct world_cell_xy *start)
{
	const int W = WORLD_DEFAULT_W, H = WORLD_DEFAULT_H;
	int i;

	m->w = (uint16_t)W;
	m->h = (uint16_t)H;
	m->cell = cells;
	memset(cells, WORLD_CELL_EMPTY, (size_t)W * H);
	for (i = 0; i < W; i++) {		/* border */
		wall(m, i, 0);
		wall(m, i, H - 1);
	}
	for (i = 0; i < H; i++) {
		wall(m, 0, i);
		wall(m, W - 1, i);
	}
	for (i = 1; i <= 14; i++) {		/* diagonal bar, two thick */
		wall(m, i, i);
		wall(m, i + 1, i);
	}
	for (i = 0; i < H / 2; i++)		/* vertical bar */
		wall(m, W / 4, H / 4 + i);
	for (i = 0; i < W / 3; i++)		/* horizontal bar */
		wall(m, W / 3 + i, H / 3);
	for (i = H / 2; i < H; i++)		/* the robot trap */
		wall(m, W - 9, i);
	start->x = (int16_t)(W / 2);
	start->y = (int16_t)(H / 2);
	m->start = start;
	m->nstarts = 1;
}

char
world_robot_char(uint32_t k)
{
	static const char set[] = "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

	return set[k % 62];
}

/* Two wraps per 62 robots: z -> A (at 26) and 9 -> a (at 62). */
char
world_robot_char2(uint32_t k)
{
	uint32_t wraps = k / 62 * 2 + (k % 62 >= 26 ? 1 : 0);

	return (char)('a' + wraps % 26);
}
