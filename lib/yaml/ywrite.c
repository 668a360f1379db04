/*
 * ywrite.c - safe YAML scalars.  "Safe plain" is deliberately narrow
 * (letters, digits and a few marks, no YAML keywords); anything else is
 * double-quoted with every non-ASCII character escaped, so no line-break
 * or byte-order character of YAML 1.1 can change what is read back.
 */
#include <ctype.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "yaml/ywrite.h"

static int
keyword(const char *s)
{
	static const char *const words[] = {
		"true", "false", "null", "yes", "no", "on", "off", "y", "n",
		"~", ".nan", ".inf"
	};
	size_t i;

	for (i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strcasecmp(s, words[i]) == 0)
			return 1;
	return 0;
}

int
ywrite_plain_ok(const char *s, enum yscalar_kind kind)
{
	const char *extra = kind == YS_NAME ? "_.-" : "_.- <>=!+";
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s);

	if (n == 0 || keyword(s) || s[n - 1] == ' ')
		return 0;
	if (!(isalpha(p[0]) || p[0] == '_' ||
	    (kind == YS_PHRASE && isdigit(p[0]))))
		return 0;
	for (; *p; p++)
		if (!isalnum(*p) && (*p >= 0x80 || !strchr(extra, *p)))
			return 0;
	return 1;
}

/* One UTF-8 sequence at *p as a code point; advances *p. */
static uint32_t
next_code_point(const unsigned char **p)
{
	const unsigned char *q = *p;
	uint32_t cp;
	int n;

	if (q[0] < 0xe0) {
		cp = q[0] & 0x1f;
		n = 1;
	} else if (q[0] < 0xf0) {
		cp = q[0] & 0x0f;
		n = 2;
	} else {
		cp = q[0] & 0x07;
		n = 3;
	}
	for (q++; n > 0 && (*q & 0xc0) == 0x80; n--, q++)
		cp = cp << 6 | (*q & 0x3f);
	*p = q;
	return cp;
}

void
ywrite_scalar(FILE *fp, const char *s, enum yscalar_kind kind)
{
	const unsigned char *p = (const unsigned char *)s;

	if (ywrite_plain_ok(s, kind)) {
		fputs(s, fp);
		return;
	}
	fputc('"', fp);
	while (*p) {
		if (*p == '"' || *p == '\\') {
			fputc('\\', fp);
			fputc(*p++, fp);
		} else if (*p < 0x20 || *p == 0x7f) {
			fprintf(fp, "\\x%02x", *p++);
		} else if (*p < 0x80) {
			fputc(*p++, fp);
		} else {
			uint32_t cp = next_code_point(&p);

			if (cp > 0xffff)
				fprintf(fp, "\\U%08lx", (unsigned long)cp);
			else
				fprintf(fp, "\\u%04lx", (unsigned long)cp);
		}
	}
	fputc('"', fp);
}
