/*
 * source.c - plancc's input (plansrc/source.h): read whole, so that standard
 * input can be sniffed like a file and every reader works from memory;
 * and how reading it ended, as an exit status (status.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "host/exits.h"
#include "host/slurp.h"
#include "plansrc/source.h"

static const struct {
	const char *name;	/* for --from */
	enum src_format format;
	const char *ext[4];	/* file name endings */
} formats[] = {
	/* JSON is YAML to libyaml; BrainJS wrote its tasks as .json */
	{ "yaml", SRC_YAML, { ".yaml", ".yml", ".json", NULL } },
	{ "json", SRC_YAML, { NULL } },
	{ "inst", SRC_INST, { ".inst", ".ins", ".txt", NULL } },
	{ "dia", SRC_DIA, { ".dia", NULL } },
	{ "plan", SRC_PLAN, { ".plan", NULL } },
};
#define NFORMATS (sizeof formats / sizeof formats[0])

int
plansrc_format_named(const char *from)
{
	size_t i;

	for (i = 0; i < NFORMATS; i++)
		if (strcmp(from, formats[i].name) == 0)
			return (int)formats[i].format;
	return -1;
}

static int
has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n > k && strcmp(s + n - k, suffix) == 0;
}

enum src_format
plansrc_format_of_name(const char *path)
{
	size_t i, k;

	for (i = 0; i < NFORMATS; i++)
		for (k = 0; formats[i].ext[k]; k++)
			if (has_suffix(path, formats[i].ext[k]))
				return formats[i].format;
	return SRC_UNKNOWN;
}

enum plansrc_status
plansrc_read(const char *path, struct diag *d, unsigned char **buf,
    size_t *len)
{
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	int rc;

	if (fp == NULL) {
		diag_plain(d, "%s: %s", path, strerror(errno));
		return PLANSRC_NO_INPUT;
	}
	rc = slurp_source(fp, "a plan source", d, buf, len);
	if (rc < 0)
		diag_plain(d, "%s: %s", path, strerror(errno));
	if (fp != stdin)
		fclose(fp);
	return rc < 0 ? PLANSRC_IO : rc > 0 ? PLANSRC_DATA : PLANSRC_OK;
}

int
plansrc_status_exit(enum plansrc_status st)
{
	static const int exits[] = { EXIT_OK, EXIT_NOINPUT, EXIT_IOERR,
	    EXIT_DATAERR };

	return exits[st];
}
