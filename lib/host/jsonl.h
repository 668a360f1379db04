/*
 * jsonl.h - reading JSON lines as struct table writes them: one flat
 * object a line, its values strings, numbers or null.  Each member comes
 * back as its key, its value's text ("" for null) and the column where
 * the value starts; anything else is refused with its line and column.
 * The event log's reader and the sense table's use it.
 */
#ifndef SPINE_HOST_JSONL_H
#define SPINE_HOST_JSONL_H

#include <stddef.h>
#include <stdio.h>

/* More members than this on a line are refused (not a table's row). */
#define JSONL_MAX_MEMBERS 4096

struct jsonl_member {
	const char *key;
	const char *value;	/* "" for null */
	long col;		/* where the value starts */
	int null;
};

struct jsonl_reader {
	FILE *fp;
	char *buf;		/* the line, then the decoded text */
	size_t cap;
	long next_line;
	long line;		/* the line of the object read last */
	long truncated;		/* after 0: a last line with no line end */
	struct jsonl_member *m;	/* the object's members, in order */
	size_t n, mcap;
	/* after -1: where and why */
	long err_line, err_col;
	char error[160];
};

/* Start reading fp (the caller keeps it). */
void jsonl_init(struct jsonl_reader *j, FILE *fp);
void jsonl_free(struct jsonl_reader *j);

/*
 * The next object (blank lines skipped) into j->m[0..n): 1, 0 at the end
 * (j->truncated set when the last line had no line end and was left out),
 * -1 for a bad line (a NUL, a line past 1 MB, not one flat object).
 * The members' text lives in j until the next call.
 */
int jsonl_read(struct jsonl_reader *j);

#endif
