/*
 * utf8.h - where a piece of text stops being UTF-8.  The .inst reader
 * refuses binary input with it; view.c checks names before they are
 * written as YAML (which carries nothing else).
 */
#ifndef SPINE_UTF8_H
#define SPINE_UTF8_H

/* The first byte of the NUL-terminated s that does not start a well-formed
 * UTF-8 sequence (overlong forms, surrogates and code points past U+10FFFF
 * are not), or NULL when all of s is UTF-8. */
const char *plansrc_utf8_first_bad(const char *s);

#endif
