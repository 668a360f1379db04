/*
 * job.c - reading the ARM runner's trace job (see job.h) with the C
 * library's stdio, which newlib's semihosting carries to the host's files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job.h"
#include "planner/planner.h"

static int
bad(const char *path, int line, const char *why)
{
	fprintf(stderr, "armtrace: %s:%d: %s\n", path, line, why);
	return -1;
}

/* "success" ... "running [K FINAL]" from the words after a rule's key. */
static int
parse_result(char *words, struct job_rule *r)
{
	char *w = strtok(words, " \t\n"), *k, *f;

	r->running = 0;
	r->count = 0;
	if (w == NULL)
		return -1;
	if (strcmp(w, "running") == 0) {
		if ((k = strtok(NULL, " \t\n")) == NULL) {
			r->running = 255;
			r->final = PLANNER_SUCCESS;
			return 0;
		}
		if ((f = strtok(NULL, " \t\n")) == NULL)
			return -1;
		r->running = (uint8_t)atoi(k);
		w = f;
	}
	if (strcmp(w, "success") == 0)
		r->final = PLANNER_SUCCESS;
	else if (strcmp(w, "fail") == 0)
		r->final = PLANNER_FAIL;
	else if (strcmp(w, "error") == 0)
		r->final = PLANNER_ERROR;
	else
		return -1;
	return 0;
}

static int
parse_values(char *s, int16_t *v, uint8_t max, uint16_t *ids)
{
	char *w;
	uint8_t n = 0;

	for (w = strtok(s, " \t\n"); w != NULL; w = strtok(NULL, " \t\n")) {
		if (n == max)
			return -1;
		if (ids)
			ids[n] = (uint16_t)atoi(w);
		else
			v[n] = (int16_t)atoi(w);
		n++;
	}
	return n;
}

static int
parse_line(struct job *j, char *l, const char *path, int line)
{
	char *rest = strchr(l, ' ');
	int n;

	if (rest == NULL)
		return bad(path, line, "a key and a value are needed");
	*rest++ = '\0';
	if (strcmp(l, "plan") == 0) {
		rest[strcspn(rest, "\n")] = '\0';
		snprintf(j->plan, sizeof j->plan, "%s", rest);
	} else if (strcmp(l, "cycles") == 0)
		j->cycles = (uint32_t)strtoul(rest, NULL, 10);
	else if (strcmp(l, "ticks") == 0)
		j->ticks = (uint16_t)atoi(rest);
	else if (strcmp(l, "default") == 0) {
		if (parse_result(rest, &j->dflt) != 0)
			return bad(path, line, "not a result");
	} else if (strcmp(l, "result") == 0) {
		struct job_rule *r = &j->rule[j->nrules];

		if (j->nrules == JOB_RULES)
			return bad(path, line, "too many rules");
		r->action = (uint16_t)strtoul(rest, &rest, 10);
		if (parse_result(rest, r) != 0)
			return bad(path, line, "not a result");
		j->nrules++;
	} else if (strcmp(l, "senses") == 0) {
		if ((n = parse_values(rest, NULL, JOB_SENSES, j->sense)) < 0)
			return bad(path, line, "too many senses");
		j->nsenses = (uint8_t)n;
	} else if (strcmp(l, "row") == 0) {
		if (j->nrows == JOB_ROWS)
			return bad(path, line, "too many rows");
		j->row_cycle[j->nrows] = (uint32_t)strtoul(rest, &rest, 10);
		if (parse_values(rest, j->row[j->nrows], JOB_SENSES, NULL) !=
		    j->nsenses)
			return bad(path, line, "one value a sense is needed");
		j->nrows++;
	} else
		return bad(path, line, "an unknown key");
	return 0;
}

int
job_read(struct job *j, const char *path)
{
	char l[512];
	FILE *f;
	int line = 0, rc = 0;

	memset(j, 0, sizeof *j);
	j->dflt.final = PLANNER_SUCCESS;
	if ((f = fopen(path, "r")) == NULL)
		return bad(path, 0, "cannot open it");
	while (rc == 0 && fgets(l, sizeof l, f) != NULL) {
		line++;
		if (l[0] != '#' && l[0] != '\n')
			rc = parse_line(j, l, path, line);
	}
	fclose(f);
	return rc;
}

int16_t
job_sense(const struct job *j, uint32_t cycle, uint16_t id)
{
	int r, s;

	for (s = 0; s < j->nsenses; s++)
		if (j->sense[s] == id)
			break;
	if (s == j->nsenses)
		return 0;
	for (r = j->nrows - 1; r >= 0; r--)
		if (j->row_cycle[r] <= cycle)
			return j->row[r][s];
	return 0;
}

struct job_rule *
job_rule(struct job *j, uint16_t id)
{
	uint8_t i;

	for (i = 0; i < j->nrules; i++)
		if (j->rule[i].action == id)
			return &j->rule[i];
	return &j->dflt;
}
