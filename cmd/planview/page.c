/*
 * page.c - planview's pictures of a whole run: --html (the replay page)
 * and --svg (a still with counts).  Stub until the page writer lands.
 */
#include "host/diag.h"
#include "host/exits.h"
#include "planview.h"

int
page_run(struct viewer *v)
{
	(void)v;
	warnx_tool("--html and --svg are not built yet");
	return EXIT_USAGE;
}
