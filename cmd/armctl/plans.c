/*
 * plans.c - armctl push and pull: a plan to the robot in chunks that fit
 * its 64-byte UART buffer, several in flight, verified by CRC-32 before the
 * robot commits it; and the stored plan back, byte for byte.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/atomic.h"
#include "host/diag.h"
#include "host/exits.h"
#include "ctl.h"
#include "match.h"
#include "plan/crc32.h"
#include "progress.h"

#define PLAN_FILE_MAX 65535u	/* offsets travel as 16 bits */

/* A valid plan that fits the 16-bit offsets; 0 or an exit status. */
static int
load_plan(const char *path, struct loaded_plan *lp)
{
	struct diag d = diag_for(path);
	int r;

	if ((r = ctl_plan_load(path, lp)) != 0)
		return r;
	if (lp->size > PLAN_FILE_MAX) {
		diag_error(&d, 0, 0, "larger than any robot takes (%u bytes)",
		    PLAN_FILE_MAX);
		plan_unload(lp);
		return EXIT_DATAERR;
	}
	return 0;
}

static int
send_chunk(struct ctl *c, const uint8_t *buf, uint32_t size, uint32_t off)
{
	uint8_t p[WIRE_PAYLOAD_MAX];
	uint32_t k = size - off < WIRE_CHUNK_MAX ? size - off : WIRE_CHUNK_MAX;
	struct wire_out o;

	wire_out_init(&o, p, sizeof p);
	wire_put_u16(&o, (uint16_t)off);
	wire_put_bytes(&o, buf + off, (uint8_t)k);
	return wire_send_flags(&c->s, WIRE_PLAN_CHUNK, p, o.n,
	    WIRE_SEND_CUMULATIVE);
}

/* Wait for the next reply in order; 0 or an exit status. */
static int
next_reply(struct ctl *c, struct wire_frame *reply, const char *doing)
{
	int r = wire_recv(&c->s, reply, c->timeout_ms * (c->retries + 2) +
	    1000);

	if (r < 0)
		return ctl_link_failed(c, doing);
	if (r == 0) {
		warnx_tool("%s: no reply", doing);
		return EXIT_TEMPFAIL;
	}
	if (reply->type == WIRE_ERROR)
		return ctl_robot_error(reply, doing);
	return 0;
}

/*
 * Does the robot hold this plan?  1 yes, 0 no, -1 no answer.  Size and the
 * file's CRC are not enough: every plan ends in the CRC-32 of what comes
 * before it, so the CRC of any whole plan is the same constant.  The
 * plan's own trailing CRC-32 tells two plans of one size apart.
 */
static int
robot_holds(struct ctl *c, const uint8_t *buf, uint32_t size, uint32_t crc)
{
	struct wire_frame reply;
	struct wire_in in;
	uint8_t p[3];

	if (ctl_call(c, WIRE_PLAN_INFO, NULL, 0, &reply, "push") != 0)
		return -1;
	wire_in_init(&in, reply.payload, reply.len);
	if (wire_get_u32(&in) != size || wire_get_u32(&in) != crc)
		return 0;
	p[0] = (uint8_t)(size - 4);
	p[1] = (uint8_t)((size - 4) >> 8);
	p[2] = 4;
	if (ctl_call(c, WIRE_PLAN_READ, p, 3, &reply, "push") != 0)
		return -1;
	/* the reply: u16 offset, then the bytes */
	return reply.len == 6 && memcmp(reply.payload + 2, buf + size - 4,
	    4) == 0;
}

/*
 * The commit went unanswered: the robot may have committed or not.  Shake
 * hands again and ask which plan it holds, so the outcome we report is one
 * we know.  0 committed; otherwise an exit status after a message.
 */
static int
confirm_commit(struct ctl *c, const uint8_t *buf, uint32_t size,
    uint32_t crc)
{
	int held;

	warnx_tool("push: %s; asking the robot which plan it holds", c->s.why);
	if (ctl_resync(c) != 0 || (held = robot_holds(c, buf, size, crc)) < 0) {
		warnx_tool("push: the robot did not answer again: whether it "
		    "committed the plan is not known ('armctl pull' tells)");
		return EXIT_TEMPFAIL;
	}
	if (held) {
		warnx_tool("push: committed (only the reply was lost)");
		return 0;
	}
	warnx_tool("push: not committed, the previous plan is kept");
	return EXIT_TEMPFAIL;
}

/* An upload in flight: what has been sent and what answered. */
struct upload {
	const uint8_t *buf;
	uint32_t size, crc;
	uint32_t off;		/* plan bytes sent in chunks */
	uint32_t chunks, chunks_done;	/* chunks sent; their replies taken */
	uint8_t begun, commit_sent;	/* BEGIN answered; COMMIT sent */
};

