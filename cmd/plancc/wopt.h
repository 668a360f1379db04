/*
 * wopt.h - plancc's warning options, as compilers spell them: -q (no
 * warnings), -Werror, -Wno-NAME, -Werror=NAME and their undoing.  main.c
 * parses them into a struct wopts and applies it to every struct diag.
 */
#ifndef SPINE_PLANCC_WOPT_H
#define SPINE_PLANCC_WOPT_H

#include "host/diag.h"

struct wopts {
	int nowarn;		/* -q */
	int werror;		/* -Werror, --strict */
	unsigned long woff, werr;	/* bit per class of pwarn.h */
};

/* One -W argument (without the -W) into w; 0, or -1 after a usage error. */
int wopt_parse(struct wopts *w, const char *arg);

/* A diag for input file, reporting as w says. */
struct diag wopt_diag(const struct wopts *w, const char *file);

#endif
