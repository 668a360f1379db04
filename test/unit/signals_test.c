/*
 * signals_test.c - which ending signals sig_catch_endings takes
 * (lib/host/signals): with SIGINT ignored, SIGTERM caught by another
 * handler and SIGHUP at its default, each keep rule takes what it says.
 */
#include <signal.h>
#include <string.h>

#include "check.h"
#include "host/signals.h"

static void
mine(int sig)
{
	(void)sig;
}

static void
theirs(int sig)
{
	(void)sig;
}

static void
start_as_found(void)
{
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, theirs);
	signal(SIGHUP, SIG_DFL);
}

static void (*handler(int sig))(int)
{
	struct sigaction sa;

	sigaction(sig, NULL, &sa);
	return sa.sa_handler;
}

static void
test_keep_none(void)
{
	struct sigaction sa;

	start_as_found();
	sig_catch_endings(mine, SIG_KEEP_NONE);
	CHECK(handler(SIGINT) == mine);
	CHECK(handler(SIGTERM) == mine);
	CHECK(handler(SIGHUP) == mine);
	/* no SA_RESTART: a blocked read ends with EINTR */
	sigaction(SIGTERM, NULL, &sa);
	CHECK((sa.sa_flags & SA_RESTART) == 0);
}

static void
test_keep_ignored(void)
{
	start_as_found();
	sig_catch_endings(mine, SIG_KEEP_IGNORED);
	CHECK(handler(SIGINT) == SIG_IGN);
	CHECK(handler(SIGTERM) == mine);
	CHECK(handler(SIGHUP) == mine);
}

static void
test_keep_set(void)
{
	start_as_found();
	sig_catch_endings(mine, SIG_KEEP_SET);
	CHECK(handler(SIGINT) == SIG_IGN);
	CHECK(handler(SIGTERM) == theirs);
	CHECK(handler(SIGHUP) == mine);
}

static void
test_ignore_pipe(void)
{
	signal(SIGPIPE, SIG_DFL);
	sig_ignore_pipe();
	CHECK(handler(SIGPIPE) == SIG_IGN);
}

int
main(void)
{
	RUN(test_keep_none);
	RUN(test_keep_ignored);
	RUN(test_keep_set);
	RUN(test_ignore_pipe);
	return check_report("signals");
}
