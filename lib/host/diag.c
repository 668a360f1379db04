/*
 * diag.c - compiler-style diagnostics on stderr.
 * One line per message so that editors, grep and CI logs can parse them.
 */
#define _GNU_SOURCE		/* program_invocation_short_name */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"

const char *
tool_name(void)
{
	/* libc keeps the name for us; we hold no state of our own. */
	return program_invocation_short_name;
}

struct diag
diag_for(const char *file)
{
	struct diag d;

	memset(&d, 0, sizeof d);
	d.file = file;
	return d;
}

/* "tool: file:line:col: " */
static void
print_place(const struct diag *d, FILE *out, long line, long col)
{
	const char *file = d->file;

	if (file && strcmp(file, "-") == 0)
		file = "<stdin>";
	fprintf(out, "%s: ", tool_name());
	if (file) {
		fprintf(out, "%s:", file);
		if (line > 0)
			fprintf(out, "%ld:", line);
		if (line > 0 && col > 0)
			fprintf(out, "%ld:", col);
		fputc(' ', out);
	}
}

/* One message; wclass (0 for none) only matters for a warning. */
static void
report(struct diag *d, enum diag_level level, int wclass, long line,
    long col, const char *fmt, va_list ap)
{
	FILE *out = d->out ? d->out : stderr;
	unsigned long bit = wclass > 0 && wclass < 32 ? 1UL << wclass : 0;
	int warning = level == DIAG_WARNING;
	int as_error = level == DIAG_ERROR ||
	    (warning && (d->werror || (d->werr & bit)));

	if (warning && (d->nowarn || (d->woff & bit)))
		return;
	if (level == DIAG_ERROR || (warning && (d->werr & bit)))
		d->errors++;
	else if (warning)
		d->warnings++;
	if (d->quiet)
		return;
	print_place(d, out, line, col);
	fprintf(out, "%s: ", level == DIAG_NOTE ? "note" : as_error ?
	    "error" : "warning");
	vfprintf(out, fmt, ap);
	if (warning && bit && d->wnames && d->wnames[wclass])
		fprintf(out, " [-W%s%s]", as_error ? "error=" : "",
		    d->wnames[wclass]);
	fputc('\n', out);
}

void
diag_vreport(struct diag *d, enum diag_level level, long line, long col,
    const char *fmt, va_list ap)
{
	report(d, level, 0, line, col, fmt, ap);
}

void
diag_vwreport(struct diag *d, unsigned wclass, long line, long col,
    const char *fmt, va_list ap)
{
	report(d, DIAG_WARNING, (int)wclass, line, col, fmt, ap);
}

void
diag_wreport(struct diag *d, unsigned wclass, long line, long col,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vwreport(d, wclass, line, col, fmt, ap);
	va_end(ap);
}

void
diag_report(struct diag *d, enum diag_level level, long line, long col,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vreport(d, level, line, col, fmt, ap);
	va_end(ap);
}

int
diag_failed(const struct diag *d)
{
	return d->errors > 0 || (d->werror && d->warnings > 0);
}

void
diag_plain(struct diag *d, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vplain(d, fmt, ap);
	va_end(ap);
}

void
diag_vplain(struct diag *d, const char *fmt, va_list ap)
{
	FILE *out = d->out ? d->out : stderr;

	if (d->quiet)
		return;
	fprintf(out, "%s: ", tool_name());
	vfprintf(out, fmt, ap);
	fputc('\n', out);
}

void
warnx_tool(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarnx_tool(fmt, ap);
	va_end(ap);
}

void
vwarnx_tool(const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: ", tool_name());
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

const char *
diag_shown(const char *s, char *buf, size_t size)
{
	size_t i;

	if (size < 4) {
		if (size)
			buf[0] = '\0';
		return buf;
	}
	for (i = 0; s[i] && i + 4 < size; i++)
		buf[i] = (s[i] >= 0x20 && s[i] < 0x7f) ? s[i] : '?';
	if (s[i])
		buf[i++] = '.', buf[i++] = '.', buf[i++] = '.';
	buf[i] = '\0';
	return buf;
}
