/*
 * messages.h - every message of the robot link, once (portable core).
 * The enum of msg.h, the names of lib/link/names.c and the robot's
 * dispatch and handlers (core/robot/requests.c, requests.h) are all
 * expanded from this list, as jq makes its opcodes from one list; a
 * message added here is named, numbered and routed everywhere at once.
 * Its payloads are in msg.h and desc.h, and in man/spine-protocol.7.
 *
 * REQ(NAME, type, handler): a request from the host; the robot answers it
 *	with type | WIRE_REPLY (or ERROR) from robot_req_<handler>.
 * OUT(NAME, type): a frame the robot sends unasked, never acknowledged.
 *
 * Types 0x04..0x0F and 0x2B..0x2F are free for new requests.
 */
#ifndef SPINE_WIRE_MESSAGES_H
#define SPINE_WIRE_MESSAGES_H

#define WIRE_MESSAGES(REQ, OUT) \
	REQ(HELLO, 0x01, hello) \
	REQ(DESCRIBE, 0x02, describe) \
	REQ(DESCRIBE_PAGE, 0x03, describe_page) \
	REQ(PLAN_INFO, 0x10, plan_info) \
	REQ(PLAN_BEGIN, 0x11, plan_begin) \
	REQ(PLAN_CHUNK, 0x12, plan_chunk) \
	REQ(PLAN_COMMIT, 0x13, plan_commit) \
	REQ(PLAN_READ, 0x14, plan_read) \
	REQ(CONFIG, 0x15, config) \
	REQ(START, 0x20, start) \
	REQ(STOP, 0x21, stop) \
	REQ(MONITOR, 0x22, monitor) \
	REQ(PRIO, 0x23, prio) \
	REQ(ELEM_MONITOR, 0x24, elem_monitor) \
	REQ(COUNTERS, 0x25, counters) \
	REQ(STATE, 0x26, state) \
	REQ(PAUSE, 0x27, pause) \
	REQ(RATE, 0x28, rate) \
	REQ(COUNTERS_SPARSE, 0x29, counters_sparse) \
	REQ(STATE_PACKED, 0x2A, state_packed) \
	REQ(STREAM, 0x30, stream) \
	REQ(SETPOINT, 0x31, setpoint) \
	REQ(STATUS, 0x32, status) \
	REQ(ENCODERS, 0x33, encoders) \
	REQ(TELEMETRY, 0x34, telemetry) \
	OUT(EVENTS, 0x40) \
	OUT(SENSES, 0x41) \
	OUT(NAK, 0x7E) \
	OUT(ERROR, 0x7F)

#endif
