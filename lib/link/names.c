/*
 * names.c - the tables behind names.h: the message names from the one
 * list of core/wire/messages.h, one row per error code of
 * man/spine-protocol.7.
 */
#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>

#include "names.h"
#include "wire/msg.h"

#define NAME_REQ_(name, type, handler) { WIRE_##name, #name, 1 },
#define NAME_OUT_(name, type) { WIRE_##name, #name, 0 },
static const struct {
	uint8_t type;
	const char *name;
	uint8_t request;	/* the host may send it */
} types[] = {
	WIRE_MESSAGES(NAME_REQ_, NAME_OUT_)
};

static const char *const errors[] = {
	[WIRE_E_UNKNOWN] = "unknown request",
	[WIRE_E_LENGTH] = "malformed request",
	[WIRE_E_VERSION] = "protocol version not supported",
	[WIRE_E_ARG] = "argument out of range",
	[WIRE_E_BUSY] = "busy: the stored plan is running",
	[WIRE_E_NO_PLAN] = "no plan stored",
	[WIRE_E_TOO_BIG] = "plan larger than the robot's plan capacity",
	[WIRE_E_NO_UPLOAD] = "no upload in progress",
	[WIRE_E_OFFSET] = "plan chunk out of order",
	[WIRE_E_INCOMPLETE] = "plan upload incomplete",
	[WIRE_E_CRC] = "uploaded plan does not match its CRC-32",
	[WIRE_E_PLAN] = "the robot rejected the plan as invalid",
	[WIRE_E_STORE] = "the robot's plan store failed",
	[WIRE_E_STEP] = "setpoint out of order",
	[WIRE_E_FULL] = "setpoint buffer full",
	[WIRE_E_RUN] = "no such run to resume",
	[WIRE_E_RANGE] = "read outside the stored plan",
	[WIRE_E_ELEMENT] = "no such element in the stored plan",
	[WIRE_E_NOT_PAUSED] = "the plan is not paused",
	[WIRE_E_NO_ROOM] = "no room beside the plan for a configuration",
};

const char *
link_type_name(uint8_t type)
{
	size_t i;

	if (type & WIRE_REPLY)
		type = (uint8_t)(type & ~WIRE_REPLY);
	for (i = 0; i < sizeof types / sizeof types[0]; i++)
		if (types[i].type == type)
			return types[i].name;
	return NULL;
}

static int
same_name(const char *word, const char *name)
{
	for (; *word && *name; word++, name++) {
		char c = *word == '-' ? '_' :
		    (char)toupper((unsigned char)*word);

		if (c != *name)
			return 0;
	}
	return *word == '\0' && *name == '\0';
}

int
link_type_parse(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof types / sizeof types[0]; i++)
		if (types[i].request && same_name(name,
		    types[i].name))
			return types[i].type;
	return -1;
}

const char *
link_error_text(uint8_t code)
{
	if (code < sizeof errors / sizeof errors[0] && errors[code])
		return errors[code];
	return "unknown error";
}

int
link_type_arg(const char *arg)
{
	int type = link_type_parse(arg);
	char *end;
	long v;

	if (type >= 0)
		return type;
	v = strtol(arg, &end, 0);
	return *end != '\0' || v <= 0 || v > 0x3F ? -1 : (int)v;
}
