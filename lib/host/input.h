/*
 * input.h - opening the files a tool reads ("-": stdin) with the message
 * a user expects, and growing arrays as rows arrive.  planrun's readers
 * (lib/run) and any tool that reads tables or logs.
 */
#ifndef SPINE_HOST_INPUT_H
#define SPINE_HOST_INPUT_H

#include <stddef.h>
#include <stdio.h>

/* Open an input ("-": stdin); NULL after a message. */
FILE *input_open(const char *path, const char *mode);
/* Close it, unless it is stdin. */
void input_close(FILE *fp);

/* Where a file that `from` names as `name` is: beside `from` (in its
   folder) unless name is absolute or from has no folder or is "stdin".
   Into out[cap]. */
void input_beside(const char *from, const char *name, char *out,
    size_t cap);

/* Room for element n of a growing array: *cap doubles (from `first`)
   when n has reached it.  The array (maybe moved), or NULL when memory
   ran out (the old one is still there). */
void *grow_array(void *array, long n, long *cap, long first, size_t size);

#endif
