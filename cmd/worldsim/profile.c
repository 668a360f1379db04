/*
 * profile.c - --profile FILE: the file read whole and handed to the
 * profile reader of lib/world (worldsim-profile(5)); exit statuses.
 * Called by main.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/slurp.h"
#include "worldsim.h"

int
profile_load(struct world_profile *pf, const char *path, const struct plan *p)
{
	struct diag d = diag_for(path);
	unsigned char *buf = NULL;
	size_t len;
	FILE *fp = fopen(path, "rb");
	int got, rc;

	memset(pf, 0, sizeof *pf);
	if (fp == NULL) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_NOINPUT;
	}
	got = slurp_source(fp, "a profile", &d, &buf, &len);
	fclose(fp);
	if (got != 0) {
		if (got < 0)
			warnx_tool("%s: %s", path, strerror(errno));
		return got < 0 ? EXIT_IOERR : EXIT_DATAERR;
	}
	rc = world_profile_read(pf, buf, len, p, &d) < 0 ? EXIT_DATAERR :
	    EXIT_OK;
	free(buf);
	return rc;
}
