/*
 * eeprom.c - the file behind armsim --eeprom.  Each write goes straight to
 * the file (pwrite), so killing armsim at any moment leaves exactly the
 * bytes the robot had written, as a power cut leaves a real EEPROM.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "eeprom.h"
#include "robot/store.h"

static int
fill_erased(int fd, uint32_t size)
{
	uint8_t ff[4096];
	uint32_t off = 0;

	memset(ff, 0xFF, sizeof ff);
	while (off < size) {
		size_t k = size - off < sizeof ff ? size - off : sizeof ff;

		if (pwrite(fd, ff, k, off) != (ssize_t)k)
			return -1;
		off += (uint32_t)k;
	}
	return fsync(fd);
}

/* An existing file is taken only if it is big enough for two slot
 * descriptors and some plan, and both descriptors are ones we write. */
static int
looks_like_store(const struct eeprom *e)
{
	uint8_t d[STORE_HEADER];

	if (e->size < 64 || pread(e->fd, d, sizeof d, 0) != (ssize_t)sizeof d)
		return 0;
	return robot_store_desc_plausible(d) &&
	    robot_store_desc_plausible(d + STORE_DESC_SIZE);
}

int
sim_eeprom_open(struct eeprom *e, const char *path, uint32_t size,
    uint32_t fallback, char *err, size_t errlen)
{
	struct stat st;

	memset(e, 0, sizeof *e);
	e->fd = -1;
	if (path == NULL) {
		e->size = size ? size : fallback;
		if ((e->mem = malloc(e->size)) == NULL) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		memset(e->mem, 0xFF, e->size);
		return 0;
	}
	if ((e->fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644)) < 0 ||
	    fstat(e->fd, &st) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		sim_eeprom_close(e);
		return -1;
	}
	if (st.st_size > 0 && size && (uint32_t)st.st_size != size) {
		snprintf(err, errlen, "%s: holds %lld bytes, --store-size "
		    "says %lu", path, (long long)st.st_size,
		    (unsigned long)size);
		sim_eeprom_close(e);
		return -2;
	}
	if (st.st_size > 131102) {
		snprintf(err, errlen, "%s: %lld bytes is larger than any plan "
		    "store armsim simulates (131102)", path,
		    (long long)st.st_size);
		sim_eeprom_close(e);
		return -2;
	}
	if (st.st_size > 0) {
		e->size = (uint32_t)st.st_size;
		if (!looks_like_store(e)) {
			snprintf(err, errlen, "%s: not a plan store (%lld bytes; "
			    "armsim writes its own stores, of 64 bytes or more, "
			    "starting with two slot descriptors)", path,
			    (long long)st.st_size);
			sim_eeprom_close(e);
			return -2;
		}
		return 0;
	}
	e->size = size ? size : fallback;
	if (fill_erased(e->fd, e->size) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		sim_eeprom_close(e);
		return -1;
	}
	return 0;
}

int
sim_eeprom_read(struct eeprom *e, uint32_t addr, uint8_t *buf, uint16_t n)
{
	if (addr > e->size || n > e->size - addr)
		return -1;
	if (e->fd < 0) {
		memcpy(buf, e->mem + addr, n);
		return 0;
	}
	return pread(e->fd, buf, n, addr) == (ssize_t)n ? 0 : -1;
}

int
sim_eeprom_write(struct eeprom *e, uint32_t addr, const uint8_t *buf, uint16_t n)
{
	if (addr > e->size || n > e->size - addr)
		return -1;
	e->writes++;
	if (e->fd < 0) {
		memcpy(e->mem + addr, buf, n);
		return 0;
	}
	return pwrite(e->fd, buf, n, addr) == (ssize_t)n ? 0 : -1;
}

void
sim_eeprom_close(struct eeprom *e)
{
	if (e->fd >= 0)
		close(e->fd);
	free(e->mem);
	e->fd = -1;
	e->mem = NULL;
}
