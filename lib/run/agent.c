/*
 * agent.c - --agent 'CMD': a co-process that is the robot (agent.h).  A
 * reactive run writes "sense NAME" and reads a number, writes "act NAME
 * VALUE" (with " check" when it checks a running action) and reads
 * success, fail, running or error.  Every wait is bounded by the timeout.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "host/diag.h"
#include "host/num.h"
#include "planner/planner.h"
#include "run/agent.h"

enum run_status
run_agent_start(struct agent *a, const char *command, int timeout_ms,
    struct diag *say)
{
	int in[2], out[2];
	pid_t pid;

	memset(a, 0, sizeof *a);
	a->say = say;
	a->to_fd = a->from_fd = -1;
	a->timeout_ms = timeout_ms;
	if (pipe(in) < 0)
		goto fail;
	if (pipe(out) < 0) {
		close(in[0]);
		close(in[1]);
		goto fail;
	}
	if ((pid = fork()) < 0) {
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		goto fail;
	}
	if (pid == 0) {
		sigset_t none;

		/* its own process group, so run_agent_stop ends whatever it
		   starts; the default SIGPIPE we set aside for ourselves */
		setpgid(0, 0);
		signal(SIGPIPE, SIG_DFL);
		sigemptyset(&none);	/* (the caller may hold some) */
		sigprocmask(SIG_SETMASK, &none, NULL);
		dup2(in[0], STDIN_FILENO);
		dup2(out[1], STDOUT_FILENO);
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		execl("/bin/sh", "sh", "-c", command, (char *)NULL);
		_exit(127);
	}
	setpgid(pid, pid);	/* as the child does: whoever is first */
	close(in[0]);
	close(out[1]);
	fcntl(in[1], F_SETFD, FD_CLOEXEC);
	fcntl(out[0], F_SETFD, FD_CLOEXEC);
	a->pid = (int)pid;
	a->to_fd = in[1];
	a->from_fd = out[0];
	return RUN_OK;
fail:
	run_say(a->say, "agent: cannot start '%s': %s", command, strerror(errno));
	return RUN_UNAVAILABLE;
}

static int
send_line(struct agent *a, const char *line)
{
	size_t n = strlen(line), done = 0;
	ssize_t w;

	while (done < n) {
		if ((w = write(a->to_fd, line + done, n - done)) < 0) {
			if (errno == EINTR)
				continue;
			a->ended = 1;	/* EPIPE: it has gone */
			return -1;
		}
		done += (size_t)w;
	}
	return 0;
}

static long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Waits for a reply until the deadline; -1 (status set) on timeout. */
static int
wait_readable(struct agent *a, long deadline, const char *asked)
{
	struct pollfd pfd;
	long left;
	int rc;

	pfd.fd = a->from_fd;
	pfd.events = POLLIN;
	for (;;) {
		left = deadline - now_ms();
		if (left < 0)
			left = 0;
		rc = poll(&pfd, 1, (int)left);
		if (rc > 0)
			return 0;
		if (rc < 0 && errno == EINTR)
			continue;
		if (rc < 0)
			run_say(a->say, "agent: %s", strerror(errno));
		else
			run_say(a->say, "agent: no reply to '%s' within %d ms",
			    asked, a->timeout_ms);
		a->status = rc < 0 ? RUN_IO : RUN_TIMEOUT;
		return -1;
	}
}

/* The next reply line, without its end of line; NULL on EOF or error. */
static char *
read_line(struct agent *a, const char *asked)
{
	long deadline = now_ms() + a->timeout_ms;
	char *nl, *line;
	ssize_t got;

	for (;;) {
		if ((nl = memchr(a->buf + a->pos, '\n', a->len - a->pos))) {
			line = a->buf + a->pos;
			*nl = '\0';
			a->pos = (size_t)(nl - a->buf) + 1;
			if (nl > line && nl[-1] == '\r')
				nl[-1] = '\0';
			a->replies++;
			return line;
		}
		if (a->pos > 0) {	/* keep the partial line at the start */
			memmove(a->buf, a->buf + a->pos, a->len - a->pos);
			a->len -= a->pos;
			a->pos = 0;
		}
		if (a->len == sizeof a->buf - 1) {
			run_say(a->say, "agent: reply to '%s' longer than %zu bytes",
			    asked, sizeof a->buf - 1);
			a->status = RUN_BAD_DATA;
			return NULL;
		}
		if (wait_readable(a, deadline, asked) < 0)
			return NULL;
		got = read(a->from_fd, a->buf + a->len,
		    sizeof a->buf - 1 - a->len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			a->ended = 1;
			return NULL;
		}
		if (memchr(a->buf + a->len, '\0', (size_t)got) != NULL) {
			run_say(a->say, "agent: reply to '%s' holds a NUL byte",
			    asked);
			a->status = RUN_BAD_DATA;
			return NULL;
		}
		a->len += (size_t)got;
	}
}

