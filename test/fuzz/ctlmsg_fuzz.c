/*
 * ctlmsg_fuzz.c - libFuzzer harness for the host's decoders of what a
 * robot sends back (core/wire/ctlmsg.c, desc.c): PRIO, ELEM_MONITOR,
 * COUNTERS and STATE pages, PAUSE/PAUSED, DESCRIBE entries, CONFIG and
 * SENSES.  Any payload in, no crash, nothing read past it; a payload a
 * decoder takes encodes back to one that decodes to the same message,
 * with counts and strings within their bounds.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wire/desc.h"
#include "wire/msg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
fail(const char *why)
{
	fprintf(stderr, "ctlmsg_fuzz: %s\n", why);
	abort();
}

/* decode, encode, decode: the same message (structs zeroed first, so
   fields a short form leaves alone compare equal). */
#define ROUND_TRIP(type, dec, enc, p, n, check) do {			\
	type a_, b_;							\
	uint8_t out_[WIRE_PAYLOAD_MAX], k_;				\
									\
	memset(&a_, 0, sizeof a_);					\
	memset(&b_, 0, sizeof b_);					\
	if (dec(&a_, p, n) == 0) {					\
		check(&a_);						\
		k_ = enc(&a_, out_);					\
		if (k_ > WIRE_PAYLOAD_MAX || dec(&b_, out_, k_) != 0 ||	\
		    memcmp(&a_, &b_, sizeof a_) != 0)			\
			fail(#type " does not round-trip");		\
	}								\
} while (0)

static void
no_check(const void *m)
{
	(void)m;
}

static void
check_counters(const struct wire_counters *m)
{
	if (m->count > WIRE_COUNTERS_MAX)
		fail("COUNTERS with more rows than a reply holds");
}

static void
check_state(const struct wire_state *m)
{
	if (m->count > WIRE_STATE_MAX)
		fail("STATE with more rows than a reply holds");
}

static void
check_desc(const struct wire_desc *d)
{
	if (memchr(d->name, '\0', sizeof d->name) == NULL ||
	    memchr(d->unit, '\0', sizeof d->unit) == NULL)
		fail("DESCRIBE strings not terminated");
	if (d->total > 0 && d->index >= d->total)
		fail("DESCRIBE entry past the total");
}

static void
check_senses(const struct wire_senses *s)
{
	if (s->count > WIRE_SENSES_MAX)
		fail("SENSES with more values than a frame holds");
}

static void
payload(const uint8_t *p, uint8_t n)
{
	ROUND_TRIP(struct wire_prio, wire_prio_decode, wire_prio_encode, p,
	    n, no_check);
	ROUND_TRIP(struct wire_elem_monitor, wire_elem_monitor_decode,
	    wire_elem_monitor_encode, p, n, no_check);
	ROUND_TRIP(struct wire_page, wire_page_decode, wire_page_encode, p,
	    n, no_check);
	ROUND_TRIP(struct wire_counters, wire_counters_decode,
	    wire_counters_encode, p, n, check_counters);
	ROUND_TRIP(struct wire_state, wire_state_decode, wire_state_encode, p,
	    n, check_state);
	ROUND_TRIP(struct wire_pause, wire_pause_decode, wire_pause_encode, p,
	    n, no_check);
	ROUND_TRIP(struct wire_paused, wire_paused_decode, wire_paused_encode,
	    p, n, no_check);
	ROUND_TRIP(struct wire_desc, wire_desc_decode, wire_desc_encode, p, n,
	    check_desc);
	ROUND_TRIP(struct wire_config, wire_config_decode, wire_config_encode,
	    p, n, no_check);
	ROUND_TRIP(struct wire_senses, wire_senses_decode, wire_senses_encode,
	    p, n, check_senses);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t n = (uint8_t)(size > WIRE_PAYLOAD_MAX ? WIRE_PAYLOAD_MAX :
	    size);
	uint8_t *copy = malloc(n ? n : 1);	/* exact size: overreads show */

	if (copy == NULL)
		return 0;
	memcpy(copy, data, n);
	payload(copy, n);
	free(copy);
	return 0;
}
