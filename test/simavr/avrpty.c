/*
 * avrpty - runs a firmware's ELF file in simavr, an ATmega2560 (or the
 * --mcu named, the Uno's atmega328p) at 16 MHz paced to real time, with
 * UART0 on a pseudo-terminal (hw/sim's, armsim's), so armctl can talk to
 * it as to the board.  A test helper of test/firmware*.bats, built by the
 * Makefile where simavr is installed.
 *
 *	avrpty [--mcu NAME] [--link PATH] [--eeprom FILE] [--eeprom-time]
 *	    [--pins FILE] [--drop P] [--corrupt P] [--seed N] firmware.elf
 *
 * Prints the terminal's path on stdout; on stderr, how long simavr takes
 * for a byte on the line once the firmware sets the baud rate, and on
 * SIGTERM or SIGINT the deepest the stack went (from RAM painted before
 * the start).
 * --eeprom keeps the EEPROM in FILE across runs, each byte written as the
 * firmware writes it (eemirror.c over hw/sim/eeprom.c); --pins plays a
 * script of input pins and ADC readings (pins.c); --drop and --corrupt
 * make the line between pty and UART a bad one (loss.c).  --eeprom-time
 * makes each EEPROM byte take the chip's 3.4 ms (eetime.c), which
 * simavr's do not.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <time.h>
#include <unistd.h>

#include <avr_eeprom.h>
#include <avr_uart.h>
#include <sim_avr.h>
#include <sim_elf.h>
#include <sim_irq.h>
#include <sim_time.h>

#include "eemirror.h"
#include "eetime.h"
#include "host/num.h"
#include "loss.h"
#include "pins.h"
#include "sim/pty.h"

#define MCU		"atmega2560"
#define FREQ		16000000u
#define PAINT		0xA5u
#define SLICE_CYCLES	4000u		/* 0.25 ms of the AVR between looks */
#define IDLE_NS		20000000ull	/* a quiet line drops a partial frame */

struct bridge {
	avr_t *avr;
	avr_irq_t *to_uart;
	struct sim_pty pty;
	int xoff;			/* the UART's input FIFO is full */
	uint8_t in[4096 + WIRE_FRAME_MAX];	/* host bytes not yet in the UART */
	size_t in_n, in_pos;
	uint8_t out[4096];		/* AVR bytes not yet on the pty */
	size_t out_n;
	uint64_t last_rx;		/* when host bytes last came */
	struct loss loss;
	struct eemirror ee;
	struct eetime eetime;
	struct pins pins;
	int scripted;			/* --pins */
	avr_uart_t *uart;		/* UART0, to report its byte time */
	avr_cycle_count_t byte_cycles;	/* as last reported */
	uint16_t sp_low;		/* the lowest the stack pointer went */
};

