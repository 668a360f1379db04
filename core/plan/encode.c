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
		n += PLAN_NAME_ENTRY_SIZE(s->id_width, s->names[i].len);
	return n;
}

uint32_t
plan_encoded_size(const struct plan_spec *s)
{
	uint8_t w = s->id_width;

	return PLAN_MIN_SIZE +
	    (uint32_t)s->count[PLAN_AP] * PLAN_AP_SIZE(w) +
	    (uint32_t)s->count[PLAN_APE] * PLAN_APE_SIZE(w) +
	    (uint32_t)s->count[PLAN_C] * PLAN_C_SIZE(w) +
	    (uint32_t)s->count[PLAN_CE] * PLAN_CE_SIZE(w) +
	    (uint32_t)s->count[PLAN_D] * PLAN_D_SIZE(w) +
	    (uint32_t)s->count[PLAN_A] * PLAN_A_SIZE(w) +
	    ((uint32_t)attached(s, PLAN_APE) + attached(s, PLAN_CE)) * w +
	    names_size(s) + s->task_size;
}

static void
put_index(uint8_t *q, uint8_t w, uint16_t v)
{
	put_w(q, w, v == PLAN_NONE ? none_w(w) : v);
}

static void
put_ref(uint8_t *q, uint8_t w, const struct plan_ref *r)
{
	q[PLAN_REF_TYPE] = r->type;
	put_index(q + PLAN_REF_INDEX, w, r->index);
}

static void
put_releaser(uint8_t *q, uint8_t w, const struct plan_releaser *r)
{
	put_w(q + PLAN_REL_SENSE, w, r->sense);
	q[PLAN_REL_CMP(w)] = r->cmp;
	put_u16(q + PLAN_REL_VALUE(w), (uint16_t)r->value);
	put_u16(q + PLAN_REL_HYST(w), (uint16_t)r->hysteresis);
	put_u16(q + PLAN_REL_FLEX(w), (uint16_t)r->flex);
}

/* Each record writes every field at its layout.h offset. */
static void
put_ap(uint8_t *q, uint8_t w, const struct plan_ap *r)
{
	put_w(q + PLAN_ID, w, r->id);
	put_w(q + PLAN_AP_FIRST(w), w, 0);	/* filled in by put_list */
	put_w(q + PLAN_AP_COUNT(w), w, 0);
	q[PLAN_AP_MONITOR(w)] = r->monitor;
}

static void
put_ape(uint8_t *q, uint8_t w, const struct plan_ape *r)
{
	put_w(q + PLAN_ID, w, r->id);
	put_index(q + PLAN_APE_PARENT(w), w, r->parent);
	put_ref(q + PLAN_APE_CHILD(w), w, &r->child);
	put_w(q + PLAN_APE_ORDER(w), w, r->order);
	q[PLAN_APE_MONITOR(w)] = r->monitor;
}

static void
put_comp(uint8_t *q, uint8_t w, const struct plan_comp *r)
{
	put_w(q + PLAN_ID, w, r->id);
	q[PLAN_C_FLAGS(w)] = r->use_or ? 1 : 0;
	put_w(q + PLAN_C_FIRST(w), w, 0);	/* filled in by put_list */
	put_w(q + PLAN_C_COUNT(w), w, 0);
	q[PLAN_C_MONITOR(w)] = r->monitor;
}

static void
put_ce(uint8_t *q, uint8_t w, const struct plan_ce *r)
{
	put_w(q + PLAN_ID, w, r->id);
	put_index(q + PLAN_CE_PARENT(w), w, r->parent);
	put_ref(q + PLAN_CE_CHILD(w), w, &r->child);
	put_w(q + PLAN_CE_PRIORITY(w), w, r->priority);
	q[PLAN_CE_RETRY(w)] = r->retry;
	put_releaser(q + PLAN_CE_RELEASER(w), w, &r->rel);
	q[PLAN_CE_MONITOR(w)] = r->monitor;
}

static void
put_drive(uint8_t *q, uint8_t w, const struct plan_drive *r)
{
	put_w(q + PLAN_ID, w, r->id);
	put_ref(q + PLAN_D_CHILD(w), w, &r->child);
	put_w(q + PLAN_D_PRIORITY(w), w, r->priority);
	put_u16(q + PLAN_D_INTERVAL(w), r->interval);
	put_releaser(q + PLAN_D_RELEASER(w), w, &r->rel);
	put_w(q + PLAN_D_RAMP_INC(w), w, r->ramp_inc);
	put_w(q + PLAN_D_URGENCY(w), w, r->urgency);
	put_w(q + PLAN_D_RAMP_INTERVAL(w), w, r->ramp_interval);
	q[PLAN_D_MONITOR(w)] = r->monitor;
}

static void
put_action(uint8_t *q, uint8_t w, const struct plan_action *r)
{
	put_w(q + PLAN_ID, w, r->id);
	put_w(q + PLAN_A_ACTION(w), w, r->action);
	put_u16(q + PLAN_A_VALUE(w), (uint16_t)r->value);
	q[PLAN_A_MONITOR(w)] = r->monitor;
}

