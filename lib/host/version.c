/*
 * version.c - the --version line.
 */
#include <stdio.h>

#include "diag.h"
#include "version.h"

void
print_version(void)
{
	printf("%s (spine) %s\n", tool_name(), SPINE_VERSION);
}
