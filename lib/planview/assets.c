/*
 * assets.c - the page's style (page.css) and script (page_*.js) built into
 * the program as they are written, each ending in a NUL byte: the page
 * needs nothing beside it at run time, and the script is edited as a
 * script, not as C strings.  The script's parts go in the order below,
 * inside one function, so they share its names: it reads the plan and the
 * packed events from the page (on a live page also from the server's
 * stream), lights each drive's graph as the run did, draws the timeline
 * and the sense charts once and moves a cursor over them, counts, answers
 * "why not", searches, plays, stops at breakpoints and, live, steers.
 * The Makefile rebuilds this file when any of them changes.  Read by
 * html.c.
 */
#include "planview/html.h"

#define PART(f) "\t.incbin \"lib/planview/" f "\"\n"

__asm__(
	"\t.section .rodata\n"
	"\t.global planview_page_css\n"
	"\t.type planview_page_css, @object\n"
	"planview_page_css:\n"
	PART("page.css")
	"\t.byte 0\n"
	"\t.size planview_page_css, . - planview_page_css\n"
	"\t.global planview_page_js\n"
	"\t.type planview_page_js, @object\n"
	"planview_page_js:\n"
	"\t.ascii \"(function () {\\n'use strict';\\n\"\n"
	PART("page_plan.js")
	PART("page_run.js")
	PART("page_build.js")
	PART("page_timeline.js")
	PART("page_light.js")
	PART("page_panels.js")
	PART("page_show.js")
	PART("page_find.js")
	PART("page_live.js")
	PART("page_main.js")
	"\t.ascii \"})();\\n\"\n"
	"\t.byte 0\n"
	"\t.size planview_page_js, . - planview_page_js\n"
	"\t.previous\n");
