/*
 * pins.c - avrpty's script of the world outside the board (see pins.h).
 * The script is read whole at the start (a test's few rows); rows are put
 * on the pins between slices of the run, so a change lands within a
 * quarter of a millisecond of its time.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <avr_adc.h>
#include <avr_ioport.h>
#include <sim_irq.h>
#include <sim_time.h>

#include "host/csv.h"
#include "host/num.h"
#include "pins.h"
#include "wire/msg.h"

#define ADC_VREF_MV	5000u	/* AVCC, the firmware's reference */
#define ADC_TOP		1023u	/* simavr scales a channel to 0x3ff over Vref */

/* "PD2" or "ADC0" into a signal with its IRQ; 0 or -1. */
static int
parse_signal(avr_t *avr, const char *name, struct pins_signal *s)
{
	long n;

	memset(s, 0, sizeof *s);
	if (strncmp(name, "ADC", 3) == 0 &&
	    num_long(name + 3, 0, 15, &n) == NUM_OK) {
		s->n = (uint8_t)n;
		s->irq = avr_io_getirq(avr, AVR_IOCTL_ADC_GETIRQ,
		    ADC_IRQ_ADC0 + (int)n);
	} else if (name[0] == 'P' && isupper((unsigned char)name[1]) &&
	    num_long(name + 2, 0, 7, &n) == NUM_OK) {
		s->port = name[1];
		s->n = (uint8_t)n;
		s->irq = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(s->port),
		    (int)n);
	}
	return s->irq != NULL ? 0 : -1;
}

static int
parse_header(struct pins *p, const struct csv_reader *r, char *err,
    size_t errlen, const char *path)
{
	size_t i;

	if (csv_nfields(r) < 2 || csv_nfields(r) - 1 > PINS_MAX_COLS ||
	    strcmp(csv_field(r, 0), "ms") != 0) {
		snprintf(err, errlen, "%s:%ld: want a header ms,SIGNAL,... with "
		    "1 to %d signals", path, r->line, PINS_MAX_COLS);
		return -1;
	}
	p->nsig = csv_nfields(r) - 1;
	for (i = 0; i < p->nsig; i++)
		if (parse_signal(p->avr, csv_field(r, i + 1), &p->sig[i]) != 0) {
			snprintf(err, errlen, "%s:%ld: %s: not a pin (PD2) or "
			    "an ADC channel (ADC0) of this MCU", path, r->line,
			    csv_field(r, i + 1));
			return -1;
		}
	return 0;
}

/* Room for one more row; 0 or -1. */
static int
grow(struct pins *p)
{
	size_t cap = p->cap ? 2 * p->cap : 16;
	long *ms, *v;

	if (p->nrows < p->cap)
		return 0;
	if ((ms = realloc(p->ms, cap * sizeof *ms)) == NULL)
		return -1;
	p->ms = ms;
	if ((v = realloc(p->value, cap * p->nsig * sizeof *v)) == NULL)
		return -1;
	p->value = v;
	p->cap = cap;
	return 0;
}

/* One row; 0 or -1 with a message. */
static int
parse_row(struct pins *p, const struct csv_reader *r, char *err,
    size_t errlen, const char *path)
{
	long *v;
	size_t i;

	if (csv_nfields(r) != p->nsig + 1) {
		snprintf(err, errlen, "%s:%ld: %zu fields, the header has %zu",
		    path, r->line, csv_nfields(r), p->nsig + 1);
		return -1;
	}
	if (grow(p) != 0) {
		snprintf(err, errlen, "%s:%ld: out of memory", path, r->line);
		return -1;
	}
	v = p->value + p->nrows * p->nsig;
	if (num_long(csv_field(r, 0), 0, 86400000L, &p->ms[p->nrows]) !=
	    NUM_OK || (p->nrows > 0 && p->ms[p->nrows] <= p->ms[p->nrows - 1])) {
		snprintf(err, errlen, "%s:%ld: ms: a time after the last row's "
		    "is needed", path, r->line);
		return -1;
	}
	for (i = 0; i < p->nsig; i++)
		if (num_long(csv_field(r, i + 1), 0, p->sig[i].port ? 1 : 1023,
		    &v[i]) != NUM_OK) {
			snprintf(err, errlen, "%s:%ld: %s: want %s", path,
			    r->line, csv_field(r, i + 1), p->sig[i].port ?
			    "0 or 1" : "ADC counts, 0 to 1023");
			return -1;
		}
	p->nrows++;
	return 0;
}

