/*
 * sniff.h - telling a plan source's format from its first bytes, for
 * standard input and for files whose name does not say: gzip or XML is a
 * Dia diagram, "SPLN" a compiled plan, Instinct commands by their first
 * word, and YAML or JSON otherwise.  Called by plancc.
 */
#ifndef SPINE_SNIFF_H
#define SPINE_SNIFF_H

#include <stddef.h>

enum src_format {
	SRC_UNKNOWN,		/* nothing but blanks and comments */
	SRC_YAML,		/* YAML or JSON: a plan or a task machine */
	SRC_INST,		/* Instinct commands */
	SRC_DIA,		/* a Dia diagram, gzip-compressed or not */
	SRC_PLAN		/* a compiled plan */
};

enum src_format plansrc_sniff_format(const unsigned char *buf, size_t len);

/* "YAML", "Instinct commands", ... for messages. */
const char *plansrc_src_format_name(enum src_format f);

#endif
