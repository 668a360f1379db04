/*
 * encode.c - plan_encode: unpacked records in source order -> plan image.
 * The element lists are derived here from the parent links, so a front end
 * only states each element's parent and the lists can never disagree.  The
 * lists are built by a counting sort that uses the owners' count fields in
 * the output as its counters: linear time, no allocation.
 */
#include "bytes.h"
#include "crc32.h"
#include "plan.h"

/* Field offsets inside AP and C records (see plan.h). */
#define AP_FIRST(w) (w)
#define C_FIRST(w) ((w) + 1)

static uint16_t
parent_of(const struct plan_spec *s, uint8_t member_type, uint16_t i)
{
	return member_type == PLAN_APE ? s->ape[i].parent : s->ce[i].parent;
}

static uint16_t
attached(const struct plan_spec *s, uint8_t member_type)
{
	uint16_t i, n = 0;

	for (i = 0; i < s->count[member_type]; i++)
		n += parent_of(s, member_type, i) != PLAN_NONE;
	return n;
}

static uint32_t
names_size(const struct plan_spec *s)
{
	uint32_t i, n = 0;

	for (i = 0; i < s->nnames; i++)
		n += 2u + s->id_width + s->names[i].len;
	return n;
}

uint32_t
plan_encoded_size(const struct plan_spec *s)
{
	uint8_t w = s->id_width;

	return PLAN_HEADER_SIZE + PLAN_CRC_SIZE +
	    (uint32_t)s->count[PLAN_AP] * PLAN_AP_SIZE(w) +
	    (uint32_t)s->count[PLAN_APE] * PLAN_APE_SIZE(w) +
	    (uint32_t)s->count[PLAN_C] * PLAN_C_SIZE(w) +
	    (uint32_t)s->count[PLAN_CE] * PLAN_CE_SIZE(w) +
	    (uint32_t)s->count[PLAN_D] * PLAN_D_SIZE(w) +
	    (uint32_t)s->count[PLAN_A] * PLAN_A_SIZE(w) +
	    ((uint32_t)attached(s, PLAN_APE) + attached(s, PLAN_CE)) * w +
	    names_size(s) + s->task_size;
}

static uint8_t *
put_id(uint8_t *q, uint8_t w, uint16_t v)
{
	put_w(q, w, v);
	return q + w;
}

static uint8_t *
put_index(uint8_t *q, uint8_t w, uint16_t v)
{
	return put_id(q, w, v == PLAN_NONE ? none_w(w) : v);
}

static uint8_t *
put_ref(uint8_t *q, uint8_t w, const struct plan_ref *r)
{
	*q++ = r->type;
	return put_index(q, w, r->index);
}

static uint8_t *
put_releaser(uint8_t *q, uint8_t w, const struct plan_releaser *r)
{
	q = put_id(q, w, r->sense);
	*q++ = r->cmp;
	put_u16(q, (uint16_t)r->value);
	put_u16(q + 2, (uint16_t)r->hysteresis);
	put_u16(q + 4, (uint16_t)r->flex);
	return q + 6;
}

/* Records of every table; AP and C spans are filled in by put_list. */
static uint8_t *
put_records(const struct plan_spec *s, uint8_t *q)
{
	uint8_t w = s->id_width;
	uint16_t i;

	for (i = 0; i < s->count[PLAN_AP]; i++) {
		q = put_id(q, w, s->ap[i].id);
		q = put_id(put_id(q, w, 0), w, 0);
		*q++ = s->ap[i].monitor;
	}
	for (i = 0; i < s->count[PLAN_APE]; i++) {
		const struct plan_ape *r = &s->ape[i];

		q = put_index(put_id(q, w, r->id), w, r->parent);
		q = put_id(put_ref(q, w, &r->child), w, r->order);
		*q++ = r->monitor;
	}
	for (i = 0; i < s->count[PLAN_C]; i++) {
		q = put_id(q, w, s->comp[i].id);
		*q++ = s->comp[i].use_or ? 1 : 0;
		q = put_id(put_id(q, w, 0), w, 0);
		*q++ = s->comp[i].monitor;
	}
	for (i = 0; i < s->count[PLAN_CE]; i++) {
		const struct plan_ce *r = &s->ce[i];

		q = put_index(put_id(q, w, r->id), w, r->parent);
		q = put_id(put_ref(q, w, &r->child), w, r->priority);
		*q++ = r->retry;
		q = put_releaser(q, w, &r->rel);
		*q++ = r->monitor;
	}
	for (i = 0; i < s->count[PLAN_D]; i++) {
		const struct plan_drive *r = &s->drive[i];

		q = put_ref(put_id(q, w, r->id), w, &r->child);
		q = put_id(q, w, r->priority);
		put_u16(q, r->interval);
		q = put_releaser(q + 2, w, &r->rel);
		q = put_id(put_id(q, w, r->ramp_inc), w, r->urgency);
		q = put_id(q, w, r->ramp_interval);
		*q++ = r->monitor;
	}
	for (i = 0; i < s->count[PLAN_A]; i++) {
		const struct plan_action *r = &s->action[i];

		q = put_id(put_id(q, w, r->id), w, r->action);
		put_u16(q, (uint16_t)r->value);
		q += 2;
		*q++ = r->monitor;
	}
	return q;
}

