/*
 * pwarn.c - the names of plancc's warning classes (pwarn.h), shared by
 * the readers' messages and plancc's -W options.
 */
#include <string.h>

#include "plansrc/pwarn.h"

const char *const plansrc_plan_warning_names[PW_COUNT + 1] = {
	NULL, "unused", "unreachable", "octal", "ignored", "releaser", NULL
};

enum plan_warning
plansrc_plan_warning_named(const char *name)
{
	int k;

	for (k = 1; k < PW_COUNT; k++)
		if (strcmp(name, plansrc_plan_warning_names[k]) == 0)
			return (enum plan_warning)k;
	return PW_NONE;
}
