/*
 * plan_fuzz.c - libFuzzer harness for the plan decoder and the writers: any
 * bytes in, plan_open must not read out of bounds; a plan it accepts must
 * unpack, print as YAML, Instinct commands and dot, and compile back from
 * YAML and .inst to the very same bytes whenever it compiles at all.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "plan/crc32.h"
#include "plan/plan.h"
#include "plansrc/emit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every record and name of a validated plan can be unpacked. */
static void
touch(const struct plan *p)
{
	struct emit_options eo = { .source = "fuzz", .sort_by_id = 1 };
	struct diag d = fuzz_diag();
	struct plan_name n;
	uint32_t pos = 0;
	char *text = NULL;
	size_t len = 0;
	FILE *fp;

	while (plan_next_name(p, &pos, &n))
		;
	if ((fp = open_memstream(&text, &len)) == NULL)
		abort();
	plansrc_emit_dot(fp, p, &eo, &d);
	plansrc_emit_yaml(fp, p, &eo, &d);	/* sorted by id */
	fclose(fp);
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct plan_error err;
	struct plan p;
	uint8_t *copy;
	uint32_t crc;

	/* an exact-size copy, so reading one byte past is caught */
	if ((copy = malloc(size ? size : 1)) == NULL)
		return 0;
	memcpy(copy, data, size);
	if (size > 0xffffffffUL)
		goto out;
	if (plan_open(&p, copy, (uint32_t)size, &err) == PLAN_OK) {
		touch(&p);
		fuzz_round_trip(copy, size);
		goto out;
	}
	/* mutations nearly always break the checksum first: mend it, so the
	 * checks behind it are fuzzed too */
	if (size < PLAN_MIN_SIZE)
		goto out;
	crc = plan_crc32_update(0, copy, (uint32_t)size - PLAN_CRC_SIZE);
	copy[size - 4] = (uint8_t)crc;
	copy[size - 3] = (uint8_t)(crc >> 8);
	copy[size - 2] = (uint8_t)(crc >> 16);
	copy[size - 1] = (uint8_t)(crc >> 24);
	if (plan_open(&p, copy, (uint32_t)size, &err) == PLAN_OK) {
		touch(&p);
		fuzz_round_trip(copy, size);
	}
out:
	free(copy);
	return 0;
}
