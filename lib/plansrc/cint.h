/*
 * cint.h - integers as C's %i reads them (decimal, 0x hex, leading-zero
 * octal), which is how the Instinct robot read every number of a plan.
 * Used by the .inst and Dia readers, so both accept exactly the same text.
 */
#ifndef SPINE_CINT_H
#define SPINE_CINT_H

enum cint_status {
	CINT_OK = 0,
	CINT_NONE,		/* no number at all */
	CINT_OCTAL_DIGIT,	/* an 8 or 9 after a leading 0 */
	CINT_RANGE		/* beyond a long */
};

/*
 * Parse an optionally signed integer at s.  On CINT_OK *out holds it,
 * *end points just after it and *octal says whether it was written in
 * octal (a leading 0 and more digits).  On CINT_OCTAL_DIGIT *end points at
 * the bad digit.  Nothing is skipped: s must start with the number.
 */
enum cint_status plansrc_cint_parse(const char *s, const char **end, long *out,
    int *octal);

#endif