/* Fill the window: chunks, then the commit, which ends the burst. */
static int
send_more(struct ctl *c, struct upload *u)
{
	while (u->off < u->size && wire_can_send(&c->s)) {
		if (send_chunk(c, u->buf, u->size, u->off) != 0)
			return -1;
		u->off += u->size - u->off < WIRE_CHUNK_MAX ? u->size - u->off
		    : WIRE_CHUNK_MAX;
		u->chunks++;
	}
	if (u->off == u->size && !u->commit_sent && wire_can_send(&c->s)) {
		if (wire_send_flags(&c->s, WIRE_PLAN_COMMIT, NULL, 0,
		    WIRE_SEND_TAIL) != 0)
			return -1;
		u->commit_sent = 1;
	}
	return 0;
}

/* The commit's reply: 0 when it names the plan we sent. */
static int
committed(const struct upload *u, const struct wire_frame *reply)
{
	struct wire_in in;

	wire_in_init(&in, reply->payload, reply->len);
	if (wire_get_u32(&in) != u->size || wire_get_u32(&in) != u->crc) {
		warnx_tool("push: the robot committed something else");
		return EXIT_IOERR;
	}
	return 0;
}

/* No reply came: when only the commit's is missing, ask what the robot
 * holds; otherwise say why.  An exit status. */
static int
upload_lost(struct ctl *c, const struct upload *u, int r)
{
	if (r == 0) {
		warnx_tool("push: no reply");
		return EXIT_TEMPFAIL;
	}
	if (c->s.fail == WIRE_FAIL_TIMEOUT && u->begun && u->commit_sent &&
	    u->chunks_done == u->chunks)
		return confirm_commit(c, u->buf, u->size, u->crc);
	return ctl_link_failed(c, "push");
}

/*
 * BEGIN, every chunk and the commit go out as one stream, as many in
 * flight as the window allows: the robot runs them in order, so nothing
 * waits a round trip but for the window, and a lost BEGIN or chunk is
 * noticed by the robot when the next request arrives.  Replies come in
 * the same order: BEGIN's, the chunks', the commit's.
 */
static int
upload(struct ctl *c, const char *path, const uint8_t *buf, uint32_t size)
{
	struct upload u = { buf, size, crc32_update(0, buf, size), 0, 0, 0,
	    0, 0 };
	struct wire_frame reply;
	struct progress bar;
	uint8_t p[8];
	uint64_t t0 = wire_now_ms();
	struct wire_out o;
	struct wire_in in;
	int r;

	wire_out_init(&o, p, sizeof p);
	wire_put_u32(&o, size);
	wire_put_u32(&o, u.crc);
	if (wire_send(&c->s, WIRE_PLAN_BEGIN, p, o.n) != 0)
		return ctl_link_failed(c, "push");
	progress_begin(&bar, path);
	for (;;) {
		if (send_more(c, &u) != 0) {
			r = ctl_link_failed(c, "push");
			break;
		}
		r = wire_recv(&c->s, &reply, c->timeout_ms * (c->retries + 2)
		    + 1000);
		if (r != 1) {
			r = upload_lost(c, &u, r);
			break;
		}
		if (reply.type == WIRE_ERROR) {
			r = ctl_robot_error(&reply, "push");
			break;
		}
		if (!u.begun) {
			u.begun = 1;
		} else if (!u.commit_sent || u.chunks_done < u.chunks) {
			u.chunks_done++;
			/* (a stand-in after the commit's reply is empty) */
			wire_in_init(&in, reply.payload, reply.len);
			if (reply.len >= 2)
				progress_update(&bar, wire_get_u16(&in), size);
		} else {
			r = committed(&u, &reply);
			break;
		}
	}
	progress_end(&bar);
	if (r == 0 && c->verbose)
		fprintf(stderr, "%s: pushed %lu bytes in %lu ms\n", tool_name(),
		    (unsigned long)size, (unsigned long)(wire_now_ms() - t0));
	return r;
}

