/*
 * live.c - the live view: the plan's tree in the terminal (ncurses),
 * elements lit in their outcome's colour and fading over three seconds,
 * following the drive with attention, the other drives folded; keys q
 * (quit), space (pause), / (filter), f (follow), c (fold), ? (help),
 * arrows (scroll); or plain text frames when the output is not a
 * terminal.  Reading is never held back: it runs until nothing is
 * waiting, redraws at most 20 times a second.  Called by main.c.
 */
#include <curses.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/signals.h"
#include "planview.h"
#include "planview/frame.h"
#include "plansrc/emit.h"

#define REDRAW_MS 50
#define PLAIN_EVERY_MS 1000

struct screen {
	SCREEN *scr;
	FILE *tty;
	int paused, editing, help;
	int follow;		/* keep the drive with attention in view */
	int fold;		/* drives not running: one row each */
	char filter[64];
	long top;		/* first row shown (of those shown at all) */
	int dirty;		/* a key changed what a paused view shows */
	size_t *rows, *folded;	/* the rows shown, what each one hides */
};

/* Colour pair k + 1 for outcome k of the one outcome table (emit.h). */
static int
pair_of(char last)
{
	const struct emit_outcome *o = last ? plansrc_emit_outcome_of(last) : NULL;

	return o ? (int)(o - plansrc_emit_outcomes) + 1 : 0;
}

static void
colours(void)
{
	int k;

	if (!has_colors())
		return;
	start_color();
	use_default_colors();
	for (k = 0; k < EMIT_NOUTCOMES; k++)
		init_pair((short)(k + 1), plansrc_emit_outcomes[k].term, -1);
}

/* Row k of the tree at line y; a folded drive says how much it hides. */
static void
draw_row(const struct viewer *v, size_t k, size_t hides, int y, long now)
{
	char buf[512], last;
	int glow, w = COLS;
	size_t n;
	attr_t a = A_NORMAL;

	n = planview_frame_row(&v->state, k, now, buf, sizeof buf, &glow, &last);
	if (hides > 0)
		snprintf(buf + n, sizeof buf - n, "  [+%zu]", hides);
	if (glow == 3)
		a = A_BOLD | A_REVERSE;
	else if (glow == 2)
		a = A_BOLD;
	else if (glow == 0)
		a = A_DIM;
	if (glow && pair_of(last))
		a |= COLOR_PAIR(pair_of(last));
	attrset(a);
	mvaddnstr(y, 0, buf, w);
	attrset(A_NORMAL);
}

/* Where the view starts when it follows: the drive with attention at the
   top, and as much of what lit in this cycle below it as the page holds
   (the whole list from the top when it fits). */
static long
follow_top(const struct viewer *v, const struct screen *s, size_t n,
    long page)
{
	const struct planview_state *st = &v->state;
	const struct planview_tree *t = &v->tree;
	long p = -1, q = -1;
	size_t i;

	if ((long)n <= page || st->running < 0)
		return (long)n <= page ? 0 : s->top;
	for (i = 0; i < n; i++) {
		const struct planview_row *r = &t->row[s->rows[i]];

		if (r->depth == 0) {
			if (p >= 0)
				break;	/* past the drive's subtree */
			if ((int)r->index == st->running)
				p = (long)i;
			continue;
		}
		if (p >= 0 && planview_state_row_lit(st, s->rows[i]) == st->cycle)
			q = (long)i;	/* lit in the cycle shown */
	}
	if (p < 0)
		return s->top;
	return q - p >= page ? q - page + 1 : p;
}

/* The senses at the bottom: one line, or two when they need them and
   the screen is tall enough; the number of lines. */
static int
draw_senses(const struct viewer *v, int y)
{
	char buf[4096];
	size_t n = planview_frame_senses(&v->state, buf, sizeof buf), cut;
	int w = COLS;

	if (n <= (size_t)w || LINES < 12 || w < 20) {
		mvaddnstr(y + 1, 0, buf, w);
		return 1;
	}
	for (cut = (size_t)w; cut > 0 && buf[cut] != ' '; cut--)
		;
	if (cut == 0)
		cut = (size_t)w;
	mvaddnstr(y, 0, buf, (int)cut);
	mvaddnstr(y + 1, 0, buf + cut + (buf[cut] == ' '), w);
	return 2;
}

