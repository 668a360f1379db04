/*
 * load.c - a .plan file read whole (from a file or stdin) and validated
 * with plan_open before anyone trusts it (see load.h).  Moved here from
 * planrun so armctl reads plans the same way.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "load.h"

/* Larger than any plan a 16-bit id space can describe: not a plan. */
#define PLAN_FILE_MAX (64L << 20)

static const char *
type_word(uint8_t type)
{
	static const char *const word[PLAN_NTYPES] = {
		"action pattern", "action pattern element", "competence",
		"competence element", "drive", "action"
	};

	return type < PLAN_NTYPES ? word[type] : NULL;
}

static int
read_all(FILE *fp, struct loaded_plan *lp)
{
	size_t cap = 4096, len = 0, got;
	uint8_t *buf = malloc(cap), *grown;

	if (buf == NULL)
		return -1;
	while ((got = fread(buf + len, 1, cap - len, fp)) > 0) {
		len += got;
		if (len == cap) {
			if ((long)cap >= PLAN_FILE_MAX) {
				errno = EFBIG;
				free(buf);
				return -1;
			}
			if ((grown = realloc(buf, cap * 2)) == NULL) {
				free(buf);
				return -1;
			}
			buf = grown;
			cap *= 2;
		}
	}
	if (ferror(fp)) {
		free(buf);
		return -1;
	}
	lp->bytes = buf;
	lp->size = (uint32_t)len;
	return 0;
}

int
plan_load(const char *path, struct loaded_plan *lp)
{
	struct diag d = diag_for(path);
	struct plan_error err;
	FILE *fp;
	int rc, e = 0;

	memset(lp, 0, sizeof *lp);
	lp->path = path;
	fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (fp == NULL) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_NOINPUT;
	}
	if ((rc = read_all(fp, lp)) < 0) {
		e = errno;
		warnx_tool("%s: %s", path, e == EFBIG ?
		    "too large to be a plan" : strerror(e));
	}
	if (fp != stdin)
		fclose(fp);
	if (rc < 0)
		return e == EFBIG ? EXIT_DATAERR : EXIT_IOERR;
	if (plan_open(&lp->plan, lp->bytes, lp->size, &err) != PLAN_OK) {
		if (type_word(err.type))
			diag_error(&d, 0, 0, "not a valid plan: %s (%s %u, "
			    "byte %lu)", plan_strerror(err.code),
			    type_word(err.type), (unsigned)err.index,
			    (unsigned long)err.offset);
		else
			diag_error(&d, 0, 0, "not a valid plan: %s (byte %lu)",
			    plan_strerror(err.code),
			    (unsigned long)err.offset);
		plan_unload(lp);
		return EXIT_DATAERR;
	}
	return EXIT_OK;
}

void
plan_unload(struct loaded_plan *lp)
{
	free(lp->bytes);
	lp->bytes = NULL;
}
