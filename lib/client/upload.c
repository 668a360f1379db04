/*
 * upload.c - push (upload.h).  One stream of requests: PLAN_INFO (is the
 * description we know still the robot's?), BEGIN, then the chunks with
 * any DESCRIBE_PAGE requests among them, then the commit, sent once the
 * check has passed.  The robot runs them in order and answers in order,
 * so a FIFO of what was asked says what each reply is.
 */
#include <string.h>

#include "client/check.h"
#include "client/upload.h"
#include "host/diag.h"
#include "plan/crc32.h"

enum asked { ASK_INFO, ASK_BEGIN, ASK_CHUNK, ASK_DESC, ASK_COMMIT };
enum verdict { PENDING, PASSED, REFUSED };

struct upload {
	struct client_push *p;
	uint32_t crc;
	uint32_t off;			/* plan bytes sent in chunks */
	uint32_t chunks, chunks_done;	/* chunks sent; their replies */
	uint8_t info_sent, begun, commit_sent;
	uint8_t fetching;		/* a description fetch runs */
	enum verdict verdict;
	enum client_status refusal;
	struct client_desc_fetch f;
	uint8_t ask[WIRE_WINDOW_MAX];	/* what the replies due answer */
	uint8_t head, n;
};

static int
ask(struct client *cl, struct upload *u, enum asked what, uint8_t type,
    const uint8_t *payload, uint8_t len, unsigned flags)
{
	u->ask[(u->head + u->n++) % WIRE_WINDOW_MAX] = (uint8_t)what;
	return link_send_flags(&cl->s, type, payload, len, flags);
}

static int
send_chunk(struct client *cl, struct upload *u)
{
	uint8_t p[WIRE_PAYLOAD_MAX];
	uint32_t k = u->p->size - u->off;
	struct wire_out o;

	if (k > WIRE_CHUNK_MAX)
		k = WIRE_CHUNK_MAX;
	wire_out_init(&o, p, sizeof p);
	wire_put_u16(&o, (uint16_t)u->off);
	wire_put_bytes(&o, u->p->bytes + u->off, (uint8_t)k);
	u->off += k;
	u->chunks++;
	return ask(cl, u, ASK_CHUNK, WIRE_PLAN_CHUNK, p, o.n,
	    WIRE_SEND_CUMULATIVE);
}

static int
send_begin(struct client *cl, struct upload *u)
{
	uint8_t p[8];
	struct wire_out o;

	wire_out_init(&o, p, sizeof p);
	wire_put_u32(&o, u->p->size);
	wire_put_u32(&o, u->crc);
	u->begun = 1;
	/* its reply is empty: the next one's stands in for it if lost */
	return ask(cl, u, ASK_BEGIN, WIRE_PLAN_BEGIN, p, o.n,
	    WIRE_SEND_CUMULATIVE);
}

/* The next request, if one may go now; 1 sent, 0 none, -1 failed. */
static int
send_one(struct client *cl, struct upload *u)
{
	uint8_t type, arg;

	if (!u->info_sent) {
		u->info_sent = 1;
		return ask(cl, u, ASK_INFO, WIRE_PLAN_INFO, NULL, 0, 0) ? -1 :
		    1;
	}
	if (!u->begun)
		return send_begin(cl, u) ? -1 : 1;
	if (u->fetching && client_desc_fetch_next(&u->f, &type, &arg))
		return ask(cl, u, ASK_DESC, type, &arg, 1, 0) ? -1 : 1;
	if (u->off < u->p->size)
		return send_chunk(cl, u) ? -1 : 1;
	if (u->commit_sent || u->verdict != PASSED)
		return 0;
	/* the last request of the burst: it goes twice (WIRE_SEND_TAIL) */
	u->commit_sent = 1;
	return ask(cl, u, ASK_COMMIT, WIRE_PLAN_COMMIT, NULL, 0,
	    WIRE_SEND_TAIL) ? -1 : 1;
}

/* The description is current: the verdict. */
static void
judge(struct client *cl, struct upload *u)
{
	enum client_status st = client_check_report(cl, u->p->path,
	    u->p->plan, u->p->force);

	u->verdict = st == CLIENT_OK ? PASSED : REFUSED;
	u->refusal = st;
}

