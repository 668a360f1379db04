/*
 * decode.c - plan_open: validate a plan image completely, once.
 * After this every index the planner follows is in range and of the right
 * type, so the planner itself never checks bounds and never trusts bytes.
 */
#include "bytes.h"
#include "crc32.h"
#include "nesting.h"
#include "plan.h"
#include "task.h"

static int
fail(struct plan_error *err, int code, uint8_t type, uint16_t index,
    uint32_t offset)
{
	err->code = (uint8_t)code;
	err->type = type;
	err->index = index;
	err->offset = offset;
	return code;
}

static const uint8_t record_size_1[PLAN_NTYPES] = PLAN_RECORD_SIZES(1);
static const uint8_t record_size_2[PLAN_NTYPES] = PLAN_RECORD_SIZES(2);

/* Checks the header's own fields; the error code, PLAN_OK if sound. */
static int
check_header(const uint8_t *h)
{
	uint32_t total = 0;
	uint8_t w = h[PLAN_H_WIDTH];
	int t;

	if (h[PLAN_H_MAGIC] != PLAN_MAGIC0 || h[PLAN_H_MAGIC + 1] !=
	    PLAN_MAGIC1 || h[PLAN_H_MAGIC + 2] != PLAN_MAGIC2 ||
	    h[PLAN_H_MAGIC + 3] != PLAN_MAGIC3)
		return PLAN_E_MAGIC;
	if (h[PLAN_H_VERSION] != PLAN_VERSION)
		return PLAN_E_VERSION;
	if (w != 1 && w != 2)
		return PLAN_E_WIDTH;
	if ((h[PLAN_H_FLAGS] & ~PLAN_F_ALL) ||
	    (h[PLAN_H_MONITOR] & ~PLAN_MON_ALL))
		return PLAN_E_HEADER;
	if (((h[PLAN_H_FLAGS] & PLAN_F_NAMES) != 0) !=
	    (get_u32(h + PLAN_H_NAMES_SIZE) != 0) ||
	    ((h[PLAN_H_FLAGS] & PLAN_F_TASK) != 0) !=
	    (get_u32(h + PLAN_H_TASK_SIZE) != 0))
		return PLAN_E_HEADER;
	for (t = 0; t < PLAN_NTYPES; t++)
		total += get_u16(h + PLAN_H_COUNT(t));
	/* ids are unique and 1..max, so a plan holds at most max elements */
	if (total > PLAN_MAXID(w))
		return PLAN_E_COUNT;
	/* a task machine is a plan of its own: the tools show and run one
	 * or the other, so a plan with both would lose half silently */
	if ((h[PLAN_H_FLAGS] & PLAN_F_TASK) && total != 0)
		return PLAN_E_HEADER;
	if (get_u16(h + PLAN_H_APE_LIST) >
	    get_u16(h + PLAN_H_COUNT(PLAN_APE)) ||
	    get_u16(h + PLAN_H_CE_LIST) > get_u16(h + PLAN_H_COUNT(PLAN_CE)))
		return PLAN_E_COUNT;
	return PLAN_OK;
}

int
plan_size_from_header(const uint8_t *h, uint32_t *size)
{
	const uint8_t *rs;
	uint32_t n, names, task;
	uint8_t w;
	int t, rc;

	if ((rc = check_header(h)) != PLAN_OK)
		return rc;
	w = h[PLAN_H_WIDTH];
	rs = w == 1 ? record_size_1 : record_size_2;
	n = PLAN_MIN_SIZE;
	for (t = 0; t < PLAN_NTYPES; t++)
		n += (uint32_t)get_u16(h + PLAN_H_COUNT(t)) * rs[t];
	n += ((uint32_t)get_u16(h + PLAN_H_APE_LIST) +
	    get_u16(h + PLAN_H_CE_LIST)) * w;
	names = get_u32(h + PLAN_H_NAMES_SIZE);
	task = get_u32(h + PLAN_H_TASK_SIZE);
	if (names > 0x7fffffffUL - n || task > 0x7fffffffUL - n - names)
		return PLAN_E_SIZE;
	*size = n + names + task;
	return PLAN_OK;
}

int
plan_header_counts(const uint8_t *h, uint16_t count[PLAN_NTYPES])
{
	int t, rc;

	if ((rc = check_header(h)) != PLAN_OK)
		return rc;
	for (t = 0; t < PLAN_NTYPES; t++)
		count[t] = get_u16(h + PLAN_H_COUNT(t));
	return PLAN_OK;
}

