/*
 * vocab.h - the plan's words, spelled once: element type tags, monitor
 * event letters and comparator names, with lookups both ways.  plancc's
 * emitters, planrun, armctl, the event log and the tools to come use these.
 * Portable (const tables only), so a robot could print them too.
 */
#ifndef SPINE_PLAN_VOCAB_H
#define SPINE_PLAN_VOCAB_H

#include <stdint.h>

/*
 * Monitor event kinds 0..5 as the planner numbers them (E S P F Z R; kind
 * k is enabled by PLAN_MON bit 1 << k), and the hosts' own pseudo events:
 * I, a cycle in which no drive ran, Q, a drive's runtime priority set
 * from outside the planner (a host such as worldsim, before a cycle),
 * and B, a run boundary: the plan (re)started, or its log was joined.
 */
#define PLAN_EV_IDLE 6
#define PLAN_EV_PRIORITY 7
#define PLAN_EV_RUN 8
#define PLAN_EV_COUNT 9

/* "AP", "APE", "C", "CE", "D", "A" for enum plan_type; "?" otherwise. */
const char *plan_type_tag(uint8_t type);
/* "action pattern", ..., "action"; "element" otherwise. */
const char *plan_type_word(uint8_t type);
/* A tag back to its type (exact, upper case); -1 when it is none. */
int plan_type_from_tag(const char *tag);

/* 'E' 'S' 'P' 'F' 'Z' 'R' 'I' 'Q' 'B' for kinds 0..8; '?' otherwise. */
char plan_event_letter(uint8_t kind);
/* A letter back to its kind (upper case only); -1 when it is none. */
int plan_event_from_letter(char letter);
/* "executed" "success" "pending" "fail" "error" "sense" (the words of
   a YAML plan's monitor list), "idle", "priority", "run"; "?"
   otherwise. */
const char *plan_event_word(uint8_t kind);

/* "EQ" "NE" "GT" "LT" "TR" "FL" for enum plan_cmp; "?" otherwise. */
const char *plan_cmp_word(uint8_t cmp);
/* "==" "!=" ">" "<" "TR" "FL"; "?" otherwise. */
const char *plan_cmp_symbol(uint8_t cmp);
/* A word or a symbol back to its comparator; -1 when it is none. */
int plan_cmp_from_text(const char *text);

#endif