/* PLAN_INFO's reply: check now with the description we know, or fetch. */
static enum client_status
took_info(struct client *cl, struct upload *u, const struct wire_frame *r)
{
	struct wire_in in;

	if (r->len != 8 && r->len != 16)
		return client_malformed(cl, "push");
	wire_in_init(&in, r->payload, r->len);
	memset(&cl->info, 0, sizeof cl->info);
	cl->info.size = wire_get_u32(&in);
	cl->info.crc = wire_get_u32(&in);
	if ((cl->info.ids = r->len == 16)) {
		cl->info.id = wire_get_u32(&in);
		cl->info.desc_crc = wire_get_u32(&in);
	}
	if (cl->desc.have && cl->info.ids && cl->info.desc_crc ==
	    cl->desc.crc)
		judge(cl, u);
	else {
		client_desc_fetch_begin(&u->f, &cl->desc);
		u->fetching = 1;
	}
	return CLIENT_OK;
}

static enum client_status
took_desc(struct client *cl, struct upload *u, const struct wire_frame *r)
{
	enum client_status st = client_desc_fetch_take(cl, &u->f, r);

	if (st == CLIENT_OK && u->f.done) {
		u->fetching = 0;
		judge(cl, u);
	}
	return st;
}

/* A plan's own CRC-32, its last four bytes: PLAN_INFO's id for it. */
static uint32_t
tail_id(const uint8_t *bytes, uint32_t size)
{
	const uint8_t *t = bytes + size - 4;

	return (uint32_t)t[0] | (uint32_t)t[1] << 8 | (uint32_t)t[2] << 16 |
	    (uint32_t)t[3] << 24;
}

/* The commit's reply names the plan we sent: what the robot now holds. */
static enum client_status
committed(struct client *cl, struct upload *u, const struct wire_frame *r)
{
	struct wire_in in;

	wire_in_init(&in, r->payload, r->len);
	if (wire_get_u32(&in) != u->p->size || wire_get_u32(&in) != u->crc) {
		client_say(cl, "push: the robot committed something else");
		return CLIENT_IO;
	}
	cl->info.size = u->p->size;
	cl->info.crc = u->crc;
	cl->info.id = tail_id(u->p->bytes, u->p->size);
	return CLIENT_OK;
}

/* One reply, in order; CLIENT_OK to go on (*done when committed). */
static enum client_status
take(struct client *cl, struct upload *u, const struct wire_frame *r,
    int *done)
{
	enum asked what = (enum asked)u->ask[u->head];

	u->head = (uint8_t)((u->head + 1) % WIRE_WINDOW_MAX);
	u->n--;
	if (r->type == WIRE_ERROR && what != ASK_DESC) {
		u->p->error = r->len >= 2 ? r->payload[1] : 0;
		return client_refused(cl, r, "push");
	}
	switch (what) {
	case ASK_INFO:
		return took_info(cl, u, r);
	case ASK_DESC:
		return took_desc(cl, u, r);
	case ASK_CHUNK:
		/* (a stand-in for a lost reply is empty) */
		u->chunks_done++;
		if (r->len >= 2)
			client_progress(&u->p->progress, (uint32_t)r->payload[0]
			    | (uint32_t)r->payload[1] << 8, u->p->size);
		return CLIENT_OK;
	case ASK_COMMIT:
		*done = 1;
		return committed(cl, u, r);
	case ASK_BEGIN:
		break;
	}
	return CLIENT_OK;
}

int
client_holds(struct client *cl, const uint8_t *bytes, uint32_t size,
    enum client_status *st)
{
	struct wire_frame reply;
	uint8_t p[3];

