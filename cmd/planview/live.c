/*
 * live.c - the live view: the plan's tree in the terminal (ncurses),
 * elements lit in their outcome's colour and fading over three seconds,
 * keys q (quit), space (pause), / (filter), arrows (scroll); or plain
 * text frames when the output is not a terminal.  Reading is never held
 * back: it runs until nothing is waiting, redraws at most 20 times a
 * second.  Called by main.c.
 */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "planview.h"
#include "planview/frame.h"
#include "plansrc/emit.h"

#define REDRAW_MS 50
#define PLAIN_EVERY_MS 1000

struct screen {
	SCREEN *scr;
	FILE *tty;
	int paused, editing;
	char filter[64];
	long top;		/* first row shown */
	int dirty;		/* a key changed what a paused view shows */
};

/* Colour pair k + 1 for outcome k of the one outcome table (emit.h). */
static int
pair_of(char last)
{
	const struct emit_outcome *o = last ? emit_outcome_of(last) : NULL;

	return o ? (int)(o - emit_outcomes) + 1 : 0;
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
		init_pair((short)(k + 1), emit_outcomes[k].term, -1);
}

static void
draw_row(const struct viewer *v, size_t k, int y, long now)
{
	char buf[512], last;
	int glow, w = COLS;
	attr_t a = A_NORMAL;

	pv_frame_row(&v->state, k, now, buf, sizeof buf, &glow, &last);
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

static void
draw(struct viewer *v, struct screen *s, long now)
{
	char buf[512];
	size_t k;
	long shown = 0;
	int y = 1;

	erase();
	pv_frame_title(&v->state, buf, sizeof buf);
	attrset(A_BOLD);
	mvaddnstr(0, 0, buf, COLS);
	if (s->paused)
		addstr("  [paused]");
	if (v->eof || v->stopped)
		addstr(v->eof ? "  [end of log]" : "  [stopped]");
	attrset(A_NORMAL);
	for (k = 0; k < v->tree.nrows && y < LINES - 2; k++) {
		if (!pv_frame_match(&v->state, k, s->filter))
			continue;
		if (shown++ < s->top)
			continue;
		draw_row(v, k, y++, now);
	}
	pv_frame_senses(&v->state, buf, sizeof buf);
	mvaddnstr(LINES - 2, 0, buf, COLS);
	if (s->editing)
		mvprintw(LINES - 1, 0, "/%s", s->filter);
	else
		mvaddnstr(LINES - 1, 0, "q quit  space pause  / filter  "
		    "up/down scroll", COLS);
	refresh();
}

/* A key; 1 to quit. */
static int
key(struct screen *s, int c)
{
	size_t n = strlen(s->filter);

	s->dirty = 1;
	if (s->editing) {
		if (c == '\n' || c == '\r' || c == KEY_ENTER || c == 27)
			s->editing = 0;
		else if ((c == KEY_BACKSPACE || c == 127 || c == 8) && n)
			s->filter[n - 1] = '\0';
		else if (c >= 32 && c < 127 && n + 1 < sizeof s->filter) {
			s->filter[n] = (char)c;
			s->filter[n + 1] = '\0';
			s->top = 0;
		}
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
	case KEY_DOWN:
	case 'j':
		s->top++;
		break;
	case KEY_UP:
	case 'k':
		if (s->top > 0)
			s->top--;
		break;
	case KEY_NPAGE:
		s->top += LINES - 3;
		break;
	case KEY_PPAGE:
		s->top = s->top > LINES - 3 ? s->top - (LINES - 3) : 0;
		break;
	default:
		break;
	}
	return 0;
}

/* The keyboard is the terminal even when stdin is the log. */
static int
open_screen(struct screen *s)
{
	memset(s, 0, sizeof *s);
	if ((s->tty = fopen("/dev/tty", "r")) == NULL) {
		warnx_tool("no terminal to read keys from (use --plain)");
		return -1;
	}
	if ((s->scr = newterm(NULL, stdout, s->tty)) == NULL) {
		warnx_tool("cannot start the terminal (TERM=%s)",
		    getenv("TERM") ? getenv("TERM") : "");
		fclose(s->tty);
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

	if (open_screen(&s) < 0)
		return EXIT_UNAVAILABLE;
	if (v->o->filter)
		snprintf(s.filter, sizeof s.filter, "%s", v->o->filter);
	v->defer_errors = 1;
	while (!quit) {
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
	endwin();
	delscreen(s.scr);
	fclose(s.tty);
	viewer_errors(v);
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
			pv_frame_print(stdout, &v->state, v->state.time_ms,
			    v->o->filter);
			fflush(stdout);
			last = clock_ms();
		}
	}
	pv_frame_print(stdout, &v->state, v->state.time_ms, v->o->filter);
	if (fflush(stdout) != 0) {
		warnx_tool("stdout: write error");
		return EXIT_IOERR;
	}
	return viewer_finish(v);
}
