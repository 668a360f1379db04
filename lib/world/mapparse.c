/*
 * mapparse.c - text maps (worldsim-map(5)): rows of cells, 'X' wall, 'O'
 * obstacle, ' ' or '.' empty, 'S' a start cell; lines starting with '#'
 * are comments.  Called by worldsim for --map; no stdio, caller's memory.
 */
#include <string.h>

#include "world.h"

struct scan {
	const char *buf;
	size_t len, pos;
	long line;		/* of the text just returned */
};

/* The next line (without its LF or CR LF); 0 at the end. */
static int
next_line(struct scan *s, const char **text, size_t *n)
{
	const char *nl;

	if (s->pos >= s->len)
		return 0;
	*text = s->buf + s->pos;
	nl = memchr(*text, '\n', s->len - s->pos);
	*n = nl ? (size_t)(nl - *text) : s->len - s->pos;
	s->pos += *n + (nl != NULL);
	if (*n > 0 && (*text)[*n - 1] == '\r')
		--*n;
	s->line++;
	return 1;
}

static int
fail(struct world_map_error *err, long line, long col, const char *msg)
{
	err->line = line;
	err->col = col;
	err->msg = msg;
	return -1;
}

/*
 * Walk the rows: each cell's byte goes to visit (when cells != NULL).
 * Trailing empty lines are not rows.
 */
static int
walk(const char *buf, size_t len, uint16_t *w, uint16_t *h, uint32_t *ns,
    uint8_t *cells, uint16_t width, struct world_cell_xy *start,
    struct world_map_error *err)
{
	struct scan s = { buf, len, 0, 0 };
	const char *t;
	size_t n, i;
	long rows = 0, pending = 0, maxw = 0;

	*ns = 0;
	while (next_line(&s, &t, &n)) {
		if (n > 0 && t[0] == '#')
			continue;
		if (n == 0) {
			pending++;
			continue;
		}
		rows += pending + 1;
		pending = 0;
		if (rows > WORLD_MAP_MAX || n > WORLD_MAP_MAX)
			return fail(err, s.line, n > WORLD_MAP_MAX ?
			    WORLD_MAP_MAX + 1 : 1, "map larger than 1024 x "
			    "1024 cells");
		if ((long)n > maxw)
			maxw = (long)n;
		for (i = 0; i < n; i++) {
			uint8_t c = (uint8_t)t[i];

			if (c != ' ' && c != '.' && c != 'X' && c != 'O' &&
			    c != 'S')
				return fail(err, s.line, (long)i + 1, "not a "
				    "map cell: use X (wall), O (obstacle), "
				    "space or . (empty), S (start)");
			if (c == 'S') {
				if (start)
					start[*ns] = (struct world_cell_xy){
					    (int16_t)i, (int16_t)(rows - 1) };
				++*ns;
			}
			if (cells)
				cells[(size_t)(rows - 1) * width + i] = c ==
				    'X' || c == 'O' ? c : WORLD_CELL_EMPTY;
		}
	}
	if (rows == 0)
		return fail(err, s.line, 0, "no map rows");
	*w = (uint16_t)maxw;
	*h = (uint16_t)rows;
	return 0;
}

int
world_map_measure(const char *buf, size_t len, uint16_t *w, uint16_t *h,
    uint32_t *nstarts, struct world_map_error *err)
{
	return walk(buf, len, w, h, nstarts, NULL, 0, NULL, err);
}

int
world_map_parse(const char *buf, size_t len, struct world_map *m,
    uint8_t *cells, struct world_cell_xy *start, struct world_map_error *err)
{
	uint16_t w, h;
	uint32_t ns;

	if (walk(buf, len, &w, &h, &ns, NULL, 0, NULL, err) < 0)
		return -1;
	memset(cells, WORLD_CELL_EMPTY, (size_t)w * h);
	walk(buf, len, &w, &h, &ns, cells, w, start, err);
	m->w = w;
	m->h = h;
	m->cell = cells;
	m->start = start;
	m->nstarts = ns;
	if (ns == 0) {
		start[0].x = (int16_t)(w / 2);
		start[0].y = (int16_t)(h / 2);
		m->nstarts = 1;
		if (cells[(size_t)start[0].y * w + (size_t)start[0].x] !=
		    WORLD_CELL_EMPTY)
			return fail(err, 0, 0, "no start cell (S), and the "
			    "centre of the map is not empty");
	}
	return 0;
}
