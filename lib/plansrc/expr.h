/*
 * expr.h - the two little phrases of the YAML plan language: a releaser
 * ("MinRangeAhead > 400", "always") and an act ("SetSpeed 35").  The YAML
 * reader parses them; the YAML writer formats them and parses its own
 * output back to be sure it says the same thing.
 */
#ifndef SPINE_EXPR_H
#define SPINE_EXPR_H

#include <stddef.h>

#define EXPR_NAME_MAX 255

/* A releaser: sense comparator value. */
struct when_expr {
	char sense[EXPR_NAME_MAX + 1];	/* as written; "" for always/never */
	int cmp;			/* enum plan_cmp */
	long value;
};

/* An act: robot action and the value passed to it. */
struct act_expr {
	char action[EXPR_NAME_MAX + 1];
	long value;
	int has_value;			/* 0: the value was left out */
};

/*
 * "Sense OP value" with OP one of == != > < or EQ NE GT LT TR FL (the
 * words need blanks around them), or "always" (TR) / "never" (FL), which
 * leave the sense empty and the value 0.  The value is a whole number in
 * -32768..32767.  0, or -1 with *why set to a reason.
 */
int plansrc_when_parse(const char *s, struct when_expr *w, const char **why);

/* Writes w as plansrc_when_parse reads it into buf; buf's length, or 0 when it
 * does not fit. */
size_t plansrc_when_format(const struct when_expr *w, char *buf, size_t size);

/*
 * "Action [value]": when the last blank-separated word is a whole number
 * it is the value and the rest is the action.  0, or -1 with *why.
 */
int plansrc_act_parse(const char *s, struct act_expr *a, const char **why);

/* Is s a decimal integer (as a sense or action id may be written)? */
int plansrc_expr_is_integer(const char *s, long *out);

#endif
