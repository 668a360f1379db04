/*
 * names.h - words for the link's numbers: message types
 * and error codes, for armctl's messages and `send`, and armsim's trace.
 * Kept out of the portable core: a robot has no RAM for strings.
 */
#ifndef SPINE_LINK_NAMES_H
#define SPINE_LINK_NAMES_H

#include <stdint.h>

/* "PLAN_CHUNK"; a reply gives the request's name; NULL if unknown. */
const char *link_type_name(uint8_t type);
/* "plan-chunk" -> WIRE_PLAN_CHUNK (case-insensitive, '-' or '_'); -1. */
int link_type_parse(const char *name);
/* The same, or a request's number (1 to 0x3F, decimal or 0x hex, known
   or not: armctl send tries robots out); -1. */
int link_type_arg(const char *arg);
/* "the plan does not match its CRC-32"; a fallback text for unknown codes. */
const char *link_error_text(uint8_t code);

#endif
