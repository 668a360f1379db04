/*
 * diag.h - compiler-style diagnostics: "tool: file:line:col: error: msg".
 * Parsers and tools report through a struct diag that the caller owns, so
 * one run can count errors per input and turn warnings into errors.
 */
#ifndef SPINE_DIAG_H
#define SPINE_DIAG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

enum diag_level { DIAG_NOTE, DIAG_WARNING, DIAG_ERROR };

struct diag {
	const char *file;	/* shown before line:col; NULL to omit */
	FILE *out;		/* NULL means stderr */
	unsigned errors;
	unsigned warnings;
	int werror;		/* count warnings as errors (--strict) */
	int quiet;		/* count, but print nothing */
	/*
	 * Warning classes, numbered by the tool (1..31; 0 is "no class"),
	 * as compilers have them: -w drops every warning, -Wno-NAME the
	 * class's, -Werror=NAME makes the class's errors.  A dropped warning
	 * is not counted.  wnames[k] names class k after the message, as in
	 * "[-Wunused]"; NULL to show no names.
	 */
	int nowarn;
	unsigned long woff, werr;	/* bit k: class k */
	const char *const *wnames;
};

/* A sink for input `file` that prints to stderr. */
struct diag diag_for(const char *file);

/* Report at line:col (either may be 0 when unknown). */
void diag_report(struct diag *d, enum diag_level level, long line, long col,
    const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
void diag_vreport(struct diag *d, enum diag_level level, long line, long col,
    const char *fmt, va_list ap);

/* A warning of class wclass (see struct diag). */
void diag_wreport(struct diag *d, unsigned wclass, long line, long col,
    const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
void diag_vwreport(struct diag *d, unsigned wclass, long line, long col,
    const char *fmt, va_list ap);

/* Shorthands for the common cases. */
#define diag_error(d, line, col, ...) \
	diag_report((d), DIAG_ERROR, (line), (col), __VA_ARGS__)
#define diag_warn(d, line, col, ...) \
	diag_report((d), DIAG_WARNING, (line), (col), __VA_ARGS__)

/* True when something was reported that should fail the run. */
int diag_failed(const struct diag *d);

/* "tool: message" through d (d->out, or stderr when NULL; nothing when
   d->quiet), for problems that belong to no input file: what a library
   says through the sink its caller gave it.  Not counted. */
void diag_plain(struct diag *d, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void diag_vplain(struct diag *d, const char *fmt, va_list ap);

/* "tool: message" on stderr, for problems that belong to no input file. */
void warnx_tool(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
void vwarnx_tool(const char *fmt, va_list ap);

/*
 * s made fit for a message: non-printable bytes as '?', cut to fit buf
 * with "..." so a line of junk cannot flood a terminal.  Returns buf.
 */
const char *diag_shown(const char *s, char *buf, size_t size);

/* The running program's short name, as the messages show it. */
const char *tool_name(void);

#endif
