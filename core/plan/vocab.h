/*
 * vocab.h - the plan's words, spelled once: element type tags, monitor
 * event letters and comparator names, with lookups both ways.  plancc's
 * emitters, planrun, armctl, the event log and the tools to come use these.
 * Portable (const tables only), so a robot could print them too.
 */
#ifndef SPINE_PLAN_VOCAB_H
#define SPINE_PLAN_VOCAB_H

#include <stdint.h>

/* Monitor event kinds (PLAN_EV_*), letters and words: evkind.h. */
#include "plan/evkind.h"

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
