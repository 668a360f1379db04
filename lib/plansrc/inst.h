/*
 * inst.h - reading Instinct command files (.inst, as the Dia exporter and
 * Instinct-Server write them) into a plan model.  Called by plancc.
 */
#ifndef SPINE_INST_H
#define SPINE_INST_H

#include <stddef.h>
#include <stdio.h>

#include "host/diag.h"
#include "plansrc/model.h"

/*
 * Read the commands in fp (named `path` in messages; includes "@ file" are
 * found relative to it) into m.  Diagnostics go to d.  0 when the file was
 * read (d may still hold errors), -1 on a read error or lack of memory.
 */
int plansrc_inst_read(FILE *fp, const char *path, struct plan_model *m,
    struct diag *d);

/* The same from memory (plancc reads standard input whole to sniff it). */
int plansrc_inst_read_mem(const unsigned char *buf, size_t len, const char *path,
    struct plan_model *m, struct diag *d);

#endif
