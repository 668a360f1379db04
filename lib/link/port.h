/*
 * port.h - a serial port on the host.
 * Real ports go through libserialport; pseudo-terminals (armsim, socat,
 * ser2net), which libserialport cannot open, through POSIX termios.
 */
#ifndef SPINE_LINK_PORT_H
#define SPINE_LINK_PORT_H

#include <stddef.h>
#include <stdint.h>

struct termios;
struct wire_port;

enum link_port_kind { WIRE_PORT_TERMIOS, WIRE_PORT_LIBSERIALPORT, WIRE_PORT_TCP,
	WIRE_PORT_CUSTOM };

/*
 * How a port moves bytes and tells the time: the real ports have theirs
 * (port.c, port_sp.c); a test or a simulation in the same process gives
 * its own, so the session above runs unchanged over an in-memory line on
 * a simulated clock (hw/sim/memlink.c).  read and write behave as
 * link_port_read and link_port_write; now_ms is a monotonic clock in
 * milliseconds (NULL: CLOCK_MONOTONIC); close frees what ctx holds
 * (NULL: nothing to free).
 */
struct link_port_ops {
	long (*read)(void *ctx, uint8_t *buf, size_t cap, int timeout_ms);
	int (*write)(void *ctx, const uint8_t *buf, size_t n, int timeout_ms);
	uint64_t (*now_ms)(void *ctx);
	void (*close)(void *ctx);
};

/* A port over ops and ctx, named `name` (kind WIRE_PORT_CUSTOM, no lock);
 * NULL when out of memory. */
struct wire_port *link_port_custom(const struct link_port_ops *ops,
    void *ctx, const char *name);

/* The port's clock: milliseconds, monotonic. */
uint64_t link_port_now_ms(const struct wire_port *p);

/*
 * Why the port is used without its lock (lock.h): the lock file could not
 * be made or is not a plain file (a planted symbolic link), so a second
 * program could break in; NULL when locked (or a custom port).
 */
const char *link_port_lock_warning(const struct wire_port *p);

/*
 * Which path a port name takes: a pseudo-terminal (after following
 * symlinks: /dev/pts/N or a device with a pty slave major number) is opened
 * with termios, "tcp:HOST:PORT" is a TCP connection (tcp.h), everything
 * else goes to libserialport.
 */
enum link_port_kind link_port_kind_of(const char *name);
const char *link_port_kind_name(enum link_port_kind k);

/*
 * Open at `baud`, 8N1, raw, no flow control, input flushed (a pty keeps
 * bytes written before we opened it), holding the port's lock (lock.h).
 * NULL on failure, with a reason in err and *unavailable set: 1 when the
 * device is missing, busy or refuses us (exit 69), 2 when a TCP robot did
 * not answer in time (exit 75), 0 for an I/O error on a device that is
 * there (exit 74).
 */
struct wire_port *link_port_open(const char *name, long baud, char *err,
    size_t errlen, int *unavailable);

/* Up to cap bytes; 0 when nothing came within timeout_ms; -1 on error or
 * hangup (errno set, EIO for a line that went away). */
long link_port_read(struct wire_port *p, uint8_t *buf, size_t cap,
    int timeout_ms);

/* All n bytes within timeout_ms, or -1 (errno ETIMEDOUT or the error). */
int link_port_write(struct wire_port *p, const uint8_t *buf, size_t n,
    int timeout_ms);

/*
 * Talk at another baud rate from now on, input flushed: 0, or -1 (errno).
 * A pty keeps the rate (speed.h) where the system can name it; over TCP
 * the bridge's rate is its own business (0).
 */
int link_port_set_baud(struct wire_port *p, long baud);

/* Raw 8N1 terminal settings, no echo: what both ends of a pty need (an
 * echo would feed a robot's replies back to it). */
void link_tty_raw(struct termios *t);

enum link_port_kind link_port_kind(const struct wire_port *p);
const char *link_port_name(const struct wire_port *p);
void link_port_close(struct wire_port *p);

#endif
