/*
 * usage.c - usage errors in one voice for every tool (see usage.h).
 * getopt's own messages name the program by its full path and differ
 * between libcs; ours name the short tool and always point to --help.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/usage.h"

int
usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarnx_tool(fmt, ap);
	va_end(ap);
	return usage_hint();
}

int
usage_hint(void)
{
	/* a session line's messages are "armctl: FILE:LINE: ...": the tool
	   is the part before the colon */
	fprintf(stderr, "Try '%.*s --help' for more information.\n",
	    (int)strcspn(tool_name(), ":"), tool_name());
	return EXIT_USAGE;
}

/*
 * A long option is shown as typed, without any "=value"; a short one
 * from optopt, because argv[optind - 1] may be a cluster like "-vx".
 */
int
usage_bad_option(int ch, char *const argv[])
{
	const char *word = optind > 0 ? argv[optind - 1] : "";
	const char *why = ch == ':' ? "needs a value" : "unknown option";

	if (word != NULL && strncmp(word, "--", 2) == 0)
		return usage_error("%.*s: %s", (int)strcspn(word, "="), word,
		    why);
	if (optopt > 0 && optopt < 128)
		return usage_error("-%c: %s", optopt, why);
	return usage_error("%s: %s", word ? word : "?", why);
}

int
usage_long(const char *opt, const char *s, long lo, long hi, long *out)
{
	enum num_error e = num_long(s, lo, hi, out);

	if (e != NUM_OK) {
		usage_error("%s: '%s': %s", opt, s, num_strerror(e));
		return -1;
	}
	return 0;
}

/* Is command one of the blank-separated words of list? */
static int
one_of(const char *list, const char *command)
{
	size_t n = strlen(command);

	for (; *list; list += strcspn(list, " "), list += *list == ' ')
		if (strncmp(list, command, n) == 0 &&
		    (list[n] == ' ' || list[n] == '\0'))
			return 1;
	return 0;
}

int
usage_only_for(const struct usage_only *t, size_t n, const int *seen,
    const char *command)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (seen[t[i].opt & 0x7F] && !one_of(t[i].commands, command)) {
			warnx_tool("--%s is an option of '%s', not of '%s'",
			    t[i].name, t[i].commands, command);
			return EXIT_USAGE;
		}
	return 0;
}

void
usage_about(FILE *fp, const char *what)
{
	const char *t = tool_name();

	fprintf(fp, "\n%s\nEvery option, exit status and example: man %s\n"
	    "(in a checkout: man -l man/%s.1)\n", what, t, t);
}
