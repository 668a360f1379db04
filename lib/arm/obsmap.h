/*
 * obsmap.h - the obstacle map (spine-obstacles(5)): the spheres, boxes and
 * capsules around an arm, with their margins and names, as a YAML file
 * that ikreach --obstacles and armsim --obstacles read and a detour
 * writes back with what it found.  Host code; the caller owns memory.
 */
#ifndef SPINE_ARM_OBSMAP_H
#define SPINE_ARM_OBSMAP_H

#include <stddef.h>
#include <stdio.h>

#include "arm/obstacle.h"
#include "arm/status.h"
#include "host/diag.h"

#define ARM_OBSTACLES_MAX 256	/* obstacles in one map */

struct arm_obstacle_map {
	int n;
	struct arm_obstacle o[ARM_OBSTACLES_MAX];
};

/*
 * Read a map from buf[0..len) into m (emptied first).  Reports through d
 * as file:line:col.  0, or -1 after reporting.
 */
int arm_obstacles_parse(struct arm_obstacle_map *m, const unsigned char *buf,
    size_t len, struct diag *d);

/*
 * Read the file at path ("-" is stdin), arm_read_file's way: ARM_OK;
 * ARM_NO_INPUT or ARM_IO when it cannot be opened or read (said through
 * say); ARM_DATA when it is not a valid map (reported as file:line:col).
 */
enum arm_status arm_obstacles_load(struct arm_obstacle_map *m,
    const char *path, struct diag *say);

/*
 * Write m so that arm_obstacles_parse reads back the same obstacles
 * (numbers as the shortest text that reads back exactly; every margin
 * spelt out).  0, or -1 when fp reports an error.
 */
int arm_obstacles_write(FILE *fp, const struct arm_obstacle_map *m);

/*
 * Read the map at path into m when there is one: NULL, or a file not yet
 * made, is an empty map (a detour writes it at the end).  Otherwise as
 * arm_obstacles_load.
 */
enum arm_status arm_obstacles_load_or_new(struct arm_obstacle_map *m,
    const char *path, struct diag *say);

/*
 * Write m to the file at path whole or not at all (a temporary file
 * renamed over it).  0, or -1 with errno saying why (nothing changed).
 */
int arm_obstacles_save(const struct arm_obstacle_map *m, const char *path);

/* Append o; 0, or -1 when the map is full. */
int arm_obstacles_add(struct arm_obstacle_map *m,
    const struct arm_obstacle *o);

/* A name is letters, digits, '_', '-' and '.', 1..ARM_NAME_MAX-1 bytes. */
int arm_obstacle_name_ok(const char *s);

#endif
