/*
 * suggest.h - "did you mean": the known word nearest to a misspelt one
 * (edit distance, ignoring case).  For field names of every YAML file
 * (ydoc.c), plan references and sections, Dia attribute names and
 * stereotypes, and plancc's -W class names.
 */
#ifndef SPINE_SUGGEST_H
#define SPINE_SUGGEST_H

#include <stddef.h>

/*
 * The word of words[0..n) nearest to typed, if it is near enough to be
 * what was meant: at most 2 edits or half the longer word's letters, and
 * fewer than all of them (case differences cost nothing).  NULL
 * otherwise.  Words of 64 bytes or more are never suggested.
 */
const char *suggest_word(const char *typed, const char *const *words,
    size_t n);

#endif
