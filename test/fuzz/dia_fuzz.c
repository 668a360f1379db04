/*
 * dia_fuzz.c - libFuzzer harness for the Dia plan reader: any bytes in, no
 * crash, no leak, no hang; whatever reads cleanly must compile, decode and
 * survive the round trips of fuzz_common.c.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz_common.h"
#include "plansrc/dia.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_read(plansrc_dia_read_mem, data, size);
	return 0;
}
