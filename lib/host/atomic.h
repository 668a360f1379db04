/*
 * atomic.h - output files that appear whole or not at all.
 * Data goes to a temporary file beside the target and is renamed over it
 * only on success, so a failed run never leaves a half-written output.
 */
#ifndef SPINE_ATOMIC_H
#define SPINE_ATOMIC_H

#include <stdio.h>

struct atomic_file {
	FILE *fp;		/* write here */
	char *path;		/* the target */
	char *tmp;		/* the temporary, NULL when writing in place */
};

/*
 * Open `path` for writing.  "-" is stdout; a path that exists and is not a
 * regular file (/dev/null, a fifo, a tty) is written in place.  0 on
 * success, -1 with errno set.
 */
int atomic_open(struct atomic_file *af, const char *path);

/* Flush, sync and rename into place.  0, or -1 with errno (target untouched). */
int atomic_commit(struct atomic_file *af);

/*
 * Put the file in place now and go on writing it there, for a stream that
 * readers follow as it grows (worldsim's logs and tables): the target is
 * replaced only once the run has started, and what is written afterwards
 * shows at once.  atomic_commit then flushes and closes; atomic_abort
 * closes and leaves what was written.  0, or -1 with errno (nothing moved).
 */
int atomic_publish(struct atomic_file *af);

/* Give up: remove the temporary, leave the target as it was. */
void atomic_abort(struct atomic_file *af);

/* buf[n] as the whole of `path` ("-": stdout), or nothing: 0, or -1
   with errno set. */
int atomic_write(const char *path, const void *buf, size_t n);

/*
 * A log to append to: `path`, created if need be, a plain file and not
 * a symbolic link to one (never followed).  0 with *fp and *empty (it
 * holds nothing yet); -1 when it cannot be opened (errno, ELOOP for a
 * symbolic link); -2 when it is no plain file.
 */
int append_open(const char *path, FILE **fp, int *empty);

#endif
