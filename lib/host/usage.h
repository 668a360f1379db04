/*
 * usage.h - how every tool reports a command line it cannot take: the
 * reason on one line, then a pointer to --help, and exit status 2.
 * Called from each cmd/<tool>/main.c while parsing arguments.
 */
#ifndef SPINE_USAGE_H
#define SPINE_USAGE_H

#include <stddef.h>
#include <stdio.h>

/*
 * "tool: <reason>" and "Try 'tool --help' for more information." on
 * stderr.  Returns EXIT_USAGE so a parser can `return usage_error(...)`.
 */
int usage_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/*
 * An option's whole-number value in lo..hi into *out: 0, or -1 after a
 * usage error ("OPT: 'S': why") has been printed.
 */
int usage_long(const char *opt, const char *s, long lo, long hi, long *out);

/*
 * The end of every tool's --help, after its synopsis: a blank line, what
 * the tool does (one or two lines, `what`), and where the manual is.  The
 * synopsis names the options; the man page explains them.
 */
void usage_about(FILE *fp, const char *what);

/* Only the pointer to --help, when the reason was already printed. */
int usage_hint(void);

/*
 * getopt_long's '?' (unknown option) or ':' (missing value) as a usage
 * error naming the option as the user wrote it.  The optstring must
 * begin with ':' and opterr be 0, so getopt itself stays quiet.
 */
int usage_bad_option(int ch, char *const argv[]);

/*
 * Options that only some commands take (a tool of subcommands): row i
 * says option `name` (getopt value opt) belongs to the blank-separated
 * commands of `commands`.  With seen[opt] set for each option given
 * (128 entries), the first one `command` does not take is refused:
 * "--NAME is an option of 'COMMANDS', not of 'COMMAND'", EXIT_USAGE;
 * else 0.
 */
struct usage_only {
	int opt;
	const char *name;
	const char *commands;
};
int usage_only_for(const struct usage_only *t, size_t n, const int *seen,
    const char *command);

#endif
