/*
 * avrpty - runs the example firmware's ELF file in simavr, an ATmega2560
 * at 16 MHz paced to real time, with UART0 on a pseudo-terminal, so armctl
 * can talk to it as to the board.  A test helper of test/firmware.bats,
 * built by the Makefile where simavr is installed.
 *
 *	avrpty [--link PATH] firmware.elf
 *
 * Prints the terminal's path on stdout; on SIGTERM or SIGINT prints the
 * deepest the stack went (from RAM painted before the start) on stderr.
 */
#define _XOPEN_SOURCE 700	/* posix_openpt, grantpt, ptsname */
#define _DEFAULT_SOURCE		/* cfmakeraw */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <avr_uart.h>
#include <sim_avr.h>
#include <sim_elf.h>
#include <sim_irq.h>
#include <sim_time.h>

#define MCU		"atmega2560"
#define FREQ		16000000u
#define RAM_START	0x200u		/* after the registers and I/O */
#define PAINT		0xA5u
#define SLICE_CYCLES	16000u		/* 1 ms of the AVR between looks */

struct bridge {
	avr_t *avr;
	avr_irq_t *to_uart;
	int master, slave;
	int xoff;			/* the UART's input FIFO is full */
	uint8_t in[4096];		/* host bytes not yet in the UART */
	size_t in_n, in_pos;
	uint8_t out[4096];		/* AVR bytes not yet on the pty */
	size_t out_n;
};

static volatile sig_atomic_t stop;

static void
on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static uint64_t
wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Give the UART what the host sent, as far as its FIFO takes it. */
static void
feed(struct bridge *b)
{
	while (!b->xoff && b->in_pos < b->in_n)
		avr_raise_irq(b->to_uart, b->in[b->in_pos++]);
}

static void
on_output(avr_irq_t *irq, uint32_t value, void *param)
{
	struct bridge *b = param;

	(void)irq;
	if (b->out_n < sizeof b->out)
		b->out[b->out_n++] = (uint8_t)value;
}

static void
on_xon(avr_irq_t *irq, uint32_t value, void *param)
{
	struct bridge *b = param;

	(void)irq;
	(void)value;
	b->xoff = 0;
	feed(b);
}

static void
on_xoff(avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	(void)value;
	((struct bridge *)param)->xoff = 1;
}

static int
open_pty(struct bridge *b, char *path, size_t len)
{
	struct termios t;
	const char *name;

	b->master = posix_openpt(O_RDWR | O_NOCTTY);
	if (b->master < 0 || grantpt(b->master) != 0 ||
	    unlockpt(b->master) != 0 || (name = ptsname(b->master)) == NULL)
		return -1;
	snprintf(path, len, "%s", name);
	/* Held open and raw, so the line never echoes or goes cooked. */
	b->slave = open(path, O_RDWR | O_NOCTTY);
	if (b->slave < 0 || tcgetattr(b->slave, &t) != 0)
		return -1;
	cfmakeraw(&t);
	if (tcsetattr(b->slave, TCSANOW, &t) != 0)
		return -1;
	return fcntl(b->master, F_SETFL, O_NONBLOCK);
}

