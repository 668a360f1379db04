/*
 * ports_test.c - what armctl says about serial ports: which USB ids mark a
 * likely robot (the vendors' published ids) and the advice for a port
 * the user may not open.
 */
#include <grp.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "link/porterr.h"
#include "link/ports.h"

static void
test_known_ids(void)
{
	CHECK(link_ports_known_usb(0x2341, 0x0042));	/* Arduino Mega 2560 */
	CHECK(link_ports_known_usb(0x2341, 0x0043));	/* Arduino Uno */
	CHECK(link_ports_known_usb(0x1a86, 0x7523));	/* CH340 */
	CHECK(link_ports_known_usb(0x0403, 0x6001));	/* FT232R */
	CHECK(link_ports_known_usb(0x10c4, 0xea60));	/* CP2102 */
	CHECK(!link_ports_known_usb(0x0403, 0x6010));	/* FT2232: JTAG */
	CHECK(!link_ports_known_usb(0x046d, 0xc52b));	/* a mouse receiver */
	CHECK(!link_ports_known_usb(0, 0));
}

static void
test_advice(void)
{
	struct group *g = getgrnam("dialout");
	char err[300], want[300];

	link_port_access_advice("/dev/ttyACM0", 0, err, sizeof err);
	CHECK_STR(err, "permission denied: /dev/ttyACM0 belongs to root only; "
	    "ask for access (a udev rule)");
	if (g == NULL)
		return;
	link_port_access_advice("/dev/ttyACM0", g->gr_gid, err, sizeof err);
	snprintf(want, sizeof want, "permission denied: /dev/ttyACM0 is for "
	    "the group 'dialout'; join it (sudo usermod -aG dialout $USER) and "
	    "log in again");
	CHECK_STR(err, want);
	/* a short buffer is cut, never overrun */
	link_port_access_advice("/dev/ttyACM0", g->gr_gid, err, 10);
	CHECK(strlen(err) == 9);
}

static void
test_missing(void)
{
	char err[400];

	CHECK(link_port_check_access("/nonexistent/ttyACM0", err,
	    sizeof err) == -1);
	CHECK(strncmp(err, "the port does not exist;", 24) == 0);
	CHECK(link_port_check_access("/dev/null", err, sizeof err) == 0);
}

int
main(void)
{
	test_known_ids();
	test_advice();
	test_missing();
	return check_report("ports");
}
