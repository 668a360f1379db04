/*
 * decode.c - plan_open: validate a plan image completely, once.
 * After this every index the planner follows is in range and of the right
 * type, so the planner itself never checks bounds and never trusts bytes.
 * Reads fields in place (plan/bytes.h), so a robot can check a plan where
 * it is stored.
 */
#include "bytes.h"
#include "crc32.h"
#include "nesting.h"
#include "plan.h"
#include "task.h"

#if PLAN_TASKS && PLAN_STORAGE != PLAN_IN_RAM
#error "the task section is read in RAM only: build with PLAN_TASKS 0"
#endif

/* The width of plan p, a constant when the build takes only one. */
#if PLAN_WIDTHS == 1
#define WIDTH(p) 1
#elif PLAN_WIDTHS == 2
#define WIDTH(p) 2
#else
#define WIDTH(p) ((p)->id_width)
#endif

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
#if PLAN_WIDTHS & 2
static const uint8_t record_size_2[PLAN_NTYPES] = PLAN_RECORD_SIZES(2);
#endif

/* Record sizes for width w (1 or 2, and in PLAN_WIDTHS). */
static const uint8_t *
record_sizes(uint8_t w)
{
#if PLAN_WIDTHS & 2
	if (w == 2)
		return record_size_2;
#endif
	(void)w;
	return record_size_1;
}

