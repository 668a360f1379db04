/*
 * ports.h - the serial ports libserialport can see, and picking one by
 * USB identity.  For armctl list, --port auto and --port
 * VID:PID[:SERIAL]; reading a port's USB identity never opens the port.
 */
#ifndef SPINE_LINK_PORTS_H
#define SPINE_LINK_PORTS_H

#include <stddef.h>

struct wire_port_info {
	char *name;		/* /dev/ttyACM0 */
	char *description;	/* "Arduino Mega 2560" or "" */
	int usb;		/* 1 when vid/pid/serial are known */
	int vid, pid;
	char *serial;		/* USB serial number or "" */
	int legacy;		/* a built-in /dev/ttyS* port: listed by PCs
				   whether or not anything is wired to it */
	int likely;		/* USB ids of a board or adapter robots use */
};

/* Are these USB ids those of a board or serial adapter robots use? */
int link_ports_known_usb(int vid, int pid);

/* All ports, sorted by name.  0, or -1 with a reason in err. */
int link_ports_list(struct wire_port_info **out, size_t *n, char *err,
    size_t errlen);
void link_ports_free(struct wire_port_info *p, size_t n);

/* Is spec "auto" or VID:PID[:SERIAL] (hex ids) rather than a path? */
int link_ports_is_pattern(const char *spec);

/*
 * Resolve "auto" (the only USB serial port) or VID:PID[:SERIAL] to a port
 * name (malloc'd).  NULL with a reason in err when none or several match.
 */
char *link_ports_match(const char *spec, char *err, size_t errlen);

/*
 * A --port SPEC (NULL or "": none given) to the name to open (malloc'd)
 * in *name: a device or pseudo-terminal path as it is, tcp:HOST:PORT
 * checked, "auto" and VID:PID[:SERIAL] matched.  Else why in err:
 * WIRE_SPEC_NONE, WIRE_SPEC_BAD (an address that does not parse),
 * WIRE_SPEC_MISSING (no port, or several, match), WIRE_SPEC_NO_MEMORY.
 */
enum wire_spec {
	WIRE_SPEC_OK = 0,
	WIRE_SPEC_NONE,
	WIRE_SPEC_BAD,
	WIRE_SPEC_MISSING,
	WIRE_SPEC_NO_MEMORY
};
enum wire_spec link_ports_resolve(const char *spec, char **name, char *err,
    size_t errlen);

#endif
