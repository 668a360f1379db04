/*
 * dxl_fuzz.c - libFuzzer harness for the Dynamixel 2.0 packet decoder
 * (CRC-16 and byte stuffing), fed by armctl and armsim from a bus: any
 * bytes in, no overread, clean packets between junk all found.
 */
#include "servo_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return servo_fuzz_one(SERVO_DXL, data, size);
}
