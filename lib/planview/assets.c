/*
 * assets.c - the page's style and script (page.css, page.js beside this
 * file) built into the program as they are written, each ending in a NUL
 * byte: the page needs nothing beside it at run time, and the script is
 * edited as a script, not as C strings.  The Makefile rebuilds this file
 * when either changes.  Read by html.c.
 */
#include "planview/html.h"

__asm__(
	"\t.section .rodata\n"
	"\t.global pv_page_css\n"
	"\t.type pv_page_css, @object\n"
	"pv_page_css:\n"
	"\t.incbin \"lib/planview/page.css\"\n"
	"\t.byte 0\n"
	"\t.size pv_page_css, . - pv_page_css\n"
	"\t.global pv_page_js\n"
	"\t.type pv_page_js, @object\n"
	"pv_page_js:\n"
	"\t.incbin \"lib/planview/page.js\"\n"
	"\t.byte 0\n"
	"\t.size pv_page_js, . - pv_page_js\n"
	"\t.previous\n");
