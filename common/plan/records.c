/*
 * records.c - unpacking records and names from a validated plan.
 * Field offsets follow the table in plan.h; the encoder writes the same
 * offsets, and the unit tests check that both agree for both widths.
 */
#include "bytes.h"
#include "plan.h"

static const uint8_t *
record(const struct plan *p, uint8_t type, uint16_t i)
{
	return p->table[type] + (uint32_t)i * p->rec_size[type];
}

static uint16_t
get_index(const uint8_t *q, uint8_t w)
{
	uint16_t v = get_w(q, w);

	return v == none_w(w) ? PLAN_NONE : v;
}

static void
get_ref(const uint8_t *q, uint8_t w, struct plan_ref *r)
{
	r->type = q[0];
	r->index = get_index(q + 1, w);
}

static void
get_releaser(const uint8_t *q, uint8_t w, struct plan_releaser *r)
{
	r->sense = get_w(q, w);
	r->cmp = q[w];
	r->value = (int16_t)get_u16(q + w + 1);
	r->hysteresis = (int16_t)get_u16(q + w + 3);
	r->flex = (int16_t)get_u16(q + w + 5);
}

uint16_t
plan_id(const struct plan *p, uint8_t type, uint16_t i)
{
	return get_w(record(p, type, i), p->id_width);
}

void
plan_get_ap(const struct plan *p, uint16_t i, struct plan_ap *out)
{
	const uint8_t *q = record(p, PLAN_AP, i);
	uint8_t w = p->id_width;

	out->id = get_w(q, w);
	out->first = get_w(q + w, w);
	out->count = get_w(q + 2 * w, w);
	out->monitor = q[3 * w];
}

void
plan_get_ape(const struct plan *p, uint16_t i, struct plan_ape *out)
{
	const uint8_t *q = record(p, PLAN_APE, i);
	uint8_t w = p->id_width;

	out->id = get_w(q, w);
	out->parent = get_index(q + w, w);
	get_ref(q + 2 * w, w, &out->child);
	out->order = get_w(q + 3 * w + 1, w);
	out->monitor = q[4 * w + 1];
}

void
plan_get_comp(const struct plan *p, uint16_t i, struct plan_comp *out)
{
	const uint8_t *q = record(p, PLAN_C, i);
	uint8_t w = p->id_width;

	out->id = get_w(q, w);
	out->use_or = q[w] & 1;
	out->first = get_w(q + w + 1, w);
	out->count = get_w(q + 2 * w + 1, w);
	out->monitor = q[3 * w + 1];
}

void
plan_get_ce(const struct plan *p, uint16_t i, struct plan_ce *out)
{
	const uint8_t *q = record(p, PLAN_CE, i);
	uint8_t w = p->id_width;

	out->id = get_w(q, w);
	out->parent = get_index(q + w, w);
	get_ref(q + 2 * w, w, &out->child);
	out->priority = get_w(q + 3 * w + 1, w);
	out->retry = q[4 * w + 1];
	get_releaser(q + 4 * w + 2, w, &out->rel);
	out->monitor = q[5 * w + 9];
}

void
plan_get_drive(const struct plan *p, uint16_t i, struct plan_drive *out)
{
	const uint8_t *q = record(p, PLAN_D, i);
	uint8_t w = p->id_width;

	out->id = get_w(q, w);
	get_ref(q + w, w, &out->child);
	out->priority = get_w(q + 2 * w + 1, w);
	out->interval = get_u16(q + 3 * w + 1);
	get_releaser(q + 3 * w + 3, w, &out->rel);
	out->ramp_inc = get_w(q + 4 * w + 10, w);
	out->urgency = get_w(q + 5 * w + 10, w);
	out->ramp_interval = get_w(q + 6 * w + 10, w);
	out->monitor = q[7 * w + 10];
}

void
plan_get_action(const struct plan *p, uint16_t i, struct plan_action *out)
{
	const uint8_t *q = record(p, PLAN_A, i);
	uint8_t w = p->id_width;

	out->id = get_w(q, w);
	out->action = get_w(q + w, w);
	out->value = (int16_t)get_u16(q + 2 * w);
	out->monitor = q[2 * w + 2];
}

uint16_t
plan_ape_at(const struct plan *p, uint16_t k)
{
	return get_w(p->ape_list + (uint32_t)k * p->id_width, p->id_width);
}

uint16_t
plan_ce_at(const struct plan *p, uint16_t k)
{
	return get_w(p->ce_list + (uint32_t)k * p->id_width, p->id_width);
}

int
plan_next_name(const struct plan *p, uint32_t *pos, struct plan_name *out)
{
	const uint8_t *q;
	uint8_t w = p->id_width;

	if (*pos >= p->names_size)
		return 0;
	q = p->names + *pos;
	out->kind = q[0];
	out->key = get_w(q + 1, w);
	out->len = q[1 + w];
	out->text = q + 2 + w;
	*pos += 2u + w + out->len;
	return 1;
}

const uint8_t *
plan_find_name(const struct plan *p, uint8_t kind, uint16_t key, uint8_t *len)
{
	struct plan_name n;
	uint32_t pos = 0;

	while (plan_next_name(p, &pos, &n)) {
		if (n.kind == kind && n.key == key) {
			*len = n.len;
			return n.text;
		}
		if (n.kind > kind || (n.kind == kind && n.key > key))
			break;	/* sorted: it is not there */
	}
	return NULL;
}
