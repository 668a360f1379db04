/*
 * session.h - the host end of the link: numbered requests,
 * up to `window` of them unanswered, resent on timeout, NAK or a reply that
 * shows an earlier one was lost; every wait bounded.  armctl's only link.
 *
 * The resend timeout follows the measured round trip (smoothed mean plus
 * four deviations, as TCP does, sampled only from requests sent once), so
 * a loss costs a few round trips, not a fixed --timeout.  A request is
 * given up when it has gone unanswered for (retries + 1) x timeout_ms and
 * been sent at least retries + 1 times: a dead robot is noticed as fast as
 * before, a lossy one is retried as often as the time allows.  A robot
 * still heard from (a whole frame within the last timeout_ms) is alive on
 * a lossy line: its request gets twice that time, and no more.
 */
#ifndef SPINE_LINK_SESSION_H
#define SPINE_LINK_SESSION_H

#include <signal.h>
#include <stdint.h>

#include "wire/frame.h"
#include "port.h"
#include "wire/msg.h"

enum wire_fail {
	WIRE_FAIL_NONE = 0,
	WIRE_FAIL_TIMEOUT,	/* no reply after all retries */
	WIRE_FAIL_LINK,		/* the line went away or an I/O error */
	WIRE_FAIL_INTR,		/* *interrupted became true */
	WIRE_FAIL_PROTO		/* the robot said something impossible */
};

struct wire_pending {
	uint8_t seq, type, len;
	uint8_t frame[WIRE_FRAME_MAX];
	uint64_t due_ms;	/* resend if no reply by then */
	uint64_t arrive_ms;	/* the last sending should reach the robot
				 * then: a NAK before it is not news */
	uint64_t first_ms;	/* first sent: the give-up budget runs from it */
	uint64_t sent_ms;	/* last sent */
	uint16_t sends;		/* times sent */
	uint32_t order;		/* the session's frame count at the last
				   sending: which of two went first */
	uint8_t timeouts;
	uint8_t replied;
	uint8_t cumulative;	/* WIRE_SEND_CUMULATIVE */
	uint8_t tail;		/* WIRE_SEND_TAIL */
	struct wire_frame reply;
};

struct wire_session {
	struct wire_port *port;
	int timeout_ms;		/* the longest resend timeout */
	int retries;		/* resends per request before giving up */
	int rto_ms;		/* the resend timeout now */
	int base_rto_ms;	/* from the round trips alone, 0 before one */
	double srtt_ms, rttvar_ms;	/* round trip: mean, deviation */
	double min_rtt_ms;	/* the shortest round trip seen */
	double line_free_ms;	/* when what we wrote will all have reached
				 * the robot (see frame_ms in session.c) */
	int have_rtt;		/* srtt_ms holds a sample */
	uint64_t progress_ms;	/* when the last new reply came */
	uint64_t loss_ms;	/* when the last NAK came or resend went */
	uint8_t window;		/* set from HELLO; 1 until then */
	uint8_t selective;	/* HELLO said WIRE_F_SELECTIVE */
	uint8_t next_seq;
	struct wire_decoder dec;
	struct wire_pending pend[WIRE_WINDOW_MAX];
	uint8_t head, count;
	volatile sig_atomic_t *interrupted;	/* may be NULL */
	/* EVENTS and SENSES frames, which no request asked for */
	void (*on_events)(void *ctx, const struct wire_frame *f);
	void *events_ctx;
	/* also sees every EVENTS (and SENSES) frame, whoever set on_events
	 * (a session's log, armctl session --log-dir) */
	void (*tap)(void *ctx, const struct wire_frame *f);
	void *tap_ctx;
	uint64_t last_rx_ms;	/* when the last byte came */
	uint64_t heard_ms;	/* when the last whole frame came */
	enum wire_fail fail;
	char why[200];		/* what went wrong, for a message */
	unsigned long frames_out, resent, naks, timeouts;
	unsigned long bytes_out;
};

void link_session_init(struct wire_session *s, struct wire_port *port,
    int timeout_ms, int retries);

/* Room for another request now? */
int link_can_send(const struct wire_session *s);
uint8_t link_outstanding(const struct wire_session *s);

/* Send a request (window permitting); 0, or -1 with s->fail set. */
int link_send(struct wire_session *s, uint8_t type, const uint8_t *payload,
    uint8_t len);

/*
 * The same, for a request whose reply only says how far the robot has got
 * (PLAN_CHUNK's acknowledged offset): the robot runs requests in order, so
 * any later reply but an ERROR proves it ran this one too and stands in
 * for a lost reply instead of a resend (a later reply of the same type
 * with its payload; of another type, empty).
 */
#define WIRE_SEND_CUMULATIVE 0x01
/*
 * The last request of a burst: no later request will make the robot
 * notice it was lost, nor a later reply show its reply was, so it goes out
 * twice at once (the robot runs it once and answers both) rather than
 * waiting out a timeout for a loss.
 */
#define WIRE_SEND_TAIL 0x02
int link_send_flags(struct wire_session *s, uint8_t type,
    const uint8_t *payload, uint8_t len, unsigned flags);

/*
 * The reply to the oldest unanswered request, in order: 1 and *reply
 * filled; 0 when it did not come within wait_ms (resending is handled
 * here; 0 is not a failure); -1 with s->fail set.  With nothing
 * outstanding it only listens (for monitor events) until wait_ms.
 */
int link_recv(struct wire_session *s, struct wire_frame *reply, int wait_ms);

/* One request and its reply: 0 (the reply may be WIRE_ERROR) or -1. */
int link_call(struct wire_session *s, uint8_t type, const uint8_t *payload,
    uint8_t len, struct wire_frame *reply);

/* The handshake; sets the window.  0, -1 (s->fail), or -2 bad reply. */
int link_hello(struct wire_session *s, struct wire_hello *h);

/* Milliseconds on the monotonic clock. */
uint64_t link_now_ms(void);

#endif
