/*
 * why.c - the event log's words for why an element failed (enum
 * planner_why), written by every producer and read back by every reader.
 * The planner itself carries only the code: a robot has no room for text.
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
