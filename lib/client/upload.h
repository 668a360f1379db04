/*
 * upload.h - a plan to the robot: chunks that fit its 64-byte UART
 * buffer, as many in flight as its window takes, checked by CRC-32
 * before the robot commits it; the plan check against the robot's
 * description runs between the chunks (the replies' side of the line is
 * idle while the chunks go out), and the commit waits for its verdict.
 * A commit whose reply was lost is settled by asking the robot which
 * plan it holds.
 */
#ifndef SPINE_CLIENT_UPLOAD_H
#define SPINE_CLIENT_UPLOAD_H

#include <stdint.h>

#include "client/client.h"
#include "plan/plan.h"
#include "run/load.h"

struct client_push {
	const uint8_t *bytes;
	uint32_t size;
	const struct plan *plan;	/* checked first (check.h); NULL: not */
	const char *path;		/* for messages */
	int force;			/* store a plan that does not fit */
	struct client_progress progress;	/* bytes */
	uint32_t ms;		/* out: BEGIN to the commit's reply */
	uint8_t error;		/* out: the robot's refusal (enum
				   wire_error), or 0 */
};

/*
 * Upload and commit p's plan.  CLIENT_OK once the robot committed it;
 * CLIENT_DATA when it does not fit the robot (nothing committed); else a
 * refusal or link failure, said.  A caller checks the size against
 * cl->hello.capacity first.
 */
enum client_status client_push(struct client *cl, struct client_push *p);

/* A plan file read and validated (lib/run/load.c); CLIENT_OK, or a
   failure reported (CLIENT_NO_INPUT, CLIENT_DATA, CLIENT_LOCAL_IO).  And
   the same for a plan to push: one the wire can carry (its offsets
   travel as 16 bits). */
#define CLIENT_PLAN_MAX 65535u
enum client_status client_plan_file(const char *path,
    struct loaded_plan *lp);
enum client_status client_plan_load(const char *path,
    struct loaded_plan *lp);

/*
 * Does the robot hold the plan bytes[size]?  1 yes, 0 no; -1 and *st
 * when it did not answer.
 */
int client_holds(struct client *cl, const uint8_t *bytes, uint32_t size,
    enum client_status *st);

#endif
