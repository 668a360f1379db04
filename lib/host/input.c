/*
 * input.c - opening inputs (or stdin) and growing arrays as rows arrive
 * (see input.h).  The .plan itself is read by lib/run/load.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/input.h"

FILE *
input_open(const char *path, const char *mode)
{
	FILE *fp;

	if (strcmp(path, "-") == 0)
		return stdin;
	if ((fp = fopen(path, mode)) == NULL)
		warnx_tool("%s: %s", path, strerror(errno));
	return fp;
}

void
input_close(FILE *fp)
{
	if (fp != stdin)
		fclose(fp);
}

void *
grow_array(void *array, long n, long *cap, long first, size_t size)
{
	long ncap;

	if (n < *cap)
		return array;
	ncap = *cap ? *cap * 2 : first;
	if ((array = realloc(array, (size_t)ncap * size)) != NULL)
		*cap = ncap;
	return array;
}

void
input_beside(const char *from, const char *name, char *out, size_t cap)
{
	const char *slash = strrchr(from, '/');

	if (name[0] == '/' || slash == NULL || strcmp(from, "stdin") == 0)
		snprintf(out, cap, "%s", name);
	else
		snprintf(out, cap, "%.*s/%s", (int)(slash - from), from, name);
}
