/*
 * pty.h - armsim's end of the line: a pseudo-terminal master whose slave a
 * client (armctl, socat, minicom) opens like a serial port.  Called by
 * armsim's main.
 */
#ifndef ARMSIM_PTY_H
#define ARMSIM_PTY_H

#include <stddef.h>

struct sim_pty {
	int master;		/* non-blocking; we read and write here */
	int slave;		/* held open so clients may come and go */
	char path[64];		/* the slave's name, /dev/pts/N */
};

/* 0, or -1 with errno. */
int sim_pty_open(struct sim_pty *p);

/* Point `link` at the slave, replacing a stale link atomically. */
int sim_pty_link(const struct sim_pty *p, const char *link);

/* Remove `link` if it still points at our pty (not a newer armsim's). */
void sim_pty_unlink(const struct sim_pty *p, const char *link);

void sim_pty_close(struct sim_pty *p);

#endif