/* Points p's tables into the image; the header is known to be sound. */
static void
lay_out(struct plan *p, const uint8_t *buf, uint32_t len)
{
	const uint8_t *q = buf + PLAN_HEADER_SIZE;
	const uint8_t *rs;
	int t;

	p->base = buf;
	p->size = len;
	p->id_width = buf[PLAN_H_WIDTH];
	p->flags = buf[PLAN_H_FLAGS];
	p->global_monitor = buf[PLAN_H_MONITOR];
	rs = p->id_width == 1 ? record_size_1 : record_size_2;
	for (t = 0; t < PLAN_NTYPES; t++) {
		p->count[t] = get_u16(buf + PLAN_H_COUNT(t));
		p->rec_size[t] = rs[t];
		p->table[t] = q;
		q += (uint32_t)p->count[t] * rs[t];
	}
	p->ape_list = q;
	q += (uint32_t)get_u16(buf + PLAN_H_APE_LIST) * p->id_width;
	p->ce_list = q;
	q += (uint32_t)get_u16(buf + PLAN_H_CE_LIST) * p->id_width;
	p->names = q;
	p->names_size = get_u32(buf + PLAN_H_NAMES_SIZE);
	p->task = q + p->names_size;
	p->task_size = get_u32(buf + PLAN_H_TASK_SIZE);
}

static uint32_t
offset_of(const struct plan *p, uint8_t type, uint16_t i)
{
	return (uint32_t)(p->table[type] - p->base) +
	    (uint32_t)i * p->rec_size[type];
}

static int
ref_ok(const struct plan *p, const struct plan_ref *r)
{
	if (r->type == PLAN_NO_TYPE)
		return r->index == PLAN_NONE;
	if (r->type != PLAN_A && r->type != PLAN_AP && r->type != PLAN_C)
		return 0;
	return r->index < p->count[r->type];
}

static int
parent_ok(const struct plan *p, uint16_t parent, uint8_t parent_type)
{
	return parent == PLAN_NONE || parent < p->count[parent_type];
}

static int
releaser_ok(const struct plan_releaser *r)
{
	return r->cmp <= PLAN_FL;
}

static int
id_ok(const struct plan *p, uint16_t id)
{
	return id != 0 && id <= PLAN_MAXID(p->id_width);
}

/*
 * Each element list (the APEs of every AP, the CEs of every C) must be
 * exactly the children that name that parent, ascending, back to back.
 * get_parent(p, k) gives the parent index of the element with index k.
 */
struct list_check {
	uint8_t owner_type, member_type;
	uint16_t (*member_at)(const struct plan *, uint16_t);
	uint16_t (*parent_of)(const struct plan *, uint16_t);
	void (*span)(const struct plan *, uint16_t, uint16_t *, uint16_t *);
	uint16_t length;
	uint32_t offset;	/* of the list in the image */
};

static uint16_t
ape_parent(const struct plan *p, uint16_t k)
{
	struct plan_ape e;

	plan_get_ape(p, k, &e);
	return e.parent;
}

static uint16_t
ce_parent(const struct plan *p, uint16_t k)
{
	struct plan_ce e;

	plan_get_ce(p, k, &e);
	return e.parent;
}

static void
ap_span(const struct plan *p, uint16_t i, uint16_t *first, uint16_t *count)
{
	struct plan_ap a;

	plan_get_ap(p, i, &a);
	*first = a.first;
	*count = a.count;
}

static void
comp_span(const struct plan *p, uint16_t i, uint16_t *first, uint16_t *count)
{
	struct plan_comp c;

	plan_get_comp(p, i, &c);
	*first = c.first;
	*count = c.count;
}

static int
check_list(const struct plan *p, const struct list_check *lc,
    struct plan_error *err)
{
	uint32_t next = 0, attached = 0;
	uint16_t i, k, first, count;

	for (i = 0; i < p->count[lc->owner_type]; i++) {
		lc->span(p, i, &first, &count);
		if (first != next || (uint32_t)first + count > lc->length)
			return fail(err, PLAN_E_LIST, lc->owner_type, i,
			    offset_of(p, lc->owner_type, i));
		for (k = first; k < first + count; k++) {
			uint16_t m = lc->member_at(p, k);

			if (m >= p->count[lc->member_type] ||
			    lc->parent_of(p, m) != i ||
			    (k > first && m <= lc->member_at(p, k - 1)))
				return fail(err, PLAN_E_LIST, lc->owner_type,
				    i, lc->offset + (uint32_t)k * p->id_width);
		}
		next = (uint32_t)first + count;
	}
	for (k = 0; k < p->count[lc->member_type]; k++)
		attached += lc->parent_of(p, k) != PLAN_NONE;
	if (next != lc->length || attached != lc->length)
		return fail(err, PLAN_E_LIST, lc->member_type, 0, lc->offset);
	return PLAN_OK;
}

