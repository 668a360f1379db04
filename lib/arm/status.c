/*
 * status.c - lib/arm's outcomes as the exit statuses of DESIGN, kept once
 * for every tool that moves or describes an arm, and the one way its
 * YAML files are read (status.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arm/status.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/slurp.h"

int
arm_status_exit(enum arm_status st)
{
	static const int exits[] = { EXIT_OK, EXIT_USAGE, EXIT_NOINPUT,
	    EXIT_DATAERR, EXIT_JOB_FAILED, EXIT_IOERR, EXIT_IOERR };

	return (unsigned)st < sizeof exits / sizeof exits[0] ? exits[st] :
	    EXIT_JOB_FAILED;
}

enum arm_status
arm_read_file(const char *path, const char *what,
    int (*parse)(void *obj, const unsigned char *buf, size_t len,
    struct diag *d), void *obj, struct diag *say)
{
	int stdin_ = strcmp(path, "-") == 0;
	FILE *fp = stdin_ ? stdin : fopen(path, "rb");
	struct diag d = *say;
	unsigned char *buf = NULL;
	size_t len = 0;
	int rc;

	d.file = stdin_ ? "<stdin>" : path;
	if (fp == NULL) {
		diag_plain(say, "%s: %s", path, strerror(errno));
		return ARM_NO_INPUT;
	}
	rc = slurp_source(fp, what, &d, &buf, &len);
	if (!stdin_)
		fclose(fp);
	if (rc < 0) {
		diag_plain(say, "%s: %s", path, strerror(errno));
		return ARM_IO;
	}
	if (rc > 0)
		return ARM_DATA;
	rc = parse(obj, buf, len, &d);
	free(buf);
	return rc < 0 ? ARM_DATA : ARM_OK;
}
