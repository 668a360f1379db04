/*
 * world_test.c - unit tests for lib/world: the generator against the
 * MSVC sequence, unit scaling, the reach table against walking, and the
 * text map reader on good maps and on random bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "host/splitmix.h"
#include "world/internal.h"

/* MSVC: srand(1); rand() gives 41, 18467, 6334, 26500, 19169 (well
   known); srand(100000) starts 31684 (by hand in test/worldsim.bats). */
static void
test_rand(void)
{
	static const int32_t want[5] = { 41, 18467, 6334, 26500, 19169 };
	struct world w;
	int i;

	memset(&w, 0, sizeof w);
	w.rng = 1;
	for (i = 0; i < 5; i++)
		CHECK(world_rand(&w) == want[i]);
	w.rng = 100000;
	CHECK(world_rand(&w) == 31684);
}

static void
test_scale(void)
{
	CHECK(world_scale(4, 100, 1) == 400);
	CHECK(world_scale(300, 1, 150) == 2);
	CHECK(world_scale(80, 1, 150) == 1);	/* 0.53 */
	CHECK(world_scale(75, 1, 150) == 1);	/* 0.5: away from zero */
	CHECK(world_scale(-75, 1, 150) == -1);
	CHECK(world_scale(-100, 1, 150) == -1);	/* -0.67 */
	CHECK(world_scale(70, 1, 150) == 0);
	CHECK(world_scale(30000, 100, 1) == 32767);
	CHECK(world_scale(-30000, 100, 1) == -32768);
}

/* Walk cell by cell, as the spec's phantom moves do. */
static int32_t
walk(const struct world *w, int x, int y, int d, int range)
{
	int n;

	for (n = 0; n < range; n++) {
		x += world_dx[d];
		y += world_dy[d];
		if (world_wall(w, x, y))
			break;
	}
	return n;
}

static void
test_reach(void)
{
	static uint8_t cells[WORLD_DEFAULT_W * WORLD_DEFAULT_H];
	static struct world w;
	struct world_cell_xy start;
	struct world_map m;
	struct world_bind s[10], a[10];
	struct world_config c;
	struct world_robot r;
	static uint8_t plan_bytes[64];
	struct plan p;
	void *mem;
	size_t size;
	int x, y, d, bad = 0;

	world_map_default(&m, cells, &start);
	memset(&c, 0, sizeof c);
	memset(&p, 0, sizeof p);
	p.id_width = 1;
	p.base = plan_bytes;
	c.map = &m;
	c.plan = &p;
	c.nrobots = 1;
	c.mate_drive = c.above_drive = PLAN_NONE;
	world_binds_default(s, a, &c.binds);
	size = world_mem_size(&c);
	mem = aligned_alloc(8, (size + 7) & ~(size_t)7);
	CHECK(mem != NULL && world_init(&w, &c, mem, size) == 0);
	memset(&r, 0, sizeof r);
	for (y = 0; y < m.h; y++)
		for (x = 0; x < m.w; x++) {
			if (world_wall(&w, x, y))
				continue;
			r.x = (int16_t)x;
			r.y = (int16_t)y;
			for (d = 0; d < 8; d++)
				bad += world_probe(&w, &r, d * 45, 200) !=
				    walk(&w, x, y, d, 200);
		}
	CHECK(bad == 0);
	free(mem);
}

static void
test_map_text(void)
{
	const char *text = "# comment\r\nXXXX\r\nX S\r\n\r\nXOX\n\n\n";
	struct world_map_error err;
	struct world_cell_xy start[2];
	struct world_map m;
	uint8_t cells[64];
	uint16_t w, h;
	uint32_t ns;

	CHECK(world_map_measure(text, strlen(text), &w, &h, &ns, &err) == 0);
	CHECK(w == 4 && h == 4 && ns == 1);
	CHECK(world_map_parse(text, strlen(text), &m, cells, start, &err) ==
	    0);
	CHECK(memcmp(cells, "XXXXX   " "    XOX ", 16) == 0);
	CHECK(start[0].x == 2 && start[0].y == 1);
	CHECK(world_map_measure("XX\nX#\n", 6, &w, &h, &ns, &err) < 0);
	CHECK(err.line == 2 && err.col == 2);
}

static void
test_map_random_bytes(void)
{
	static char buf[4096];
	static uint8_t cells[1 << 20];
	struct world_cell_xy start[4096];
	struct world_map_error err;
	struct world_map m;
	uint64_t seed = 99;
	uint16_t w, h;
	uint32_t ns;
	int i, k, ok = 0;

	for (i = 0; i < 2000; i++) {
		size_t len = splitmix_next(&seed) % sizeof buf;

		for (k = 0; k < (int)len; k++) {
			uint64_t r = splitmix_next(&seed);

			/* mostly map bytes, some junk */
			buf[k] = r % 8 == 0 ? (char)(r >> 8) :
			    " X.OS\n\r#"[(r >> 8) % 8];
		}
		if (world_map_measure(buf, len, &w, &h, &ns, &err) == 0 &&
		    (size_t)w * h <= sizeof cells && ns <= 4096)
			ok += world_map_parse(buf, len, &m, cells, start,
			    &err) == 0;
	}
	CHECK(ok >= 0);		/* survived: no crash, no overrun (ASan) */
}

int
main(void)
{
	RUN(test_rand);
	RUN(test_scale);
	RUN(test_reach);
	RUN(test_map_text);
	RUN(test_map_random_bytes);
	return check_report("world");
}
