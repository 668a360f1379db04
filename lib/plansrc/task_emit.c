/*
 * task_emit.c - a task section back as YAML source (task_emit.h): what
 * plancc -d and --emit yaml print for a task plan.  Compiling the output
 * gives the same bytes again: objects are declared in table order and
 * every number prints exactly.
 */
#include <stdio.h>
#include <string.h>

#include "host/fmtnum.h"
#include "plansrc/task_emit.h"

static void
put_name(FILE *fp, const struct plan_task *t, uint8_t kind, uint16_t i)
{
	uint8_t len = 0;
	const uint8_t *s = plan_task_name(t, kind, i, &len);

	fprintf(fp, "%.*s", (int)len, (const char *)s);
}

/*
 * Counts as decimal: at most 10 significant digits, so the shortest
 * round-trip text of counts / 1000 is exactly that decimal.
 */
static void
put_num(FILE *fp, int32_t counts)
{
	char buf[FMTNUM_MAX];

	fmt_shortest(buf, (double)counts / TASK_SCALE);
	fputs(buf, fp);
}

static void
put_var(FILE *fp, const struct plan_task *t, const struct plan_task_comp *c,
    uint8_t axis)
{
	fputc('$', fp);
	put_name(fp, t, TASK_NAME_VARIABLE, c->var);
	if (c->axis != axis) {
		fputc('.', fp);
		put_name(fp, t, TASK_NAME_AXIS, c->axis);
	}
}

/* A point: "$v" when it is one variable whole, else a list. */
static void
put_point(FILE *fp, const struct plan_task *t, uint16_t point)
{
	struct plan_task_comp c[TASK_MAX_AXES];
	int whole = t->axes > 0;	/* a validated task has axes; be safe */
	uint8_t k;

	for (k = 0; k < t->axes; k++) {
		plan_task_get_point(t, point, k, &c[k]);
		whole &= c[k].kind == TASK_VAR && c[k].var == c[0].var &&
		    c[k].axis == k;
	}
	if (whole) {
		put_var(fp, t, &c[0], 0);
		return;
	}
	fputc('[', fp);
	for (k = 0; k < t->axes; k++) {
		fputs(k ? ", " : "", fp);
		if (c[k].kind == TASK_VAR)
			put_var(fp, t, &c[k], k);
		else
			put_num(fp, c[k].value);
	}
	fputc(']', fp);
}

static void
put_state_comp(FILE *fp, const struct plan_task *t,
    const struct plan_task_comp *c, uint8_t axis)
{
	if (c->kind == TASK_ANY) {
		fputs("any", fp);
		return;
	}
	fputc('[', fp);
	if (c->kind == TASK_VAR)
		put_var(fp, t, c, axis);
	else
		put_num(fp, c->value);
	fputs(", ", fp);
	put_num(fp, c->threshold);
	fputc(']', fp);
}

static void
put_target(FILE *fp, const struct plan_task *t,
    const struct plan_task_target *g)
{
	static const char *const word[] = { "none", "", "done", "abort" };

	if (g->kind != TASK_T_NONE && g->delay)
		fputs("{action: ", fp);
	if (g->kind == TASK_T_ACTION)
		put_name(fp, t, TASK_NAME_ACTION, g->action);
	else
		fputs(word[g->kind & 3], fp);
	if (g->kind != TASK_T_NONE && g->delay)
		fprintf(fp, ", delay: %u}", (unsigned)g->delay);
}

static void
put_comps(FILE *fp, const struct plan_task *t, const struct plan_task_comp *c)
{
	uint8_t k;

	fputc('[', fp);
	for (k = 0; k < t->axes; k++) {
		fputs(k ? ", " : "", fp);
		put_state_comp(fp, t, &c[k], k);
	}
	fputc(']', fp);
}

