/*
 * load.c - a .plan file read whole (from a file or stdin, by host/slurp)
 * and validated with plan_open before anyone trusts it (see load.h).
 * planrun and armctl read plans this one way.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/slurp.h"
#include "plan/vocab.h"
#include "run/load.h"

/* Larger than any plan a 16-bit id space can describe: not a plan. */
#define PLAN_FILE_MAX (64UL << 20)

/* Text where a plan's bytes should be: a plan source (YAML, JSON, .inst),
   by its first bytes (printable ASCII, tabs and line ends). */
static int
looks_like_text(const unsigned char *buf, size_t len)
{
	size_t i, n = len < 64 ? len : 64;

	for (i = 0; i < n; i++)
		if ((buf[i] < 0x20 || buf[i] > 0x7e) && buf[i] != '\n' &&
		    buf[i] != '\r' && buf[i] != '\t')
			return 0;
	return n > 0;
}

static void
refuse(struct diag *d, const struct plan_error *err, const unsigned char *buf,
    size_t len)
{
	if (err->code == PLAN_E_MAGIC && looks_like_text(buf, len))
		diag_error(d, 0, 0, "not a compiled plan but text (a plan "
		    "source?): compile it with plancc first");
	else if (err->type < PLAN_NTYPES)
		diag_error(d, 0, 0, "not a valid plan: %s (%s %u, byte %lu)",
		    plan_strerror(err->code), plan_type_word(err->type),
		    (unsigned)err->index, (unsigned long)err->offset);
	else
		diag_error(d, 0, 0, "not a valid plan: %s (byte %lu)",
		    plan_strerror(err->code), (unsigned long)err->offset);
}

enum run_status
run_plan_load(const char *path, struct loaded_plan *lp, struct diag *say)
{
	struct diag d = say ? *say : diag_for(NULL);
	struct plan_error err;
	unsigned char *buf = NULL;
	size_t len = 0;
	FILE *fp;
	int rc, e;

	d.file = path;
	memset(lp, 0, sizeof *lp);
	lp->path = path;
	fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (fp == NULL) {
		run_say(say, "%s: %s", path, strerror(errno));
		return RUN_NO_INPUT;
	}
	rc = slurp(fp, PLAN_FILE_MAX, &buf, &len);
	e = errno;
	if (fp != stdin)
		fclose(fp);
	if (rc < 0) {
		run_say(say, "%s: %s", path, rc == -2 ? "too large to be a plan" :
		    strerror(e));
		return rc == -2 ? RUN_BAD_DATA : RUN_IO;
	}
	lp->bytes = buf;
	lp->size = (uint32_t)len;
	if (plan_open(&lp->plan, lp->bytes, lp->size, &err) != PLAN_OK) {
		refuse(&d, &err, buf, len);
		run_plan_unload(lp);
		return RUN_BAD_DATA;
	}
	return RUN_OK;
}

void
run_plan_unload(struct loaded_plan *lp)
{
	free(lp->bytes);
	lp->bytes = NULL;
}
