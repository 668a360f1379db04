/*
 * inst.c - the .inst reader.  One command per line, as the spec's §8 says:
 * PLAN R/A/M/I/D/S commands with C-style integers (decimal, 0x hex, 0
 * octal), PELEM/RSENSE/RACTION name tables, "//" comments, "@ file"
 * includes.  Unlike the robot, every malformed PLAN line is an error with
 * its column, and lines that are no command at all are skipped with a
 * warning (real exports contain stray comment lines).
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "plan/plan.h"
#include "plan/vocab.h"
#include "plansrc/cint.h"
#include "plansrc/inst.h"
#include "plansrc/pwarn.h"
#include "plansrc/utf8.h"

#define MAX_ARGS 12
#define MAX_INCLUDE_DEPTH 8
/* No command comes near this; a longer line is not a command file (the
   CSV reader's record limit, so every line reader refuses the same). */
#define MAX_LINE 1048576

/* A name or monitor command that waits for all elements to be read. */
struct pending {
	long id;
	long flags;		/* monitor bits, for M N */
	char *name;		/* for PELEM */
	struct src_pos pos;
};

struct reader {
	struct plan_model *m;
	struct diag *d;
	const char *path;
	long line;
	const char *text;	/* the current line */
	long capacity[PLAN_NTYPES];
	long capacity_line;	/* 0 when no PLAN R I was seen */
	struct pending *names, *monitors;
	size_t nnames, nmonitors, names_cap, monitors_cap;
	long commands;		/* lines that build the plan, includes too */
};

static long
col_of(const struct reader *r, const char *p)
{
	return (long)(p - r->text) + 1;
}

