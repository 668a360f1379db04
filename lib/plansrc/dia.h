/*
 * dia.h - reading plans drawn in Dia with the iVDL conventions (UML
 * classes with stereotypes, attributes, associations from parent to child)
 * into a plan model, as the Instinct exporter read them.  Called by
 * plancc; the fuzz harness uses the memory entry point.
 */
#ifndef SPINE_DIA_H
#define SPINE_DIA_H

#include <stddef.h>
#include <stdio.h>

#include "host/diag.h"
#include "plansrc/model.h"

#define DIA_MAX_XML (64UL << 20)	/* after gunzip */

/*
 * Read the diagram in fp (gzip-compressed or plain XML) into m.
 * Diagnostics name the Dia object ("object O12") and the class.  0 when
 * the file was read (d may still hold errors), -1 on a read error.
 */
int plansrc_dia_read(FILE *fp, const char *path, struct plan_model *m,
    struct diag *d);

/* The same from memory. */
int plansrc_dia_read_mem(const unsigned char *buf, size_t len, struct plan_model *m,
    struct diag *d);

#endif