static int
check_lists(const struct plan *p, struct plan_error *err)
{
	struct list_check aps = {
		PLAN_AP, PLAN_APE, plan_ape_at, ape_parent, ap_span, 0, 0
	};
	struct list_check comps = {
		PLAN_C, PLAN_CE, plan_ce_at, ce_parent, comp_span, 0, 0
	};
	int rc;

	aps.length = get_u16(p->base + PLAN_H_APE_LIST);
	aps.offset = (uint32_t)(p->ape_list - p->base);
	comps.length = get_u16(p->base + PLAN_H_CE_LIST);
	comps.offset = (uint32_t)(p->ce_list - p->base);
	if ((rc = check_list(p, &aps, err)) != PLAN_OK)
		return rc;
	return check_list(p, &comps, err);
}

/* Checks every record's ids, links and fields. */
static int
check_records(const struct plan *p, struct plan_error *err)
{
	uint16_t i;

	for (i = 0; i < p->count[PLAN_AP]; i++) {
		struct plan_ap r;

		plan_get_ap(p, i, &r);
		if (!id_ok(p, r.id))
			return fail(err, PLAN_E_ID, PLAN_AP, i,
			    offset_of(p, PLAN_AP, i));
		if (r.monitor & ~PLAN_MON_ALL)
			return fail(err, PLAN_E_FIELD, PLAN_AP, i,
			    offset_of(p, PLAN_AP, i));
	}
	for (i = 0; i < p->count[PLAN_APE]; i++) {
		struct plan_ape r;

		plan_get_ape(p, i, &r);
		if (!id_ok(p, r.id))
			return fail(err, PLAN_E_ID, PLAN_APE, i,
			    offset_of(p, PLAN_APE, i));
		if (!parent_ok(p, r.parent, PLAN_AP) || !ref_ok(p, &r.child))
			return fail(err, PLAN_E_REF, PLAN_APE, i,
			    offset_of(p, PLAN_APE, i));
		if (r.monitor & ~PLAN_MON_ALL)
			return fail(err, PLAN_E_FIELD, PLAN_APE, i,
			    offset_of(p, PLAN_APE, i));
	}
	for (i = 0; i < p->count[PLAN_C]; i++) {
		struct plan_comp r;
		const uint8_t *q = p->table[PLAN_C] + (uint32_t)i *
		    p->rec_size[PLAN_C];

		plan_get_comp(p, i, &r);
		if (!id_ok(p, r.id))
			return fail(err, PLAN_E_ID, PLAN_C, i,
			    offset_of(p, PLAN_C, i));
		if ((q[PLAN_C_FLAGS(p->id_width)] & ~1u) ||
		    (r.monitor & ~PLAN_MON_ALL))
			return fail(err, PLAN_E_FIELD, PLAN_C, i,
			    offset_of(p, PLAN_C, i));
	}
	for (i = 0; i < p->count[PLAN_CE]; i++) {
		struct plan_ce r;

		plan_get_ce(p, i, &r);
		if (!id_ok(p, r.id))
			return fail(err, PLAN_E_ID, PLAN_CE, i,
			    offset_of(p, PLAN_CE, i));
		if (!parent_ok(p, r.parent, PLAN_C) || !ref_ok(p, &r.child))
			return fail(err, PLAN_E_REF, PLAN_CE, i,
			    offset_of(p, PLAN_CE, i));
		if (!releaser_ok(&r.rel) || (r.monitor & ~PLAN_MON_ALL))
			return fail(err, PLAN_E_FIELD, PLAN_CE, i,
			    offset_of(p, PLAN_CE, i));
	}
	for (i = 0; i < p->count[PLAN_D]; i++) {
		struct plan_drive r;

		plan_get_drive(p, i, &r);
		if (!id_ok(p, r.id))
			return fail(err, PLAN_E_ID, PLAN_D, i,
			    offset_of(p, PLAN_D, i));
		if (!ref_ok(p, &r.child))
			return fail(err, PLAN_E_REF, PLAN_D, i,
			    offset_of(p, PLAN_D, i));
		if (!releaser_ok(&r.rel) || (r.monitor & ~PLAN_MON_ALL))
			return fail(err, PLAN_E_FIELD, PLAN_D, i,
			    offset_of(p, PLAN_D, i));
	}
	for (i = 0; i < p->count[PLAN_A]; i++) {
		struct plan_action r;

		plan_get_action(p, i, &r);
		if (!id_ok(p, r.id))
			return fail(err, PLAN_E_ID, PLAN_A, i,
			    offset_of(p, PLAN_A, i));
		if (r.monitor & ~PLAN_MON_ALL)
			return fail(err, PLAN_E_FIELD, PLAN_A, i,
			    offset_of(p, PLAN_A, i));
	}
	return PLAN_OK;
}

