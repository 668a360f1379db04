/*
 * records.c - unpacking records and names from a validated plan.
 * Field offsets come from layout.h, as the encoder's do; plan_layout_test
 * checks both against a plan laid out by hand, for both widths.
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
	r->type = get_u8(q + PLAN_REF_TYPE);
	r->index = get_index(q + PLAN_REF_INDEX, w);
}

static void
get_releaser(const uint8_t *q, uint8_t w, struct plan_releaser *r)
{
	r->sense = get_w(q + PLAN_REL_SENSE, w);
	r->cmp = get_u8(q + PLAN_REL_CMP(w));
	r->value = (int16_t)get_u16(q + PLAN_REL_VALUE(w));
	r->hysteresis = (int16_t)get_u16(q + PLAN_REL_HYST(w));
	r->flex = (int16_t)get_u16(q + PLAN_REL_FLEX(w));
}

uint16_t
plan_id(const struct plan *p, uint8_t type, uint16_t i)
{
	return get_w(record(p, type, i) + PLAN_ID, p->id_width);
}

int32_t
plan_index_of(const struct plan *p, uint8_t type, uint16_t id)
{
	uint16_t i;

	if (type >= PLAN_NTYPES)
		return -1;
	for (i = 0; i < p->count[type]; i++)
		if (plan_id(p, type, i) == id)
			return i;
	return -1;
}

void
plan_get_ap(const struct plan *p, uint16_t i, struct plan_ap *out)
{
	const uint8_t *q = record(p, PLAN_AP, i);
	uint8_t w = p->id_width;

	out->id = get_w(q + PLAN_ID, w);
	out->first = get_w(q + PLAN_AP_FIRST(w), w);
	out->count = get_w(q + PLAN_AP_COUNT(w), w);
	out->monitor = get_u8(q + PLAN_AP_MONITOR(w));
}

void
plan_get_ape(const struct plan *p, uint16_t i, struct plan_ape *out)
{
	const uint8_t *q = record(p, PLAN_APE, i);
	uint8_t w = p->id_width;

	out->id = get_w(q + PLAN_ID, w);
	out->parent = get_index(q + PLAN_APE_PARENT(w), w);
	get_ref(q + PLAN_APE_CHILD(w), w, &out->child);
	out->order = get_w(q + PLAN_APE_ORDER(w), w);
	out->monitor = get_u8(q + PLAN_APE_MONITOR(w));
}

void
plan_get_comp(const struct plan *p, uint16_t i, struct plan_comp *out)
{
	const uint8_t *q = record(p, PLAN_C, i);
	uint8_t w = p->id_width;

	out->id = get_w(q + PLAN_ID, w);
	out->use_or = get_u8(q + PLAN_C_FLAGS(w)) & 1;
	out->first = get_w(q + PLAN_C_FIRST(w), w);
	out->count = get_w(q + PLAN_C_COUNT(w), w);
	out->monitor = get_u8(q + PLAN_C_MONITOR(w));
}

void
plan_get_ce(const struct plan *p, uint16_t i, struct plan_ce *out)
{
	const uint8_t *q = record(p, PLAN_CE, i);
	uint8_t w = p->id_width;

	out->id = get_w(q + PLAN_ID, w);
	out->parent = get_index(q + PLAN_CE_PARENT(w), w);
	get_ref(q + PLAN_CE_CHILD(w), w, &out->child);
	out->priority = get_w(q + PLAN_CE_PRIORITY(w), w);
	out->retry = get_u8(q + PLAN_CE_RETRY(w));
	get_releaser(q + PLAN_CE_RELEASER(w), w, &out->rel);
	out->monitor = get_u8(q + PLAN_CE_MONITOR(w));
}

void
plan_get_drive(const struct plan *p, uint16_t i, struct plan_drive *out)
{
	const uint8_t *q = record(p, PLAN_D, i);
	uint8_t w = p->id_width;

	out->id = get_w(q + PLAN_ID, w);
	get_ref(q + PLAN_D_CHILD(w), w, &out->child);
	out->priority = get_w(q + PLAN_D_PRIORITY(w), w);
	out->interval = get_u16(q + PLAN_D_INTERVAL(w));
	get_releaser(q + PLAN_D_RELEASER(w), w, &out->rel);
	out->ramp_inc = get_w(q + PLAN_D_RAMP_INC(w), w);
	out->urgency = get_w(q + PLAN_D_URGENCY(w), w);
	out->ramp_interval = get_w(q + PLAN_D_RAMP_INTERVAL(w), w);
	out->monitor = get_u8(q + PLAN_D_MONITOR(w));
}

void
plan_get_action(const struct plan *p, uint16_t i, struct plan_action *out)
{
	const uint8_t *q = record(p, PLAN_A, i);
	uint8_t w = p->id_width;

	out->id = get_w(q + PLAN_ID, w);
	out->action = get_w(q + PLAN_A_ACTION(w), w);
	out->value = (int16_t)get_u16(q + PLAN_A_VALUE(w));
	out->monitor = get_u8(q + PLAN_A_MONITOR(w));
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
	out->kind = get_u8(q + PLAN_NAME_KIND);
	out->key = get_w(q + PLAN_NAME_KEY, w);
	out->len = get_u8(q + PLAN_NAME_LEN(w));
	out->text = q + PLAN_NAME_TEXT(w);
	*pos += PLAN_NAME_ENTRY_SIZE(w, out->len);
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
