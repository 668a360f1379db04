/*
 * port_sp.c - real serial ports through libserialport.
 * libserialport opens and configures the device; reads wait on its file
 * handle with poll(2) so a USB adapter pulled out shows up as a hangup.
 */
#include <errno.h>
#include <libserialport.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "port_sp.h"

static void
sp_reason(char *err, size_t errlen, const char *what, enum sp_return r)
{
	char *msg;

	if (r == SP_ERR_FAIL && (msg = sp_last_error_message()) != NULL) {
		snprintf(err, errlen, "%s: %s", what, msg);
		sp_free_error_message(msg);
	} else if (r == SP_ERR_ARG) {
		/* libserialport only says why with LIBSERIALPORT_DEBUG=1. */
		snprintf(err, errlen, "%s: invalid argument "
		    "(LIBSERIALPORT_DEBUG=1 says why)", what);
	} else {
		snprintf(err, errlen, "%s failed", what);
	}
}

static int
configure(struct sp_port *sp, long baud, char *err, size_t errlen)
{
	enum sp_return r;

	if ((r = sp_set_baudrate(sp, (int)baud)) != SP_OK ||
	    (r = sp_set_bits(sp, 8)) != SP_OK ||
	    (r = sp_set_parity(sp, SP_PARITY_NONE)) != SP_OK ||
	    (r = sp_set_stopbits(sp, 1)) != SP_OK ||
	    (r = sp_set_flowcontrol(sp, SP_FLOWCONTROL_NONE)) != SP_OK) {
		sp_reason(err, errlen, "configure", r);
		return -1;
	}
	return 0;
}

struct wire_port *
link_port_sp_open(const char *name, long baud, char *err, size_t errlen,
    int *unavailable)
{
	struct wire_port *p;
	struct sp_port *sp = NULL;
	enum sp_return r;
	int fd;

	if ((r = sp_get_port_by_name(name, &sp)) != SP_OK) {
		*unavailable = 1;
		sp_reason(err, errlen, "no such serial port", r);
		return NULL;
	}
	if ((r = sp_open(sp, SP_MODE_READ_WRITE)) != SP_OK) {
		*unavailable = 1;
		sp_reason(err, errlen, "cannot open", r);
		sp_free_port(sp);
		return NULL;
	}
	if (configure(sp, baud, err, errlen) != 0 ||
	    sp_get_port_handle(sp, &fd) != SP_OK) {
		sp_close(sp);
		sp_free_port(sp);
		return NULL;
	}
	sp_flush(sp, SP_BUF_BOTH);
	if ((p = link_port_new(WIRE_PORT_LIBSERIALPORT, name, fd, err,
	    errlen)) == NULL) {
		sp_close(sp);
		sp_free_port(sp);
		return NULL;
	}
	p->sp = sp;
	return p;
}

long
link_port_sp_read(struct wire_port *p, uint8_t *buf, size_t cap,
    int timeout_ms)
{
	enum sp_return n;
	int r;

	if ((r = link_port_wait(p, timeout_ms)) <= 0)
		return r;
	n = sp_nonblocking_read(p->sp, buf, cap);
	if (n < 0) {
		errno = EIO;
		return -1;
	}
	return (long)n;
}

int
link_port_sp_write(struct wire_port *p, const uint8_t *buf, size_t n,
    int timeout_ms)
{
	enum sp_return w;

	w = sp_blocking_write(p->sp, buf, n, (unsigned)timeout_ms);
	if (w < 0) {
		errno = EIO;
		return -1;
	}
	if ((size_t)w < n) {
		errno = ETIMEDOUT;
		return -1;
	}
	return 0;
}

int
link_port_sp_set_baud(struct wire_port *p, long baud)
{
	if (sp_set_baudrate(p->sp, (int)baud) != SP_OK ||
	    sp_flush(p->sp, SP_BUF_INPUT) != SP_OK)
		return -1;
	return 0;
}

void
link_port_sp_close(struct wire_port *p)
{
	sp_close(p->sp);
	sp_free_port(p->sp);
}