	if ((*st = client_plan_info(cl, NULL)) != CLIENT_OK)
		return -1;
	if (cl->info.size != size || cl->info.crc != plan_crc32_update(0, bytes,
	    size))
		return 0;
	if (cl->info.ids)
		return cl->info.id == tail_id(bytes, size);
	/* a robot before plan ids: its last four bytes, read back */
	p[0] = (uint8_t)(size - 4);
	p[1] = (uint8_t)((size - 4) >> 8);
	p[2] = 4;
	if ((*st = client_call(cl, WIRE_PLAN_READ, p, 3, &reply, "push")) !=
	    CLIENT_OK)
		return -1;
	return reply.len == 6 && memcmp(reply.payload + 2, bytes + size - 4,
	    4) == 0;
}

/*
 * The commit went unanswered: the robot may have committed or not.  Shake
 * hands again and ask which plan it holds, so the outcome we report is
 * one we know.
 */
static enum client_status
confirm_commit(struct client *cl, const struct upload *u)
{
	enum client_status st;
	int held;

	client_say(cl, "push: %s; asking the robot which plan it holds",
	    cl->s.why);
	if (client_resync(cl) != CLIENT_OK || (held = client_holds(cl,
	    u->p->bytes, u->p->size, &st)) < 0) {
		client_say(cl, "push: the robot did not answer again: whether "
		    "it committed the plan is not known ('armctl pull' tells)");
		return CLIENT_TIMEOUT;
	}
	if (held) {
		client_say(cl, "push: committed (only the reply was lost)");
		return CLIENT_OK;
	}
	client_say(cl, "push: not committed, the previous plan is kept");
	return CLIENT_TIMEOUT;
}

/* No reply came: when only the commit's is missing, ask what the robot
 * holds; otherwise say why. */
static enum client_status
lost(struct client *cl, const struct upload *u, int r)
{
	if (r == 0) {
		client_say(cl, "push: no reply");
		return CLIENT_TIMEOUT;
	}
	if (cl->s.fail == WIRE_FAIL_TIMEOUT && u->commit_sent &&
	    u->n == 1 && u->ask[u->head] == ASK_COMMIT)
		return confirm_commit(cl, u);
	return client_link_failed(cl, "push");
}

enum client_status
client_push(struct client *cl, struct client_push *p)
{
	struct upload u;
	struct wire_frame reply;
	uint64_t t0 = client_now(cl);
	enum client_status st = CLIENT_OK;
	int r, done = 0;

	memset(&u, 0, sizeof u);
	u.p = p;
	p->error = 0;
	u.crc = plan_crc32_update(0, p->bytes, p->size);
	if (p->plan == NULL) {
		u.info_sent = 1;	/* nothing to check */
		u.verdict = PASSED;
	}
	while (!done && st == CLIENT_OK && u.verdict != REFUSED) {
		while (link_can_send(&cl->s) && (r = send_one(cl, &u)) > 0)
			;
		if (cl->s.fail)
			return client_link_failed(cl, "push");
		r = link_recv(&cl->s, &reply, cl->timeout_ms * (cl->retries +
		    2) + 1000);
		if (r != 1) {
			st = lost(cl, &u, r);
			break;
		}
		st = take(cl, &u, &reply, &done);
	}
	if (st == CLIENT_OK && u.verdict == REFUSED)
		st = u.refusal;	/* nothing committed */
	client_drain(cl);
	p->ms = (uint32_t)(client_now(cl) - t0);
	return st;
}

enum client_status
client_plan_file(const char *path, struct loaded_plan *lp)
{
	switch (run_plan_load(path, lp, NULL)) {	/* (said on stderr) */
	case RUN_OK:
		return CLIENT_OK;
	case RUN_NO_INPUT:
		return CLIENT_NO_INPUT;
	case RUN_BAD_DATA:
		return CLIENT_DATA;
	default:
		return CLIENT_LOCAL_IO;
	}
}

enum client_status
client_plan_load(const char *path, struct loaded_plan *lp)
{
	struct diag d = diag_for(path);
	enum client_status st;

	if ((st = client_plan_file(path, lp)) != CLIENT_OK ||
	    lp->size <= CLIENT_PLAN_MAX)
		return st;
	diag_error(&d, 0, 0, "larger than any robot takes (%u bytes)",
	    CLIENT_PLAN_MAX);
	run_plan_unload(lp);
	return CLIENT_DATA;
}
