/*
 * load.c - worldsim's --map and --profile files (load.h): read whole and
 * handed to lib/world's parsers (mapparse.c, profile.c), complaints at
 * file:line:col.  Used by worldsim.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/slurp.h"
#include "world/load.h"

#define MAP_FILE_MAX (4UL << 20)	/* 1024 x 1024 cells and line ends */

/* Room for the cells and starts, then the parse proper. */
static int
parse_into(struct world_map_file *mf, const unsigned char *buf,
    size_t len, uint16_t w, uint16_t h, uint32_t ns,
    struct world_map_error *err)
{
	if ((mf->cells = malloc((size_t)w * h)) == NULL ||
	    (mf->start = malloc((ns ? ns : 1) * sizeof *mf->start)) == NULL) {
		err->msg = "out of memory";
		err->line = err->col = 0;
		return -1;
	}
	return world_map_parse((const char *)buf, len, &mf->map, mf->cells,
	    mf->start, err);
}

enum world_status
world_map_load(struct world_map_file *mf, const char *path, struct diag *say)
{
	struct diag d = *say;
	struct world_map_error err;
	unsigned char *buf = NULL;
	size_t len;
	uint16_t w, h;
	uint32_t ns;
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	int got;

	memset(mf, 0, sizeof *mf);
	d.file = path;
	if (fp == NULL) {
		diag_plain(say, "%s: %s", path, strerror(errno));
		return WORLD_NO_INPUT;
	}
	got = slurp(fp, MAP_FILE_MAX, &buf, &len);
	if (fp != stdin)
		fclose(fp);
	if (got == -2) {
		diag_error(&d, 0, 0, "larger than a map can be");
		return WORLD_BAD_DATA;
	}
	if (got < 0) {
		diag_plain(say, "%s: %s", path, strerror(errno));
		return WORLD_IO;
	}
	if (world_map_measure((const char *)buf, len, &w, &h, &ns, &err) < 0 ||
	    parse_into(mf, buf, len, w, h, ns, &err) < 0) {
		diag_error(&d, err.line, err.col, "%s", err.msg);
		free(buf);
		world_map_file_free(mf);
		return WORLD_BAD_DATA;
	}
	free(buf);
	return WORLD_OK;
}

void
world_map_file_free(struct world_map_file *mf)
{
	free(mf->cells);
	free(mf->start);
	mf->cells = NULL;
	mf->start = NULL;
}

enum world_status
world_profile_load(struct world_profile *pf, const char *path,
    const struct plan *p, struct diag *say)
{
	struct diag d = *say;
	unsigned char *buf = NULL;
	size_t len;
	FILE *fp = fopen(path, "rb");
	enum world_status rc;
	int got;

	memset(pf, 0, sizeof *pf);
	d.file = path;
	if (fp == NULL) {
		diag_plain(say, "%s: %s", path, strerror(errno));
		return WORLD_NO_INPUT;
	}
	got = slurp_source(fp, "a profile", &d, &buf, &len);
	fclose(fp);
	if (got != 0) {
		if (got < 0)
			diag_plain(say, "%s: %s", path, strerror(errno));
		return got < 0 ? WORLD_IO : WORLD_BAD_DATA;
	}
	rc = world_profile_read(pf, buf, len, p, &d) < 0 ? WORLD_BAD_DATA :
	    WORLD_OK;
	free(buf);
	return rc;
}
