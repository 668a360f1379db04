/*
 * mapfile.c - --map FILE: read a text map (worldsim-map(5)) whole and
 * hand it to lib/world's parser, reporting its complaints at
 * file:line:col.  Called by main.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/slurp.h"
#include "worldsim.h"

#define MAP_FILE_MAX (4UL << 20)	/* 1024 x 1024 cells and line ends */

/* Room for the cells and starts, then the parse proper. */
static int
parse_into(struct map_file *mf, const unsigned char *buf,
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

int
map_file_load(struct map_file *mf, const char *path)
{
	struct diag d = diag_for(path);
	struct world_map_error err;
	unsigned char *buf = NULL;
	size_t len;
	uint16_t w, h;
	uint32_t ns;
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	int got;

	memset(mf, 0, sizeof *mf);
	if (fp == NULL) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_NOINPUT;
	}
	got = slurp(fp, MAP_FILE_MAX, &buf, &len);
	if (fp != stdin)
		fclose(fp);
	if (got == -2) {
		diag_error(&d, 0, 0, "larger than a map can be");
		return EXIT_DATAERR;
	}
	if (got < 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_IOERR;
	}
	if (world_map_measure((const char *)buf, len, &w, &h, &ns, &err) < 0 ||
	    parse_into(mf, buf, len, w, h, ns, &err) < 0) {
		diag_error(&d, err.line, err.col, "%s", err.msg);
		free(buf);
		map_file_free(mf);
		return EXIT_DATAERR;
	}
	free(buf);
	return EXIT_OK;
}

void
map_file_free(struct map_file *mf)
{
	free(mf->cells);
	free(mf->start);
	mf->cells = NULL;
	mf->start = NULL;
}