/* Checks the header's own fields; the error code, PLAN_OK if sound. */
static int
check_header(const uint8_t *h)
{
	uint32_t total = 0;
	uint8_t w = get_u8(h + PLAN_H_WIDTH), flags = get_u8(h + PLAN_H_FLAGS);
	int t;

	if (get_u8(h + PLAN_H_MAGIC) != PLAN_MAGIC0 ||
	    get_u8(h + PLAN_H_MAGIC + 1) != PLAN_MAGIC1 ||
	    get_u8(h + PLAN_H_MAGIC + 2) != PLAN_MAGIC2 ||
	    get_u8(h + PLAN_H_MAGIC + 3) != PLAN_MAGIC3)
		return PLAN_E_MAGIC;
	if (get_u8(h + PLAN_H_VERSION) != PLAN_VERSION)
		return PLAN_E_VERSION;
	if ((w != 1 && w != 2) || !(PLAN_WIDTHS & w))
		return PLAN_E_WIDTH;
	if ((flags & ~PLAN_F_ALL) ||
	    (get_u8(h + PLAN_H_MONITOR) & ~PLAN_MON_ALL))
		return PLAN_E_HEADER;
	if (((flags & PLAN_F_NAMES) != 0) !=
	    (get_u32(h + PLAN_H_NAMES_SIZE) != 0) ||
	    ((flags & PLAN_F_TASK) != 0) !=
	    (get_u32(h + PLAN_H_TASK_SIZE) != 0))
		return PLAN_E_HEADER;
	for (t = 0; t < PLAN_NTYPES; t++)
		total += get_u16(h + PLAN_H_COUNT(t));
	/* ids are unique and 1..max, so a plan holds at most max elements */
	if (total > PLAN_MAXID(w))
		return PLAN_E_COUNT;
	/* a task machine is a plan of its own: the tools show and run one
	 * or the other, so a plan with both would lose half silently */
	if ((flags & PLAN_F_TASK) && total != 0)
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
	w = get_u8(h + PLAN_H_WIDTH);
	rs = record_sizes(w);
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
	p->id_width = get_u8(buf + PLAN_H_WIDTH);
	p->flags = get_u8(buf + PLAN_H_FLAGS);
	p->global_monitor = get_u8(buf + PLAN_H_MONITOR);
	rs = record_sizes(p->id_width);
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

/* Record i of a type, and its offset in the image. */
static const uint8_t *
rec(const struct plan *p, uint8_t type, uint16_t i)
{
	return p->table[type] + (uint32_t)i * p->rec_size[type];
}

static uint32_t
offset_of(const struct plan *p, uint8_t type, uint16_t i)
{
	return (uint32_t)(rec(p, type, i) - p->base);
}

/* A W-byte field. */
static uint16_t
field(const struct plan *p, const uint8_t *q)
{
	(void)p;	/* a constant width needs no plan */
	return get_w(q, WIDTH(p));
}

/* A child link: nothing, or an action, pattern or competence in range. */
static int
ref_ok(const struct plan *p, const uint8_t *q)
{
	uint8_t type = get_u8(q + PLAN_REF_TYPE);
	uint16_t index = field(p, q + PLAN_REF_INDEX);

	if (type == PLAN_NO_TYPE)
		return index == none_w(WIDTH(p));
	if (type != PLAN_A && type != PLAN_AP && type != PLAN_C)
		return 0;
	return index < p->count[type];
}

/* A parent: none, or in range. */
static int
parent_ok(const struct plan *p, const uint8_t *q, uint8_t parent_type)
{
	uint16_t parent = field(p, q);

	return parent == none_w(WIDTH(p)) || parent < p->count[parent_type];
}

/*
 * Record i of a type: its id (not 0), then its links (parent, child),
 * then its fields (flags, comparator, monitor flags); the first fault.
 */
static int
check_record(const struct plan *p, uint8_t type, uint16_t i)
{
	const uint8_t *q = rec(p, type, i);
	uint8_t w = WIDTH(p), mon, bad = 0;

	if (field(p, q + PLAN_ID) == 0)
		return PLAN_E_ID;
	switch (type) {
	case PLAN_AP:
		mon = PLAN_AP_MONITOR(w);
		break;
	case PLAN_APE:
		if (!parent_ok(p, q + PLAN_APE_PARENT(w), PLAN_AP) ||
		    !ref_ok(p, q + PLAN_APE_CHILD(w)))
			return PLAN_E_REF;
		mon = PLAN_APE_MONITOR(w);
		break;
	case PLAN_C:
		bad = get_u8(q + PLAN_C_FLAGS(w)) & ~1u;
		mon = PLAN_C_MONITOR(w);
		break;
	case PLAN_CE:
		if (!parent_ok(p, q + PLAN_CE_PARENT(w), PLAN_C) ||
		    !ref_ok(p, q + PLAN_CE_CHILD(w)))
			return PLAN_E_REF;
		bad = get_u8(q + PLAN_CE_RELEASER(w) + PLAN_REL_CMP(w)) >
		    PLAN_FL;
		mon = PLAN_CE_MONITOR(w);
		break;
	case PLAN_D:
		if (!ref_ok(p, q + PLAN_D_CHILD(w)))
			return PLAN_E_REF;
		bad = get_u8(q + PLAN_D_RELEASER(w) + PLAN_REL_CMP(w)) > PLAN_FL;
		mon = PLAN_D_MONITOR(w);
		break;
	default:
		mon = PLAN_A_MONITOR(w);
		break;
	}
	if (bad || (get_u8(q + mon) & ~PLAN_MON_ALL))
		return PLAN_E_FIELD;
	return PLAN_OK;
}

/* Every record's ids, links and fields, in table order. */
static int
check_records(const struct plan *p, struct plan_error *err)
{
	uint16_t i;
	uint8_t t;
	int rc;

	for (t = 0; t < PLAN_NTYPES; t++)
		for (i = 0; i < p->count[t]; i++)
			if ((rc = check_record(p, t, i)) != PLAN_OK)
				return fail(err, rc, t, i, offset_of(p, t, i));
	return PLAN_OK;
}

/*
 * The element list of an owner type (the APEs of every AP, the CEs of
 * every C) must be exactly the children that name that parent,
 * ascending, back to back.  The members are the next type (APE after AP,
 * CE after C); first and count follow each other in the owner's record,
 * a member's parent is its first field after the id.
 */
static int
check_list(const struct plan *p, uint8_t owner, uint8_t first_at,
    const uint8_t *list, uint16_t length, struct plan_error *err)
{
	uint8_t member = (uint8_t)(owner + 1), w = WIDTH(p);
	uint32_t next = 0, attached = 0, at = (uint32_t)(list - p->base);
	uint16_t i, k, first, count, m = 0, prev;

	for (i = 0; i < p->count[owner]; i++) {
		first = field(p, rec(p, owner, i) + first_at);
		count = field(p, rec(p, owner, i) + first_at + w);
		if (first != next || (uint32_t)first + count > length)
			return fail(err, PLAN_E_LIST, owner, i,
			    offset_of(p, owner, i));
		for (k = first; k < first + count; k++) {
			prev = m;
			m = field(p, list + (uint32_t)k * w);
			if (m >= p->count[member] ||
			    field(p, rec(p, member, m) + w) != i ||
			    (k > first && m <= prev))
				return fail(err, PLAN_E_LIST, owner, i,
				    at + (uint32_t)k * w);
		}
		next = (uint32_t)first + count;
	}
	for (k = 0; k < p->count[member]; k++)
		attached += field(p, rec(p, member, k) + w) != none_w(w);
	if (next != length || attached != length)
		return fail(err, PLAN_E_LIST, member, 0, at);
	return PLAN_OK;
}

/* Names: well-formed entries, sorted strictly by (kind, key), printable. */
static int
check_names(const struct plan *p, struct plan_error *err)
{
	uint32_t pos = 0, base = (uint32_t)(p->names - p->base);
	uint8_t w = WIDTH(p), kind, len, c, prev_kind = 0;
	uint16_t key, prev_key = 0, j;
	int have_prev = 0;

	while (pos < p->names_size) {
		const uint8_t *q = p->names + pos;

		if (p->names_size - pos < (uint32_t)PLAN_NAME_TEXT(w))
			return fail(err, PLAN_E_NAMES, PLAN_NO_TYPE, 0,
			    base + pos);
		kind = get_u8(q + PLAN_NAME_KIND);
		key = field(p, q + PLAN_NAME_KEY);
		len = get_u8(q + PLAN_NAME_LEN(w));
		if (kind > PLAN_NAME_ACTION || len == 0 ||
		    p->names_size - pos - PLAN_NAME_TEXT(w) < len ||
		    (kind < PLAN_NTYPES && key >= p->count[kind]) ||
		    (have_prev && (kind < prev_kind ||
		    (kind == prev_kind && key <= prev_key))))
			return fail(err, PLAN_E_NAMES, PLAN_NO_TYPE, 0,
			    base + pos);
		for (j = 0; j < len; j++)
			if ((c = get_u8(q + PLAN_NAME_TEXT(w) + j)) < 0x20 ||
			    c == 0x7f)
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
#if PLAN_TASKS
	struct plan_task t;
	int rc;

	if (!(p->flags & PLAN_F_TASK))
		return PLAN_OK;
	if ((rc = plan_task_open(&t, p->task, p->task_size, err)) != PLAN_OK)
		err->offset += (uint32_t)(p->task - p->base);
	return rc;
#else
	(void)p;
	(void)err;
	return PLAN_OK;	/* the header check refused the flag */
#endif
}

/* CRC-32 of n bytes of the plan, where it is stored. */
static uint32_t
crc_of(const uint8_t *q, uint32_t n)
{
#if PLAN_STORAGE == PLAN_IN_RAM
	return plan_crc32_update(0, q, n);
#else
	uint32_t crc = 0;
	uint8_t b;

	while (n--) {
		b = get_u8(q++);
		crc = plan_crc32_update(crc, &b, 1);
	}
	return crc;
#endif
}

int
plan_open(struct plan *p, const uint8_t *buf, uint32_t len,
    struct plan_error *err)
{
	uint32_t want;
	uint8_t w;
	int rc;

	if (len < PLAN_MIN_SIZE)
		return fail(err, PLAN_E_SHORT, PLAN_NO_TYPE, 0, len);
	if ((rc = plan_size_from_header(buf, &want)) != PLAN_OK)
		return fail(err, rc, PLAN_NO_TYPE, 0, 0);
	if (want != len)
		return fail(err, PLAN_E_SIZE, PLAN_NO_TYPE, 0,
		    want < len ? want : len);
	if (crc_of(buf, len - PLAN_CRC_SIZE) !=
	    get_u32(buf + len - PLAN_CRC_SIZE))
		return fail(err, PLAN_E_CRC, PLAN_NO_TYPE, 0,
		    len - PLAN_CRC_SIZE);
	lay_out(p, buf, len);
	w = WIDTH(p);
	if ((rc = check_records(p, err)) != PLAN_OK ||
	    (rc = check_list(p, PLAN_AP, PLAN_AP_FIRST(w), p->ape_list,
	    get_u16(buf + PLAN_H_APE_LIST), err)) != PLAN_OK ||
	    (rc = check_list(p, PLAN_C, PLAN_C_FIRST(w), p->ce_list,
	    get_u16(buf + PLAN_H_CE_LIST), err)) != PLAN_OK ||
	    (rc = plan_check_nesting(p, err)) != PLAN_OK ||
	    (rc = check_names(p, err)) != PLAN_OK ||
	    (rc = check_task(p, err)) != PLAN_OK)
		return rc;
	err->code = PLAN_OK;
	return PLAN_OK;
}