static void
put_state(FILE *fp, const struct plan_task *t, uint16_t i,
    const struct plan_task_decision *d)
{
	struct plan_task_comp c[TASK_MAX_AXES];
	struct plan_task_check ch;
	int any = 1;
	uint16_t j;
	uint8_t k;

	for (k = 0; k < t->axes; k++) {
		plan_task_get_arm(t, i, k, &c[k]);
		any &= c[k].kind == TASK_ANY;
	}
	if (any && d->nchecks == 0)
		return;
	fputs("        state:\n", fp);
	if (!any) {
		fputs("          arm: ", fp);
		put_comps(fp, t, c);
		fputc('\n', fp);
	}
	if (d->nchecks == 0)
		return;
	fputs("          objects:\n", fp);
	for (j = d->first_check; j < d->first_check + d->nchecks; j++) {
		plan_task_get_check(t, j, &ch);
		for (k = 0; k < t->axes; k++)
			plan_task_get_check_comp(t, j, k, &c[k]);
		fputs("            ", fp);
		put_name(fp, t, TASK_NAME_OBJECT, ch.object);
		fputs(": ", fp);
		put_comps(fp, t, c);
		fputc('\n', fp);
	}
}

static void
put_decision(FILE *fp, const struct plan_task *t, uint16_t i)
{
	struct plan_task_decision d;
	struct plan_task_record r;
	uint16_t j;

	plan_task_get_decision(t, i, &d);
	fprintf(fp, "      - after: %u\n", (unsigned)d.after);
	put_state(fp, t, i, &d);
	if (d.nrecords) {
		fputs("        record: {", fp);
		for (j = d.first_record; j < d.first_record + d.nrecords;
		    j++) {
			plan_task_get_record(t, j, &r);
			fputs(j > d.first_record ? ", " : "", fp);
			put_name(fp, t, TASK_NAME_VARIABLE, r.var);
			fputs(": ", fp);
			if (r.source == TASK_SOURCE_ARM)
				fputs("arm", fp);
			else
				put_name(fp, t, TASK_NAME_OBJECT, r.source);
		}
		fputs("}\n", fp);
	}
	fputs("        match: ", fp);
	put_target(fp, t, &d.match);
	fputs("\n        mismatch: ", fp);
	put_target(fp, t, &d.mismatch);
	fputc('\n', fp);
}

static void
put_action(FILE *fp, const struct plan_task *t, uint16_t i)
{
	struct plan_task_action a;
	uint16_t j;

	plan_task_get_action(t, i, &a);
	fputs("  ", fp);
	put_name(fp, t, TASK_NAME_ACTION, i);
	fputs(":\n    trajectory:\n", fp);
	for (j = a.first_point; j < a.first_point + a.npoints; j++) {
		fputs("      - ", fp);
		put_point(fp, t, j);
		fputc('\n', fp);
	}
	if (a.verify) {
		fputs("    verify: {tolerance: ", fp);
		put_num(fp, a.tolerance);
		fprintf(fp, ", misses: %u}\n", (unsigned)a.misses);
	}
	if (a.reset_limit) {
		fprintf(fp, "    reset: {limit: %u, action: ",
		    (unsigned)a.reset_limit);
		put_target(fp, t, &(struct plan_task_target){ a.reset.kind,
		    a.reset.action, 0 });
		fprintf(fp, ", delay: %u}\n", (unsigned)a.reset.delay);
	}
	if (a.ndecisions == 0)
		return;
	fputs("    decisions:\n", fp);
	for (j = a.first_decision; j < a.first_decision + a.ndecisions; j++)
		put_decision(fp, t, j);
}

static void
put_list(FILE *fp, const struct plan_task *t, const char *key, uint8_t kind,
    uint16_t n)
{
	uint16_t i;

	fprintf(fp, "%s: [", key);
	for (i = 0; i < n; i++) {
		fputs(i ? ", " : "", fp);
		put_name(fp, t, kind, i);
	}
	fputs("]\n", fp);
}

int
plansrc_task_emit_yaml(FILE *fp, const struct plan_task *t)
{
	uint8_t len = 0;
	uint16_t i;

	plan_task_name(t, TASK_NAME_TASK, 0, &len);
	fputs("task: ", fp);
	if (len)
		put_name(fp, t, TASK_NAME_TASK, 0);
	else
		fputs("\"\"", fp);
	fputc('\n', fp);
	put_list(fp, t, "axes", TASK_NAME_AXIS, t->axes);
	if (t->objects)
		put_list(fp, t, "objects", TASK_NAME_OBJECT, t->objects);
	fputs("start: ", fp);
	put_name(fp, t, TASK_NAME_ACTION, t->start);
	fputs("\nactions:\n", fp);
	for (i = 0; i < t->actions; i++)
		put_action(fp, t, i);
	return ferror(fp) ? -1 : 0;
}