/*
 * The list of members (APEs or CEs) grouped by owner (AP or C), ascending
 * within each owner; fills each owner's first/count.  `owners` points at
 * the owner table in the output, first_at is the offset of `first` there.
 */
static uint8_t *
put_list(const struct plan_spec *s, uint8_t *list, uint8_t *owners,
    uint8_t owner_type, uint8_t member_type, uint8_t first_at)
{
	uint8_t w = s->id_width;
	uint8_t size = owner_type == PLAN_AP ? PLAN_AP_SIZE(w) : PLAN_C_SIZE(w);
	uint16_t i, o, running = 0;

	/* count members per owner */
	for (i = 0; i < s->count[member_type]; i++) {
		uint8_t *cnt;

		if ((o = parent_of(s, member_type, i)) == PLAN_NONE)
			continue;
		cnt = owners + (uint32_t)o * size + first_at + w;
		put_w(cnt, w, (uint16_t)(get_w(cnt, w) + 1));
	}
	/* first = running sum; count becomes a cursor from 0 */
	for (o = 0; o < s->count[owner_type]; o++) {
		uint8_t *rec = owners + (uint32_t)o * size + first_at;

		put_w(rec, w, running);
		running = (uint16_t)(running + get_w(rec + w, w));
		put_w(rec + w, w, 0);
	}
	/* place members; the cursors end as the counts again */
	for (i = 0; i < s->count[member_type]; i++) {
		uint8_t *rec;
		uint16_t at;

		if ((o = parent_of(s, member_type, i)) == PLAN_NONE)
			continue;
		rec = owners + (uint32_t)o * size + first_at;
		at = (uint16_t)(get_w(rec, w) + get_w(rec + w, w));
		put_w(list + (uint32_t)at * w, w, i);
		put_w(rec + w, w, (uint16_t)(get_w(rec + w, w) + 1));
	}
	return list + (uint32_t)running * w;
}

static uint8_t *
put_names(const struct plan_spec *s, uint8_t *q)
{
	uint32_t i;
	uint16_t j;

	for (i = 0; i < s->nnames; i++) {
		const struct plan_name *n = &s->names[i];

		*q++ = n->kind;
		q = put_id(q, s->id_width, n->key);
		*q++ = n->len;
		for (j = 0; j < n->len; j++)
			*q++ = n->text[j];
	}
	return q;
}

static void
put_header(const struct plan_spec *s, uint8_t *h, uint32_t names)
{
	int t;

	h[0] = PLAN_MAGIC0;
	h[1] = PLAN_MAGIC1;
	h[2] = PLAN_MAGIC2;
	h[3] = PLAN_MAGIC3;
	h[4] = PLAN_VERSION;
	h[5] = s->id_width;
	h[6] = (uint8_t)((s->flags & PLAN_F_RECURSION) |
	    (names ? PLAN_F_NAMES : 0) | (s->task_size ? PLAN_F_TASK : 0));
	h[7] = s->global_monitor;
	for (t = 0; t < PLAN_NTYPES; t++)
		put_u16(h + 8 + 2 * t, s->count[t]);
	put_u32(h + 20, names);
	put_u32(h + 24, s->task_size);
	put_u16(h + 28, attached(s, PLAN_APE));
	put_u16(h + 30, attached(s, PLAN_CE));
}

uint32_t
plan_encode(const struct plan_spec *s, uint8_t *out, uint32_t cap)
{
	uint32_t size = plan_encoded_size(s), names = names_size(s);
	uint8_t *q, *ap_table, *c_table;
	uint8_t w = s->id_width;
	uint32_t i;

	if (size > cap || (w != 1 && w != 2))
		return 0;
	put_header(s, out, names);
	ap_table = out + PLAN_HEADER_SIZE;
	c_table = ap_table + (uint32_t)s->count[PLAN_AP] * PLAN_AP_SIZE(w) +
	    (uint32_t)s->count[PLAN_APE] * PLAN_APE_SIZE(w);
	q = put_records(s, ap_table);
	q = put_list(s, q, ap_table, PLAN_AP, PLAN_APE, AP_FIRST(w));
	q = put_list(s, q, c_table, PLAN_C, PLAN_CE, C_FIRST(w));
	q = put_names(s, q);
	for (i = 0; i < s->task_size; i++)
		*q++ = s->task[i];
	put_u32(q, crc32_update(0, out, (uint32_t)(q - out)));
	return size;
}
