/*
 * version.h - what every tool prints for --version.
 * SPINE_VERSION comes from the Makefile so all tools agree.
 */
#ifndef SPINE_VERSION_H
#define SPINE_VERSION_H

#ifndef SPINE_VERSION
#define SPINE_VERSION "unknown"
#endif

/* "plancc (spine) 0.1.0" on stdout. */
void print_version(void);

#endif
