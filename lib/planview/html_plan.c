/*
 * html_plan.c - the plan as the page's script reads it: each element's
 * record (priorities, releasers with threshold, hysteresis and flexible
 * latch, frequency, ramp, members, children), the senses the plan reads,
 * the one outcome table and the failure reasons.  The page works "why
 * not" out of these and the log.  Called by html.c.
 */
#include <stdio.h>

#include "evlog/evlog.h"
#include "plan/vocab.h"
#include "planview/html.h"
#include "planview/pack.h"
#include "plansrc/emit.h"

static void
put_ref(FILE *fp, const char *key, const struct planview_tree *t,
    const struct plan_ref *r)
{
	if (r->type >= PLAN_NTYPES || r->index >= t->p->count[r->type])
		fprintf(fp, ",\"%s\":null", key);
	else
		fprintf(fp, ",\"%s\":%u", key,
		    planview_pack_element(t, r->type, r->index));
}

static void
put_releaser(FILE *fp, const struct plan_releaser *r)
{
	fputs(",\"rel\":{\"s\":", fp);
	if (r->cmp == PLAN_TR || r->cmp == PLAN_FL)
		fputs("null", fp);
	else
		fprintf(fp, "%u", (unsigned)r->sense);
	fprintf(fp, ",\"c\":\"%s\",\"v\":%d,\"h\":%d,\"f\":%d}",
	    plan_cmp_symbol(r->cmp), (int)r->value, (int)r->hysteresis,
	    (int)r->flex);
}

static void
put_drive(FILE *fp, const struct planview_tree *t, uint16_t i)
{
	struct plan_drive d;

	plan_get_drive(t->p, i, &d);
	fprintf(fp, ",\"p\":%u,\"iv\":%u,\"ramp\":%u,\"urg\":%u",
	    (unsigned)d.priority, (unsigned)d.interval,
	    (unsigned)d.ramp_interval, (unsigned)d.urgency);
	put_releaser(fp, &d.rel);
	put_ref(fp, "ch", t, &d.child);
}

static void
put_members(FILE *fp, const struct planview_tree *t, int type, uint16_t first,
    uint16_t count)
{
	uint16_t k;

	fputs(",\"m\":[", fp);
	for (k = 0; k < count; k++) {
		uint16_t x = type == PLAN_CE ?
		    plan_ce_at(t->p, (uint16_t)(first + k)) :
		    plan_ape_at(t->p, (uint16_t)(first + k));

		fprintf(fp, "%s%u", k ? "," : "",
		    planview_pack_element(t, type, x));
	}
	fputc(']', fp);
}

/* The fields of record i of type ty beyond its key and name. */
static void
put_fields(FILE *fp, const struct planview_tree *t, int ty, uint16_t i)
{
	const struct plan *p = t->p;

	switch (ty) {
	case PLAN_D:
		put_drive(fp, t, i);
		break;
	case PLAN_C: {
		struct plan_comp c;

		plan_get_comp(p, i, &c);
		fprintf(fp, ",\"or\":%d", c.use_or ? 1 : 0);
		put_members(fp, t, PLAN_CE, c.first, c.count);
		break;
	}
	case PLAN_CE: {
		struct plan_ce c;

		plan_get_ce(p, i, &c);
		fprintf(fp, ",\"p\":%u,\"retry\":%u", (unsigned)c.priority,
		    (unsigned)c.retry);
		put_releaser(fp, &c.rel);
		put_ref(fp, "ch", t, &c.child);
		break;
	}
	case PLAN_AP: {
		struct plan_ap a;

		plan_get_ap(p, i, &a);
		put_members(fp, t, PLAN_APE, a.first, a.count);
		break;
	}
	case PLAN_APE: {
		struct plan_ape a;

		plan_get_ape(p, i, &a);
		fprintf(fp, ",\"o\":%u", (unsigned)a.order);
		put_ref(fp, "ch", t, &a.child);
		break;
	}
	default: {
		struct plan_action a;

		plan_get_action(p, i, &a);
		fprintf(fp, ",\"v\":%d", (int)a.value);
		break;
	}
	}
}

static void
put_elements(FILE *fp, const struct planview_tree *t)
{
	const char *sep = "";
	unsigned i;
	int ty;

	fputs("\"el\":[", fp);
	for (ty = 0; ty < PLAN_NTYPES; ty++)
		for (i = 0; i < t->p->count[ty]; i++) {
			fprintf(fp, "%s\n{\"k\":\"%s%u\",\"t\":\"%s\",\"n\":",
			    sep, planview_type_tag(ty), i, planview_type_tag(ty));
			planview_html_json(fp, t->name[ty][i]);
			put_fields(fp, t, ty, (uint16_t)i);
			fputc('}', fp);
			sep = ",";
		}
	fputs("]", fp);
}

static void
put_senses(FILE *fp, const struct planview_tree *t)
{
	const char *sep = "";
	size_t k;

	fputs(",\"senses\":{", fp);
	for (k = 0; k < t->nsense; k++)
		if (t->sense[k]) {
			fprintf(fp, "%s\"%zu\":", sep, k);
			planview_html_json(fp, t->sense[k]);
			sep = ",";
		}
	fputs("},\"reads\":[", fp);
	for (k = 0; k < t->nsense_ids; k++)
		fprintf(fp, "%s%u", k ? "," : "", (unsigned)t->sense_ids[k]);
	fputs("]", fp);
}

/* The outcome table and the reasons, so the page spells them once. */
static void
put_words(FILE *fp)
{
	int k;

	fputs(",\"outcomes\":[", fp);
	for (k = 0; k < EMIT_NOUTCOMES; k++)
		fprintf(fp, "%s[\"%c\",\"%s\",\"%s\"]", k ? "," : "",
		    plan_event_letter(plansrc_emit_outcomes[k].kind),
		    plansrc_emit_outcomes[k].words, plansrc_emit_outcomes[k].colour);
	fputs("],\"why\":[", fp);
	for (k = 0; k < PLANNER_WHY_COUNT; k++) {
		fputs(k ? "," : "", fp);
		planview_html_json(fp, evlog_why_text((uint8_t)k));
	}
	fputs("],\"runs\":[", fp);
	for (k = 0; k < EVLOG_RUN_COUNT; k++) {
		fputs(k ? "," : "", fp);
		planview_html_json(fp, evlog_run_text((uint8_t)k));
	}
	fputs("]", fp);
}

void
planview_html_plan(FILE *fp, const struct planview_tree *t)
{
	fputc('{', fp);
	put_elements(fp, t);
	put_senses(fp, t);
	put_words(fp);
	fputc('}', fp);
}