/* Records of every table; AP and C spans are filled in by put_list. */
static uint8_t *
put_records(const struct plan_spec *s, uint8_t *q)
{
	uint8_t w = s->id_width;
	uint16_t i;

	for (i = 0; i < s->count[PLAN_AP]; i++, q += PLAN_AP_SIZE(w))
		put_ap(q, w, &s->ap[i]);
	for (i = 0; i < s->count[PLAN_APE]; i++, q += PLAN_APE_SIZE(w))
		put_ape(q, w, &s->ape[i]);
	for (i = 0; i < s->count[PLAN_C]; i++, q += PLAN_C_SIZE(w))
		put_comp(q, w, &s->comp[i]);
	for (i = 0; i < s->count[PLAN_CE]; i++, q += PLAN_CE_SIZE(w))
		put_ce(q, w, &s->ce[i]);
	for (i = 0; i < s->count[PLAN_D]; i++, q += PLAN_D_SIZE(w))
		put_drive(q, w, &s->drive[i]);
	for (i = 0; i < s->count[PLAN_A]; i++, q += PLAN_A_SIZE(w))
		put_action(q, w, &s->action[i]);
	return q;
}

/*
 * The list of members (APEs or CEs) grouped by owner (AP or C), ascending
 * within each owner; fills each owner's first/count.  `owners` points at
 * the owner table in the output.
 */
static uint8_t *
put_list(const struct plan_spec *s, uint8_t *list, uint8_t *owners,
    uint8_t owner_type, uint8_t member_type)
{
	uint8_t w = s->id_width, is_ap = owner_type == PLAN_AP;
	uint8_t size = is_ap ? PLAN_AP_SIZE(w) : PLAN_C_SIZE(w);
	uint8_t first_at = is_ap ? PLAN_AP_FIRST(w) : PLAN_C_FIRST(w);
	uint8_t count_at = is_ap ? PLAN_AP_COUNT(w) : PLAN_C_COUNT(w);
	uint16_t i, o, running = 0;
	uint8_t *rec;

	/* count members per owner */
	for (i = 0; i < s->count[member_type]; i++) {
		if ((o = parent_of(s, member_type, i)) == PLAN_NONE)
			continue;
		rec = owners + (uint32_t)o * size;
		put_w(rec + count_at, w,
		    (uint16_t)(get_w(rec + count_at, w) + 1));
	}
	/* first = running sum; count becomes a cursor from 0 */
	for (o = 0; o < s->count[owner_type]; o++) {
		rec = owners + (uint32_t)o * size;
		put_w(rec + first_at, w, running);
		running = (uint16_t)(running + get_w(rec + count_at, w));
		put_w(rec + count_at, w, 0);
	}
	/* place members; the cursors end as the counts again */
	for (i = 0; i < s->count[member_type]; i++) {
		uint16_t at;

		if ((o = parent_of(s, member_type, i)) == PLAN_NONE)
			continue;
		rec = owners + (uint32_t)o * size;
		at = (uint16_t)(get_w(rec + first_at, w) +
		    get_w(rec + count_at, w));
		put_w(list + (uint32_t)at * w, w, i);
		put_w(rec + count_at, w,
		    (uint16_t)(get_w(rec + count_at, w) + 1));
	}
	return list + (uint32_t)running * w;
}

static uint8_t *
put_names(const struct plan_spec *s, uint8_t *q)
{
	uint8_t w = s->id_width;
	uint32_t i;
	uint16_t j;

	for (i = 0; i < s->nnames; i++) {
		const struct plan_name *n = &s->names[i];

		q[PLAN_NAME_KIND] = n->kind;
		put_w(q + PLAN_NAME_KEY, w, n->key);
		q[PLAN_NAME_LEN(w)] = n->len;
		for (j = 0; j < n->len; j++)
			q[PLAN_NAME_TEXT(w) + j] = n->text[j];
		q += PLAN_NAME_ENTRY_SIZE(w, n->len);
	}
	return q;
}

static void
put_header(const struct plan_spec *s, uint8_t *h, uint32_t names)
{
	int t;

	h[PLAN_H_MAGIC] = PLAN_MAGIC0;
	h[PLAN_H_MAGIC + 1] = PLAN_MAGIC1;
	h[PLAN_H_MAGIC + 2] = PLAN_MAGIC2;
	h[PLAN_H_MAGIC + 3] = PLAN_MAGIC3;
	h[PLAN_H_VERSION] = PLAN_VERSION;
	h[PLAN_H_WIDTH] = s->id_width;
	h[PLAN_H_FLAGS] = (uint8_t)((s->flags & PLAN_F_RECURSION) |
	    (names ? PLAN_F_NAMES : 0) | (s->task_size ? PLAN_F_TASK : 0));
	h[PLAN_H_MONITOR] = s->global_monitor;
	for (t = 0; t < PLAN_NTYPES; t++)
		put_u16(h + PLAN_H_COUNT(t), s->count[t]);
	put_u32(h + PLAN_H_NAMES_SIZE, names);
	put_u32(h + PLAN_H_TASK_SIZE, s->task_size);
	put_u16(h + PLAN_H_APE_LIST, attached(s, PLAN_APE));
	put_u16(h + PLAN_H_CE_LIST, attached(s, PLAN_CE));
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
	q = put_list(s, q, ap_table, PLAN_AP, PLAN_APE);
	q = put_list(s, q, c_table, PLAN_C, PLAN_CE);
	q = put_names(s, q);
	for (i = 0; i < s->task_size; i++)
		*q++ = s->task[i];
	put_u32(q, plan_crc32_update(0, out, (uint32_t)(q - out)));
	return size;
}
