/*
 * ywrite.h - writing YAML scalars so that libyaml reads back exactly the
 * same text: plain when that is safe, double-quoted (pure ASCII, with
 * escapes) otherwise.  Used by the YAML writer (emit_yaml.c).
 */
#ifndef SPINE_YWRITE_H
#define SPINE_YWRITE_H

#include <stdio.h>

enum yscalar_kind {
	YS_NAME,		/* a name: quoted if it looks numeric */
	YS_PHRASE		/* a phrase such as "Range > 400" */
};

/* May s be written plain? */
int ywrite_plain_ok(const char *s, enum yscalar_kind kind);

/* Write s (valid UTF-8) as a scalar. */
void ywrite_scalar(FILE *fp, const char *s, enum yscalar_kind kind);

#endif
