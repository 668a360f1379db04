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
	/* the symbolic link we made, by its own inode: a later armsim that
	 * gets the same /dev/pts/N makes a new link with another inode */
	unsigned long long link_dev, link_ino;
	int linked;
};

/* 0, or -1 with errno. */
int sim_pty_open(struct sim_pty *p);

/* Point `link` at the slave, replacing a stale link atomically. */
int sim_pty_link(struct sim_pty *p, const char *link);

/* Remove `link` if it is still the link we made (not a newer armsim's,
 * even one on the same /dev/pts/N). */
void sim_pty_unlink(const struct sim_pty *p, const char *link);

void sim_pty_close(struct sim_pty *p);

#endif
