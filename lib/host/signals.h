/*
 * signals.h - catching the signals that end a tool (Ctrl-C, kill,
 * hang-up) with one handler, so it can stop cleanly and then die of
 * them.  Called by the tools' main()s and by atomic.c.
 */
#ifndef SPINE_HOST_SIGNALS_H
#define SPINE_HOST_SIGNALS_H

/* Which of the ending signals a tool leaves as it found them. */
enum sig_keep {
	SIG_KEEP_NONE,		/* catch each, whatever was there */
	SIG_KEEP_IGNORED,	/* leave one ignored at start (nohup, &) */
	SIG_KEEP_SET,		/* catch only those still at their default */
};

/*
 * Catch SIGINT, SIGTERM and SIGHUP with fn, without SA_RESTART so a
 * blocked wait ends at once; keep says which to leave alone.
 */
void sig_catch_endings(void (*fn)(int), enum sig_keep keep);

/* SIG_IGN for SIGPIPE: a closed reader is an EPIPE to report. */
void sig_ignore_pipe(void);

#endif