static const char *const help_text[] = {
	"planview: the plan's tree as its log comes in",
	"",
	"  q          quit",
	"  space      pause the picture (reading goes on)",
	"  /          filter: rows whose name holds the text, any case,",
	"             with everything under them (Enter ends, empty: all)",
	"  f          follow the drive with attention (on at start)",
	"  c          fold drives not running to one row [+rows] (on)",
	"  up down j k, PgUp PgDn, Home End   scroll (follow stops)",
	"  ?          this help; any key closes it",
	"",
	"  # lit in the cycle shown, + . fading, then dark;",
	"  E S P F Z  its last outcome: executed, success, in progress,",
	"             fail, error",
	NULL
};

static void
draw_help(void)
{
	int i;

	for (i = 0; help_text[i] && i + 1 < LINES - 1; i++)
		mvaddnstr(i + 1, 0, help_text[i], COLS);
}

/* The title, state first: what the view is doing, then the run. */
static void
draw_title(struct viewer *v, struct screen *s)
{
	char flags[64], buf[512];

	flags[0] = '\0';
	if (v->eof || v->stopped)
		strcat(flags, v->eof ? "[end of log]" : "[stopped]");
	if (s->paused)
		strcat(flags, flags[0] ? " [paused]" : "[paused]");
	planview_frame_title(&v->state, flags, (size_t)COLS, buf, sizeof buf);
	attrset(A_BOLD);
	mvaddnstr(0, 0, buf, COLS);
	attrset(A_NORMAL);
}

static void
draw_keys(const struct screen *s)
{
	char buf[160];

	if (s->editing) {
		mvprintw(LINES - 1, 0, "/%s", s->filter);
		return;
	}
	snprintf(buf, sizeof buf, "q quit  space pause  / filter%s%s  "
	    "f follow:%s  c fold:%s  ? help", s->filter[0] ? ":" : "",
	    s->filter, s->follow ? "on" : "off", s->fold ? "on" : "off");
	mvaddnstr(LINES - 1, 0, buf, COLS);
}

static void
draw(struct viewer *v, struct screen *s, long now)
{
	size_t n, i;
	long page;
	int sl;

	erase();
	draw_title(v, s);
	sl = draw_senses(v, LINES - 3);
	draw_keys(s);
	page = LINES - 2 - sl;
	if (s->help) {
		draw_help();
		refresh();
		return;
	}
	n = planview_frame_rows(&v->state, s->filter, s->fold, v->state.running,
	    s->rows, s->folded);
	if (s->follow)
		s->top = follow_top(v, s, n, page);
	if (s->top > (long)n - page)
		s->top = (long)n - page;
	if (s->top < 0)
		s->top = 0;
	for (i = (size_t)s->top; i < n && (long)i < s->top + page; i++)
		draw_row(v, s->rows[i], s->folded[i], 1 + (int)(i -
		    (size_t)s->top), now);
	refresh();
}

/* Scrolling by hand: the view stops following. */
static void
scroll_by(struct screen *s, long by)
{
	s->follow = 0;
	s->top += by;
	if (s->top < 0)
		s->top = 0;
}

/* A key while the filter is typed. */
static void
edit_key(struct screen *s, int c)
{
	size_t n = strlen(s->filter);

	if (c == '\n' || c == '\r' || c == KEY_ENTER || c == 27)
		s->editing = 0;
	else if ((c == KEY_BACKSPACE || c == 127 || c == 8) && n)
		s->filter[n - 1] = '\0';
	else if (c >= 32 && c < 127 && n + 1 < sizeof s->filter) {
		s->filter[n] = (char)c;
		s->filter[n + 1] = '\0';
		s->top = 0;
	}
}

/* A key; 1 to quit. */
static int
key(struct screen *s, int c)
{
	long page = LINES - 4 > 1 ? LINES - 4 : 1;

	s->dirty = 1;
	if (s->editing) {
		edit_key(s, c);
		return 0;
	}
	if (s->help && c != 'q' && c != 'Q' && c != KEY_RESIZE) {
		s->help = 0;	/* any key closes the help */
		return 0;
	}
	switch (c) {
	case 'q':
	case 'Q':
		return 1;
	case ' ':
		s->paused = !s->paused;
		break;
	case '/':
		s->editing = 1;
		s->filter[0] = '\0';
		break;
	case 'f':
		s->follow = !s->follow;
		break;
	case 'c':
		s->fold = !s->fold;
		break;
	case '?':
	case 'h':
		s->help = 1;
		break;
	case KEY_DOWN:
	case 'j':
		scroll_by(s, 1);
		break;
	case KEY_UP:
	case 'k':
		scroll_by(s, -1);
		break;
	case KEY_NPAGE:
		scroll_by(s, page);
		break;
	case KEY_PPAGE:
		scroll_by(s, -page);
		break;
	case KEY_HOME:
		scroll_by(s, -s->top);
		break;
	case KEY_END:
		scroll_by(s, PLANVIEW_MAX_ROWS);
		break;
	default:
		break;
	}
	return 0;
}

