/*
 * lock.h - one program at a time on a port: an flock(2) on a lock file
 * named after the port, so a second armctl fails at once ("port busy")
 * instead of breaking a run.  Taken and dropped by link_port_open/close.
 */
#ifndef SPINE_LINK_LOCK_H
#define SPINE_LINK_LOCK_H

#include <stddef.h>

/*
 * Lock port `name`: a device by its real path (so two symlinks to one
 * tty share a lock), tcp:HOST:PORT by its text.  The lock file lives in
 * $SPINE_LOCK_DIR, else /run/lock, else $XDG_RUNTIME_DIR, else /tmp, and
 * holds the holder's pid and name.  The kernel drops an flock when its
 * holder dies, so a lock never goes stale.
 *
 * The lock's descriptor; -1 with "port busy: armctl (pid N) has it" in
 * err when another process holds it; -2 with the reason in err when no
 * lock file can be had (a missing folder, a symbolic link or other file
 * planted at its path): the port is then used unlocked, the lock being a
 * courtesy, not a permission, and the caller says so.
 */
int link_port_lock(const char *name, char *err, size_t errlen);

/* The lock file's path for `name`, for messages and tests. */
int link_port_lock_path(const char *name, char *path, size_t cap);

void link_port_unlock(int fd);

#endif
