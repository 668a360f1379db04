/*
 * args.h - command-line arguments made safe for getopt when targets carry
 * minus signs.  Used by ikreach and armctl.
 */
#ifndef SPINE_HOST_ARGS_H
#define SPINE_HOST_ARGS_H

#include <getopt.h>

/*
 * A new argv (argc + 1 elements, NULL-terminated; free it with free()):
 * the options and their values first, then "--", then every positional
 * argument in order.  NULL when out of memory.
 */
char **args_protect_numbers(int argc, char **argv, const struct option *lo,
    const char *shorts);

#endif
