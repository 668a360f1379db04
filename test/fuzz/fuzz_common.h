/*
 * fuzz_common.h - what every plancc fuzz harness does with a model once a
 * reader has filled it: link, encode, decode (must succeed), and check
 * that the YAML and Instinct forms compile back to the same bytes.
 */
#ifndef SPINE_FUZZ_COMMON_H
#define SPINE_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "host/diag.h"
#include "plansrc/model.h"

/* A diag that counts but prints nothing. */
struct diag fuzz_diag(void);

/* A reader of plans in memory, as plansrc_yaml_read_mem and plansrc_dia_read_mem. */
typedef int (*fuzz_reader)(const unsigned char *, size_t,
    struct plan_model *, struct diag *);

/* Read data with `read`; whatever reads cleanly goes to fuzz_compile. */
void fuzz_read(fuzz_reader read, const uint8_t *data, size_t size);

/* The whole pipeline on a model a reader produced without errors. */
void fuzz_compile(const struct plan_model *m);

/* -d and --emit inst of a valid plan image must compile back to it. */
void fuzz_round_trip(const uint8_t *plan, size_t size);

/*
 * A plan image (malloc'd) compiled from YAML or .inst text, for the
 * harnesses that need a fixed plan to drive (robot, planrun); aborts when
 * it does not compile, since that is a broken harness, not a finding.
 */
uint8_t *fuzz_plan_image(const char *text, int inst, uint32_t *size);

/* A whole file (NUL-terminated, malloc'd), such as an example the harness
 * runs on; aborts when it cannot be read (run from the top of the tree). */
char *fuzz_slurp(const char *path, size_t *len);

/*
 * A task section: the graph draws and the YAML compiles back to img
 * (exact: an image plancc wrote), or, for any section the decoder
 * accepts, to an image that then comes back exactly.
 */
struct plan_task;
void fuzz_task_round_trip(const struct plan_task *t, const uint8_t *img,
    uint32_t size, int exact);

#endif
