/*
 * logfeed_fuzz.c - libFuzzer harness for planview's live log feed
 * (lib/planview/logfeed.c) against the explorer plan: any bytes in, in
 * any pieces, no crash, no leak, no hang; the pieces the bytes come in
 * (a pipe gives them as it likes) change neither the events nor the
 * verdict.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "plan/plan.h"
#include "planview/logfeed.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
fail(const char *why)
{
	fprintf(stderr, "logfeed_fuzz: %s\n", why);
	abort();
}

static const struct planview_tree *
explorer(void)
{
	static struct plan p;
	static struct planview_tree t;
	static uint8_t *img;
	struct plan_error err;
	size_t len;
	uint32_t size;
	char *text;

	if (img)
		return &t;
	text = fuzz_slurp("examples/explorer.yaml", &len);
	img = fuzz_plan_image(text, 0, &size);
	free(text);
	if (plan_open(&p, img, size, &err) != PLAN_OK ||
	    planview_tree_open(&t, &p) < 0)
		fail("the explorer plan does not open");
	return &t;
}

/* What a feed made of the bytes: a running hash of the events. */
struct seen {
	uint64_t hash;
	long events;
	long error_line;
	char error[200];
};

static void
mix(struct seen *s, const void *p, size_t n)
{
	const unsigned char *b = p;

	while (n--)
		s->hash = (s->hash ^ *b++) * 1099511628211ULL;
}

static int
on_event(void *ctx, const struct planview_event *e)
{
	struct seen *s = ctx;

	mix(s, &e->cycle, sizeof e->cycle);
	mix(s, &e->time_ms, sizeof e->time_ms);
	mix(s, &e->event, 1);
	mix(s, &e->type, sizeof e->type);
	mix(s, &e->index, sizeof e->index);
	mix(s, &e->value, sizeof e->value);
	mix(s, e->reason, strnlen(e->reason, sizeof e->reason));
	s->events++;
	return 0;
}

/* Feed the bytes in pieces of the sizes a generator seeded by `seed`
   picks (seed 0: all at once); 0 or -1 as the feed ended. */
static int
feed(const uint8_t *data, size_t size, unsigned seed, struct seen *s,
    int *truncated)
{
	struct planview_log l;
	size_t at = 0, n;
	uint32_t x = seed * 2654435761u + 1;
	int rc = 0;

	memset(s, 0, sizeof *s);
	planview_log_init(&l, explorer());
	while (at < size && rc == 0) {
		x = x * 1103515245u + 12345u;
		n = seed == 0 ? size : 1 + (x >> 16) % 97;
		if (n > size - at)
			n = size - at;
		rc = planview_log_feed(&l, (const char *)data + at, n, on_event, s);
		at += n;
	}
	*truncated = rc == 0 && planview_log_truncated(&l);
	if (rc != 0) {
		s->error_line = l.error_line;
		memcpy(s->error, l.error, sizeof s->error);
	}
	planview_log_free(&l);
	return rc;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct seen whole, pieces;
	int rw, rp, tw, tp;
	uint8_t *copy = malloc(size ? size : 1);

	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	rw = feed(copy, size, 0, &whole, &tw);
	rp = feed(copy, size, size ? copy[0] + 1u : 1u, &pieces, &tp);
	if (rw != rp) {
		fprintf(stderr, "whole: %d, line %ld: %s\npieces: %d, line %ld: "
		    "%s\n", rw, whole.error_line, whole.error, rp,
		    pieces.error_line, pieces.error);
		fail("the pieces change the verdict");
	}
	if (rw == 0 && (whole.events != pieces.events ||
	    whole.hash != pieces.hash || tw != tp))
		fail("the pieces change the events");
	free(copy);
	return 0;
}
