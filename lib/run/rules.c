/*
 * rules.c - --result: what each action returns when senses come from a
 * file.  KEY=RESULT items, KEY an action name, #id or "default"; RESULT
 * success, fail, error, running, or running:K[:success|fail|error] (K
 * calls in progress first, counted again from each fresh call).
 */
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/num.h"
#include "run/run.h"

static int
final_code(const char *s, uint8_t *code)
{
	if (strcmp(s, "success") == 0)
		*code = PLANNER_SUCCESS;
	else if (strcmp(s, "fail") == 0)
		*code = PLANNER_FAIL;
	else if (strcmp(s, "error") == 0)
		*code = PLANNER_ERROR;
	else
		return -1;
	return 0;
}

/* One RESULT into *r; -1 if it is not one. */
static int
parse_result(char *s, struct rule *r)
{
	char *k, *end;
	long n;

	memset(r, 0, sizeof *r);
	if (final_code(s, &r->code) == 0)
		return 0;
	if (strcmp(s, "running") == 0) {
		r->forever = 1;
		return 0;
	}
	if (strncmp(s, "running:", 8) != 0)
		return -1;
	k = s + 8;
	r->code = PLANNER_SUCCESS;
	if ((end = strchr(k, ':')) != NULL) {
		*end = '\0';
		if (final_code(end + 1, &r->code) < 0)
			return -1;
	}
	if (num_long(k, 0, 65535, &n) != NUM_OK)
		return -1;
	r->running = (uint16_t)n;
	return 0;
}

static int
bad_item(struct diag *say, const char *item, const char *why)
{
	run_say(say, "--result: '%s': %s", item, why);
	return -1;
}

int
run_rules_parse(struct rules *r, const char *text, const struct names *n,
    struct diag *say)
{
	struct rule dflt, one;
	char *copy, *item, *save = NULL, *eq;
	uint32_t i;
	int pass;

	memset(r, 0, sizeof *r);
	r->nids = n->nids;
	r->by_action = calloc(r->nids, sizeof *r->by_action);
	r->calls = calloc(r->nids, sizeof *r->calls);
	if (r->by_action == NULL || r->calls == NULL)
		return bad_item(say, text ? text : "", "out of memory");
	memset(&dflt, 0, sizeof dflt);
	dflt.code = PLANNER_SUCCESS;
	/* the default first, whatever its place in the list */
	for (pass = 0; pass < 2 && text != NULL; pass++) {
		if ((copy = strdup(text)) == NULL)
			return bad_item(say, text, "out of memory");
		for (item = strtok_r(copy, ",", &save); item;
		    item = strtok_r(NULL, ",", &save)) {
			char shown[128];
			long id;

			snprintf(shown, sizeof shown, "%s", item);
			if ((eq = strchr(item, '=')) == NULL) {
				free(copy);
				return bad_item(say, shown, "expected KEY=RESULT");
			}
			*eq = '\0';
			if (parse_result(eq + 1, &one) < 0) {
				free(copy);
				return bad_item(say, shown, "RESULT is success, "
				    "fail, error, running, running:K or "
				    "running:K:fail");
			}
			if (strcmp(item, "default") == 0) {
				if (pass == 0)
					dflt = one;
				continue;
			}
			if ((id = evlog_names_action_id(n, item)) < 0) {
				free(copy);
				return bad_item(say, shown, "the plan has no such "
				    "action (a name, #id or default)");
			}
			if (pass == 1)
				r->by_action[id] = one;
		}
		free(copy);
		if (pass == 0)
			for (i = 0; i < r->nids; i++)
				r->by_action[i] = dflt;
	}
	if (text == NULL)
		for (i = 0; i < r->nids; i++)
			r->by_action[i] = dflt;
	return 0;
}

void
run_rules_free(struct rules *r)
{
	free(r->by_action);
	free(r->calls);
	memset(r, 0, sizeof *r);
}

uint8_t
run_rules_result(struct rules *r, uint16_t action, uint8_t check)
{
	const struct rule *rule = &r->by_action[action];

	if (rule->forever)
		return PLANNER_IN_PROGRESS;
	if (!check)
		r->calls[action] = 0;	/* a fresh call starts the count */
	if (r->calls[action] < rule->running) {
		r->calls[action]++;
		return PLANNER_IN_PROGRESS;
	}
	return rule->code;
}
