/*
 * client.h - a conversation with a robot on the spine protocol: the port,
 * the handshake, one request and its reply with the robot's refusals
 * spelled out, and what the robot told us, kept for as long as it stays
 * true.  Every robot conversation of armctl (and of tests, over
 * hw/sim/memlink.c) goes through a struct client; the other headers of
 * lib/client are its conversations (upload.h, download.h, describe.h,
 * check.h, names.h, control.h, stream.h, detour.h, listen.h, monitor.h,
 * telemetry.h).  Functions return enum client_status; each failure is
 * reported (client_say) before it is returned.
 */
#ifndef SPINE_CLIENT_H
#define SPINE_CLIENT_H

#include <signal.h>
#include <stdarg.h>
#include <stdint.h>

#include "client/describe.h"
#include "client/status.h"
#include "client/names.h"
#include "link/port.h"
#include "link/session.h"
#include "wire/msg.h"

/* What PLAN_INFO says of the stored plan and the robot. */
struct client_info {
	uint32_t size;		/* the stored plan's bytes, 0: none */
	uint32_t crc;		/* CRC-32 of those bytes (every valid plan's
				   is the same: its last 4 bytes are one) */
	uint32_t id;		/* the plan's own CRC-32, its last 4 bytes */
	uint32_t desc_crc;	/* CRC-32 of the robot's description */
	uint8_t ids;		/* id and desc_crc were reported (robots
				   before them send size and crc only) */
};

/* How far a long conversation (push, pull, run) has got: the caller's
   bar; update may be NULL. */
struct client_progress {
	void (*update)(void *ctx, uint32_t done, uint32_t total);
	void *ctx;
};

struct client {
	/* set by the caller (client_init gives the defaults) */
	long baud;
	int timeout_ms;		/* the longest resend timeout */
	int retries;
	int verbose;		/* say what was connected */
	volatile sig_atomic_t *interrupted;	/* may be NULL */
	/* where messages go: NULL prints them (warnx_tool) */
	void (*say)(void *ctx, const char *line);
	void *say_ctx;
	/* the link */
	char *port_name;
	struct wire_port *port;
	int own_port;		/* client_close closes it */
	struct wire_session s;
	struct wire_hello hello;
	int connected;		/* a handshake went through */
	/* what the robot told us, kept across handshakes while its CRCs
	   say it still holds */
	struct client_info info;	/* the last PLAN_INFO */
	struct client_desc desc;	/* its description */
	struct client_names names;	/* names for its plan */
	int tables_old;		/* it knows no COUNTERS_SPARSE and no
				   STATE_PACKED */
	char why[300];		/* the last message said */
};

/* Defaults: 115200 baud, 300 ms, 5 retries, messages printed. */
void client_init(struct client *cl);

/*
 * Open `name` (a device, a pseudo-terminal or tcp:HOST:PORT) and hold its
 * lock; a port used unlocked is said so.  No handshake (a servo bus has
 * none).  CLIENT_OK, CLIENT_UNAVAILABLE (missing, busy), CLIENT_TIMEOUT
 * (a TCP robot that does not answer) or CLIENT_IO.
 */
enum client_status client_open(struct client *cl, const char *name);

/* Use a port opened elsewhere (hw/sim/memlink.c); the caller closes it. */
void client_attach(struct client *cl, struct wire_port *port);

/* The handshake on the open port; sets the window.  What the client had
   learned stays until a CRC says it changed. */
enum client_status client_connect(struct client *cl);

/* After an interruption: a new handshake (ending streams and a half-done
   upload on the robot) that Ctrl-C does not cut short. */
enum client_status client_resync(struct client *cl);

/* Close the port (if ours); the caches stay for the next connection. */
void client_close(struct client *cl);
/* And forget everything learned. */
void client_free(struct client *cl);

/*
 * One request and its reply.  CLIENT_OK with *reply the robot's answer;
 * else, after a message naming `doing`: a link failure, or an error reply
 * (CLIENT_FAILED, or CLIENT_IO for a robot whose store failed).
 */
enum client_status client_call(struct client *cl, uint8_t type,
    const uint8_t *payload, uint8_t len, struct wire_frame *reply,
    const char *doing);

/* The status for the session's failure, said with `doing`. */
enum client_status client_link_failed(struct client *cl, const char *doing);
/* The status for an ERROR reply to `doing`, said. */
enum client_status client_refused(struct client *cl,
    const struct wire_frame *reply, const char *doing);
/* A reply that cannot be: said, the link marked broken (a handshake puts
   it right), CLIENT_IO. */
enum client_status client_malformed(struct client *cl, const char *doing);

/* The next reply of those in flight (any type, ERROR too): CLIENT_OK;
   else the link's failure, or CLIENT_TIMEOUT ("no reply"), said with
   `doing`. */
enum client_status client_next_reply(struct client *cl,
    struct wire_frame *reply, const char *doing);

/* PLAN_INFO into cl->info (and *out when not NULL). */
enum client_status client_plan_info(struct client *cl,
    struct client_info *out);

/* Wait for the replies still due and drop them (after a failure, so the
   next request starts clean); bounded by the retries. */
void client_drain(struct client *cl);

/* Tell the caller's bar. */
void client_progress(const struct client_progress *p, uint32_t done,
    uint32_t total);

/* Listen ms milliseconds (EVENTS and SENSES still reach their hooks);
   CLIENT_OK, CLIENT_INTERRUPTED or a link failure. */
enum client_status client_wait(struct client *cl, int ms);

/* The link's clock, milliseconds. */
uint64_t client_now(const struct client *cl);

/* Link length `joint` from the handshake, millimetres. */
double client_link_mm(const struct client *cl, int joint);

/* Say one line (kept in cl->why); printf-style. */
void client_say(struct client *cl, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Is a spine robot behind port `name` (armctl list --probe; opening a
   port resets many boards, so only when asked)?  Said nothing. */
enum client_probe {
	CLIENT_PROBE_ANSWERED,	/* it shook hands */
	CLIENT_PROBE_SILENT,	/* it opened, nothing answered */
	CLIENT_PROBE_BUSY,	/* another program holds it */
	CLIENT_PROBE_CLOSED	/* it cannot be opened */
};
enum client_probe client_probe(const char *name, long baud, int timeout_ms,
    volatile sig_atomic_t *interrupted);

/* Has a signal come? */
int client_interrupted(const struct client *cl);

#endif
