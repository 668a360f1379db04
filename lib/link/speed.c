/*
 * speed.c - a terminal's exact line rate (speed.h).  Linux keeps any
 * rate in termios2 (BOTHER), and a pty master's termios calls reach its
 * slave; elsewhere only the rates termios names.  Kept apart from port.c
 * because the kernel's termios2 header cannot meet libc's <termios.h>.
 */
#ifdef __linux__
#include <asm/termbits.h>
#include <sys/ioctl.h>
#else
#include <termios.h>
#endif
#include <errno.h>

#include "speed.h"

#ifdef __linux__
int
link_tty_set_speed(int fd, long baud)
{
	struct termios2 t;

	if (baud < 0 || ioctl(fd, TCGETS2, &t) != 0)
		return -1;
	t.c_cflag &= ~(tcflag_t)(CBAUD | (CBAUD << IBSHIFT));
	t.c_cflag |= baud ? BOTHER | (BOTHER << IBSHIFT) : B0;
	t.c_ispeed = t.c_ospeed = (speed_t)baud;
	return ioctl(fd, TCSETS2, &t) == 0 ? 0 : -1;
}

long
link_tty_speed(int fd)
{
	struct termios2 t;

	if (ioctl(fd, TCGETS2, &t) != 0)
		return -1;
	return (t.c_cflag & CBAUD) == B0 ? 0 : (long)t.c_ospeed;
}
#else
static const struct { long baud; speed_t speed; } rates[] = {
	{ 0, B0 }, { 9600, B9600 }, { 19200, B19200 }, { 38400, B38400 },
	{ 57600, B57600 }, { 115200, B115200 }, { 230400, B230400 },
};

int
link_tty_set_speed(int fd, long baud)
{
	struct termios t;
	size_t i;

	for (i = 0; i < sizeof rates / sizeof rates[0]; i++)
		if (rates[i].baud == baud)
			break;
	if (i == sizeof rates / sizeof rates[0]) {
		errno = EINVAL;
		return -1;
	}
	if (tcgetattr(fd, &t) != 0 || cfsetispeed(&t, rates[i].speed) != 0 ||
	    cfsetospeed(&t, rates[i].speed) != 0)
		return -1;
	return tcsetattr(fd, TCSANOW, &t);
}

long
link_tty_speed(int fd)
{
	struct termios t;
	size_t i;

	if (tcgetattr(fd, &t) != 0)
		return -1;
	for (i = 0; i < sizeof rates / sizeof rates[0]; i++)
		if (rates[i].speed == cfgetospeed(&t))
			return rates[i].baud;
	return -1;
}
#endif
