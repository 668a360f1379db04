/*
 * speed.h - a terminal's line rate, exact: what a host sets on a
 * pseudo-terminal (which moves no bits, but keeps the number) and what
 * the far end reads back.  port.c sets it; armsim --bus reads it from
 * its pty's master, so an emulated servo hears only its own baud rate.
 */
#ifndef SPINE_LINK_SPEED_H
#define SPINE_LINK_SPEED_H

/*
 * Set fd's line rate to baud (any whole number; 0 means none, B0), both
 * ways.  Given a pty's master, the rate of its slave.  0, or -1 (errno)
 * where the system cannot set that rate.
 */
int link_tty_set_speed(int fd, long baud);

/* fd's output rate (a pty's master: its slave's), 0 for none (B0), or -1
 * when it cannot be read. */
long link_tty_speed(int fd);

#endif
