/*
 * download.c - pull (download.h): PLAN_INFO for the size and CRC, then
 * PLAN_READ requests a window at a time, the replies in order.
 */
#include <stdlib.h>
#include <string.h>

#include "client/download.h"
#include "plan/crc32.h"

static enum client_status
next_reply(struct client *cl, struct wire_frame *reply, const char *doing)
{
	enum client_status st = client_next_reply(cl, reply, doing);

	if (st != CLIENT_OK)
		return st;
	if (reply->type == WIRE_ERROR)
		return client_refused(cl, reply, doing);
	return CLIENT_OK;
}

static int
ask(struct client *cl, uint32_t at, uint32_t size)
{
	uint32_t k = size - at < WIRE_CHUNK_MAX ? size - at : WIRE_CHUNK_MAX;
	uint8_t p[3] = { (uint8_t)at, (uint8_t)(at >> 8), (uint8_t)k };

	return link_send(&cl->s, WIRE_PLAN_READ, p, 3);
}

static enum client_status
download(struct client *cl, uint8_t *buf, uint32_t size, const char *doing,
    const struct client_progress *progress)
{
	struct wire_frame reply;
	enum client_status st;
	uint32_t asked = 0, got = 0, k;

	while (got < size) {
		for (; asked < size && link_can_send(&cl->s); asked += k) {
			k = size - asked < WIRE_CHUNK_MAX ? size - asked :
			    WIRE_CHUNK_MAX;
			if (ask(cl, asked, size) != 0)
				return client_link_failed(cl, doing);
		}
		if ((st = next_reply(cl, &reply, doing)) != CLIENT_OK) {
			client_drain(cl);
			return st;
		}
		k = size - got < WIRE_CHUNK_MAX ? size - got : WIRE_CHUNK_MAX;
		if (reply.len != k + 2 || (reply.payload[0] |
		    reply.payload[1] << 8) != (int)(got & 0xFFFF)) {
			client_say(cl, "%s: the robot sent the wrong piece",
			    doing);
			cl->s.fail = WIRE_FAIL_PROTO;
			return CLIENT_IO;
		}
		memcpy(buf + got, reply.payload + 2, k);
		got += k;
		client_progress(progress, got, size);
	}
	return CLIENT_OK;
}

enum client_status
client_pull(struct client *cl, const char *doing,
    const struct client_progress *progress, uint8_t **bytes,
    uint32_t *size)
{
	enum client_status st;
	uint8_t *buf;

	*bytes = NULL;
	*size = 0;
	if ((st = client_plan_info(cl, NULL)) != CLIENT_OK ||
	    cl->info.size == 0)
		return st;
	if ((buf = malloc(cl->info.size)) == NULL) {
		client_say(cl, "%s: out of memory", doing);
		return CLIENT_LOCAL_IO;
	}
	if ((st = download(cl, buf, cl->info.size, doing, progress)) ==
	    CLIENT_OK && plan_crc32_update(0, buf, cl->info.size) !=
	    cl->info.crc) {
		client_say(cl, "%s: the plan read back does not match the "
		    "robot's CRC-32", doing);
		st = CLIENT_IO;
	}
	if (st != CLIENT_OK) {
		free(buf);
		return st;
	}
	*bytes = buf;
	*size = cl->info.size;
	return CLIENT_OK;
}
