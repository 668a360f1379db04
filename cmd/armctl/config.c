/*
 * config.c - armctl config: read or set how the robot runs its plan with
 * no host (CONFIG): start it on power-up or not, at which rate, sending
 * which monitor events.  Stored beside the plan, so it needs one stored.
 */
#include <stdio.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/table.h"
#include "plan/vocab.h"
#include "robot/planloop.h"
#include "wire/desc.h"
#include "ctl.h"

static int
letters_to_mask(const char *spec, uint8_t *mask)
{
	int k;

	for (*mask = 0; *spec; spec++) {
		if ((k = plan_event_from_letter(*spec)) < 0 || k > 5) {
			warnx_tool("config: --events %s: use the letters "
			    "E S P F Z R", spec);
			return EXIT_USAGE;
		}
		*mask |= (uint8_t)(1u << k);
	}
	return 0;
}

static int
print_config(struct ctl *c, const struct wire_config *cf)
{
	static const char *const cols[] = { "autostart", "rate", "events" };
	char letters[8];
	struct table t;
	int k, n = 0;

	for (k = 0; k < 6; k++)
		if (cf->monitor & (1u << k))
			letters[n++] = plan_event_letter((uint8_t)k);
	letters[n] = '\0';
	table_init(&t, stdout, c->format == EVLOG_JSONL ? TABLE_JSONL :
	    TABLE_CSV, TABLE_ROUND_TRIP, cols, 3);
	table_header(&t);
	table_str(&t, cf->flags & WIRE_CFG_AUTOSTART ? "on" : "off");
	table_long(&t, cf->rate ? cf->rate : PLANLOOP_RATE);
	table_str(&t, letters);
	table_end_row(&t);
	return table_flush(&t) == 0 ? 0 : EXIT_IOERR;
}

/* `autostart on|off` and the options into a configuration. */
static int
parse_set(struct ctl *c, int argc, char **argv, struct wire_config *cf)
{
	memset(cf, 0, sizeof *cf);
	if (argc != 3 || strcmp(argv[1], "autostart") != 0 ||
	    (strcmp(argv[2], "on") != 0 && strcmp(argv[2], "off") != 0)) {
		warnx_tool("config: want 'config' or 'config autostart on|off'");
		return EXIT_USAGE;
	}
	if (c->rate > PLANLOOP_RATE_MAX) {
		warnx_tool("config: --rate %ld: the robot runs at most %d "
		    "cycles a second", c->rate, PLANLOOP_RATE_MAX);
		return EXIT_USAGE;
	}
	cf->flags = strcmp(argv[2], "on") == 0 ? WIRE_CFG_AUTOSTART : 0;
	cf->rate = (uint16_t)c->rate;
	return c->events ? letters_to_mask(c->events, &cf->monitor) : 0;
}

int
cmd_config(struct ctl *c, int argc, char **argv)
{
	struct wire_frame reply;
	struct wire_config cf;
	uint8_t p[WIRE_PAYLOAD_MAX], n = 0;
	int r;

	if (argc > 1 || c->rate || c->events) {
		if ((r = parse_set(c, argc, argv, &cf)) != 0)
			return r;
		n = wire_config_encode(&cf, p);
	}
	if ((r = ctl_connect(c)) != 0)
		return r;
	if (c->check && n) {
		printf("config: would set autostart %s\n", argv[2]);
		return 0;
	}
	if ((r = ctl_call(c, WIRE_CONFIG, p, n, &reply, "config")) != 0)
		return r;
	if (wire_config_decode(&cf, reply.payload, reply.len) != 0) {
		warnx_tool("config: the robot sent a malformed reply");
		return EXIT_IOERR;
	}
	return print_config(c, &cf);
}
