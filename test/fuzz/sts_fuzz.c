/*
 * sts_fuzz.c - libFuzzer harness for the Feetech STS packet decoder, which
 * armctl feeds from a servo bus and armsim from its pty: any bytes in, no
 * overread, and clean packets between junk all found (servo_fuzz.h).
 */
#include "servo_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return servo_fuzz_one(SERVO_FEETECH, data, size);
}
