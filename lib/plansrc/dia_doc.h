/*
 * dia_doc.h - the parts of a Dia diagram that iVDL uses, lifted out of the
 * XML: UML classes (name, stereotype, attributes) and UML associations
 * (the objects at their two ends), in document order.  dia_xml.c builds it;
 * dia.c gives it its plan meaning.
 */
#ifndef SPINE_DIA_DOC_H
#define SPINE_DIA_DOC_H

#include <stddef.h>

#include "host/diag.h"

struct dia_attr {
	char *name;
	char *value;
};

struct dia_object {
	char *id;		/* "O12" */
	char *type;		/* "UML - Class", "UML - Association", ... */
	long line;		/* in the (uncompressed) XML */
	/* UML - Class */
	char *name, *stereotype;
	struct dia_attr *attr;
	size_t nattr;
	/* UML - Association: the ids the two handles connect to, or NULL */
	char *end[2];
};

struct dia_doc {
	struct dia_object *obj;	/* every object of every layer, in order */
	size_t n, cap;
	size_t grouped;		/* classes and associations inside groups */
};

/*
 * Parse buf[0..len) (gzip-compressed or not) as a Dia diagram.  0, or -1
 * after reporting to d.
 */
int plansrc_dia_doc_load(struct dia_doc *doc, const unsigned char *buf, size_t len,
    struct diag *d);

void plansrc_dia_doc_free(struct dia_doc *doc);

#endif
