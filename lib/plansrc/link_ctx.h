/*
 * link_ctx.h - state shared by the linker's passes (link.c, checks.c):
 * the model, where each id lives, and each element's index in its table.
 * Internal to lib/plansrc.
 */
#ifndef SPINE_LINK_CTX_H
#define SPINE_LINK_CTX_H

#include <stdarg.h>
#include <stdint.h>

#include "plansrc/link.h"
#include "plansrc/pwarn.h"

#define LINK_MAX_ID 65535L

struct link_ctx {
	const struct plan_model *m;
	const struct link_options *o;
	struct diag *d;
	int32_t *by_id;		/* element id -> model index, or -1 */
	long id_limit;		/* the largest id by_id covers */
	uint16_t *type_index;	/* model index -> index in its type table */
	int32_t *child;		/* model index -> model index of child, -1 */
	int32_t *parent;	/* model index -> model index of parent, -1 */
	int32_t *first_member;	/* C/AP model index -> its first CE/APE */
	int32_t *next_member;	/* CE/APE model index -> next sibling */
	uint16_t count[PLAN_NTYPES];
	int width;		/* chosen id width in bytes */
	unsigned warning_errors;	/* errors -Werror=class made */
};

/* One diagnostic about element e (position and Dia object included). */
void plansrc_link_report(struct link_ctx *c, enum diag_level level,
    const struct plan_elem *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* The same at a given position (a link's, say); NULL for none. */
void plansrc_link_report_at(struct link_ctx *c, enum diag_level level,
    const struct src_pos *pos, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
void plansrc_link_vreport_at(struct link_ctx *c, enum diag_level level,
    const struct src_pos *pos, const char *fmt, va_list ap);

/* A warning of a class (pwarn.h) about element e, or at pos. */
void plansrc_link_warn(struct link_ctx *c, enum plan_warning wclass,
    const struct plan_elem *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
void plansrc_link_warn_at(struct link_ctx *c, enum plan_warning wclass,
    const struct src_pos *pos, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* "drive 'Explore'" or "drive #3" into buf. */
const char *plansrc_link_describe(const struct plan_elem *e, char *buf, size_t size);

/* The passes of checks.c, in the order plansrc_plan_link runs them. */
void plansrc_link_check_names(struct link_ctx *c);
void plansrc_link_resolve(struct link_ctx *c);
void plansrc_link_check_shape(struct link_ctx *c);
void plansrc_link_check_recursion(struct link_ctx *c);
void plansrc_link_check_labels(struct link_ctx *c);
void plansrc_link_check_ranges(struct link_ctx *c);

#endif
