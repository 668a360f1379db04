/*
 * agent.h - a co-process as the robot: started with sh -c, spoken to one
 * line at a time, every wait bounded.  planrun's reactive protocol
 * ("sense NAME", "act NAME VALUE") and the task machine's (task_agent.c)
 * both go through run_agent_line.  See planrun(1), AGENT PROTOCOL.
 */
#ifndef SPINE_RUN_AGENT_H
#define SPINE_RUN_AGENT_H

#include <stddef.h>
#include <stdint.h>

#include "run/status.h"

struct agent {
	int pid;
	int to_fd, from_fd;
	char buf[4096];
	size_t len, pos;
	int timeout_ms;
	int replies;		/* answers received */
	enum run_status status;	/* RUN_OK, or what stopped it */
	int ended;		/* the agent closed its output */
	struct diag *say;	/* where its messages go (NULL: stderr) */
};

/* Start `sh -c command`; what goes wrong with it, now or later, said
   through say.  RUN_OK, or RUN_UNAVAILABLE after a message. */
enum run_status run_agent_start(struct agent *a, const char *command,
    int timeout_ms, struct diag *say);

/* Ask for a sense / an action result; on failure a->status is set and a
   neutral answer (0, PLANNER_ERROR) is returned. */
int16_t run_agent_sense(struct agent *a, const char *name);
uint8_t run_agent_act(struct agent *a, const char *name, int16_t value,
    uint8_t check);

/* Close the pipes, reap the agent (SIGTERM, then SIGKILL, when it does
   not end within the timeout) and end what is left of its process group. */
void run_agent_stop(struct agent *a);

/* SIGKILL to the agent's process group at once; async-signal-safe, for a
   tool dying of a signal, so no agent outlives it. */
void run_agent_kill(const struct agent *a);

/* One line out (no newline), its reply back; NULL (a->status) if none. */
const char *run_agent_line(struct agent *a, const char *line);

#endif
