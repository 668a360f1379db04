/*
 * port_sp.h - the libserialport path of host_port.
 * Internal to port*.c: the port record and the real-device hooks that
 * port.c dispatches to.
 */
#ifndef SPINE_LINK_PORT_SP_H
#define SPINE_LINK_PORT_SP_H

#include "port.h"

struct sp_port;

struct wire_port {
	enum link_port_kind kind;
	const struct link_port_ops *ops;	/* custom ports only */
	void *ctx;
	char *name;
	int fd;			/* termios: ours; libserialport: its handle */
	struct sp_port *sp;
	int lock_fd;		/* lock.h; -1 when used unlocked */
	char *lock_warning;	/* why it is unlocked, or NULL */
};

/* Wait for input: 1 readable, 0 nothing yet (or a signal), -1 when the
 * line hung up (errno EIO) or poll failed. */
int link_port_wait(const struct wire_port *p, int timeout_ms);

/* A port record for an open device; NULL (and a reason) if out of memory. */
struct wire_port *link_port_new(enum link_port_kind kind, const char *name,
    int fd, char *err, size_t errlen);

struct wire_port *link_port_sp_open(const char *name, long baud, char *err,
    size_t errlen, int *unavailable);
long link_port_sp_read(struct wire_port *p, uint8_t *buf, size_t cap,
    int timeout_ms);
int link_port_sp_write(struct wire_port *p, const uint8_t *buf, size_t n,
    int timeout_ms);
int link_port_sp_set_baud(struct wire_port *p, long baud);
void link_port_sp_close(struct wire_port *p);

#endif
