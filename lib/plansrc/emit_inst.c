/*
 * emit_inst.c - a plan as Instinct commands (--emit inst), in the layout
 * of the original exporter: PLAN R C, PLAN R I with the counts, one PLAN A
 * line per element (records in table order, type by type), monitor flags,
 * then PELEM, RSENSE and RACTION names.  The robot can load it line by
 * line and plancc compiles it back to the same bytes.
 */
#include <string.h>

#include "plansrc/emit.h"
#include "plansrc/model.h"
#include "plansrc/view.h"

/* Element ids, looked up through a record reference. */
static unsigned
ref_id(const struct plan *p, const struct plan_ref *r)
{
	return r->type == PLAN_NO_TYPE ? 0 : plan_id(p, r->type, r->index);
}

static unsigned
parent_id(const struct plan *p, uint8_t type, uint16_t parent)
{
	return parent == PLAN_NONE ? 0 : plan_id(p, type, parent);
}

static void
comment(FILE *fp, const struct plan_view *v, int t, uint16_t i)
{
	static const char *const words[PLAN_NTYPES] = {
		"ActionPattern", "ActionPatternElement", "Competence",
		"CompetenceElement", "Drive", "Action"
	};

	if (v->named[t][i])
		fprintf(fp, "// %s: %s\n", words[t], v->label[t][i]);
	else
		fprintf(fp, "// %s\n", words[t]);
}

static void
put_elements(FILE *fp, const struct plan *p, const struct plan_view *v)
{
	uint16_t i;

	for (i = 0; i < p->count[PLAN_D]; i++) {
		struct plan_drive r;

		plan_get_drive(p, i, &r);
		comment(fp, v, PLAN_D, i);
		fprintf(fp, "PLAN A D %u %u %u %u %u %u %d %d %d %u %u %u\n",
		    r.id, ref_id(p, &r.child), r.priority, r.interval,
		    r.rel.sense, r.rel.cmp, r.rel.value, r.rel.hysteresis,
		    r.rel.flex, r.ramp_inc, r.urgency, r.ramp_interval);
	}
	for (i = 0; i < p->count[PLAN_C]; i++) {
		struct plan_comp r;

		plan_get_comp(p, i, &r);
		comment(fp, v, PLAN_C, i);
		fprintf(fp, "PLAN A C %u %u\n", r.id, r.use_or);
	}
	for (i = 0; i < p->count[PLAN_CE]; i++) {
		struct plan_ce r;

		plan_get_ce(p, i, &r);
		comment(fp, v, PLAN_CE, i);
		fprintf(fp, "PLAN A E %u %u %u %u %u %u %u %d %d %d\n", r.id,
		    parent_id(p, PLAN_C, r.parent), ref_id(p, &r.child),
		    r.priority, r.retry, r.rel.sense, r.rel.cmp, r.rel.value,
		    r.rel.hysteresis, r.rel.flex);
	}
	for (i = 0; i < p->count[PLAN_AP]; i++) {
		comment(fp, v, PLAN_AP, i);
		fprintf(fp, "PLAN A P %u\n", plan_id(p, PLAN_AP, i));
	}
	for (i = 0; i < p->count[PLAN_APE]; i++) {
		struct plan_ape r;

		plan_get_ape(p, i, &r);
		comment(fp, v, PLAN_APE, i);
		fprintf(fp, "PLAN A L %u %u %u %u\n", r.id,
		    parent_id(p, PLAN_AP, r.parent), ref_id(p, &r.child),
		    r.order);
	}
	for (i = 0; i < p->count[PLAN_A]; i++) {
		struct plan_action r;

		plan_get_action(p, i, &r);
		comment(fp, v, PLAN_A, i);
		fprintf(fp, "PLAN A A %u %u %d\n", r.id, r.action, r.value);
	}
}

static unsigned
monitor_of(const struct plan *p, int t, uint16_t i)
{
	const uint8_t *rec = p->table[t] + (uint32_t)i * p->rec_size[t];

	return rec[p->rec_size[t] - 1];	/* every record ends with it */
}

