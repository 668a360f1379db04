/*
 * dia_fuzz.c - libFuzzer harness for the dia plan reader: any bytes in,
 * no crash, no leak, no hang; whatever reads cleanly must compile, decode
 * and survive the round trips of fuzz_common.c.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz_common.h"
#include "plansrc/dia.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag d = fuzz_diag();
	struct plan_model m;

	model_init(&m);
	dia_read_mem(data, size, &m, &d);
	if (d.errors == 0)
		fuzz_compile(&m);
	model_free(&m);
	return 0;
}
