/*
 * pwarn.h - the classes of plancc's warnings, as compilers have them:
 * each can be turned off (-Wno-unused) or into an error (-Werror=unused),
 * and each message ends with its name ("[-Wunused]").  The readers and the
 * linker report with diag_wreport; plancc parses -W.  See plancc(1).
 */
#ifndef SPINE_PWARN_H
#define SPINE_PWARN_H

enum plan_warning {
	PW_NONE,
	PW_UNUSED,	/* declared and never used: senses, actions, names */
	PW_UNREACHABLE,	/* elements that can never run */
	PW_OCTAL,	/* a leading zero read as octal, as the robot does */
	PW_IGNORED,	/* lines, commands and options that are skipped */
	PW_RELEASER,	/* a releaser left to the exporter's default */
	PW_COUNT
};

/* Class k's name at [k] ([0] is NULL), NULL-terminated: for diag.wnames. */
extern const char *const plansrc_plan_warning_names[PW_COUNT + 1];

/* The class called name, or PW_NONE. */
enum plan_warning plansrc_plan_warning_named(const char *name);

#endif