/* Names: well-formed entries, sorted strictly by (kind, key), printable. */
static int
check_names(const struct plan *p, struct plan_error *err)
{
	uint32_t pos = 0, base = (uint32_t)(p->names - p->base);
	uint8_t w = p->id_width;
	int have_prev = 0;
	uint8_t prev_kind = 0;
	uint16_t prev_key = 0, j;

	while (pos < p->names_size) {
		const uint8_t *q = p->names + pos;
		uint8_t kind, len;
		uint16_t key;

		if (p->names_size - pos < (uint32_t)PLAN_NAME_TEXT(w))
			return fail(err, PLAN_E_NAMES, PLAN_NO_TYPE, 0,
			    base + pos);
		kind = q[PLAN_NAME_KIND];
		key = get_w(q + PLAN_NAME_KEY, w);
		len = q[PLAN_NAME_LEN(w)];
		if (kind > PLAN_NAME_ACTION || len == 0 ||
		    p->names_size - pos - PLAN_NAME_TEXT(w) < len ||
		    (kind < PLAN_NTYPES && key >= p->count[kind]) ||
		    (have_prev && (kind < prev_kind ||
		    (kind == prev_kind && key <= prev_key))))
			return fail(err, PLAN_E_NAMES, PLAN_NO_TYPE, 0,
			    base + pos);
		for (j = 0; j < len; j++)
			if (q[PLAN_NAME_TEXT(w) + j] < 0x20 ||
			    q[PLAN_NAME_TEXT(w) + j] == 0x7f)
				return fail(err, PLAN_E_NAMES, PLAN_NO_TYPE,
				    0, base + pos + PLAN_NAME_TEXT(w) + j);
		have_prev = 1;
		prev_kind = kind;
		prev_key = key;
		pos += PLAN_NAME_ENTRY_SIZE(w, len);
	}
	return PLAN_OK;
}

/* The task section, when there is one; offsets relative to the plan. */
static int
check_task(const struct plan *p, struct plan_error *err)
{
	struct plan_task t;
	int rc;

	if (!(p->flags & PLAN_F_TASK))
		return PLAN_OK;
#if PLAN_TASKS
	if ((rc = plan_task_open(&t, p->task, p->task_size, err)) != PLAN_OK)
		err->offset += (uint32_t)(p->task - p->base);
	return rc;
#else
	/* This build has no task machine (profile.h): nothing would run it. */
	(void)t;
	(void)rc;
	return fail(err, PLAN_E_TASK, PLAN_NO_TYPE, 0,
	    (uint32_t)(p->task - p->base));
#endif
}

int
plan_open(struct plan *p, const uint8_t *buf, uint32_t len,
    struct plan_error *err)
{
	uint32_t want;
	int rc;

	if (len < PLAN_MIN_SIZE)
		return fail(err, PLAN_E_SHORT, PLAN_NO_TYPE, 0, len);
	if ((rc = plan_size_from_header(buf, &want)) != PLAN_OK)
		return fail(err, rc, PLAN_NO_TYPE, 0, 0);
	if (want != len)
		return fail(err, PLAN_E_SIZE, PLAN_NO_TYPE, 0,
		    want < len ? want : len);
	if (crc32_update(0, buf, len - PLAN_CRC_SIZE) !=
	    get_u32(buf + len - PLAN_CRC_SIZE))
		return fail(err, PLAN_E_CRC, PLAN_NO_TYPE, 0,
		    len - PLAN_CRC_SIZE);
	lay_out(p, buf, len);
	if ((rc = check_records(p, err)) != PLAN_OK ||
	    (rc = check_lists(p, err)) != PLAN_OK ||
	    (rc = plan_check_nesting(p, err)) != PLAN_OK ||
	    (rc = check_names(p, err)) != PLAN_OK ||
	    (rc = check_task(p, err)) != PLAN_OK)
		return rc;
	err->code = PLAN_OK;
	return PLAN_OK;
}
