/*
 * sniff.c - a plan source's format from its content (sniff.h).  Only the
 * first meaningful line of a text is looked at: Instinct command files
 * open with a command word (PLAN, PELEM, RSENSE, RACTION, a robot command
 * such as RATE) or "@ file", YAML with "key:", JSON with { or [.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "plan/plan.h"
#include "plansrc/sniff.h"

/* The first line that is not blank or a comment (# YAML, // Instinct). */
static const unsigned char *
first_line(const unsigned char *p, const unsigned char *end)
{
	while (p < end) {
		const unsigned char *eol = memchr(p, '\n', (size_t)(end - p));

		while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
			p++;
		if (p < end && *p != '\n' && *p != '#' &&
		    !(p + 1 < end && p[0] == '/' && p[1] == '/'))
			return p;
		if (eol == NULL)
			break;
		p = eol + 1;
	}
	return NULL;
}

/*
 * An Instinct command word, then a blank, '=' or the end: a plan command
 * in any case (as the reader takes them), or a robot command in capitals.
 */
static int
command_word(const unsigned char *p, const unsigned char *end)
{
	static const char *const plan_words[] = { "PLAN", "PELEM", "RSENSE",
	    "RACTION" };
	const unsigned char *w;
	size_t n, i, caps = 0;

	if (*p == '@')
		return 1;
	if (*p == '!')		/* Instinct-Server's "keep, don't send" */
		p++;
	for (w = p; p < end && isalpha(*p); p++)
		caps += isupper(*p) != 0;
	n = (size_t)(p - w);
	if (n == 0 || (p < end && *p != ' ' && *p != '\t' && *p != '=' &&
	    *p != '\r' && *p != '\n'))
		return 0;
	for (i = 0; i < sizeof plan_words / sizeof plan_words[0]; i++)
		if (strlen(plan_words[i]) == n &&
		    strncasecmp((const char *)w, plan_words[i], n) == 0)
			return 1;
	return n >= 3 && caps == n;
}

enum src_format
plansrc_sniff_format(const unsigned char *buf, size_t len)
{
	const unsigned char *end = buf + len, *p;

	if (len >= 2 && buf[0] == 0x1f && buf[1] == 0x8b)
		return SRC_DIA;		/* gzip: Dia's own way of saving */
	if (len >= 4 && buf[0] == PLAN_MAGIC0 && buf[1] == PLAN_MAGIC1 &&
	    buf[2] == PLAN_MAGIC2 && buf[3] == PLAN_MAGIC3)
		return SRC_PLAN;
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		buf += 3;		/* a byte order mark */
	if ((p = first_line(buf, end)) == NULL)
		return SRC_UNKNOWN;
	if (*p == '<')
		return SRC_DIA;
	return command_word(p, end) ? SRC_INST : SRC_YAML;
}

const char *
plansrc_src_format_name(enum src_format f)
{
	static const char *const names[] = { "unknown", "YAML",
	    "Instinct commands", "a Dia diagram", "a compiled plan" };

	return (unsigned)f < sizeof names / sizeof names[0] ? names[f] :
	    "unknown";
}