/* The signal that ends the view (Ctrl-C, kill, hangup), for the loop:
   the terminal is given back first, then planview dies of it, as a
   shell expects (130 for Ctrl-C). */
static volatile sig_atomic_t ending;

static void
on_signal(int sig)
{
	ending = sig;
}

/* Before ncurses starts (it takes only signals left at their default). */
static void
catch_signals(void)
{
	sig_catch_endings(on_signal, SIG_KEEP_SET);
}

/* The keyboard is the terminal even when stdin is the log. */
static int
open_screen(struct screen *s, size_t nrows)
{
	memset(s, 0, sizeof *s);
	s->follow = s->fold = 1;
	s->rows = calloc(nrows + 1, sizeof *s->rows);
	s->folded = calloc(nrows + 1, sizeof *s->folded);
	if (s->rows == NULL || s->folded == NULL) {
		warnx_tool("out of memory");
		return -1;
	}
	if ((s->tty = fopen("/dev/tty", "r")) == NULL) {
		warnx_tool("no terminal to read keys from (use --plain)");
		return -1;
	}
	catch_signals();
	if ((s->scr = newterm(NULL, stdout, s->tty)) == NULL) {
		warnx_tool("cannot start the terminal (TERM=%s)",
		    getenv("TERM") ? getenv("TERM") : "");
		fclose(s->tty);
		s->tty = NULL;
		return -1;
	}
	cbreak();
	noecho();
	nodelay(stdscr, TRUE);
	keypad(stdscr, TRUE);
	curs_set(0);
	colours();
	return 0;
}

static void
close_screen(struct screen *s)
{
	if (s->scr) {
		endwin();
		delscreen(s->scr);
	}
	if (s->tty)
		fclose(s->tty);
	free(s->rows);
	free(s->folded);
}

/* Everything that is waiting, for at most one redraw period: 0, 1 at
 * the end of the log, or an exit status. */
static int
read_waiting(struct viewer *v, long now)
{
	int rc = viewer_read(v, 10, now);

	while (rc == 0 && v->got > 0 && clock_ms() - now < REDRAW_MS)
		rc = viewer_read(v, 0, now);
	return rc;
}

int
live_run(struct viewer *v)
{
	struct screen s;
	long last_draw = 0;
	int rc = 0, c, quit = 0;

	if (open_screen(&s, v->tree.nrows) < 0) {
		close_screen(&s);
		return EXIT_UNAVAILABLE;
	}
	if (v->o->filter)
		snprintf(s.filter, sizeof s.filter, "%s", v->o->filter);
	v->defer_errors = 1;
	while (!quit && !ending) {
		long now = clock_ms();

		if (rc == 0 && (rc = read_waiting(v, now)) > 1)
			break;
		if (rc == 1)
			napms(20);	/* nothing more to read: idle */
		while ((c = getch()) != ERR) {
			if (key(&s, c))
				quit = 1;
			if (c == KEY_RESIZE)
				last_draw = 0;
		}
		now = clock_ms();
		/* paused: the picture stays as it was, reading goes on */
		if (now - last_draw >= REDRAW_MS && (!s.paused || s.dirty)) {
			draw(v, &s, now);
			last_draw = now;
			s.dirty = 0;
		}
	}
	close_screen(&s);
	viewer_errors(v);
	if (ending) {
		signal(ending, SIG_DFL);
		raise(ending);
	}
	if (rc > 1)
		return rc;
	return viewer_finish(v);
}

/*
 * Plain frames: one a second while the log comes, and the last when it
 * ends (or at --until).  Fading goes by the log's own clock here, so the
 * same log gives the same frames.
 */
int
plain_run(struct viewer *v)
{
	long last = clock_ms();
	int rc;

	for (;;) {
		rc = viewer_read(v, 1000, v->state.time_ms);
		if (rc > 1)
			return rc;
		if (rc == 1)
			break;
		if (clock_ms() - last >= PLAIN_EVERY_MS) {
			planview_frame_print(stdout, &v->state, v->state.time_ms,
			    v->o->filter);
			fflush(stdout);
			last = clock_ms();
		}
	}
	planview_frame_print(stdout, &v->state, v->state.time_ms, v->o->filter);
	if (fflush(stdout) != 0) {
		warnx_tool("stdout: write error");
		return EXIT_IOERR;
	}
	return viewer_finish(v);
}
