/*
 * avrbench - runs an AVR benchmark program in simavr and counts the CPU
 * cycles of the sections it marks; scripts/bench-avr builds the programs
 * (bench/avr/planbench.c) and calls this.  A host program over libsimavr.
 *
 *	avrbench [--mcu NAME] [--freq HZ] [--max-cycles N] [--profile FILE]
 *	    program.elf
 *
 * The program talks through three general purpose I/O registers, which
 * every ATmega has at the same data addresses and which nothing else uses:
 *   GPIOR1  text: bytes of a line, printed on stdout at '\n'
 *   GPIOR0  marks: 1 starts a timed section, 2 ends it (its cycles add up),
 *           3 reports the sections since the last report under the text
 *           written since (the label), 4 makes the last report the cost of
 *           an empty section, taken off every later one
 * A report line is "LABEL<TAB>n<TAB>mean cycles<TAB>deepest stack"; the
 * stack is how far SP went below where it stood at the section's start.
 * When the program stops (sleep with interrupts off), avrbench prints
 * its static RAM (.data and .bss), the heap malloc took, the deepest the
 * stack went over the whole run (SP watched at every instruction) and the
 * flash image.  --profile writes, for every instruction address inside
 * the timed sections, the cycles spent there ("0xADDR cycles").
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sim_avr.h>
#include <sim_elf.h>
#include <sim_io.h>

#define GPIOR0	0x3E		/* data addresses: ATmega328P and 2560 alike */
#define GPIOR1	0x4A
#define SPL	0x5D
#define SPH	0x5E
#define DATA_OFFSET 0x800000u	/* where ELF symbols put data */

struct bench {
	avr_t *avr;
	char line[256];
	size_t line_n;
	avr_cycle_count_t start, total;
	unsigned long count;
	double empty;		/* cycles of an empty section */
	double last_mean;
	int timing;
	uint16_t start_sp, low_sp, run_low_sp;
	unsigned section_stack;
	uint64_t *profile;	/* cycles by word address, or NULL */
};

static void
on_text(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
	struct bench *b = param;

	avr->data[addr] = v;
	if (v == '\n' || b->line_n == sizeof b->line - 1) {
		b->line[b->line_n] = '\0';
		printf("%s\n", b->line);
		b->line_n = 0;
	}
	if (v != '\n')
		b->line[b->line_n++] = (char)v;
}

static uint16_t
sp_of(const avr_t *avr)
{
	return (uint16_t)(avr->data[SPL] | avr->data[SPH] << 8);
}

static void
report(struct bench *b)
{
	double mean = b->count ? (double)b->total / b->count - b->empty : 0;

	b->line[b->line_n] = '\0';
	printf("%s\t%lu\t%.1f\t%u\n", b->line, b->count, mean,
	    b->section_stack);
	fflush(stdout);
	b->line_n = 0;
	b->last_mean = (double)b->total / (b->count ? b->count : 1);
	b->total = 0;
	b->count = 0;
	b->section_stack = 0;
}

static void
on_mark(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
	struct bench *b = param;

	avr->data[addr] = v;
	switch (v) {
	case 1:
		b->start = avr->cycle;
		b->start_sp = b->low_sp = sp_of(avr);
		b->timing = 1;
		break;
	case 2:
		if (!b->timing)
			break;
		b->total += avr->cycle - b->start;
		b->count++;
		b->timing = 0;
		if ((unsigned)(b->start_sp - b->low_sp) > b->section_stack)
			b->section_stack = b->start_sp - b->low_sp;
		break;
	case 3:
		report(b);
		break;
	case 4:
		b->empty = b->last_mean;
		break;
	}
}

/* A data symbol's address in the simulated RAM, or 0. */
static uint32_t
symbol(const elf_firmware_t *fw, const char *name)
{
	uint32_t i;

	for (i = 0; i < fw->symbolcount; i++)
		if (strcmp(fw->symbol[i]->symbol, name) == 0 &&
		    fw->symbol[i]->addr >= DATA_OFFSET)
			return fw->symbol[i]->addr - DATA_OFFSET;
	return 0;
}

