/*
 * inst_fuzz.c - libFuzzer harness for the .inst reader: any bytes in, no
 * crash, no leak, no hang; whatever reads cleanly must compile, decode and
 * survive the round trips of fuzz_common.c.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fuzz_common.h"
#include "plansrc/inst.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char empty[1];
	struct diag d = fuzz_diag();
	struct plan_model m;
	FILE *fp;

	/* includes resolve beside a file that is nowhere */
	fp = size ? fmemopen((void *)(uintptr_t)data, size, "r") :
	    fmemopen(empty, 1, "r");
	if (fp == NULL)
		return 0;
	plansrc_model_init(&m);
	plansrc_inst_read(fp, "/nonexistent/fuzz.inst", &m, &d);
	fclose(fp);
	if (d.errors == 0)
		fuzz_compile(&m);
	plansrc_model_free(&m);
	return 0;
}
