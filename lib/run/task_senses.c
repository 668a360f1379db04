/*
 * task_senses.c - a senses CSV as a task's environment: columns arm.AXIS,
 * OBJECT.AXIS (all empty: the object is not seen), optional encoder.AXIS
 * and tick; a row holds from its tick until the next row, the last one
 * for good.  Rows are read as the ticks come (one ahead), so a file may
 * be a pipe.  Used by planrun through run_taskrun.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "host/num.h"
#include "run/taskrun.h"

/* "arm.x", "flame.z" for column lookups. */
static void
column_name(const struct plan_task *t, const char *prefix, uint8_t kind,
    uint16_t index, uint8_t axis, char *buf, size_t size)
{
	uint8_t alen = 0, plen = 0;
	const uint8_t *a = plan_task_name(t, TASK_NAME_AXIS, axis, &alen);
	const uint8_t *p = prefix ? (const uint8_t *)prefix :
	    plan_task_name(t, kind, index, &plen);

	if (prefix)
		plen = (uint8_t)strlen(prefix);
	snprintf(buf, size, "%.*s.%.*s", (int)plen, (const char *)p,
	    (int)alen, (const char *)a);
}

/* Columns of one group (arm, encoder, an object): all, none, or error. */
static int
find_group(struct task_senses *s, const struct csv_header *h,
    const char *prefix, uint16_t object, int *col, int required)
{
	char name[2 * TASK_NAME_MAX + 2];
	uint8_t k, found = 0;

	for (k = 0; k < s->t->axes; k++) {
		column_name(s->t, prefix, TASK_NAME_OBJECT, object, k, name,
		    sizeof name);
		col[k] = csv_header_find(h, name);
		found += col[k] >= 0;
	}
	if (found == s->t->axes || (found == 0 && !required))
		return 0;
	for (k = 0; k < s->t->axes; k++)
		if (col[k] < 0) {
			column_name(s->t, prefix, TASK_NAME_OBJECT, object, k,
			    name, sizeof name);
			diag_error(s->d, s->csv.line, 0, "senses: no column "
			    "'%s' in the header", name);
			return -1;
		}
	return 0;
}

/* Header columns this task does not read: probably a misspelling. */
static void
warn_unused(struct task_senses *s, const struct csv_header *h)
{
	size_t i;
	uint8_t k, o;

	for (i = 0; i < h->n; i++) {
		int used = (int)i == s->col_tick;

		for (k = 0; k < s->t->axes; k++) {
			used |= s->col_arm[k] == (int)i;
			used |= s->col_enc[k] == (int)i;
			for (o = 0; o < s->t->objects; o++)
				used |= s->col_obj[o][k] == (int)i;
		}
		if (!used)
			diag_warn(s->d, s->csv.line, csv_col(&s->csv, i),
			    "senses: column '%.40s' is not used by this task",
			    h->names[i]);
	}
}

static int
map_columns(struct task_senses *s, const struct csv_header *h)
{
	uint8_t o;

	s->col_tick = csv_header_find(h, "tick");
	if (find_group(s, h, "arm", 0, s->col_arm, s->need_arm) < 0 ||
	    find_group(s, h, "encoder", 0, s->col_enc, 0) < 0)
		return -1;
	for (o = 0; o < s->t->objects; o++)
		if (find_group(s, h, NULL, o, s->col_obj[o], 1) < 0)
			return -1;
	warn_unused(s, h);
	return 0;
}

enum run_status
run_task_senses_open(struct task_senses *s, const struct plan_task *t,
    FILE *fp, struct diag *d)
{
	struct csv_header h = { NULL, 0 };
	int got, rc = RUN_OK;

	memset(s, 0, sizeof *s);
	s->t = t;
	s->d = d;
	s->need_arm = run_taskrun_needs_arm(t);
	csv_init(&s->csv, fp, ',');
	if ((got = csv_read(&s->csv)) <= 0) {
		if (got < 0)
			diag_error(d, s->csv.error_line, s->csv.error_col,
			    "%s", s->csv.error);
		else
			diag_error(d, 0, 0, "senses: no header line");
		return RUN_BAD_DATA;
	}
	if (csv_header_take(&s->csv, &h) < 0) {
		diag_plain(d, "out of memory");
		return RUN_IO;
	}
	if (map_columns(s, &h) < 0)
		rc = RUN_BAD_DATA;
	csv_header_free(&h);
	return rc;
}

void
run_task_senses_close(struct task_senses *s)
{
	csv_free(&s->csv);
}

/* Field `col` of the row as counts; 1 ok, 0 empty, -1 reported. */
static int
field(struct task_senses *s, int col, int32_t *out)
{
	const char *f;
	enum num_error e;
	double v;

	if (col < 0)
		return 0;
	if ((size_t)col >= csv_nfields(&s->csv)) {
		diag_error(s->d, s->csv.line, 0, "senses: the row has %zu "
		    "fields; the header more", csv_nfields(&s->csv));
		return -1;
	}
	if (*(f = csv_field(&s->csv, (size_t)col)) == '\0')
		return 0;
	if ((e = num_double(f, &v)) != NUM_OK ||
	    fabs(v) > (double)TASK_COORD_MAX / TASK_SCALE) {
		diag_error(s->d, s->csv.line, csv_col(&s->csv, (size_t)col),
		    "senses: '%.40s' is %s", f, e != NUM_OK ?
		    num_strerror(e) : "out of range");
		return -1;
	}
	*out = (int32_t)lround(v * TASK_SCALE);
	return 1;
}

