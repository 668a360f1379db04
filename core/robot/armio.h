/*
 * armio.h - the senses and actions a stored plan has on an arm (portable
 * core): obstacle distance, motion, lag and joint angles; turning joints,
 * going home, stopping.  The planner calls them through core/robot's
 * plan loop; the ids are listed in the README and in armsim(1).
 */
#ifndef SPINE_ROBOT_ARMIO_H
#define SPINE_ROBOT_ARMIO_H

#include <stdint.h>

struct robot;

enum robot_sense {
	ROBOT_SENSE_OBSTACLE = 1,	/* mm from the arm to an obstacle */
	ROBOT_SENSE_MOVING = 2,		/* 1 while a joint is off command */
	ROBOT_SENSE_LAG = 3,		/* largest lag, whole degrees */
	ROBOT_SENSE_JOINT = 11		/* 11 + j: joint j+1, degrees */
};

enum robot_action {
	ROBOT_ACT_TURN_BY = 1,		/* 1 + j: joint j+1 by value deg */
	ROBOT_ACT_TURN_TO = 11,		/* 11 + j: joint j+1 to value deg */
	ROBOT_ACT_HOME = 20,		/* every joint to 0 */
	ROBOT_ACT_STOP = 21		/* hold where the arm is */
};

/* A move that changed the encoders by less than this since the last
 * check (millidegrees) has stopped short: blocked. */
#define ROBOT_STUCK_MDEG 100

int16_t robot_sense(void *robot, uint16_t id);
uint8_t robot_action(void *robot, uint16_t id, int16_t value, uint8_t check);

#endif
