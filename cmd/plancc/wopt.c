/*
 * wopt.c - plancc's -q and -W options (wopt.h): which warning classes
 * (lib/plansrc/pwarn.h) are shown, hidden or made errors.
 */
#include <string.h>

#include "host/usage.h"
#include "plansrc/pwarn.h"
#include "host/suggest.h"
#include "wopt.h"

/* A class name, or a usage error with the nearest name. */
static int
class_of(const char *name, const char *arg)
{
	enum plan_warning k = plansrc_plan_warning_named(name);
	const char *hint;

	if (k != PW_NONE)
		return (int)k;
	hint = suggest_word(name, plansrc_plan_warning_names + 1, PW_COUNT - 1);
	if (hint)
		usage_error("-W%s: no warning is called '%s'; did you mean "
		    "'%s'?", arg, name, hint);
	else
		usage_error("-W%s: no warning is called '%s' (unused, "
		    "unreachable, octal, ignored, releaser)", arg, name);
	return -1;
}

int
wopt_parse(struct wopts *w, const char *arg)
{
	int no = strncmp(arg, "no-", 3) == 0, k;
	const char *name = no ? arg + 3 : arg;

	if (strcmp(name, "error") == 0) {
		w->werror = !no;
		return 0;
	}
	if (strcmp(arg, "all") == 0) {
		w->woff = 0;
		w->nowarn = 0;
		return 0;
	}
	if (strncmp(name, "error=", 6) == 0) {
		if ((k = class_of(name + 6, arg)) < 0)
			return -1;
		if (no) {
			w->werr &= ~(1UL << k);
		} else {
			w->werr |= 1UL << k;
			w->woff &= ~(1UL << k);	/* as -Werror=x implies -Wx */
		}
		return 0;
	}
	if ((k = class_of(name, arg)) < 0)
		return -1;
	if (no)
		w->woff |= 1UL << k;
	else
		w->woff &= ~(1UL << k);
	return 0;
}

struct diag
wopt_diag(const struct wopts *w, const char *file)
{
	struct diag d = diag_for(file);

	d.nowarn = w->nowarn;
	d.werror = w->werror;
	d.woff = w->woff;
	d.werr = w->werr;
	d.wnames = plansrc_plan_warning_names;
	return d;
}
