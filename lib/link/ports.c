/*
 * ports.c - listing serial ports and matching USB identities through
 * libserialport.  libserialport reads sysfs for these facts;
 * no port is opened, so a robot that resets on open is left alone.
 */
#include <ctype.h>
#include <libserialport.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ports.h"
#include "tcp.h"

static char *
dup_or_empty(const char *s)
{
	return strdup(s ? s : "");
}

/*
 * USB ids of boards and adapters a robot's controller talks through (from
 * the vendors' published ids): Arduino (2341, 2a03), Adafruit (239a),
 * Raspberry Pi Pico (2e8a), Teensy (16c0:0483), CH340 (1a86:7523),
 * FTDI FT232R and FT231X (0403:6001, 6015), CP210x (10c4:ea60).
 */
int
link_ports_known_usb(int vid, int pid)
{
	static const int any[] = { 0x2341, 0x2a03, 0x239a, 0x2e8a };
	static const int ids[][2] = { { 0x16c0, 0x0483 }, { 0x1a86, 0x7523 },
	    { 0x0403, 0x6001 }, { 0x0403, 0x6015 }, { 0x10c4, 0xea60 } };
	size_t i;

	for (i = 0; i < sizeof any / sizeof any[0]; i++)
		if (vid == any[i])
			return 1;
	for (i = 0; i < sizeof ids / sizeof ids[0]; i++)
		if (vid == ids[i][0] && pid == ids[i][1])
			return 1;
	return 0;
}

static int
is_legacy(const char *name, int usb)
{
	size_t i = strlen("/dev/ttyS");

	if (usb || strncmp(name, "/dev/ttyS", i) != 0 || name[i] == '\0')
		return 0;
	for (; name[i]; i++)
		if (!isdigit((unsigned char)name[i]))
			return 0;
	return 1;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(((const struct wire_port_info *)a)->name,
	    ((const struct wire_port_info *)b)->name);
}

int
link_ports_list(struct wire_port_info **out, size_t *n, char *err,
    size_t errlen)
{
	struct sp_port **list;
	struct wire_port_info *info;
	size_t i, count = 0;

	*out = NULL;
	*n = 0;
	if (sp_list_ports(&list) != SP_OK) {
		snprintf(err, errlen, "cannot list serial ports");
		return -1;
	}
	while (list[count])
		count++;
	if ((info = calloc(count ? count : 1, sizeof *info)) == NULL) {
		sp_free_port_list(list);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (i = 0; i < count; i++) {
		struct sp_port *p = list[i];

		info[i].name = dup_or_empty(sp_get_port_name(p));
		info[i].description = dup_or_empty(sp_get_port_description(p));
		info[i].usb = sp_get_port_transport(p) == SP_TRANSPORT_USB &&
		    sp_get_port_usb_vid_pid(p, &info[i].vid, &info[i].pid) ==
		    SP_OK;
		info[i].serial = dup_or_empty(info[i].usb ?
		    sp_get_port_usb_serial(p) : NULL);
		info[i].legacy = info[i].name && is_legacy(info[i].name,
		    info[i].usb);
		info[i].likely = info[i].usb &&
		    link_ports_known_usb(info[i].vid, info[i].pid);
		if (!info[i].name || !info[i].description || !info[i].serial) {
			sp_free_port_list(list);
			link_ports_free(info, i + 1);
			snprintf(err, errlen, "out of memory");
			return -1;
		}
	}
	sp_free_port_list(list);
	qsort(info, count, sizeof *info, by_name);
	*out = info;
	*n = count;
	return 0;
}

void
link_ports_free(struct wire_port_info *p, size_t n)
{
	size_t i;

	if (!p)
		return;
	for (i = 0; i < n; i++) {
		free(p[i].name);
		free(p[i].description);
		free(p[i].serial);
	}
	free(p);
}

static int
hex4(const char *s)
{
	int i;

	for (i = 0; i < 4; i++)
		if (!isxdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

int
link_ports_is_pattern(const char *spec)
{
	if (strcmp(spec, "auto") == 0)
		return 1;
	return strlen(spec) >= 9 && hex4(spec) && spec[4] == ':' &&
	    hex4(spec + 5) && (spec[9] == '\0' || (spec[9] == ':' &&
	    spec[10] != '\0'));
}

static int
matches(const struct wire_port_info *p, const char *spec)
{
	unsigned vid, pid;

	if (!p->usb)
		return 0;
	if (strcmp(spec, "auto") == 0)
		return 1;
	if (sscanf(spec, "%4x:%4x", &vid, &pid) != 2 || (int)vid != p->vid ||
	    (int)pid != p->pid)
		return 0;
	return spec[9] == '\0' || strcmp(spec + 10, p->serial) == 0;
}

char *
link_ports_match(const char *spec, char *err, size_t errlen)
{
	struct wire_port_info *ports;
	size_t n, i, found = 0, pick = 0, len = 0;
	char *name;

	if (link_ports_list(&ports, &n, err, errlen) != 0)
		return NULL;
	for (i = 0; i < n; i++)
		if (matches(&ports[i], spec)) {
			if (found++ == 0)
				pick = i;
		}
	if (found != 1) {
		if (found == 0)
			len = (size_t)snprintf(err, errlen,
			    "no USB serial port matches %s", spec);
		else
			len = (size_t)snprintf(err, errlen,
			    "%zu USB serial ports match %s, pick one:", found,
			    spec);
		for (i = 0; found > 1 && i < n && len < errlen; i++)
			if (matches(&ports[i], spec))
				len += (size_t)snprintf(err + len, errlen - len,
				    " %s", ports[i].name);
		link_ports_free(ports, n);
		return NULL;
	}
	name = strdup(ports[pick].name);
	link_ports_free(ports, n);
	if (!name)
		snprintf(err, errlen, "out of memory");
	return name;
}

enum wire_spec
link_ports_resolve(const char *spec, char **name, char *err, size_t errlen)
{
	char host[256], tport[8];

	*name = NULL;
	if (spec == NULL || *spec == '\0') {
		snprintf(err, errlen, "no port: give --port or set SPINE_PORT");
		return WIRE_SPEC_NONE;
	}
	if (link_port_is_tcp(spec) && link_tcp_split(spec, 0, host,
	    sizeof host, tport, sizeof tport, err, errlen) != 0)
		return WIRE_SPEC_BAD;
	if (!link_ports_is_pattern(spec))
		return (*name = strdup(spec)) ? WIRE_SPEC_OK :
		    WIRE_SPEC_NO_MEMORY;
	return (*name = link_ports_match(spec, err, errlen)) ? WIRE_SPEC_OK :
	    WIRE_SPEC_MISSING;
}