int
cmd_push(struct ctl *c, int argc, char **argv)
{
	struct loaded_plan lp;
	uint32_t size;
	int r;

	if (argc != 2) {
		warnx_tool("push: give one FILE.plan");
		return EXIT_USAGE;
	}
	if ((r = load_plan(argv[1], &lp)) != 0)
		return r;
	size = lp.size;
	if ((r = ctl_connect(c)) != 0)
		goto done;
	if (size > c->hello.capacity) {
		warnx_tool("%s: the plan is %lu bytes; the robot holds at most "
		    "%lu", argv[1], (unsigned long)size,
		    (unsigned long)c->hello.capacity);
		r = EXIT_JOB_FAILED;
	} else if ((r = match_plan(c, argv[1], &lp.plan)) != 0) {
		goto done;
	} else if (c->check) {
		printf("%s: a valid plan of %lu bytes; fits the robot's "
		    "capacity of %lu bytes\n", argv[1], (unsigned long)size,
		    (unsigned long)c->hello.capacity);
	} else {
		r = upload(c, argv[1], lp.bytes, size);
	}
done:
	plan_unload(&lp);
	return r;
}

static int
download(struct ctl *c, uint8_t *buf, uint32_t size, const char *path)
{
	struct wire_frame reply;
	struct progress bar;
	struct wire_in in;
	uint32_t asked = 0, got = 0, k;
	uint8_t p[3];
	int r;

	progress_begin(&bar, path);
	while (got < size) {
		while (asked < size && wire_can_send(&c->s)) {
			k = size - asked < WIRE_CHUNK_MAX ? size - asked :
			    WIRE_CHUNK_MAX;
			p[0] = (uint8_t)asked;
			p[1] = (uint8_t)(asked >> 8);
			p[2] = (uint8_t)k;
			if (wire_send(&c->s, WIRE_PLAN_READ, p, 3) != 0)
				return ctl_link_failed(c, "pull");
			asked += k;
		}
		if ((r = next_reply(c, &reply, "pull")) != 0) {
			progress_end(&bar);
			return r;
		}
		k = size - got < WIRE_CHUNK_MAX ? size - got : WIRE_CHUNK_MAX;
		wire_in_init(&in, reply.payload, reply.len);
		if (reply.len != k + 2 || wire_get_u16(&in) != got) {
			warnx_tool("pull: the robot sent the wrong piece");
			return EXIT_IOERR;
		}
		memcpy(buf + got, reply.payload + 2, k);
		got += k;
		progress_update(&bar, got, size);
	}
	progress_end(&bar);
	return 0;
}

int
ctl_plan_fetch(struct ctl *c, const char *label, uint8_t **bytes,
    uint32_t *size)
{
	struct wire_frame reply;
	struct wire_in in;
	uint32_t crc;
	uint8_t *buf;
	int r;

	*bytes = NULL;
	if ((r = ctl_call(c, WIRE_PLAN_INFO, NULL, 0, &reply, "pull")) != 0)
		return r;
	wire_in_init(&in, reply.payload, reply.len);
	*size = wire_get_u32(&in);
	crc = wire_get_u32(&in);
	if (*size == 0)
		return 0;
	if ((buf = malloc(*size)) == NULL) {
		warnx_tool("pull: out of memory");
		return EXIT_IOERR;
	}
	if ((r = download(c, buf, *size, label)) == 0 &&
	    crc32_update(0, buf, *size) != crc) {
		warnx_tool("pull: the plan read back does not match the "
		    "robot's CRC-32");
		r = EXIT_IOERR;
	}
	if (r != 0) {
		free(buf);
		return r;
	}
	*bytes = buf;
	return 0;
}

/* The fetched plan into path, whole or not at all. */
static int
save(const char *path, const uint8_t *buf, uint32_t size)
{
	struct atomic_file af;

	if (atomic_open(&af, path) != 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_IOERR;
	}
	if (fwrite(buf, 1, size, af.fp) != size || atomic_commit(&af) != 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		atomic_abort(&af);
		return EXIT_IOERR;
	}
	return 0;
}

int
cmd_pull(struct ctl *c, int argc, char **argv)
{
	struct wire_frame reply;
	struct wire_in in;
	uint32_t size;
	uint8_t *buf;
	int r;

	if (argc != 2) {
		warnx_tool("pull: give one FILE.plan, or - for stdout");
		return EXIT_USAGE;
	}
	if (c->check) {
		if ((r = ctl_call(c, WIRE_PLAN_INFO, NULL, 0, &reply,
		    "pull")) != 0)
			return r;
		wire_in_init(&in, reply.payload, reply.len);
		size = wire_get_u32(&in);
		if (size != 0)
			printf("the robot holds a plan of %lu bytes, crc32 "
			    "%08lx\n", (unsigned long)size,
			    (unsigned long)wire_get_u32(&in));
	} else if ((r = ctl_plan_fetch(c, argv[1], &buf, &size)) != 0) {
		return r;
	}
	if (size == 0) {
		warnx_tool("pull: the robot holds no plan");
		return EXIT_JOB_FAILED;
	}
	if (c->check)
		return 0;
	r = save(argv[1], buf, size);
	free(buf);
	return r;
}