/* The millivolts simavr turns into exactly `counts`. */
static uint32_t
millivolts(long counts)
{
	return ((uint32_t)counts * ADC_VREF_MV + ADC_TOP - 1) / ADC_TOP;
}

/*
 * Tell simavr what drives the row's pins of one port from outside: it
 * gives an input pin whose PORT bit is set (the firmware's pull-up) the
 * level 1 at every write of PORT or DDR, unless told of a stronger
 * driver, which a switch to ground is.
 */
static void
drive_port(struct pins *p, char port, const long *v)
{
	avr_ioport_external_t ext;
	unsigned mask = 0, value = 0;
	size_t i;

	for (i = 0; i < p->nsig; i++)
		if (p->sig[i].port == port) {
			mask |= 1u << p->sig[i].n;
			value |= (v[i] ? 1u : 0u) << p->sig[i].n;
		}
	memset(&ext, 0, sizeof ext);
	ext.name = (unsigned char)port;
	ext.mask = mask;
	ext.value = value;
	avr_ioctl(p->avr, AVR_IOCTL_IOPORT_SET_EXTERNAL(port), &ext);
}

static void
apply(struct pins *p, size_t row)
{
	const long *v = p->value + row * p->nsig;
	size_t i;

	for (i = 0; i < p->nsig; i++) {
		if (p->sig[i].port)
			drive_port(p, p->sig[i].port, v);
		avr_raise_irq(p->sig[i].irq, p->sig[i].port ? (uint32_t)v[i] :
		    millivolts(v[i]));
	}
}

int
pins_load(struct pins *p, avr_t *avr, const char *path, char *err,
    size_t errlen)
{
	struct csv_reader r;
	FILE *fp;
	int rc, got;

	memset(p, 0, sizeof *p);
	p->avr = avr;
	wire_decoder_init(&p->dec);
	avr->vcc = avr->avcc = avr->aref = ADC_VREF_MV;
	if ((fp = fopen(path, "r")) == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	csv_init(&r, fp, ',');
	rc = -1;
	if ((got = csv_read(&r)) == 1 &&
	    parse_header(p, &r, err, errlen, path) == 0) {
		while ((got = csv_read(&r)) == 1 &&
		    parse_row(p, &r, err, errlen, path) == 0)
			;
		rc = got == 0 ? 0 : -1;
	}
	if (got == -1)
		snprintf(err, errlen, "%s:%ld: %s", path, r.error_line,
		    r.error);
	else if (rc == 0 && p->nrows == 0) {
		snprintf(err, errlen, "%s: no rows", path);
		rc = -1;
	} else if (got == 0 && p->nsig == 0)
		snprintf(err, errlen, "%s: empty", path);
	csv_free(&r);
	fclose(fp);
	if (rc == 0)
		apply(p, 0);	/* from power-up */
	return rc;
}

void
pins_host_bytes(struct pins *p, const uint8_t *bytes, size_t n)
{
	struct wire_frame f;

	while (!p->started && n-- > 0) {
		wire_decoder_push(&p->dec, *bytes++);
		while (wire_decoder_next(&p->dec, &f))
			if (f.type == WIRE_START && !p->started) {
				p->started = 1;
				p->t0 = p->avr->cycle;
			}
	}
}

void
pins_poll(struct pins *p)
{
	avr_cycle_count_t ms;

	if (!p->started)
		return;
	ms = avr_cycles_to_nsec(p->avr, p->avr->cycle - p->t0) / 1000000u;
	while (p->next < p->nrows && (avr_cycle_count_t)p->ms[p->next] <= ms)
		apply(p, p->next++);
}

void
pins_free(struct pins *p)
{
	free(p->ms);
	free(p->value);
	p->ms = NULL;
	p->value = NULL;
}
