/*
 * porterr.h - why a serial port cannot be opened, in words a person can
 * act on.  Called by link_port_open (port.c) before it opens anything.
 */
#ifndef SPINE_LINK_PORTERR_H
#define SPINE_LINK_PORTERR_H

#include <stddef.h>
#include <sys/types.h>

/*
 * 0 when NAME exists and we may read and write it; otherwise -1 with the
 * reason in err: a missing port lists the ports there are, one we may not
 * open names the group that may.
 */
int link_port_check_access(const char *name, char *err, size_t errlen);

/* The advice for a port owned by group GID that we may not open. */
void link_port_access_advice(const char *name, gid_t gid, char *err,
    size_t errlen);

#endif