/* Sends a request and reads its reply; NULL if there is none. */
static char *
ask(struct agent *a, const char *request)
{
	char shown[160];
	size_t n;

	if (a->status != RUN_OK || a->ended)
		return NULL;
	snprintf(shown, sizeof shown, "%s", request);
	n = strlen(shown);
	if (n > 0 && shown[n - 1] == '\n')
		shown[n - 1] = '\0';
	if (send_line(a, request) < 0)
		return NULL;
	return read_line(a, shown);
}

const char *
run_agent_line(struct agent *a, const char *line)
{
	char request[512];

	snprintf(request, sizeof request, "%s\n", line);
	return ask(a, request);
}

int16_t
run_agent_sense(struct agent *a, const char *name)
{
	char request[512], *reply;
	long v;
	enum num_error e;

	snprintf(request, sizeof request, "sense %s\n", name);
	if ((reply = ask(a, request)) == NULL)
		return 0;
	if ((e = num_long(reply, -32768, 32767, &v)) != NUM_OK) {
		run_say(a->say, "agent: reply '%.80s' to 'sense %s': %s (a sense "
		    "value is an integer -32768..32767)", reply, name,
		    num_strerror(e));
		a->status = RUN_BAD_DATA;
		return 0;
	}
	return (int16_t)v;
}

uint8_t
run_agent_act(struct agent *a, const char *name, int16_t value, uint8_t check)
{
	static const char *const word[4] = {
		"fail", "success", "running", "error"
	};
	char request[512], *reply;
	int i;

	snprintf(request, sizeof request, "act %s %d%s\n", name, value,
	    check ? " check" : "");
	if ((reply = ask(a, request)) == NULL)
		return PLANNER_ERROR;
	for (i = 0; i < 4; i++)
		if (strcmp(reply, word[i]) == 0)
			return (uint8_t)i;	/* PLANNER_FAIL .. _ERROR */
	run_say(a->say, "agent: reply '%.80s' to 'act %s %d': expected success, "
	    "fail, running or error", reply, name, value);
	a->status = RUN_BAD_DATA;
	return PLANNER_ERROR;
}

/* Reaps the agent, waiting at most ms; 1 if it has gone. */
static int
reap(struct agent *a, long ms, int *wstatus)
{
	long deadline = now_ms() + ms;
	struct timespec pause = { 0, 10 * 1000 * 1000 };

	for (;;) {
		pid_t got = waitpid((pid_t)a->pid, wstatus, WNOHANG);

		if (got == (pid_t)a->pid || (got < 0 && errno != EINTR))
			return 1;
		if (now_ms() >= deadline)
			return 0;
		nanosleep(&pause, NULL);
	}
}

/*
 * What the agent left behind in its process group (a command it started
 * in the background, say): asked to end, then, after a second, made to.
 * The group outlives its leader only through them.
 */
static void
end_group(struct agent *a)
{
	long deadline = now_ms() + 1000;
	struct timespec pause = { 0, 10 * 1000 * 1000 };

	if (kill(-(pid_t)a->pid, SIGTERM) < 0)
		return;		/* ESRCH: nobody left */
	while (kill(-(pid_t)a->pid, 0) == 0 && now_ms() < deadline)
		nanosleep(&pause, NULL);
	kill(-(pid_t)a->pid, SIGKILL);
}

void
run_agent_stop(struct agent *a)
{
	int wstatus = 0;

	if (a->to_fd >= 0)
		close(a->to_fd);
	if (a->from_fd >= 0)
		close(a->from_fd);
	a->to_fd = a->from_fd = -1;
	if (a->pid <= 0)
		return;
	/* it sees end of input; give it the timeout to finish */
	if (!reap(a, a->timeout_ms, &wstatus)) {
		kill(-(pid_t)a->pid, SIGTERM);
		if (!reap(a, 1000, &wstatus)) {
			kill(-(pid_t)a->pid, SIGKILL);
			reap(a, 1000, &wstatus);
		}
		run_say(a->say, "agent: stopped (it did not exit when its input "
		    "ended)");
	} else if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) != 0) {
		run_say(a->say, "agent: exited with status %d",
		    WEXITSTATUS(wstatus));
	} else if (WIFSIGNALED(wstatus)) {
		run_say(a->say, "agent: killed by signal %d", WTERMSIG(wstatus));
	}
	end_group(a);
	a->pid = 0;
}

void
run_agent_kill(const struct agent *a)
{
	if (a->pid > 0)
		kill(-(pid_t)a->pid, SIGKILL);
}
