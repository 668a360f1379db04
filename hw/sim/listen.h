/*
 * listen.h - armsim --listen tcp:HOST:PORT: a TCP server in place of the
 * pty, one client at a time, as a WiFi bridge or ser2net would serve the
 * robot's line.  Called by armsim's main and loop (sim.c).
 */
#ifndef ARMSIM_LISTEN_H
#define ARMSIM_LISTEN_H

#include <stddef.h>

/*
 * Listen on spec ("tcp:HOST:PORT"; port 0 picks a free one); the socket
 * in *fd, and the address clients use in shown ("tcp:127.0.0.1:40123").
 * 0, or -1 with a reason in err and *usage set for a malformed spec.
 */
int sim_listen_open(const char *spec, int *fd, char *shown, size_t cap,
    char *err, size_t errlen, int *usage);

/* The next client if one is waiting: its socket (non-blocking), or -1. */
int sim_listen_accept(int fd);

#endif
