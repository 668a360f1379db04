/*
 * args.c - lets targets such as -1,0.5 stand on the command line without
 * "--": getopt would take them for options, so before it runs, every
 * positional argument (a number with a minus sign included) is moved
 * behind a "--", in its original order.  Called by ikreach and armctl.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "host/args.h"

/* Does long option `name` (possibly abbreviated) take a separate value? */
static int
long_takes_value(const struct option *lo, const char *name, size_t len)
{
	int found = -1, i;

	for (i = 0; lo[i].name; i++) {
		if (strncmp(lo[i].name, name, len) != 0)
			continue;
		if (strlen(lo[i].name) == len)
			return lo[i].has_arg == required_argument;
		found = found == -1 ? i : -2;	/* -2: ambiguous */
	}
	return found >= 0 && lo[found].has_arg == required_argument;
}

/* How many argv elements the option at t uses: 1, or 2 with its value. */
static int
option_width(const char *t, const struct option *lo, const char *shorts)
{
	const char *p, *eq;

	if (t[1] == '-') {
		eq = strchr(t + 2, '=');
		if (eq)
			return 1;
		return long_takes_value(lo, t + 2, strlen(t + 2)) ? 2 : 1;
	}
	for (p = t + 1; *p; p++) {
		const char *s = strchr(shorts, *p);

		if (s && *p != ':' && s[1] == ':')
			return p[1] == '\0' ? 2 : 1;
	}
	return 1;
}

static int
is_number_like(const char *t)
{
	return t[0] == '-' && (t[1] == '.' || (t[1] >= '0' && t[1] <= '9'));
}

char **
args_protect_numbers(int argc, char **argv, const struct option *lo,
    const char *shorts)
{
	char **out = calloc((size_t)argc + 2, sizeof *out);
	char **pos = calloc((size_t)argc + 1, sizeof *pos);
	int i, no = 0, np = 0, w;

	if (out == NULL || pos == NULL) {
		free(out);
		free(pos);
		return NULL;
	}
	out[no++] = argv[0];
	for (i = 1; i < argc; i++) {
		const char *t = argv[i];

		if (strcmp(t, "--") == 0) {
			while (++i < argc)
				pos[np++] = argv[i];
			break;
		}
		if (t[0] != '-' || t[1] == '\0' || is_number_like(t)) {
			pos[np++] = argv[i];
			continue;
		}
		w = option_width(t, lo, shorts);
		out[no++] = argv[i];
		if (w == 2 && i + 1 == argc) {
			/* a value missing at the very end: leave the order
			 * alone so getopt says so */
			memcpy(out, argv, (size_t)argc * sizeof *argv);
			out[argc] = NULL;
			free(pos);
			return out;
		}
		if (w == 2)
			out[no++] = argv[++i];
	}
	out[no++] = "--";
	memcpy(out + no, pos, (size_t)np * sizeof *pos);
	out[no + np] = NULL;
	free(pos);
	return out;
}
