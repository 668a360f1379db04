/*
 * why.c - the event log's words for why an element failed (enum
 * planner_why) and for how a run began (enum evlog_run), written by every
 * producer and read back by every reader.  The planner itself carries
 * only the code: a robot has no room for text.
 */
#include <string.h>

#include "evlog/evlog.h"

#define STR(x) #x
#define XSTR(x) STR(x)

static const char *const why_text[PLANNER_WHY_COUNT] = {
	"",
	"action failed",
	"child failed",
	"no element released",
	"element no longer released",
	"retry limit reached",
	"no elements",
	"no child",
	("nested deeper than " XSTR(PLANNER_MAX_DEPTH))
};

const char *
evlog_why_text(uint8_t why)
{
	return why < PLANNER_WHY_COUNT ? why_text[why] : "";
}

int
evlog_why_parse(const char *text)
{
	int i;

	for (i = 0; i < PLANNER_WHY_COUNT; i++)
		if (strcmp(text, why_text[i]) == 0)
			return i;
	return -1;
}

/* A B line's reason: how the run began (enum evlog_run). */
static const char *const run_text[EVLOG_RUN_COUNT] = {
	"start", "join", "reconnect"
};

const char *
evlog_run_text(uint8_t run)
{
	return run < EVLOG_RUN_COUNT ? run_text[run] : "";
}

int
evlog_run_parse(const char *text)
{
	int i;

	for (i = 0; i < EVLOG_RUN_COUNT; i++)
		if (strcmp(text, run_text[i]) == 0)
			return i;
	return -1;
}
