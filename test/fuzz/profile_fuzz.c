/*
 * profile_fuzz.c - libFuzzer harness for worldsim's robot profiles
 * (lib/world/profile.c, worldsim-profile(5)) against the explorer plan:
 * any bytes in, no crash, no leak; a profile the reader takes binds only
 * ids the plan can have, to kinds the world has, and runs in the world.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "plan/plan.h"
#include "world/world.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
fail(const char *why)
{
	fprintf(stderr, "profile_fuzz: %s\n", why);
	abort();
}

/* The explorer plan, compiled once (a harness that cannot is broken). */
static const struct plan *
explorer(void)
{
	static struct plan p;
	static uint8_t *img;
	struct plan_error err;
	size_t len;
	uint32_t size;
	char *text;

	if (img)
		return &p;
	text = fuzz_slurp("examples/explorer.yaml", &len);
	img = fuzz_plan_image(text, 0, &size);
	free(text);
	if (plan_open(&p, img, size, &err) != PLAN_OK)
		fail("the explorer plan does not open");
	return &p;
}

/* Ten ticks of two robots in the original world with these bindings. */
static void
run(const struct plan *p, const struct world_profile *pf)
{
	struct world_config cfg;
	struct world_map map;
	static uint8_t cells[WORLD_DEFAULT_W * WORLD_DEFAULT_H];
	struct world_cell_xy start;
	struct world w;
	size_t size;
	void *mem = NULL;
	uint16_t id, index;
	uint8_t type;
	int t;

	memset(&cfg, 0, sizeof cfg);
	world_map_default(&map, cells, &start);
	cfg.map = &map;
	cfg.plan = p;
	cfg.binds.sense = pf->sense;
	cfg.binds.nsense = pf->nsense;
	cfg.binds.action = pf->action;
	cfg.binds.naction = pf->naction;
	cfg.nrobots = 2;
	cfg.seed = 1;
	cfg.mate_drive = cfg.above_drive = PLAN_NONE;
	if (world_check_plan(p, &cfg.binds, 0, &id, &type, &index) != 0)
		return;
	if ((size = world_mem_size(&cfg)) == 0 ||
	    (mem = aligned_alloc(8, (size + 7) & ~(size_t)7)) == NULL)
		fail("no memory for two robots");
	if (world_init(&w, &cfg, mem, size) == 0)
		for (t = 0; t < 10; t++)
			world_tick(&w);
	free(mem);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct plan *p = explorer();
	struct world_profile pf;
	struct diag d = fuzz_diag();
	unsigned char *copy = malloc(size ? size : 1);
	uint32_t i;

	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	if (world_profile_read(&pf, copy, size, p, &d) == 0) {
		if (pf.nsense != (uint32_t)PLAN_MAXID(p->id_width) + 1 ||
		    pf.naction != pf.nsense)
			fail("binding tables of the wrong size");
		for (i = 0; i < pf.nsense; i++)
			if (pf.sense[i].kind >= WS_NKINDS ||
			    pf.action[i].kind >= WA_NKINDS ||
			    (pf.sense[i].kind && pf.sense[i].div <= 0) ||
			    (pf.action[i].kind && pf.action[i].div <= 0))
				fail("a binding out of range");
		run(p, &pf);
		world_profile_free(&pf);
	} else if (pf.sense || pf.action) {
		fail("a refused profile left its tables");
	}
	free(copy);
	return 0;
}