static void
summary(const struct bench *b, const elf_firmware_t *fw)
{
	const avr_t *avr = b->avr;
	uint32_t ram = avr->ioend + 1u, heap = symbol(fw, "__heap_start");
	uint32_t brk = symbol(fw, "__brkval"), top = 0;

	if (brk != 0)
		top = avr->data[brk] | avr->data[brk + 1] << 8;
	printf("static RAM\t%u\n", heap > ram ? (unsigned)(heap - ram) :
	    (unsigned)(fw->datasize + fw->bsssize));
	printf("heap\t%u\n", top > heap ? (unsigned)(top - heap) : 0u);
	printf("deepest stack\t%u\n", (unsigned)(avr->ramend - b->run_low_sp));
	printf("RAM\t%u\n", (unsigned)(avr->ramend + 1u - ram));
	printf("flash image\t%u\n", (unsigned)fw->flashsize);
}

static int
run(struct bench *b, unsigned long long max_cycles)
{
	avr_t *avr = b->avr;
	int state = cpu_Running;
	uint16_t sp;

	b->run_low_sp = sp_of(avr);
	while (state != cpu_Done && state != cpu_Crashed) {
		avr_flashaddr_t pc = avr->pc;
		avr_cycle_count_t c0 = avr->cycle;

		state = avr_run(avr);
		sp = sp_of(avr);
		if (sp < b->run_low_sp)
			b->run_low_sp = sp;
		if (sp < b->low_sp)
			b->low_sp = sp;
		if (b->timing && b->profile != NULL)
			b->profile[pc >> 1] += avr->cycle - c0;
		if (avr->cycle > max_cycles) {
			fprintf(stderr, "avrbench: still running after %llu "
			    "cycles\n", max_cycles);
			return 1;
		}
	}
	if (state == cpu_Crashed) {
		fprintf(stderr, "avrbench: the program crashed at 0x%x\n",
		    (unsigned)avr->pc);
		return 1;
	}
	return 0;
}

static int
write_profile(const struct bench *b, const char *path)
{
	FILE *f = fopen(path, "w");
	uint32_t a;

	if (f == NULL) {
		perror(path);
		return 1;
	}
	for (a = 0; a <= b->avr->flashend / 2; a++)
		if (b->profile[a] != 0)
			fprintf(f, "0x%x %llu\n", (unsigned)(a * 2),
			    (unsigned long long)b->profile[a]);
	return fclose(f) == 0 ? 0 : 1;
}

static void
usage(void)
{
	fprintf(stderr, "usage: avrbench [--mcu NAME] [--freq HZ] "
	    "[--max-cycles N] [--profile FILE] program.elf\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "mcu", required_argument, NULL, 'm' },
		{ "freq", required_argument, NULL, 'f' },
		{ "max-cycles", required_argument, NULL, 'c' },
		{ "profile", required_argument, NULL, 'p' },
		{ NULL, 0, NULL, 0 }
	};
	static struct bench b;
	elf_firmware_t fw;
	const char *mcu = "atmega2560", *profile = NULL;
	unsigned long freq = 16000000ul;
	unsigned long long max_cycles = 4000000000ull;
	char *end;
	int c, rc;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		if (c == 'm')
			mcu = optarg;
		else if (c == 'f')
			freq = strtoul(optarg, &end, 10);
		else if (c == 'c')
			max_cycles = strtoull(optarg, &end, 10);
		else if (c == 'p')
			profile = optarg;
		else
			usage();
	}
	if (optind != argc - 1)
		usage();
	memset(&fw, 0, sizeof fw);
	if (elf_read_firmware(argv[optind], &fw) != 0) {
		fprintf(stderr, "avrbench: %s: cannot read\n", argv[optind]);
		return 66;
	}
	if ((b.avr = avr_make_mcu_by_name(mcu)) == NULL) {
		fprintf(stderr, "avrbench: simavr has no %s\n", mcu);
		return 69;
	}
	avr_init(b.avr);
	b.avr->frequency = (uint32_t)freq;
	b.avr->log = 0;
	avr_load_firmware(b.avr, &fw);
	if (profile != NULL && (b.profile = calloc(b.avr->flashend / 2 + 1,
	    sizeof *b.profile)) == NULL)
		return 75;
	avr_register_io_write(b.avr, GPIOR0, on_mark, &b);
	avr_register_io_write(b.avr, GPIOR1, on_text, &b);
	if ((rc = run(&b, max_cycles)) != 0)
		return rc;
	summary(&b, &fw);
	if (profile != NULL)
		return write_profile(&b, profile);
	return 0;
}