/* A group of columns: 1 all given, 0 all empty, -1 mixed or bad. */
static int
group(struct task_senses *s, const int *col, int32_t *out, const char *what)
{
	uint8_t k, given = 0;
	int rc;

	if (col[0] < 0)
		return 0;
	for (k = 0; k < s->t->axes; k++) {
		if ((rc = field(s, col[k], &out[k])) < 0)
			return -1;
		given += (uint8_t)rc;
	}
	if (given == 0 || given == s->t->axes)
		return given != 0;
	diag_error(s->d, s->csv.line, 0, "senses: %s has some coordinates "
	    "but not all (leave all empty when it is not seen)", what);
	return -1;
}

/* The row's tick: its tick column, or its row number. */
static int
row_tick(struct task_senses *s, uint32_t *tick)
{
	long v;
	const char *f;

	if (s->col_tick < 0) {
		*tick = s->rows;
		return 0;
	}
	f = (size_t)s->col_tick < csv_nfields(&s->csv) ?
	    csv_field(&s->csv, (size_t)s->col_tick) : "";
	if (num_long(f, 0, (long)UINT32_MAX, &v) != NUM_OK) {
		diag_error(s->d, s->csv.line, csv_col(&s->csv,
		    (size_t)s->col_tick), "senses: tick '%.20s' is not a "
		    "tick (0, 1, 2, ...)", f);
		return -1;
	}
	if (s->rows > 0 && (uint32_t)v <= s->next.tick) {
		diag_error(s->d, s->csv.line, csv_col(&s->csv,
		    (size_t)s->col_tick), "senses: tick %ld does not come "
		    "after the previous row's", v);
		return -1;
	}
	*tick = (uint32_t)v;
	return 0;
}

/* Parse the current CSV record into s->next. */
static int
read_row(struct task_senses *s)
{
	struct task_senses_row *r = &s->next;
	char what[TASK_NAME_MAX + 16];
	uint8_t o, len = 0;
	int rc;

	if (row_tick(s, &r->tick) < 0)
		return -1;
	if ((rc = group(s, s->col_arm, r->arm, "the arm")) < 0)
		return -1;
	if (rc == 0 && s->need_arm) {
		diag_error(s->d, s->csv.line, 0, "senses: no arm position");
		return -1;
	}
	if ((rc = group(s, s->col_enc, r->enc, "the encoder")) < 0)
		return -1;
	if (rc == 0)
		memcpy(r->enc, r->arm, sizeof r->enc);
	for (o = 0; o < s->t->objects; o++) {
		const uint8_t *n = plan_task_name(s->t, TASK_NAME_OBJECT, o,
		    &len);

		snprintf(what, sizeof what, "object '%.*s'", (int)len,
		    (const char *)n);
		if ((rc = group(s, s->col_obj[o], r->obj[o], what)) < 0)
			return -1;
		r->seen[o] = (uint8_t)rc;
	}
	return 0;
}

/* The next row into s->next: 1, 0 at the end, -1 reported. */
static int
read_next(struct task_senses *s)
{
	int got = csv_read(&s->csv);

	if (got < 0) {
		diag_error(s->d, s->csv.error_line, s->csv.error_col, "%s",
		    s->csv.error);
		return -1;
	}
	if (got == 0) {
		s->have_next = 0;
		return 0;
	}
	if (read_row(s) < 0)
		return -1;
	s->rows++;
	s->have_next = 1;
	return 1;
}

/* Rows due by `tick` become current; one row is read ahead. */
static int
begin_tick(void *ctx, uint32_t tick, enum run_status *status)
{
	struct task_senses *s = ctx;

	if (s->rows == 0 && read_next(s) < 0) {
		*status = RUN_BAD_DATA;
		return -1;
	}
	while (s->have_next && s->next.tick <= tick) {
		s->cur = s->next;
		s->have_cur = 1;
		if (read_next(s) < 0) {
			*status = RUN_BAD_DATA;
			return -1;
		}
	}
	if (!s->have_cur && s->have_next)
		snprintf(s->why, sizeof s->why, "the senses start at tick "
		    "%lu", (unsigned long)s->next.tick);
	else if (!s->have_cur)
		snprintf(s->why, sizeof s->why, "the senses have no rows");
	return 0;
}

static int
arm(void *ctx, int32_t *pos)
{
	struct task_senses *s = ctx;

	if (!s->have_cur)
		return -1;
	memcpy(pos, s->cur.arm, sizeof s->cur.arm[0] * s->t->axes);
	return 0;
}

static int
encoder(void *ctx, int32_t *pos)
{
	struct task_senses *s = ctx;

	if (!s->have_cur)
		return -1;
	memcpy(pos, s->cur.enc, sizeof s->cur.enc[0] * s->t->axes);
	return 0;
}

static int
object(void *ctx, uint8_t i, int32_t *pos)
{
	struct task_senses *s = ctx;

	if (!s->have_cur)
		return -1;
	if (!s->cur.seen[i])
		return 0;
	memcpy(pos, s->cur.obj[i], sizeof s->cur.obj[i][0] * s->t->axes);
	return 1;
}

static const char *
why(void *ctx)
{
	struct task_senses *s = ctx;

	return s->have_cur ? NULL : s->why;
}

void
run_task_senses_source(struct task_senses *s, struct taskrun_source *src)
{
	memset(src, 0, sizeof *src);
	src->ctx = s;
	src->begin_tick = begin_tick;
	src->arm = arm;
	src->encoder = encoder;
	src->object = object;
	src->why = why;
}
