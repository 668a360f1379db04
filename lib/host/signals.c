/*
 * signals.c - the ending signals caught by one handler (signals.h).  A
 * signal the shell set to be ignored stays ignored where the caller
 * asks, as a tool run under nohup expects.
 */
#include <signal.h>
#include <string.h>

#include "signals.h"

void
sig_catch_endings(void (*fn)(int), enum sig_keep keep)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa, old;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		if (keep != SIG_KEEP_NONE &&
		    sigaction(sigs[i], NULL, &old) == 0 &&
		    (old.sa_handler == SIG_IGN ||
		    (keep == SIG_KEEP_SET && old.sa_handler != SIG_DFL)))
			continue;
		sigaction(sigs[i], &sa, NULL);
	}
}

void
sig_ignore_pipe(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_IGN;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPIPE, &sa, NULL);
}
