/*
 * describe.c - reading the robot's description (describe.h): a page at a
 * time, the pages asked for together once the first says how many there
 * are; an entry at a time from a robot that knows no pages.  Names and
 * units are made safe to print as they come.  Used by check.c, upload.c,
 * telemetry.c and armctl describe.
 */
#include <stdio.h>
#include <string.h>

#include "client/client.h"
#include "plan/crc32.h"
#include "plansrc/utf8.h"

void
client_sanitize(char *s)
{
	const char *bad;
	unsigned char *p;

	for (p = (unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7F)
			*p = '?';
	while ((bad = plansrc_utf8_first_bad(s)) != NULL)
		*(char *)bad = '?';
	/* C1 controls (U+0080..U+009F): terminals obey them too */
	for (p = (unsigned char *)s; *p; p++)
		if (p[0] == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F)
			p[0] = p[1] = '?';
}

void
client_desc_fetch_begin(struct client_desc_fetch *f, struct client_desc *d)
{
	memset(f, 0, sizeof *f);
	f->d = d;
	f->paged = 1;
	d->n = 0;
	d->have = d->none = 0;
}

int
client_desc_fetch_next(struct client_desc_fetch *f, uint8_t *type,
    uint8_t *payload)
{
	/* before the first reply, only the first request */
	if (f->done || (f->want == 0 && f->next > 0) || (f->want > 0 &&
	    f->next >= f->want))
		return 0;
	*type = f->paged ? WIRE_DESCRIBE_PAGE : WIRE_DESCRIBE;
	*payload = f->next++;
	return 1;
}

/* Entry k in its place, the count the same as before. */
static int
keep(struct client_desc *d, const struct wire_desc *e, uint8_t k,
    uint8_t total)
{
	if (k != d->n || e->total != total || total > CLIENT_DESC_MAX)
		return -1;
	d->e[d->n++] = *e;
	return 0;
}

/* The CRC-32 of the entries as a robot computes it (DESCRIBE_PAGE). */
static uint32_t
entries_crc(const struct client_desc *d)
{
	uint8_t buf[WIRE_PAYLOAD_MAX];
	struct wire_out o;
	uint32_t crc = 0;
	int i;

	for (i = 0; i < d->n; i++) {
		wire_out_init(&o, buf, sizeof buf);
		wire_desc_put_entry(&o, &d->e[i]);
		crc = plan_crc32_update(crc, buf, wire_out_len(&o));
	}
	return crc;
}

/* The last reply is in: the description is whole (its CRC taken before
   its text is made safe to print). */
static void
finish(struct client_desc_fetch *f)
{
	int i;

	f->done = 1;
	f->d->have = 1;
	f->d->crc = f->paged ? f->crc : entries_crc(f->d);
	for (i = 0; i < f->d->n; i++) {
		client_sanitize(f->d->e[i].name);
		client_sanitize(f->d->e[i].unit);
	}
}

static enum client_status
take_page(struct client *cl, struct client_desc_fetch *f,
    const struct wire_frame *reply)
{
	struct wire_desc_page pg;
	uint8_t i;

	if (wire_desc_page_decode(&pg, reply->payload, reply->len) != 0 ||
	    pg.page != f->got || (f->want && (pg.pages != f->want ||
	    pg.crc != f->crc)) || pg.pages > CLIENT_DESC_MAX)
		return client_malformed(cl, "describe");
	f->want = pg.pages;
	f->crc = pg.crc;
	for (i = 0; i < pg.count; i++)
		if (keep(f->d, &pg.e[i], pg.first + i, pg.total) != 0)
			return client_malformed(cl, "describe");
	if (++f->got == f->want) {
		if (f->d->n != pg.total || entries_crc(f->d) != f->crc)
			return client_malformed(cl, "describe");
		finish(f);
	}
	return CLIENT_OK;
}

static enum client_status
take_entry(struct client *cl, struct client_desc_fetch *f,
    const struct wire_frame *reply)
{
	struct wire_desc e;

	if (wire_desc_decode(&e, reply->payload, reply->len) != 0 ||
	    (f->want && e.total != f->want) ||
	    keep(f->d, &e, f->got, e.total) != 0) {
		client_say(cl, "describe: the robot sent a malformed entry %u",
		    (unsigned)f->got);
		cl->s.fail = WIRE_FAIL_PROTO;
		return CLIENT_IO;
	}
	f->want = e.total;
	if (++f->got == f->want)
		finish(f);
	return CLIENT_OK;
}

enum client_status
client_desc_fetch_take(struct client *cl, struct client_desc_fetch *f,
    const struct wire_frame *reply)
{
	int unknown = reply->type == WIRE_ERROR && reply->len >= 2 &&
	    reply->payload[1] == WIRE_E_UNKNOWN;

	if (unknown && f->paged) {
		f->paged = 0;	/* a robot before pages: an entry each */
		f->next = f->got = f->want = 0;
		return CLIENT_OK;
	}
	if (unknown) {
		f->done = 1;	/* a robot before DESCRIBE */
		f->d->none = 1;
		return CLIENT_OK;
	}
	if (reply->type == WIRE_ERROR)
		return client_refused(cl, reply, "describe");
	return f->paged ? take_page(cl, f, reply) : take_entry(cl, f, reply);
}

/* The whole fetch, request by request as the window allows. */
static enum client_status
fetch(struct client *cl)
{
	struct client_desc_fetch f;
	struct wire_frame reply;
	enum client_status st;
	uint8_t type, arg;

	client_desc_fetch_begin(&f, &cl->desc);
	while (!f.done) {
		while (link_can_send(&cl->s) &&
		    client_desc_fetch_next(&f, &type, &arg))
			if (link_send(&cl->s, type, &arg, 1) != 0)
				return client_link_failed(cl, "describe");
		if ((st = client_next_reply(cl, &reply, "describe")) !=
		    CLIENT_OK ||
		    (st = client_desc_fetch_take(cl, &f, &reply)) != CLIENT_OK)
			return st;
	}
	return CLIENT_OK;
}

enum client_status
client_describe(struct client *cl)
{
	enum client_status st;

	if (cl->desc.have && (st = client_plan_info(cl, NULL)) != CLIENT_OK)
		return st;
	if (cl->desc.have && cl->info.ids && cl->info.desc_crc ==
	    cl->desc.crc)
		return CLIENT_OK;
	return fetch(cl);
}

const struct wire_desc *
client_desc_find(const struct client_desc *d, uint8_t kind, uint16_t id)
{
	int i;

	for (i = 0; i < d->n; i++)
		if (d->e[i].kind == kind && id >= d->e[i].first &&
		    id - d->e[i].first < d->e[i].count)
			return &d->e[i];
	return NULL;
}

void
client_desc_name(const struct wire_desc *e, uint16_t id, char *buf,
    size_t len)
{
	const char *hash = strchr(e->name, '#');

	if (hash == NULL)
		snprintf(buf, len, "%s", e->name);
	else
		snprintf(buf, len, "%.*s%u%s", (int)(hash - e->name), e->name,
		    (unsigned)(id - e->first + 1), hash + 1);
}
