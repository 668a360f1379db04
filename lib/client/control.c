/*
 * control.c - the single control requests of control.h, and what each
 * of the robot's control errors means to the person who asked.
 */
#include <string.h>

#include "client/control.h"
#include "plan/vocab.h"

enum client_status
client_control(struct client *cl, uint8_t type, const uint8_t *payload,
    uint8_t len, struct wire_frame *reply, const char *doing)
{
	if (link_call(&cl->s, type, payload, len, reply) != 0)
		return client_link_failed(cl, doing);
	if (reply->type != WIRE_ERROR)
		return CLIENT_OK;
	return client_control_refused(cl, reply, doing);
}

enum client_status
client_control_refused(struct client *cl, const struct wire_frame *reply,
    const char *doing)
{
	uint8_t code = reply->len >= 2 ? reply->payload[1] : 0;

	if (code == WIRE_E_ELEMENT) {
		client_say(cl, "%s: the robot's plan has no such element",
		    doing);
		return CLIENT_DATA;
	}
	if (code == WIRE_E_RUN) {
		client_say(cl, "%s: the plan is not running ('armctl start')",
		    doing);
		return CLIENT_FAILED;
	}
	if (code == WIRE_E_NOT_PAUSED) {
		client_say(cl, "%s: the plan is not paused ('armctl pause')",
		    doing);
		return CLIENT_FAILED;
	}
	return client_refused(cl, reply, doing);
}

enum client_status
client_start(struct client *cl, uint16_t rate)
{
	struct wire_frame reply;
	uint8_t p[2] = { (uint8_t)rate, (uint8_t)(rate >> 8) };

	return client_call(cl, WIRE_START, p, 2, &reply, "start");
}

enum client_status
client_stop(struct client *cl)
{
	struct wire_frame reply;

	return client_call(cl, WIRE_STOP, NULL, 0, &reply, "stop");
}

enum client_status
client_prio(struct client *cl, uint16_t drive, int set, uint16_t *priority)
{
	struct wire_frame reply;
	struct wire_prio m;
	uint8_t p[WIRE_PAYLOAD_MAX];
	enum client_status st;

	memset(&m, 0, sizeof m);
	m.drive = drive;
	m.set = (uint8_t)(set != 0);
	m.priority = set ? *priority : 0;
	if ((st = client_control(cl, WIRE_PRIO, p, wire_prio_encode(&m, p),
	    &reply, "prio")) != CLIENT_OK)
		return st;
	if (wire_prio_decode(&m, reply.payload, reply.len) != 0 || !m.set ||
	    m.drive != drive)
		return client_malformed(cl, "prio");
	*priority = m.priority;
	return CLIENT_OK;
}

enum client_status
client_elem_monitor(struct client *cl, struct wire_elem_monitor *m)
{
	struct wire_frame reply;
	uint8_t p[WIRE_PAYLOAD_MAX];
	enum client_status st;

	if ((st = client_control(cl, WIRE_ELEM_MONITOR, p,
	    wire_elem_monitor_encode(m, p), &reply, "mon")) != CLIENT_OK)
		return st;
	if (wire_elem_monitor_decode(m, reply.payload, reply.len) != 0)
		return client_malformed(cl, "mon");
	return CLIENT_OK;
}

enum client_status
client_pause(struct client *cl, uint8_t op, uint16_t steps,
    struct wire_paused *a, const char *doing)
{
	struct wire_frame reply;
	struct wire_pause m;
	uint8_t p[WIRE_PAYLOAD_MAX];
	enum client_status st;

	m.op = op;
	m.steps = steps;
	if ((st = client_control(cl, WIRE_PAUSE, p, wire_pause_encode(&m, p),
	    &reply, doing)) != CLIENT_OK)
		return st;
	if (wire_paused_decode(a, reply.payload, reply.len) != 0)
		return client_malformed(cl, doing);
	return CLIENT_OK;
}

enum client_status
client_run_state(struct client *cl, struct wire_state *m, const char *doing)
{
	return client_run_state_or_none(cl, m, NULL, doing);
}

enum client_status
client_run_state_or_none(struct client *cl, struct wire_state *m, int *none,
    const char *doing)
{
	struct wire_page pg = { WIRE_STATE_RUN, 0 };
	struct wire_frame reply;
	uint8_t p[WIRE_PAYLOAD_MAX];

	if (none)
		*none = 0;
	if (link_call(&cl->s, WIRE_STATE, p, wire_page_encode(&pg, p),
	    &reply) != 0)
		return client_link_failed(cl, doing);
	if (reply.type == WIRE_ERROR && none && reply.len >= 2 &&
	    reply.payload[1] == WIRE_E_UNKNOWN) {
		*none = 1;
		return CLIENT_OK;
	}
	if (reply.type == WIRE_ERROR)
		return client_control_refused(cl, &reply, doing);
	if (wire_state_decode(m, reply.payload, reply.len) != 0)
		return client_malformed(cl, doing);
	return CLIENT_OK;
}

/* Ask until the steps are done: a bound of twice their time, and 2 s. */
enum client_status
client_step(struct client *cl, uint16_t n, struct wire_paused *a)
{
	struct wire_state run;
	enum client_status st;
	uint64_t end;
	uint16_t rate;

	if ((st = client_run_state(cl, &run, "step")) != CLIENT_OK ||
	    (st = client_pause(cl, WIRE_PAUSE_STEP, n, a, "step")) !=
	    CLIENT_OK)
		return st;
	rate = run.rate ? run.rate : 1;
	end = client_now(cl) + 2000 + 2000ull * a->left / rate;
	while (a->left > 0) {
		if (client_now(cl) > end) {
			client_say(cl, "step: %u cycles still to run after "
			    "the time they should take", (unsigned)a->left);
			return CLIENT_TIMEOUT;
		}
		if ((st = client_wait(cl, 1000 / rate < 20 ? 20 : 1000 /
		    rate)) != CLIENT_OK || (st = client_pause(cl,
		    WIRE_PAUSE_QUERY, 0, a, "step")) != CLIENT_OK)
			return st;
	}
	return CLIENT_OK;
}

enum client_status
client_set_rate(struct client *cl, uint16_t hz)
{
	struct wire_frame reply;
	uint8_t p[2] = { (uint8_t)hz, (uint8_t)(hz >> 8) };

	return client_control(cl, WIRE_RATE, p, 2, &reply, "rate");
}

enum client_status
client_config(struct client *cl, const struct wire_config *set,
    struct wire_config *now)
{
	struct wire_frame reply;
	uint8_t p[WIRE_PAYLOAD_MAX], n = set ? wire_config_encode(set, p) : 0;
	enum client_status st;

	if ((st = client_call(cl, WIRE_CONFIG, p, n, &reply, "config")) !=
	    CLIENT_OK)
		return st;
	if (wire_config_decode(now, reply.payload, reply.len) != 0)
		return client_malformed(cl, "config");
	return CLIENT_OK;
}

int
client_event_mask(const char *letters, uint8_t *mask)
{
	int k;

	for (*mask = 0; *letters; letters++) {
		/* E is kind 0, ... R is kind 5: bit k enables kind k */
		if ((k = plan_event_from_letter(*letters)) < 0 ||
		    k > PLAN_EV_SENSE)
			return -1;
		*mask |= (uint8_t)(1u << k);
	}
	return 0;
}

void
client_event_letters(uint8_t mask, char *out)
{
	uint8_t k;

	for (k = 0; k <= PLAN_EV_SENSE; k++)
		if (mask & (1u << k))
			*out++ = plan_event_letter(k);
	*out = '\0';
}
