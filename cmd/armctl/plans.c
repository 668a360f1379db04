/*
 * plans.c - armctl push and pull: the plan file in, checked against the
 * robot and uploaded (lib/client/upload.c), or the stored plan read back
 * (download.c) into a file, whole or not at all.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client/check.h"
#include "client/download.h"
#include "client/upload.h"
#include "host/atomic.h"
#include "host/diag.h"
#include "host/exits.h"
#include "ctl.h"
#include "progress.h"

static int
push(struct ctl *c, const char *path, const struct loaded_plan *lp)
{
	struct client_push p;
	struct progress bar;
	int r;

	if (lp->size > c->hello.capacity) {
		warnx_tool("%s: the plan is %lu bytes; the robot holds at most "
		    "%lu", path, (unsigned long)lp->size,
		    (unsigned long)c->hello.capacity);
		return EXIT_JOB_FAILED;
	}
	if (c->check) {
		if ((r = ctl_exit(client_check(c->cl, path, &lp->plan,
		    c->force))) == 0)
			printf("%s: a valid plan of %lu bytes; fits the robot's "
			    "capacity of %lu bytes\n", path, (unsigned long)
			    lp->size, (unsigned long)c->hello.capacity);
		return r;
	}
	memset(&p, 0, sizeof p);
	p.bytes = lp->bytes;
	p.size = lp->size;
	p.plan = &lp->plan;
	p.path = path;
	p.force = c->force;
	p.progress = progress_begin(&bar, path, "bytes");
	r = ctl_exit(client_push(c->cl, &p));
	progress_end(&bar);
	if (r == 0 && c->verbose)
		fprintf(stderr, "%s: pushed %lu bytes in %lu ms\n", tool_name(),
		    (unsigned long)lp->size, (unsigned long)p.ms);
	return r;
}

int
cmd_push(struct ctl *c, int argc, char **argv)
{
	struct loaded_plan lp;
	int r;

	if (argc != 2) {
		warnx_tool("push: give one FILE.plan");
		return EXIT_USAGE;
	}
	if ((r = ctl_exit(client_plan_load(argv[1], &lp))) != 0)
		return r;
	if ((r = ctl_connect(c)) == 0)
		r = push(c, argv[1], &lp);
	run_plan_unload(&lp);
	return r;
}

int
cmd_pull(struct ctl *c, int argc, char **argv)
{
	struct client_progress hook;
	struct progress bar;
	uint32_t size = 0;
	uint8_t *buf = NULL;
	int r;

	if (argc != 2) {
		warnx_tool("pull: give one FILE.plan, or - for stdout");
		return EXIT_USAGE;
	}
	if (c->check) {
		r = ctl_exit(client_plan_info(c->cl, NULL));
		if (r == 0 && (size = c->cl->info.size) != 0)
			printf("the robot holds a plan of %lu bytes, crc32 "
			    "%08lx\n", (unsigned long)size,
			    (unsigned long)c->cl->info.crc);
	} else {
		hook = progress_begin(&bar, argv[1], "bytes");
		r = ctl_exit(client_pull(c->cl, "pull", &hook, &buf, &size));
		progress_end(&bar);
	}
	if (r == 0 && size == 0) {
		warnx_tool("pull: the robot holds no plan");
		r = EXIT_JOB_FAILED;
	}
	/* the fetched plan into the file, whole or not at all */
	if (r == 0 && !c->check && atomic_write(argv[1], buf, size) != 0) {
		warnx_tool("%s: %s", argv[1], strerror(errno));
		r = EXIT_IOERR;
	}
	free(buf);
	return r;
}
