/*
 * vocab.c - the plan's words (see vocab.h).  Every tag, event letter and
 * comparator name the tools print or read is spelled here and nowhere
 * else, so a log written by one tool reads back in another.
 */
#include <string.h>

#include "plan/plan.h"
#include "plan/vocab.h"

static const char *const type_tags[PLAN_NTYPES] = {
	"AP", "APE", "C", "CE", "D", "A"
};

static const char *const type_words[PLAN_NTYPES] = {
	"action pattern", "action pattern element", "competence",
	"competence element", "drive", "action"
};

/* Indexed by kind (evkind.h). */
#define LETTER_(name, k, letter, word) [k] = letter,
static const char event_letters[PLAN_EV_COUNT] = {
	PLAN_EVENT_KINDS(LETTER_)
};

#define WORD_(name, k, letter, word) [k] = word,
static const char *const event_words[PLAN_EV_COUNT] = {
	PLAN_EVENT_KINDS(WORD_)
};

static const char *const cmp_words[PLAN_FL + 1] = {
	"EQ", "NE", "GT", "LT", "TR", "FL"
};

static const char *const cmp_symbols[PLAN_FL + 1] = {
	"==", "!=", ">", "<", "TR", "FL"
};

const char *
plan_type_tag(uint8_t type)
{
	return type < PLAN_NTYPES ? type_tags[type] : "?";
}

const char *
plan_type_word(uint8_t type)
{
	return type < PLAN_NTYPES ? type_words[type] : "element";
}

int
plan_type_from_tag(const char *tag)
{
	int t;

	for (t = 0; t < PLAN_NTYPES; t++)
		if (strcmp(tag, type_tags[t]) == 0)
			return t;
	return -1;
}

char
plan_event_letter(uint8_t kind)
{
	return kind < PLAN_EV_COUNT ? event_letters[kind] : '?';
}

int
plan_event_from_letter(char letter)
{
	int k;

	for (k = 0; k < PLAN_EV_COUNT; k++)
		if (event_letters[k] == letter)
			return k;
	return -1;
}

const char *
plan_event_word(uint8_t kind)
{
	return kind < PLAN_EV_COUNT ? event_words[kind] : "?";
}

const char *
plan_cmp_word(uint8_t cmp)
{
	return cmp <= PLAN_FL ? cmp_words[cmp] : "?";
}

const char *
plan_cmp_symbol(uint8_t cmp)
{
	return cmp <= PLAN_FL ? cmp_symbols[cmp] : "?";
}

int
plan_cmp_from_text(const char *text)
{
	int i;

	for (i = 0; i <= PLAN_FL; i++)
		if (strcmp(text, cmp_words[i]) == 0 ||
		    strcmp(text, cmp_symbols[i]) == 0)
			return i;
	return -1;
}