static void
put_flags(FILE *fp, unsigned bits)
{
	int k;

	for (k = 0; k < 6; k++)
		fprintf(fp, " %u", (bits >> k) & 1u);
	fputc('\n', fp);
}

static void
put_monitors(FILE *fp, const struct plan *p)
{
	uint16_t i;
	int t;

	for (t = 0; t < PLAN_NTYPES; t++)
		for (i = 0; i < p->count[t]; i++) {
			unsigned bits = monitor_of(p, t, i);

			if (bits == 0)
				continue;
			fprintf(fp, "PLAN M N %u", plan_id(p, (uint8_t)t, i));
			put_flags(fp, bits);
		}
	if (p->global_monitor) {
		fputs("PLAN M G", fp);
		put_flags(fp, p->global_monitor);
	}
}

/* A name the command syntax can carry: no '=', no "//", no blank ends. */
static int
name_fits(const char *s)
{
	size_t n = strlen(s);

	return strchr(s, '=') == NULL && strstr(s, "//") == NULL &&
	    n > 0 && s[0] != ' ' && s[n - 1] != ' ';
}

/* Every name must survive the command syntax; -1 after reporting. */
static int
check_names(const struct plan *p, const struct plan_view *v, struct diag *d)
{
	uint16_t i;
	size_t k;
	int t;

	for (t = 0; t < PLAN_NTYPES; t++)
		for (i = 0; i < p->count[t]; i++)
			if (v->named[t][i] && !name_fits(v->label[t][i])) {
				diag_error(d, 0, 0, "the name '%s' cannot be "
				    "written as an Instinct command ('=', "
				    "'//' or blanks at its ends)",
				    v->label[t][i]);
				return -1;
			}
	for (k = 0; k < v->nsense + v->naction; k++) {
		const struct view_label *l = k < v->nsense ? &v->sense[k] :
		    &v->action[k - v->nsense];

		if (!name_fits(l->name)) {
			diag_error(d, 0, 0, "the name '%s' cannot be written "
			    "as an Instinct command ('=', '//' or blanks at "
			    "its ends)", l->name);
			return -1;
		}
	}
	return 0;
}

static void
put_names(FILE *fp, const struct plan *p, const struct plan_view *v)
{
	uint16_t i;
	size_t k;
	int t;

	for (t = 0; t < PLAN_NTYPES; t++)
		for (i = 0; i < p->count[t]; i++)
			if (v->named[t][i])
				fprintf(fp, "PELEM %s=%u\n", v->label[t][i],
				    plan_id(p, (uint8_t)t, i));
	for (k = 0; k < v->nsense + v->naction; k++) {
		const struct view_label *l = k < v->nsense ? &v->sense[k] :
		    &v->action[k - v->nsense];

		fprintf(fp, "%s %s=%u\n", k < v->nsense ? "RSENSE" : "RACTION",
		    l->name, (unsigned)l->id);
	}
}

int
plansrc_emit_inst(FILE *fp, const struct plan *p, const struct emit_options *o,
    struct diag *d)
{
	struct plan_view v;
	int t, rc = -1;

	if (plansrc_view_open(&v, p) < 0) {
		diag_error(d, 0, 0, "out of memory");
		goto out;
	}
	if (check_names(p, &v, d) < 0)
		goto out;
	fprintf(fp, "// Instinct plan commands written by plancc from %s\n",
	    o->source ? o->source : "-");
	if (p->id_width == 2)
		fputs("// (16-bit ids: compile with plancc --id-width 16 if "
		    "none is above 255)\n", fp);
	if (p->flags & PLAN_F_RECURSION)
		fputs("// (recursive: compile with plancc --allow-recursion)\n",
		    fp);
	fputs("PLAN R C\n// AP APE C CE D A\nPLAN R I", fp);
	for (t = 0; t < PLAN_NTYPES; t++)
		fprintf(fp, " %u", (unsigned)p->count[t]);
	fputc('\n', fp);
	put_elements(fp, p, &v);
	put_monitors(fp, p);
	put_names(fp, p, &v);
	rc = 0;
out:
	plansrc_view_free(&v);
	return rc;
}
