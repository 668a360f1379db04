/*
 * porterr.c - saying why a serial port cannot be opened: the port is not
 * there (and these are), or it belongs to a group we are not in.  Called
 * by link_port_open before libserialport or termios, whose errors do not.
 */
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "porterr.h"
#include "ports.h"

/* "ports here: /dev/ttyACM0, /dev/ttyUSB0" or that there are none. */
static void
list_others(char *err, size_t errlen, size_t len)
{
	struct wire_port_info *ports;
	char why[100];
	size_t n, i, shown = 0;

	if (link_ports_list(&ports, &n, why, sizeof why) != 0)
		return;
	for (i = 0; i < n && len < errlen; i++) {
		if (ports[i].legacy)
			continue;
		len += (size_t)snprintf(err + len, errlen - len, "%s%s",
		    shown++ ? ", " : "; serial ports here: ", ports[i].name);
	}
	if (shown == 0 && len < errlen)
		snprintf(err + len, errlen - len, "; no serial port is "
		    "connected ('armctl list --all' shows every port)");
	link_ports_free(ports, n);
}

void
link_port_access_advice(const char *name, gid_t gid, char *err,
    size_t errlen)
{
	char buf[1024];
	struct group g, *found = NULL;

	if (getgrgid_r(gid, &g, buf, sizeof buf, &found) != 0 || !found ||
	    gid == 0) {
		snprintf(err, errlen, "permission denied: %s belongs to root "
		    "only; ask for access (a udev rule)", name);
		return;
	}
	snprintf(err, errlen, "permission denied: %s is for the group '%s'; "
	    "join it (sudo usermod -aG %s $USER) and log in again", name,
	    g.gr_name, g.gr_name);
}

int
link_port_check_access(const char *name, char *err, size_t errlen)
{
	struct stat st;
	int len;

	if (stat(name, &st) != 0) {
		len = snprintf(err, errlen, "%s", errno == ENOENT ?
		    "the port does not exist" : strerror(errno));
		if (len > 0 && (size_t)len < errlen)
			list_others(err, errlen, (size_t)len);
		return -1;
	}
	if (access(name, R_OK | W_OK) != 0) {
		if (errno == EACCES)
			link_port_access_advice(name, st.st_gid, err, errlen);
		else
			snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	return 0;
}
