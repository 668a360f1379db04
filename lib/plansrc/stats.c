/*
 * stats.c - the --stats table.  Sizes for the other id width are worked
 * out from plan/layout.h, so one compile answers "what if"; the runtime
 * state is what the planner itself asks for.  Task machines
 * get a table of their own: the section's parts and the engine's RAM.
 */
#include "plan/plan.h"
#include "plan/vocab.h"
#include "plan/task.h"
#include "planner/planner.h"
#include "plansrc/model.h"
#include "task/task.h"
#include "run/taskrun.h"
#include "plansrc/stats.h"

/*
 * The original Instinct planner's plan RAM on the AVR (spec 10.1): every
 * element a record of its type's size, configuration and runtime state
 * together.  For comparison only.
 */
static unsigned long
instinct_avr_bytes(const struct plan *p)
{
	static const unsigned record[PLAN_NTYPES] = { 7, 10, 8, 21, 30, 10 };
	unsigned long n = 0;
	int t;

	for (t = 0; t < PLAN_NTYPES; t++)
		n += (unsigned long)p->count[t] * record[t];
	return n;
}

static unsigned
record_size(int t, unsigned w)
{
	static const uint8_t size[2][PLAN_NTYPES] = {
		PLAN_RECORD_SIZES(1), PLAN_RECORD_SIZES(2)
	};

	return size[w - 1][t];
}

/* Sizes of the parts of p's stream if its ids were w bytes wide. */
struct sizes {
	unsigned long table[PLAN_NTYPES], lists, names, total;
};

static void
sizes_at(const struct plan *p, unsigned w, struct sizes *s)
{
	struct plan_name n;
	uint32_t pos = 0;
	unsigned long listed = 0;
	uint16_t i;
	int t;

	s->total = PLAN_MIN_SIZE;
	for (t = 0; t < PLAN_NTYPES; t++) {
		s->table[t] = (unsigned long)p->count[t] * record_size(t, w);
		s->total += s->table[t];
	}
	for (i = 0; i < p->count[PLAN_AP]; i++) {
		struct plan_ap a;

		plan_get_ap(p, i, &a);
		listed += a.count;
	}
	for (i = 0; i < p->count[PLAN_C]; i++) {
		struct plan_comp c;

		plan_get_comp(p, i, &c);
		listed += c.count;
	}
	s->lists = listed * w;
	s->names = 0;
	while (plan_next_name(p, &pos, &n))
		s->names += PLAN_NAME_ENTRY_SIZE(w, n.len);
	s->total += s->lists + s->names;
}

static void
task_row(FILE *fp, const char *part, unsigned long n, unsigned long bytes)
{
	fprintf(fp, "%-12s %7lu %10lu\n", part, n, bytes);
}

/* A task plan: the section table by table, then what running it takes. */
static void
print_task_stats(FILE *fp, const struct plan *p, const struct plan_task *t)
{
	unsigned d = t->axes;
	unsigned long vars = (unsigned long)t->variables * (4u * d + 1u);
	unsigned long slots = (unsigned long)TASKRUN_DEFAULT_SLOTS *
	    sizeof(struct task_slot);
	uint8_t len = 0;
	const uint8_t *name = plan_task_name(t, TASK_NAME_TASK, 0, &len);

	fprintf(fp, "task machine '%.*s': %u axes, %u objects\n", (int)len,
	    (const char *)name, d, (unsigned)t->objects);
	fprintf(fp, "%-12s %7s %10s\n", "part", "records", "bytes");
	task_row(fp, "header", 1, PLAN_HEADER_SIZE + TASK_HEADER_SIZE);
	task_row(fp, "actions", t->actions,
	    (unsigned long)t->actions * TASK_ACTION_SIZE);
	task_row(fp, "points", t->points,
	    (unsigned long)t->points * TASK_POINT_SIZE(d));
	task_row(fp, "decisions", t->decisions,
	    (unsigned long)t->decisions * TASK_DECISION_SIZE(d));
	task_row(fp, "checks", t->checks,
	    (unsigned long)t->checks * TASK_CHECK_SIZE(d));
	task_row(fp, "records", t->records,
	    (unsigned long)t->records * TASK_RECORD_SIZE);
	task_row(fp, "names", 1u + d + t->objects + t->actions + t->variables,
	    t->strings_size);
	task_row(fp, "CRC-32", 1, PLAN_CRC_SIZE);
	fprintf(fp, "%-12s %7s %10lu\n", "stream", "",
	    (unsigned long)p->size);
	task_row(fp, "variables", t->variables, vars);
	task_row(fp, "running", TASKRUN_DEFAULT_SLOTS, slots);
	fprintf(fp, "%-12s %7s %10lu\n", "RAM", "",
	    (unsigned long)p->size + vars + slots);
}

void
plansrc_print_stats(FILE *fp, const struct plan *p)
{
	struct plan_task task;
	struct sizes s[2];
	unsigned long elements = 0;
	unsigned long state = planner_state_size_for(p->count);
	int t, own = p->id_width - 1;

	if (plan_task_of(p, &task)) {
		print_task_stats(fp, p, &task);
		return;
	}
	sizes_at(p, 1, &s[0]);
	sizes_at(p, 2, &s[1]);
	for (t = 0; t < PLAN_NTYPES; t++)
		elements += p->count[t];
	fprintf(fp, "%lu elements, compiled with %d-bit ids%s\n", elements,
	    8 * p->id_width, p->flags & PLAN_F_NAMES ? ", with names" : "");
	fprintf(fp, "%-12s %7s %10s %10s\n", "part", "records",
	    own == 0 ? "8-bit*" : "8-bit", own == 1 ? "16-bit*" : "16-bit");
	fprintf(fp, "%-12s %7s %10d %10d\n", "header", "", PLAN_HEADER_SIZE,
	    PLAN_HEADER_SIZE);
	for (t = 0; t < PLAN_NTYPES; t++)
		fprintf(fp, "%-12s %7u %10lu %10lu\n", plan_type_tag(t),
		    (unsigned)p->count[t], s[0].table[t], s[1].table[t]);
	fprintf(fp, "%-12s %7s %10lu %10lu\n", "lists", "", s[0].lists,
	    s[1].lists);
	fprintf(fp, "%-12s %7s %10lu %10lu\n", "names", "", s[0].names,
	    s[1].names);
	fprintf(fp, "%-12s %7s %10d %10d\n", "CRC-32", "", PLAN_CRC_SIZE,
	    PLAN_CRC_SIZE);
	fprintf(fp, "%-12s %7s %10lu %10lu\n", "stream", "", s[0].total,
	    s[1].total);
	fprintf(fp, "%-12s %7s %10lu %10lu\n", "state", "", state, state);
	fprintf(fp, "%-12s %7s %10lu %10lu\n", "RAM", "", s[0].total + state,
	    s[1].total + state);
	fprintf(fp, "%-12s %7s %10lu %10s\n", "Instinct", "",
	    instinct_avr_bytes(p), "-");
}
