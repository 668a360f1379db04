/*
 * errstr.c - words for plan decoder errors, for host tools.  Kept apart
 * from the decoder so a robot build does not carry the strings.
 */
#include "plan.h"

/* The 36 of PLAN_E_SHORT's words: the build fails if the layout moves. */
typedef char plan_min_size_is_36[PLAN_MIN_SIZE == 36 ? 1 : -1];

const char *
plan_strerror(int code)
{
	switch (code) {
	case PLAN_OK:
		return "valid plan";
	case PLAN_E_SHORT:
		return "truncated: shorter than the 36 bytes of a plan header "
		    "and its CRC";
	case PLAN_E_MAGIC:
		return "not a compiled plan (bad magic)";
	case PLAN_E_VERSION:
		return "unsupported plan format version";
	case PLAN_E_WIDTH:
		return "id width is neither 8 nor 16 bits";
	case PLAN_E_HEADER:
		return "malformed header (unknown flags or sections)";
	case PLAN_E_COUNT:
		return "more elements than the id width allows";
	case PLAN_E_SIZE:
		return "length does not match the header (truncated or "
		    "trailing bytes)";
	case PLAN_E_CRC:
		return "CRC-32 mismatch (corrupted)";
	case PLAN_E_ID:
		return "element id out of range";
	case PLAN_E_REF:
		return "link to a missing element or of the wrong type";
	case PLAN_E_FIELD:
		return "field value out of range";
	case PLAN_E_LIST:
		return "element list disagrees with parent links";
	case PLAN_E_NAMES:
		return "malformed name table";
	case PLAN_E_TASK:
		return "malformed task section";
	case PLAN_E_CYCLE:
		return "a pattern or competence contains itself, and the plan "
		    "does not allow recursion";
	}
	return "unknown plan error";
}
