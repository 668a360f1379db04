/*
 * dot.h - a plan's dot text laid out by Graphviz (`dot -Tsvg`) and the
 * SVG taken back, bounded in time, the child always waited for.  Used by
 * planview's still pages (--svg and the per-drive graphs).
 */
#ifndef SPINE_PLANVIEW_DOT_H
#define SPINE_PLANVIEW_DOT_H

#include <stddef.h>

enum planview_status {
	PLANVIEW_OK = 0,
	PLANVIEW_IO,			/* a temporary file, a pipe or dot failed */
	PLANVIEW_UNAVAILABLE,		/* dot cannot be run (Graphviz missing) */
	PLANVIEW_TIMEOUT		/* dot took too long and was killed */
};

/* The exit status (host/exits.h) a tool gives for s. */
int planview_status_exit(enum planview_status s);

/* Where a complaint goes: one line, without the tool's name. */
struct planview_say {
	void (*fn)(void *ctx, const char *msg);
	void *ctx;
};

/*
 * Lay out text (len bytes) with dot, waiting limit_s seconds at most:
 * PLANVIEW_OK with the SVG in *svg (the caller frees it), or after a word
 * through say another status.
 */
enum planview_status planview_dot_svg(const char *text, size_t len, long limit_s,
    char **svg, const struct planview_say *say);

#endif
