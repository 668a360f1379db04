/*
 * nesting.h - the cycle check of plan_open (nesting.c), private to
 * core/plan: the plan's records and lists must already be sound.
 */
#ifndef SPINE_PLAN_NESTING_H
#define SPINE_PLAN_NESTING_H

struct plan;
struct plan_error;

/*
 * PLAN_OK, or PLAN_E_CYCLE (a pattern or competence on or leading into
 * the cycle in *err) when a drive reaches a pattern or competence that
 * contains itself and PLAN_F_RECURSION is clear; PLAN_E_COUNT when there
 * are more patterns and competences than this build can check.
 */
int plan_check_nesting(const struct plan *p, struct plan_error *err);

#endif