static const char *
skip_blanks(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* End of the line's content: nothing, or only a // comment. */
static int
at_end(const char *p)
{
	p = skip_blanks(p);
	return *p == '\0' || (p[0] == '/' && p[1] == '/');
}

/*
 * One integer as C's %i reads it.  Returns the character after it, or NULL
 * (with a diagnostic) when there is no well-formed number at p.
 */
static const char *
read_int(struct reader *r, const char *p, long *out)
{
	const char *end;
	int octal = 0;

	switch (plansrc_cint_parse(p, &end, out, &octal)) {
	case CINT_OK:
		break;
	case CINT_OCTAL_DIGIT:
		diag_error(r->d, r->line, col_of(r, end), "digit '%c' in an "
		    "octal number (a leading 0 means octal)", *end);
		return NULL;
	case CINT_RANGE:
		diag_error(r->d, r->line, col_of(r, p), "number too large");
		return NULL;
	default:
		end = p;
		break;
	}
	if (end == p || (*end != '\0' && *end != ' ' && *end != '\t' &&
	    !(end[0] == '/' && end[1] == '/'))) {
		diag_error(r->d, r->line, col_of(r, p), "expected a "
		    "number, found '%.12s'", p);
		return NULL;
	}
	if (octal)
		diag_wreport(r->d, PW_OCTAL, r->line, col_of(r, p), "'%.*s' "
		    "has a leading zero, so it is octal (%ld)",
		    (int)(end - p), p, *out);
	return end;
}

/* Exactly n integers, then the end of the line.  0 ok, -1 reported. */
static int
read_args(struct reader *r, const char *p, long *v, int n, const char *cmd)
{
	int i;

	for (i = 0; i < n; i++) {
		p = skip_blanks(p);
		if (at_end(p)) {
			diag_error(r->d, r->line, col_of(r, p), "PLAN %s "
			    "takes %d numbers, found %d", cmd, n, i);
			return -1;
		}
		if ((p = read_int(r, p, &v[i])) == NULL)
			return -1;
	}
	if (!at_end(p)) {
		diag_error(r->d, r->line, col_of(r, skip_blanks(p)), "PLAN %s "
		    "takes %d numbers; unexpected '%.12s'", cmd, n,
		    skip_blanks(p));
		return -1;
	}
	return 0;
}

static struct plan_elem *
add_elem(struct reader *r, int type, long col)
{
	struct src_pos pos;
	struct plan_elem *e;

	memset(&pos, 0, sizeof pos);
	pos.line = r->line;
	pos.col = col;
	if ((e = plansrc_model_add(r->m, type, &pos)) == NULL)
		diag_error(r->d, r->line, col, "out of memory");
	return e;
}

/* PLAN A <x> ...: one element, its fields in the command's order. */
static void
add_command(struct reader *r, char kind, const char *args, long col)
{
	static const struct {
		char kind;
		int type, nargs;
	} shapes[] = {
		{ 'D', PLAN_D, 12 }, { 'C', PLAN_C, 2 }, { 'E', PLAN_CE, 10 },
		{ 'P', PLAN_AP, 1 }, { 'L', PLAN_APE, 4 }, { 'A', PLAN_A, 3 },
	};
	char cmd[4] = { 'A', ' ', kind, '\0' };
	struct plan_elem *e;
	long v[MAX_ARGS];
	size_t i;

	for (i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
		if (shapes[i].kind == kind)
			break;
	if (i == sizeof shapes / sizeof shapes[0]) {
		diag_error(r->d, r->line, col, "unknown command 'PLAN A %c' "
		    "(A D, A C, A E, A P, A L or A A)", kind);
		return;
	}
	if (read_args(r, args, v, shapes[i].nargs, cmd) < 0 ||
	    (e = add_elem(r, shapes[i].type, col)) == NULL)
		return;
	e->id = v[0];
	switch (shapes[i].type) {
	case PLAN_D:
		e->child = v[1];
		e->priority = v[2];
		e->interval = v[3];
		e->sense = v[4];
		e->cmp = v[5];
		e->value = v[6];
		e->hysteresis = v[7];
		e->flex = v[8];
		e->ramp_inc = v[9];
		e->urgency = v[10];
		e->ramp_interval = v[11];
		break;
	case PLAN_C:
		e->use_or = v[1];
		break;
	case PLAN_CE:
		e->parent = v[1];
		e->child = v[2];
		e->priority = v[3];
		e->retry = v[4];
		e->sense = v[5];
		e->cmp = v[6];
		e->value = v[7];
		e->hysteresis = v[8];
		e->flex = v[9];
		break;
	case PLAN_APE:
		e->parent = v[1];
		e->child = v[2];
		e->priority = v[3];
		break;
	case PLAN_A:
		e->action = v[1];
		e->action_value = v[2];
		break;
	}
}

static int
push_pending(struct pending **arr, size_t *n, size_t *cap,
    const struct pending *p)
{
	if (*n == *cap) {
		size_t c = *cap ? *cap * 2 : 16;
		struct pending *a = realloc(*arr, c * sizeof *a);

		if (a == NULL)
			return -1;
		*arr = a;
		*cap = c;
	}
	(*arr)[(*n)++] = *p;
	return 0;
}

/* Monitor flags from six booleans e s p f z r. */
static long
monitor_bits(const long *v)
{
	long bits = 0;
	int i;

	for (i = 0; i < 6; i++)
		if (v[i])
			bits |= 1L << i;
	return bits;
}

static void
monitor_command(struct reader *r, char kind, const char *args, long col)
{
	struct pending p;
	long v[7];

	if (kind == 'G') {
		if (read_args(r, args, v, 6, "M G") == 0)
			r->m->global_monitor = monitor_bits(v);
		return;
	}
	if (kind != 'N') {
		diag_error(r->d, r->line, col, "unknown command 'PLAN M %c' "
		    "(M N or M G)", kind);
		return;
	}
	if (read_args(r, args, v, 7, "M N") < 0)
		return;
	memset(&p, 0, sizeof p);
	p.id = v[0];
	p.flags = monitor_bits(v + 1);
	p.pos.line = r->line;
	p.pos.col = col;
	if (push_pending(&r->monitors, &r->nmonitors, &r->monitors_cap, &p))
		diag_error(r->d, r->line, col, "out of memory");
}

static void
reset_command(struct reader *r, char kind, const char *args, long col)
{
	long v[PLAN_NTYPES];
	size_t i;
	int t;

	if (kind == 'C') {
		if (read_args(r, args, v, 0, "R C") < 0)
			return;
		if (r->m->nelem > 0)
			diag_wreport(r->d, PW_IGNORED, r->line, col, "PLAN R "
			    "C discards the %zu elements above",
			    r->m->nelem);
		for (i = 0; i < r->m->nelem; i++)
			free(r->m->elem[i].name);
		r->m->nelem = 0;
		return;
	}
	if (kind != 'I') {
		diag_error(r->d, r->line, col, "unknown command 'PLAN R %c' "
		    "(R C or R I)", kind);
		return;
	}
	if (read_args(r, args, v, PLAN_NTYPES, "R I") < 0)
		return;
	for (t = 0; t < PLAN_NTYPES; t++) {
		if (v[t] < 0 || v[t] > 65535) {
			diag_error(r->d, r->line, col, "PLAN R I: capacity %ld "
			    "is outside 0..65535", v[t]);
			return;
		}
		r->capacity[t] = v[t];
	}
	r->capacity_line = r->line;
}

static void
plan_command(struct reader *r, const char *p, long col)
{
	const char *q;
	long v[1];
	char a, b;

	p = skip_blanks(p);
	q = skip_blanks(p + 1);
	a = p[0];
	b = q[0];
	if (!isupper((unsigned char)a) || (p[1] != ' ' && p[1] != '\t') ||
	    !isupper((unsigned char)b) ||
	    (q[1] != '\0' && q[1] != ' ' && q[1] != '\t')) {
		diag_error(r->d, r->line, col_of(r, p), "expected a planner "
		    "command such as 'PLAN A D ...', found '%.16s'", p);
		return;
	}
	switch (a) {
	case 'A':
		add_command(r, b, q + 1, col);
		return;
	case 'R':
		reset_command(r, b, q + 1, col);
		return;
	case 'M':
		monitor_command(r, b, q + 1, col);
		return;
	case 'I':
		if (b == 'S') {	/* plan id: the .plan format has none */
			read_args(r, q + 1, v, 1, "I S");
			return;
		}
		/* FALLTHROUGH */
	case 'D':
	case 'S':
	case 'U':
		diag_wreport(r->d, PW_IGNORED, r->line, col, "PLAN %c %c asks "
		    "the robot a question; ignored", a, b);
		return;
	}
	diag_error(r->d, r->line, col_of(r, p), "unknown planner command "
	    "'PLAN %c %c'", a, b);
}

/* Copies [s, e) trimmed of blanks into buf; its length. */
static size_t
copy_trimmed(char *buf, size_t size, const char *s, const char *e)
{
	size_t n;

	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	n = (size_t)(e - s);
	if (n >= size)
		n = size - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return n;
}

/* PELEM/RSENSE/RACTION name=id (or "name id"). */
static void
name_command(struct reader *r, char which, const char *p, long col)
{
	char name[256];
	const char *end = strstr(p, "//"), *sep, *num;
	struct src_pos pos;
	struct pending pe;
	long id;

	if (end == NULL)
		end = p + strlen(p);
	if ((sep = memchr(p, '=', (size_t)(end - p))) != NULL) {
		num = sep + 1;
	} else {
		for (sep = end; sep > p && (sep[-1] == ' ' || sep[-1] == '\t');)
			sep--;
		while (sep > p && sep[-1] != ' ' && sep[-1] != '\t')
			sep--;
		num = sep;
	}
	if (copy_trimmed(name, sizeof name, p, sep) == 0) {
		diag_error(r->d, r->line, col_of(r, p), "expected 'name=id'");
		return;
	}
	num = skip_blanks(num);
	if ((num = read_int(r, num, &id)) == NULL)
		return;
	if (!at_end(num)) {
		diag_error(r->d, r->line, col_of(r, num), "unexpected '%.12s' "
		    "after the id", skip_blanks(num));
		return;
	}
	memset(&pos, 0, sizeof pos);
	pos.line = r->line;
	pos.col = col;
	if (which == 'S' && plansrc_model_add_sense(r->m, id, name, &pos) == 0)
		return;
	if (which == 'A' && plansrc_model_add_action(r->m, id, name, &pos) == 0)
		return;
	if (which == 'E') {
		memset(&pe, 0, sizeof pe);
		pe.id = id;
		pe.pos = pos;
		if ((pe.name = strdup(name)) != NULL &&
		    push_pending(&r->names, &r->nnames, &r->names_cap, &pe) == 0)
			return;
		free(pe.name);
	}
	diag_error(r->d, r->line, col, "out of memory");
}

static int read_lines(struct reader *r, FILE *fp, int depth);

/* "@ file": another command file, found relative to this one. */
static void
include_file(struct reader *r, const char *p, long col, int depth)
{
	char file[1024], path[2048];
	const char *slash = strrchr(r->path, '/');
	struct diag sub = *r->d, *outer = r->d;
	const char *outer_path = r->path, *outer_text = r->text;
	long outer_line = r->line;
	struct stat st;
	FILE *fp;

	if (copy_trimmed(file, sizeof file, p, p + strlen(p)) == 0) {
		diag_error(r->d, r->line, col, "'@' needs a file name");
		return;
	}
	if (depth >= MAX_INCLUDE_DEPTH) {
		diag_error(r->d, r->line, col, "includes nested more than %d "
		    "deep", MAX_INCLUDE_DEPTH);
		return;
	}
	if (file[0] == '/' || slash == NULL)
		snprintf(path, sizeof path, "%s", file);
	else
		snprintf(path, sizeof path, "%.*s/%s", (int)(slash - r->path),
		    r->path, file);
	if ((fp = fopen(path, "r")) == NULL) {
		diag_error(r->d, r->line, col, "cannot include %s: %s", path,
		    strerror(errno));
		return;
	}
	/* a device or fifo could feed us forever */
	if (fstat(fileno(fp), &st) < 0 || !S_ISREG(st.st_mode)) {
		diag_error(r->d, r->line, col, "cannot include %s: not a "
		    "regular file", path);
		fclose(fp);
		return;
	}
	sub.file = path;
	sub.errors = sub.warnings = 0;
	r->d = &sub;
	r->path = path;
	r->line = 0;
	if (read_lines(r, fp, depth + 1) < 0)
		diag_error(&sub, 0, 0, "read error");
	fclose(fp);
	outer->errors += sub.errors;
	outer->warnings += sub.warnings;
	r->d = outer;
	r->path = outer_path;
	r->line = outer_line;
	r->text = outer_text;
}

static int
is_robot_command(const char *w, size_t n)
{
	static const char *const words[] = {
		"STOP", "START", "RESET", "DUMP", "TIME", "SETTIME", "REPORT",
		"RATE", "CAL", "CON", "HSTOP", "HSTART", "SPLAN", "RPLAN",
		"SCONF", "RCONF", "SWIFI", "CONF", "HELP", "VER", "SHOWIFI",
		"SHOCONF", "SHOREPORT", "SHORATE", "SHONAMES", "SPEAKRULE",
		"SHORULES", "SRULES", "RRULES", "CNAMES"
	};
	size_t i;

	for (i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strlen(words[i]) == n && strncasecmp(w, words[i], n) == 0)
			return 1;
	return 0;
}

/* A command that builds the plan, w[0..n) its word; 0 if it is none. */
static int
plan_line(struct reader *r, const char *w, size_t n, int bang, long col)
{
	if (n == 4 && strncasecmp(w, "PLAN", 4) == 0 && !bang &&
	    (w[4] == ' ' || w[4] == '\t'))
		plan_command(r, w + 4, col);
	else if (n == 5 && strncasecmp(w, "PELEM", 5) == 0)
		name_command(r, 'E', w + 5, col);
	else if (n == 6 && strncasecmp(w, "RSENSE", 6) == 0)
		name_command(r, 'S', w + 6, col);
	else if (n == 7 && strncasecmp(w, "RACTION", 7) == 0)
		name_command(r, 'A', w + 7, col);
	else
		return 0;
	r->commands++;
	return 1;
}

static void
process_line(struct reader *r, const char *line, int depth)
{
	const char *p = skip_blanks(line), *w = p;
	long col = col_of(r, p);
	size_t n;

	if (*p == '\0' || (p[0] == '/' && p[1] == '/'))
		return;
	if (*p == '@') {
		r->commands++;
		include_file(r, p + 1, col, depth);
		return;
	}
	if (*w == '!')		/* Instinct-Server's "keep, don't send" */
		w++;
	for (n = 0; w[n] && w[n] != ' ' && w[n] != '\t' && w[n] != '='; n++)
		;
	if (plan_line(r, w, n, w != p, col))
		return;
	if (w == p && is_robot_command(w, n))
		diag_wreport(r->d, PW_IGNORED, r->line, col, "robot command "
		    "'%.*s' is not part of a plan; ignored", (int)n, w);
	else
		diag_wreport(r->d, PW_IGNORED, r->line, col, "not a command "
		    "or a comment; line ignored");
}

#define MAX_ERRORS 50

static int
read_lines(struct reader *r, FILE *fp, int depth)
{
	char *line = NULL;
	size_t cap = 0;
	const char *bad;
	ssize_t len;
	int rc = 0;

	while ((len = getline(&line, &cap, fp)) != -1) {
		r->line++;
		if (len > MAX_LINE) {
			diag_error(r->d, r->line, MAX_LINE + 1, "line longer "
			    "than %d bytes: this is not a command file",
			    MAX_LINE);
			break;
		}
		if ((size_t)len != strlen(line)) {
			diag_error(r->d, r->line, (long)strlen(line) + 1,
			    "NUL byte: this is not a text file");
			break;
		}
		/* binary input stops here, before a stray '@' opens files */
		if ((bad = plansrc_utf8_first_bad(line)) != NULL) {
			diag_error(r->d, r->line, (long)(bad - line) + 1,
			    "byte 0x%02x is not UTF-8: this is not a text "
			    "file", (unsigned char)*bad);
			break;
		}
		while (len > 0 && (line[len - 1] == '\n' ||
		    line[len - 1] == '\r'))
			line[--len] = '\0';
		r->text = line;
		process_line(r, line, depth);
		if (r->d->errors >= MAX_ERRORS) {
			diag_error(r->d, r->line, 0, "too many errors; stopping");
			break;
		}
	}
	if (ferror(fp))
		rc = -1;
	free(line);
	return rc;
}

/* Element names and monitor flags, now that every element is known. */
static void
apply_pending(struct reader *r, const int32_t *by_id,
    const unsigned char *dup, long limit)
{
	struct plan_model *m = r->m;
	size_t i;

	for (i = 0; i < r->nnames; i++) {
		struct pending *p = &r->names[i];
		struct plan_elem *e;

		if (p->id < 1 || p->id > limit || by_id[p->id] < 0) {
			diag_wreport(r->d, PW_UNUSED, p->pos.line, p->pos.col,
			    "PELEM '%s' names id %ld, which no element has",
			    p->name, p->id);
			continue;
		}
		if (dup[p->id])
			continue;	/* reported with the ids */
		e = &m->elem[by_id[p->id]];
		if (e->name && strcmp(e->name, p->name) != 0)
			diag_error(r->d, p->pos.line, p->pos.col, "element "
			    "id %ld is named both '%s' and '%s'", p->id,
			    e->name, p->name);
		else if (plansrc_model_set_name(e, p->name) < 0)
			diag_error(r->d, p->pos.line, p->pos.col,
			    "out of memory");
	}
	for (i = 0; i < r->nmonitors; i++) {
		struct pending *p = &r->monitors[i];

		if (p->id < 1 || p->id > limit || by_id[p->id] < 0)
			diag_error(r->d, p->pos.line, p->pos.col, "PLAN M N: "
			    "no element has id %ld", p->id);
		else
			m->elem[by_id[p->id]].monitor = p->flags;
	}
}

static void
check_capacity(struct reader *r)
{
	long count[PLAN_NTYPES] = { 0 };
	size_t i;
	int t;

	if (r->capacity_line == 0)
		return;
	for (i = 0; i < r->m->nelem; i++)
		count[r->m->elem[i].type]++;
	for (t = 0; t < PLAN_NTYPES; t++)
		if (count[t] > r->capacity[t])
			diag_error(r->d, r->capacity_line, 0, "PLAN R I makes "
			    "room for %ld %s records but the file adds %ld: "
			    "the robot would drop the rest", r->capacity[t],
			    plan_type_tag(t), count[t]);
}

/*
 * by_id[id]: the first element with that id.  A second one is an error
 * here, where both lines are known (names given to such an id could name
 * either, so they are not applied).
 */
static void
index_ids(struct reader *r, int32_t *by_id, unsigned char *dup, long limit)
{
	size_t i;

	for (i = 0; i <= (size_t)limit; i++)
		by_id[i] = -1;
	for (i = 0; i < r->m->nelem; i++) {
		const struct plan_elem *e = &r->m->elem[i];
		const struct plan_elem *f;

		if (e->id < 1 || e->id > 65535)
			continue;
		if (by_id[e->id] < 0) {
			by_id[e->id] = (int32_t)i;
			continue;
		}
		f = &r->m->elem[by_id[e->id]];
		dup[e->id] = 1;
		diag_error(r->d, e->pos.line, e->pos.col, "element id %ld is "
		    "already used by the %s on line %ld", e->id,
		    plan_type_word(f->type), f->pos.line);
	}
}

static void
finish(struct reader *r)
{
	long limit = 0;
	int32_t *by_id;
	unsigned char *dup;
	size_t i;

	for (i = 0; i < r->m->nelem; i++)	/* the ids, not all 65,536 */
		if (r->m->elem[i].id > limit && r->m->elem[i].id <= 65535)
			limit = r->m->elem[i].id;
	by_id = malloc((size_t)(limit + 1) * sizeof *by_id);
	dup = calloc((size_t)limit + 1, 1);
	if (by_id == NULL || dup == NULL) {
		diag_error(r->d, 0, 0, "out of memory");
	} else {
		index_ids(r, by_id, dup, limit);
		apply_pending(r, by_id, dup, limit);
		check_capacity(r);
	}
	free(by_id);
	free(dup);
}

/* fp (NULL: an empty input) into m. */
static int
read_all(FILE *fp, const char *path, struct plan_model *m, struct diag *d)
{
	struct reader r;
	size_t i;
	int rc = 0;

	memset(&r, 0, sizeof r);
	r.m = m;
	r.d = d;
	r.path = path;
	if (fp)
		rc = read_lines(&r, fp, 0);
	if (rc == 0 && d->errors == 0 && r.commands == 0)
		diag_error(d, 0, 0, "no line is a plan command (PLAN, PELEM, "
		    "RSENSE, RACTION or @ file): this is not an Instinct "
		    "command file");
	else if (rc == 0 && d->errors < MAX_ERRORS)
		finish(&r);
	for (i = 0; i < r.nnames; i++)
		free(r.names[i].name);
	free(r.names);
	free(r.monitors);
	return rc;
}

int
plansrc_inst_read(FILE *fp, const char *path, struct plan_model *m, struct diag *d)
{
	return read_all(fp, path, m, d);
}

int
plansrc_inst_read_mem(const unsigned char *buf, size_t len, const char *path,
    struct plan_model *m, struct diag *d)
{
	FILE *fp = NULL;
	int rc;

	/* POSIX lets fmemopen refuse a size of 0 */
	if (len > 0 && (fp = fmemopen((void *)(uintptr_t)buf, len, "r")) ==
	    NULL)
		return -1;
	rc = read_all(fp, path, m, d);
	if (fp)
		fclose(fp);
	return rc;
}