static int
load(struct bridge *b, const char *elf, uint32_t *static_end)
{
	elf_firmware_t fw;
	uint32_t flags = 0;

	memset(&fw, 0, sizeof fw);
	if (elf_read_firmware(elf, &fw) != 0)
		return -1;
	if ((b->avr = avr_make_mcu_by_name(MCU)) == NULL)
		return -1;
	avr_init(b->avr);
	b->avr->frequency = FREQ;
	avr_load_firmware(b->avr, &fw);
	*static_end = RAM_START + fw.datasize + fw.bsssize;
	/* Paint the RAM the firmware's startup leaves alone: the stack. */
	memset(b->avr->data + *static_end, PAINT,
	    b->avr->ramend + 1u - *static_end);
	/* Bytes go to us only: no console echo, no sleeping on polls. */
	avr_ioctl(b->avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
	b->to_uart = avr_io_getirq(b->avr, AVR_IOCTL_UART_GETIRQ('0'),
	    UART_IRQ_INPUT);
	avr_irq_register_notify(avr_io_getirq(b->avr,
	    AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), on_output, b);
	avr_irq_register_notify(avr_io_getirq(b->avr,
	    AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON), on_xon, b);
	avr_irq_register_notify(avr_io_getirq(b->avr,
	    AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF), on_xoff, b);
	return 0;
}

/* Host bytes in (when the last lot is all in the UART), AVR bytes out. */
static int
exchange(struct bridge *b)
{
	ssize_t n;

	if (b->in_pos == b->in_n) {
		n = read(b->master, b->in, sizeof b->in);
		if (n < 0 && errno != EAGAIN && errno != EINTR)
			return -1;
		b->in_pos = 0;
		b->in_n = n > 0 ? (size_t)n : 0;
	}
	feed(b);
	if (b->out_n > 0) {
		n = write(b->master, b->out, b->out_n);
		if (n < 0 && errno != EAGAIN && errno != EINTR)
			return -1;
		if (n > 0) {
			memmove(b->out, b->out + n, b->out_n - (size_t)n);
			b->out_n -= (size_t)n;
		}
	}
	return 0;
}

/* The AVR is ahead of the clock on the wall: wait, or for host bytes. */
static void
pace(struct bridge *b, uint64_t t0)
{
	uint64_t sim = avr_cycles_to_nsec(b->avr, b->avr->cycle);
	uint64_t wall = wall_ns() - t0;
	struct timeval tv;
	fd_set rd;

	if (sim <= wall)
		return;
	tv.tv_sec = 0;
	tv.tv_usec = (long)((sim - wall) / 1000u);
	FD_ZERO(&rd);
	if (b->in_pos == b->in_n)
		FD_SET(b->master, &rd);
	select(b->master + 1, &rd, NULL, NULL, &tv);
}

static int
run(struct bridge *b)
{
	uint64_t t0 = wall_ns();
	avr_cycle_count_t until;
	int state = cpu_Running;

	while (!stop) {
		until = b->avr->cycle + SLICE_CYCLES;
		while (b->avr->cycle < until) {
			state = avr_run(b->avr);
			if (state == cpu_Done || state == cpu_Crashed) {
				fprintf(stderr, "avrpty: the AVR %s at cycle "
				    "%llu\n", state == cpu_Done ? "stopped" :
				    "crashed", (unsigned long long)
				    b->avr->cycle);
				return -1;
			}
		}
		if (exchange(b) != 0)
			return -1;
		pace(b, t0);
	}
	return 0;
}

/* The lowest painted byte the stack overwrote, counted from the top. */
static unsigned
stack_depth(const struct bridge *b, uint32_t static_end)
{
	uint32_t a = static_end;

	while (a <= b->avr->ramend && b->avr->data[a] == PAINT)
		a++;
	return b->avr->ramend + 1u - a;
}

int
main(int argc, char **argv)
{
	static struct bridge b;
	const char *link = NULL;
	char path[256];
	uint32_t static_end;
	int rc;

	if (argc == 4 && strcmp(argv[1], "--link") == 0)
		link = argv[2];
	else if (argc != 2) {
		fprintf(stderr, "usage: avrpty [--link PATH] firmware.elf\n");
		return 2;
	}
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	if (load(&b, argv[argc - 1], &static_end) != 0) {
		fprintf(stderr, "avrpty: %s: cannot load it as an %s "
		    "firmware\n", argv[argc - 1], MCU);
		return 66;
	}
	if (open_pty(&b, path, sizeof path) != 0 ||
	    (link && (unlink(link), symlink(path, link)) != 0)) {
		fprintf(stderr, "avrpty: pty: %s\n", strerror(errno));
		return 69;
	}
	printf("%s\n", path);
	fflush(stdout);
	rc = run(&b);
	if (link)
		unlink(link);
	fprintf(stderr, "avrpty: static RAM %u bytes, stack %u bytes, "
	    "%u bytes never touched\n", (unsigned)(static_end - RAM_START),
	    stack_depth(&b, static_end), (unsigned)(b.avr->ramend + 1u -
	    static_end - stack_depth(&b, static_end)));
	return rc == 0 ? 0 : 1;
}
