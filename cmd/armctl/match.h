/*
 * match.h - checking a plan's sense and action ids and names against the
 * robot's self-description before push stores it (match.c).
 */
#ifndef ARMCTL_MATCH_H
#define ARMCTL_MATCH_H

#include "ctl.h"
#include "plan/plan.h"

/* 0 when the plan fits the robot (or --force, or a robot that does not
 * describe itself); EXIT_DATAERR after one line per mismatch; another exit
 * status after a link failure. */
int match_plan(struct ctl *c, const char *path, const struct plan *p);

#endif