struct options {
	const char *mcu, *link, *eeprom, *pins, *elf;
	double drop, corrupt;
	long seed;
	int eeprom_time;
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
to_host(void *ctx, const uint8_t *p, size_t n)
{
	struct bridge *b = ctx;

	if (n > sizeof b->out - b->out_n)
		n = sizeof b->out - b->out_n;	/* nobody reads: lost */
	memcpy(b->out + b->out_n, p, n);
	b->out_n += n;
}

static void
to_avr(void *ctx, const uint8_t *p, size_t n)
{
	struct bridge *b = ctx;

	memcpy(b->in + b->in_n, p, n);	/* n <= what was read + a frame */
	b->in_n += n;
	if (b->scripted)
		pins_host_bytes(&b->pins, p, n);
}

static void
on_output(avr_irq_t *irq, uint32_t value, void *param)
{
	struct bridge *b = param;
	uint8_t byte = (uint8_t)value;

	(void)irq;
	loss_pass(&b->loss, LOSS_TO_HOST, &byte, 1, to_host, b);
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

/* simavr's UART0: its byte time is not in the public interface. */
static avr_uart_t *
find_uart0(avr_t *avr)
{
	avr_io_t *io;

	for (io = avr->io_port; io != NULL; io = io->next)
		if (strcmp(io->kind, "uart") == 0 &&
		    ((avr_uart_t *)(void *)io)->name == '0')
			return (avr_uart_t *)(void *)io;
	return NULL;
}

/*
 * Say how long the simulated line takes for a byte, whenever the firmware
 * changes it: simavr's rate is not the nominal one (it counts a parity bit
 * in every byte), and a benchmark's wire minimum must use the real one.
 */
static void
report_line(struct bridge *b)
{
	if (b->uart == NULL || b->uart->cycles_per_byte == b->byte_cycles)
		return;
	b->byte_cycles = b->uart->cycles_per_byte;
	fprintf(stderr, "avrpty: UART0: a byte every %.2f us (%llu cycles)\n",
	    (double)b->byte_cycles * 1e6 / FREQ,
	    (unsigned long long)b->byte_cycles);
}

/* The first byte of RAM, after the registers and I/O. */
static uint32_t
ram_start(const avr_t *avr)
{
	return (uint32_t)avr->ioend + 1u;
}

static int
load(struct bridge *b, const char *mcu, const char *elf,
    uint32_t *static_end)
{
	static elf_firmware_t fw;	/* simavr keeps pointers into it */
	uint32_t flags = 0;

	memset(&fw, 0, sizeof fw);
	if (elf_read_firmware(elf, &fw) != 0)
		return -1;
	if ((b->avr = avr_make_mcu_by_name(mcu)) == NULL)
		return -1;
	avr_init(b->avr);
	b->avr->frequency = FREQ;
	avr_load_firmware(b->avr, &fw);
	*static_end = ram_start(b->avr) + fw.datasize + fw.bsssize;
	b->sp_low = (uint16_t)b->avr->ramend;
	/* Paint the RAM the firmware's startup leaves alone: the stack. */
	memset(b->avr->data + *static_end, PAINT,
	    b->avr->ramend + 1u - *static_end);
	/* Bytes go to us only: no console echo, no sleeping on polls. */
	avr_ioctl(b->avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
	b->uart = find_uart0(b->avr);
	b->byte_cycles = b->uart != NULL ? b->uart->cycles_per_byte : 0;
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

/* Host bytes in, through the line's faults; 0 or -1 on a pty error. */
static int
take_in(struct bridge *b)
{
	uint8_t buf[4096];
	ssize_t n;

	b->in_pos = b->in_n = 0;
	n = read(b->pty.master, buf, sizeof buf);
	if (n < 0 && errno != EAGAIN && errno != EINTR)
		return -1;
	if (n > 0) {
		b->last_rx = wall_ns();
		loss_pass(&b->loss, LOSS_TO_AVR, buf, (size_t)n, to_avr, b);
	} else if (wall_ns() - b->last_rx > IDLE_NS)
		loss_idle(&b->loss, LOSS_TO_AVR);
	return 0;
}

/* Host bytes in (when the last lot is all in the UART), AVR bytes out.
 * The EEPROM file holds every byte written already (eemirror.c): what
 * the host is told is done survives a kill. */
static int
exchange(struct bridge *b)
{
	ssize_t n;

	if (b->in_pos == b->in_n && take_in(b) != 0)
		return -1;
	feed(b);
	if (b->out_n > 0) {
		n = write(b->pty.master, b->out, b->out_n);
		if (n < 0 && errno != EAGAIN && errno != EINTR)
			return -1;
		if (n > 0) {
			memmove(b->out, b->out + n, b->out_n - (size_t)n);
			b->out_n -= (size_t)n;
		}
	}
	return 0;
}

/*
 * The AVR is ahead of the clock on the wall: wait, or for host bytes.
 * When the host stalled us and the AVR fell behind, the lost time is
 * written off rather than made up at full speed: a board never runs
 * faster than real time, so what a test times on the wall (an upload
 * waiting for the EEPROM) is never shorter than on the chip.
 */
static void
pace(struct bridge *b, uint64_t *t0)
{
	uint64_t sim = avr_cycles_to_nsec(b->avr, b->avr->cycle);
	uint64_t wall = wall_ns() - *t0;
	struct timeval tv;
	fd_set rd;

	if (sim <= wall) {
		*t0 += wall - sim;
		return;
	}
	tv.tv_sec = 0;
	tv.tv_usec = (long)((sim - wall) / 1000u);
	FD_ZERO(&rd);
	if (b->in_pos == b->in_n)
		FD_SET(b->pty.master, &rd);
	select(b->pty.master + 1, &rd, NULL, NULL, &tv);
}

/* A function may move the stack pointer past bytes it never writes (a
 * buffer it fills in part), which painting alone would miss: look at it
 * after every instruction (SPL and SPH are data 0x5D and 0x5E). */
static void
watch_sp(struct bridge *b)
{
	uint16_t sp = (uint16_t)(b->avr->data[0x5D] | b->avr->data[0x5E] << 8);

	if (sp < b->sp_low)
		b->sp_low = sp;
}

static int
run(struct bridge *b)
{
	uint64_t t0 = wall_ns();
	avr_cycle_count_t until;
	int state = cpu_Running;

	while (!stop) {
		if (b->ee.failed) {
			fprintf(stderr, "avrpty: the EEPROM file: %s\n",
			    strerror(b->ee.failed));
			return -1;
		}
		if (b->scripted)
			pins_poll(&b->pins);
		until = b->avr->cycle + SLICE_CYCLES;
		while (b->avr->cycle < until) {
			state = avr_run(b->avr);
			watch_sp(b);
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
		report_line(b);
		pace(b, &t0);
	}
	return 0;
}

/* How deep the stack went, counted from the top: to the lowest painted
 * byte it overwrote or the lowest the stack pointer went, the deeper. */
static unsigned
stack_depth(const struct bridge *b, uint32_t static_end)
{
	uint32_t a = static_end;

	while (a <= b->avr->ramend && b->avr->data[a] == PAINT)
		a++;
	if (b->sp_low < a)
		a = b->sp_low + 1u;	/* SP points below the last push */
	return a > b->avr->ramend ? 0 : b->avr->ramend + 1u - a;
}

static void
usage(void)
{
	fprintf(stderr, "usage: avrpty [--mcu NAME] [--link PATH] "
	    "[--eeprom FILE] [--eeprom-time] [--pins FILE] [--drop P] "
	    "[--corrupt P] [--seed N] firmware.elf\n");
}

static int
probability(const char *arg, double *p)
{
	return num_double(arg, p) != NUM_OK || *p < 0 || *p > 1 ? -1 : 0;
}

static int
parse(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{ "mcu", required_argument, NULL, 'm' },
		{ "link", required_argument, NULL, 'l' },
		{ "pins", required_argument, NULL, 'p' },
		{ "eeprom", required_argument, NULL, 'e' },
		{ "eeprom-time", no_argument, NULL, 't' },
		{ "drop", required_argument, NULL, 'D' },
		{ "corrupt", required_argument, NULL, 'C' },
		{ "seed", required_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 }
	};
	int c, bad = 0;

	memset(o, 0, sizeof *o);
	o->mcu = MCU;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		if (c == 'm')
			o->mcu = optarg;
		else if (c == 'l')
			o->link = optarg;
		else if (c == 'p')
			o->pins = optarg;
		else if (c == 'e')
			o->eeprom = optarg;
		else if (c == 't')
			o->eeprom_time = 1;
		else if (c == 'D')
			bad |= probability(optarg, &o->drop);
		else if (c == 'C')
			bad |= probability(optarg, &o->corrupt);
		else if (c == 's')
			bad |= num_long(optarg, 0, 0x7fffffffL, &o->seed) !=
			    NUM_OK ? -1 : 0;
		else
			bad = -1;
	}
	if (bad || optind != argc - 1)
		return -1;
	o->elf = argv[optind];
	return 0;
}

/* The EEPROM's bytes inside simavr, loaded from --eeprom's file and
 * written to it from then on; 0 or an exit status. */
static int
open_eeprom(struct bridge *b, const char *mcu, const char *path)
{
	char err[512];
	int rc;

	if (path == NULL)
		return 0;
	rc = eemirror_open(&b->ee, b->avr, path, err, sizeof err);
	if (rc == -3)
		fprintf(stderr, "avrpty: the simulated %s has no EEPROM\n",
		    mcu);
	else if (rc == -2)
		fprintf(stderr, "avrpty: %s: not a %u-byte EEPROM image\n",
		    path, (unsigned)(b->avr->e2end + 1u));
	else if (rc != 0)
		fprintf(stderr, "avrpty: %s\n", err);
	return rc == -3 ? 69 : rc == -2 ? 65 : rc != 0 ? 66 : 0;
}

static void
report(const struct bridge *b, uint32_t static_end)
{
	unsigned depth = stack_depth(b, static_end);
	unsigned room = b->avr->ramend + 1u - static_end;

	fprintf(stderr, "avrpty: static RAM %u bytes, stack %u bytes, "
	    "%u bytes never touched\n", (unsigned)(static_end -
	    ram_start(b->avr)), depth, depth > room ? 0 : room - depth);
	if (b->eetime.ee != NULL)
		fprintf(stderr, "avrpty: %lu EEPROM bytes written, %u us "
		    "each\n", b->eetime.writes, EETIME_WRITE_US);
	if (b->loss.on)
		fprintf(stderr, "avrpty: %lu frames, %lu dropped, %lu "
		    "corrupted\n", b->loss.frames, b->loss.dropped,
		    b->loss.corrupted);
}

int
main(int argc, char **argv)
{
	static struct bridge b;
	struct options o;
	char err[512];
	uint32_t static_end;
	int rc;

	if (parse(argc, argv, &o) != 0) {
		usage();
		return 2;
	}
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	loss_init(&b.loss, o.drop, o.corrupt, (uint64_t)o.seed);
	if (load(&b, o.mcu, o.elf, &static_end) != 0) {
		fprintf(stderr, "avrpty: %s: cannot load it as an %s "
		    "firmware\n", o.elf, o.mcu);
		return 66;
	}
	if ((rc = open_eeprom(&b, o.mcu, o.eeprom)) != 0)
		return rc;
	if (o.eeprom_time && eetime_attach(&b.eetime, b.avr) != 0) {
		fprintf(stderr, "avrpty: the simulated %s has no EEPROM\n",
		    o.mcu);
		return 69;
	}
	if (o.pins != NULL) {
		if (pins_load(&b.pins, b.avr, o.pins, err, sizeof err) != 0) {
			fprintf(stderr, "avrpty: %s\n", err);
			return 65;
		}
		b.scripted = 1;
	}
	if (sim_pty_open(&b.pty) != 0 ||
	    (o.link && sim_pty_link(&b.pty, o.link) != 0)) {
		fprintf(stderr, "avrpty: pty: %s\n", strerror(errno));
		return 69;
	}
	printf("%s\n", b.pty.path);
	fflush(stdout);
	rc = run(&b);
	if (o.link)
		sim_pty_unlink(&b.pty, o.link);
	report(&b, static_end);
	eemirror_close(&b.ee);
	pins_free(&b.pins);
	return rc == 0 ? 0 : 1;
}
