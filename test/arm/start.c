/*
 * start.c - armtrace's start on a Cortex-M (M0 or M3) with nothing under
 * it: the vector table (initial stack, reset), the data copied and the bss
 * cleared as the linker script lays them out, newlib's semihosting set up,
 * then main with the arguments QEMU hands over (-append), and its status
 * to the host.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

extern uint32_t _stack_top, _data_load, _data_start, _data_end, _bss_start,
    _bss_end;

int main(int argc, char **argv);
void initialise_monitor_handles(void);

/* The command line QEMU was given (semihosting SYS_GET_CMDLINE, 0x15). */
static int
cmdline(char *buf, int len)
{
	struct { char *buf; int len; } arg = { buf, len };
	register int r0 __asm__("r0") = 0x15;
	register void *r1 __asm__("r1") = &arg;

	__asm__ volatile ("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
	return r0;
}

static void
reset(void)
{
	static char line[256];
	char *argv[8];
	int argc = 0;
	char *p;

	memcpy(&_data_start, &_data_load,
	    (size_t)((char *)&_data_end - (char *)&_data_start));
	memset(&_bss_start, 0,
	    (size_t)((char *)&_bss_end - (char *)&_bss_start));
	initialise_monitor_handles();
	if (cmdline(line, sizeof line) == 0)
		for (p = strtok(line, " "); p && argc < 7; p = strtok(NULL, " "))
			argv[argc++] = p;
	argv[argc] = NULL;
	exit(main(argc, argv));
}

__attribute__((section(".vectors"), used))
static const uintptr_t vectors[] = {
	(uintptr_t)&_stack_top,
	(uintptr_t)reset,
};
