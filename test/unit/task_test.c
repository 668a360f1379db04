/*
 * task_test.c - unit tests for the task engine (core/task): the tick
 * order, summing of concurrent trajectories, delays, decisions with
 * don't-care, threshold and variable components, variables, verification
 * and every abort.  Expected outputs are worked out by hand in comments.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "task/task.h"
#include "task_build.h"

#define TICKS 32
#define K 1000			/* counts per unit */

/* A scripted environment: what the arm, encoder and objects show per tick. */
struct tenv {
	const struct task_run *r;
	int32_t arm[TICKS][TASK_MAX_AXES];
	int32_t enc[TICKS][TASK_MAX_AXES];
	int enc_given[TICKS];
	int32_t obj[TICKS][2][TASK_MAX_AXES];
	uint8_t seen[TICKS][2];
	int arm_fails, arm_queries, obj_queries;
	struct task_event ev[64];
	int32_t ev_point[64][TASK_MAX_AXES];
	int nev;
};

static int
env_arm(void *ctx, int32_t *pos)
{
	struct tenv *e = ctx;

	e->arm_queries++;
	if (e->arm_fails)
		return -1;
	memcpy(pos, e->arm[e->r->tick], sizeof e->arm[0]);
	return 0;
}

static int
env_encoder(void *ctx, int32_t *pos)
{
	struct tenv *e = ctx;
	uint32_t t = e->r->tick;

	memcpy(pos, e->enc_given[t] ? e->enc[t] : e->arm[t], sizeof e->enc[0]);
	return 0;
}

static int
env_object(void *ctx, uint8_t i, int32_t *pos)
{
	struct tenv *e = ctx;
	uint32_t t = e->r->tick;

	e->obj_queries++;
	if (!e->seen[t][i])
		return 0;
	memcpy(pos, e->obj[t][i], sizeof e->obj[0][0]);
	return 1;
}

static void
env_event(void *ctx, const struct task_event *ev)
{
	struct tenv *e = ctx;

	if (e->nev >= 64)
		return;
	e->ev[e->nev] = *ev;
	if (ev->point)
		memcpy(e->ev_point[e->nev], ev->point, sizeof e->ev_point[0]);
	e->nev++;
}

/* Outputs of a run, one entry per tick. */
struct trace {
	int32_t out[TICKS][TASK_MAX_AXES];
	int has[TICKS];
	int state;
	uint32_t ticks;		/* the tick at which the run ended */
	struct task_run r;
};

static void
run(struct tb *b, struct tenv *e, struct trace *tr, uint16_t cap)
{
	struct task_slot slot[16];
	int32_t var[4 * TASK_MAX_AXES];
	uint8_t var_set[4];
	struct task_env env = { e, env_arm, env_encoder, env_object,
		env_event };

	memset(tr, 0, sizeof *tr);
	task_init(&tr->r, &b->t, slot, cap, var, var_set);
	e->r = &tr->r;
	while (tr->r.tick < TICKS) {
		uint32_t t = tr->r.tick;

		tr->state = task_step(&tr->r, &env);
		if (tr->r.has_out && tr->r.out_tick == t) {
			tr->has[t] = 1;
			memcpy(tr->out[t], tr->r.out, sizeof tr->out[t]);
		}
		if (tr->state != TASK_RUNNING)
			break;
	}
	tr->ticks = tr->r.tick;
}

static struct tenv *
new_env(void)
{
	return calloc(1, sizeof(struct tenv));
}

/* One action, three points, nothing else: ticks 0..2, done at tick 3. */
static void
test_sequence(void)
{
	struct tb b;
	struct tenv *e = new_env();
	struct trace tr;

	tb_begin(&b, 2, 0, 0);
	tb_action(&b, "a");
	tb_point(&b, (int32_t[]){ 1 * K, -1 * K });
	tb_point(&b, (int32_t[]){ 2 * K, -2 * K });
	tb_point(&b, (int32_t[]){ 3 * K, -3 * K });
	CHECK(tb_finish(&b, 0) == PLAN_OK);
	run(&b, e, &tr, 4);
	CHECK(tr.state == TASK_DONE && tr.ticks == 3);
	CHECK(tr.has[0] && tr.out[0][0] == 1000 && tr.out[0][1] == -1000);
	CHECK(tr.has[2] && tr.out[2][0] == 3000 && tr.out[2][1] == -3000);
	CHECK(!tr.has[3]);
	CHECK(e->arm_queries == 0 && e->nev == 0);
	free(e);
}

/*
 * a = 10,20,30; after step 0 two decisions each start b = 1,2, so two
 * copies of b run beside a:
 *   tick 0: 10   tick 1: 20 + 1 + 1 = 22   tick 2: 30 + 2 + 2 = 34
 * and the task is done at tick 3.
 */
static void
test_summing(void)
{
	struct tb b;
	struct tenv *e = new_env();
	struct trace tr;

	tb_begin(&b, 1, 0, 0);
	tb_action(&b, "a");
	tb_point(&b, (int32_t[]){ 10 * K });
	tb_point(&b, (int32_t[]){ 20 * K });
	tb_point(&b, (int32_t[]){ 30 * K });
	tb_decision(&b, 0, tb_go(1, 0), tb_none);
	tb_decision(&b, 0, tb_go(1, 0), tb_none);
	tb_action(&b, "b");
	tb_point(&b, (int32_t[]){ 1 * K });
	tb_point(&b, (int32_t[]){ 2 * K });
	CHECK(tb_finish(&b, 0) == PLAN_OK);
	run(&b, e, &tr, 4);
	CHECK(tr.state == TASK_DONE && tr.ticks == 3);
	CHECK(tr.out[0][0] == 10000);
	CHECK(tr.out[1][0] == 22000);
	CHECK(tr.out[2][0] == 34000);
	CHECK(e->nev == 2 && e->ev[0].kind == TASK_EV_DECISION);
	CHECK(e->ev[0].tick == 1 && e->ev[0].step == 0 && e->ev[0].matched);
	CHECK(e->ev[1].decision == 1 && e->ev[1].target.action == 1);
	free(e);
}

/*
 * a = 5 at tick 0; its decision at tick 1 starts b (7) with delay 2, so
 * ticks 1 and 2 command nothing but the task still runs; b at tick 3;
 * done at tick 4.
 */
static void
test_delay(void)
{
	struct tb b;
	struct tenv *e = new_env();
	struct trace tr;

	tb_begin(&b, 1, 0, 0);
	tb_action(&b, "a");
	tb_point(&b, (int32_t[]){ 5 * K });
	tb_decision(&b, 0, tb_go(1, 2), tb_none);
	tb_action(&b, "b");
	tb_point(&b, (int32_t[]){ 7 * K });
	CHECK(tb_finish(&b, 0) == PLAN_OK);
	run(&b, e, &tr, 4);
	CHECK(tr.state == TASK_DONE && tr.ticks == 4);
	CHECK(tr.has[0] && tr.out[0][0] == 5000);
	CHECK(!tr.has[1] && !tr.has[2]);
	CHECK(tr.has[3] && tr.out[3][0] == 7000);
	free(e);
}

/* A decision after the last step hands over without a gap. */
static void
test_handover(void)
{
	struct tb b;
	struct tenv *e = new_env();
	struct trace tr;

	tb_begin(&b, 1, 0, 0);
	tb_action(&b, "a");
	tb_point(&b, (int32_t[]){ 1 * K });
	tb_point(&b, (int32_t[]){ 2 * K });
	tb_decision(&b, 1, tb_go(1, 0), tb_none);
	tb_action(&b, "b");
	tb_point(&b, (int32_t[]){ 3 * K });
	CHECK(tb_finish(&b, 0) == PLAN_OK);
	run(&b, e, &tr, 4);
	CHECK(tr.state == TASK_DONE && tr.ticks == 3);
	CHECK(tr.out[1][0] == 2000 && tr.has[2] && tr.out[2][0] == 3000);
	free(e);
}

/*
 * start = 0 with one decision after step 0: match -> "yes" (point 1),
 * mismatch -> "no" (point 2).  Which one ran shows at tick 1.
 */
static void
build_branch(struct tb *b, uint8_t axes, uint8_t objects)
{
	tb_begin(b, axes, objects, 0);
	tb_action(b, "start");
	tb_point(b, (int32_t[]){ 0, 0, 0 });
	tb_decision(b, 0, tb_go(1, 0), tb_go(2, 0));
}

static void
finish_branch(struct tb *b)
{
	tb_action(b, "yes");
	tb_point(b, (int32_t[]){ 1 * K, 0, 0 });
	tb_action(b, "no");
	tb_point(b, (int32_t[]){ 2 * K, 0, 0 });
	CHECK(tb_finish(b, 0) == PLAN_OK);
}

/* Which branch ran: 1 yes, 2 no, 0 neither. */
static int
branch(struct tb *b, struct tenv *e)
{
	struct trace tr;

	run(b, e, &tr, 4);
	if (tr.state != TASK_DONE || !tr.has[1])
		return 0;
	return (int)(tr.out[1][0] / K);
}

static void
test_dont_care(void)
{
	struct tb b;
	struct tenv *e = new_env();

	build_branch(&b, 3, 0);
	finish_branch(&b);
	e->arm[1][0] = 123456789;
	CHECK(branch(&b, e) == 1);
	/* all don't care: the arm is not even asked */
	CHECK(e->arm_queries == 0);
	free(e);
}

/* x = 50 +- 10 inclusive: 40 and 60 match, 39.999 and 60.001 do not. */
static void
test_threshold(void)
{
	struct tb b;
	struct tenv *e = new_env();

	build_branch(&b, 2, 0);
	tb_arm(&b, 0, 50 * K, 10 * K);
	finish_branch(&b);
	e->arm[1][0] = 60000;
	e->arm[1][1] = -77777;	/* y is don't care */
	CHECK(branch(&b, e) == 1);
	e->arm[1][0] = 40000;
	CHECK(branch(&b, e) == 1);
	e->arm[1][0] = 60001;
	e->nev = 0;
	CHECK(branch(&b, e) == 2);
	CHECK(e->nev == 1 && !e->ev[0].matched);
	CHECK(e->ev[0].why.kind == TASK_M_ARM && e->ev[0].why.axis == 0);
	CHECK(e->ev[0].why.actual == 60001 && e->ev[0].why.expected == 50000);
	CHECK(e->ev[0].why.threshold == 10000);
	e->arm[1][0] = 39999;
	CHECK(branch(&b, e) == 2);
	free(e);
}

/* An object must be seen, and then within its components. */
static void
test_object(void)
{
	struct tb b;
	struct tenv *e = new_env();

	build_branch(&b, 2, 2);
	tb_check(&b, 1);
	tb_check_comp(&b, 1, TASK_VALUE, 5 * K, 0, 0);
	finish_branch(&b);
	e->seen[1][0] = 1;	/* the other object does not count */
	e->obj[1][0][1] = 5000;
	CHECK(branch(&b, e) == 2);
	CHECK(e->ev[0].why.kind == TASK_M_UNSEEN && e->ev[0].why.object == 1);
	e->seen[1][1] = 1;
	e->obj[1][1][0] = -999 * K;	/* x is don't care */
	e->obj[1][1][1] = 5000;
	e->nev = 0;
	CHECK(branch(&b, e) == 1);
	e->obj[1][1][1] = 5001;
	e->nev = 0;
	CHECK(branch(&b, e) == 2);
	CHECK(e->ev[0].why.kind == TASK_M_OBJECT && e->ev[0].why.axis == 1);
	CHECK(e->ev[0].why.actual == 5001 && e->ev[0].why.expected == 5000);
	free(e);
}

/*
 * find (point 0,0) records var0 <- object 0 after step 0 and goes to
 * "go", whose one point is the variable with its axes swapped; go's
 * decision wants the arm at var0 +- 0.1 on x, then done.
 *   tick 0: (0,0)   tick 1: object at (7,3): go = (3,7)
 *   tick 2: arm (7.05, 0) matches 7 +- 0.1 -> done at tick 2
 */
static void
build_variables(struct tb *b)
{
	tb_begin(b, 2, 1, 1);
	tb_action(b, "find");
	tb_point(b, (int32_t[]){ 0, 0 });
	tb_decision(b, 0, tb_go(1, 0), tb_go(1, 0));
	tb_record(b, 0, 0);
	tb_action(b, "go");
	tb_point(b, (int32_t[]){ 0, 0 });
	tb_point_var(b, 0, 0, 1);
	tb_point_var(b, 1, 0, 0);
	tb_decision(b, 0, tb_end(TASK_T_DONE, 0), tb_end(TASK_T_ABORT, 0));
	tb_arm_var(b, 0, 0, 0, 100);
	CHECK(tb_finish(b, 0) == PLAN_OK);
}

static void
test_variables(void)
{
	struct tb b;
	struct tenv *e = new_env();
	struct trace tr;

	build_variables(&b);
	e->seen[1][0] = 1;
	e->obj[1][0][0] = 7000;
	e->obj[1][0][1] = 3000;
	e->arm[2][0] = 7050;
	run(&b, e, &tr, 4);
	CHECK(tr.state == TASK_DONE && tr.ticks == 2);
	CHECK(tr.out[1][0] == 3000 && tr.out[1][1] == 7000);
	CHECK(!tr.has[2]);
	/* decision, record, decision */
	CHECK(e->nev == 3 && e->ev[1].kind == TASK_EV_RECORD);
	CHECK(e->ev[1].var == 0 && e->ev[1].source == 0 && e->ev[1].set);
	CHECK(e->ev_point[1][0] == 7000 && e->ev_point[1][1] == 3000);
	CHECK(e->ev[2].matched && e->ev[2].target.kind == TASK_T_DONE);

	/* the arm 0.101 off: mismatch -> abort, chosen by go's decision */
	e->arm[2][0] = 7101;
	e->nev = 0;
	run(&b, e, &tr, 4);
	CHECK(tr.state == TASK_ABORTED && tr.r.why.code == TASK_E_CHOSEN);
	CHECK(tr.r.why.action == 1 && tr.r.why.step == 0);
	CHECK(tr.r.why.decision == 0 && tr.r.why.matched == 0);
	CHECK(tr.ticks == 2);
	free(e);
}

/* Recording an unseen object clears the variable; using it aborts. */
static void
test_unseen_record(void)
{
	struct tb b;
	struct tenv *e = new_env();
	struct trace tr;

	build_variables(&b);
	run(&b, e, &tr, 4);
	CHECK(e->nev >= 2 && e->ev[1].kind == TASK_EV_RECORD);
	CHECK(e->ev[1].set == 0);
	CHECK(tr.state == TASK_ABORTED && tr.r.why.code == TASK_E_VARIABLE);
	/* the point of "go" at tick 1 needs it: no decision at fault */
	CHECK(tr.r.why.var == 0 && tr.r.why.action == 1);
	CHECK(tr.r.why.step == 0 && tr.r.why.decision == TASK_NONE16);
	CHECK(tr.ticks == 1);
	free(e);
}

/* A decision state naming a variable nobody recorded aborts at once. */
static void
test_missing_variable(void)
{
	struct tb b;
	struct tenv *e = new_env();
	struct trace tr;

	tb_begin(&b, 1, 1, 2);
	tb_action(&b, "a");
	tb_point(&b, (int32_t[]){ 0 });
	tb_point(&b, (int32_t[]){ 0 });
	tb_decision(&b, 1, tb_none, tb_none);
	tb_check(&b, 0);
	tb_check_comp(&b, 0, TASK_VAR, 0, 1, 5);
	CHECK(tb_finish(&b, 0) == PLAN_OK);
	e->seen[2][0] = 1;
	run(&b, e, &tr, 4);
	CHECK(tr.state == TASK_ABORTED && tr.r.why.code == TASK_E_VARIABLE);
	CHECK(tr.r.why.var == 1 && tr.r.why.action == 0);
	CHECK(tr.r.why.step == 1 && tr.r.why.decision == 0);
	CHECK(tr.ticks == 2 && e->nev == 0);
	/* decided before anything was compared: the object was not asked */
	CHECK(e->obj_queries == 0);
	free(e);
}

/*
 * v = 10,20,...,60, verified: tolerance 1, 2 misses allowed.  The
 * encoder at tick t is checked against the point of tick t-1.
 */
static void
build_verified(struct tb *b)
{
	int32_t i;

	tb_begin(b, 1, 0, 0);
	tb_action(b, "v");
	for (i = 1; i <= 6; i++)
		tb_point(b, (int32_t[]){ 10 * K * i });
	tb_verify(b, 1 * K, 2);
	CHECK(tb_finish(b, 0) == PLAN_OK);
}

/* The encoder follows the commands except at the ticks listed. */
static void
script_encoder(struct tenv *e, const int *bad, int nbad)
{
	int t, i;

	memset(e->enc_given, 0, sizeof e->enc_given);
	for (t = 1; t <= 6; t++) {
		e->enc_given[t] = 1;
		e->enc[t][0] = 10 * K * t;	/* where tick t-1 sent it */
		for (i = 0; i < nbad; i++)
			if (bad[i] == t)
				e->enc[t][0] += 1001;	/* just outside */
	}
	e->nev = 0;
}

static void
test_verify(void)
{
	struct tb b;
	struct tenv *e = new_env();
	struct trace tr;
	static const int two_twice[] = { 1, 2, 4, 5 };
	static const int three[] = { 2, 3, 4 };
	static const int last_three[] = { 4, 5, 6 };

	build_verified(&b);
	/* exactly on the tolerance everywhere: no miss */
	script_encoder(e, NULL, 0);
	e->enc[3][0] += 1000;
	run(&b, e, &tr, 4);
	CHECK(tr.state == TASK_DONE && tr.ticks == 6 && e->nev == 0);

	/* N = 2 misses in a row, twice, with a hit between: completes */
	script_encoder(e, two_twice, 4);
	run(&b, e, &tr, 4);
	CHECK(tr.state == TASK_DONE && tr.ticks == 6);
	CHECK(e->nev == 4 && e->ev[0].kind == TASK_EV_MISS);
	CHECK(e->ev[1].misses == 2 && e->ev[2].misses == 1);
	CHECK(e->ev[1].allowed == 2 && e->ev[1].step == 1);
	CHECK(e->ev_point[0][0] == 11001 && e->ev[0].tick == 1);

	/* N + 1 = 3 in a row: aborts on the third, at tick 4 (step 3) */
	script_encoder(e, three, 3);
	run(&b, e, &tr, 4);
	CHECK(tr.state == TASK_ABORTED && tr.r.why.code == TASK_E_VERIFY);
	CHECK(tr.ticks == 4 && tr.r.why.action == 0 && tr.r.why.step == 3);
	CHECK(tr.r.why.misses == 3 && tr.r.why.allowed == 2);
	CHECK(tr.r.why.actual == 41001 && tr.r.why.expected == 40000);
	CHECK(tr.r.why.tolerance == 1000 && tr.r.why.axis == 0);
	CHECK(!tr.has[4]);

	/* the last step is verified too, after the trajectory ended */
	script_encoder(e, last_three, 3);
	run(&b, e, &tr, 4);
	CHECK(tr.state == TASK_ABORTED && tr.r.why.code == TASK_E_VERIFY);
	CHECK(tr.ticks == 6 && tr.r.why.step == 5);
	free(e);
}

/* done and abort with delays; an abort chosen on a match. */
static void
test_end_targets(void)
{
	struct tb b;
	struct tenv *e = new_env();
	struct trace tr;

	tb_begin(&b, 1, 0, 0);
	tb_action(&b, "a");
	tb_point(&b, (int32_t[]){ 1 * K });
	tb_decision(&b, 0, tb_end(TASK_T_DONE, 2), tb_none);
	CHECK(tb_finish(&b, 0) == PLAN_OK);
	run(&b, e, &tr, 4);
	/* decided at tick 1; nothing to command at 1 and 2; done at 3 */
	CHECK(tr.state == TASK_DONE && tr.ticks == 3);
	CHECK(!tr.has[1] && !tr.has[2]);

	tb_begin(&b, 1, 0, 0);
	tb_action(&b, "a");
	tb_point(&b, (int32_t[]){ 1 * K });
	tb_point(&b, (int32_t[]){ 2 * K });
	tb_point(&b, (int32_t[]){ 3 * K });
	tb_decision(&b, 0, tb_end(TASK_T_ABORT, 1), tb_none);
	CHECK(tb_finish(&b, 0) == PLAN_OK);
	run(&b, e, &tr, 4);
	/* the trajectory goes on until the abort is due at tick 2 */
	CHECK(tr.state == TASK_ABORTED && tr.r.why.code == TASK_E_CHOSEN);
	CHECK(tr.ticks == 2 && tr.has[1] && !tr.has[2]);
	CHECK(tr.r.why.matched == 1 && tr.r.why.step == 0);
	free(e);
}

/*
 * a restarts itself on mismatch; reset after 2 repeats starts b:
 * tick 1 repeat 1, tick 2 repeat 2, tick 3 would be repeat 3 -> b.
 */
static void
test_reset(void)
{
	struct tb b;
	struct tenv *e = new_env();
	struct trace tr;

	tb_begin(&b, 1, 0, 0);
	tb_action(&b, "a");
	tb_point(&b, (int32_t[]){ 4 * K });
	tb_reset(&b, 2, tb_go(1, 0));
	tb_decision(&b, 0, tb_none, tb_go(0, 0));
	tb_arm(&b, 0, 100 * K, 0);
	tb_action(&b, "b");
	tb_point(&b, (int32_t[]){ 9 * K });
	CHECK(tb_finish(&b, 0) == PLAN_OK);
	run(&b, e, &tr, 4);
	CHECK(tr.state == TASK_DONE && tr.ticks == 4);
	CHECK(tr.out[0][0] == 4000 && tr.out[1][0] == 4000);
	CHECK(tr.out[2][0] == 4000 && tr.out[3][0] == 9000);
	CHECK(e->nev == 3 && !e->ev[1].reset && e->ev[2].reset);
	CHECK(e->ev[2].target.action == 1);
	free(e);
}

/*
 * The repeat count belongs to each run: s starts a and c side by side;
 * both restart themselves every tick (their arm state never matches) and
 * stop after 2 repeats.  Each counts its own, so both run at ticks 1, 2
 * and 3 (output 1 + 2) and the task ends at tick 4.  One shared count
 * would stop a at tick 3, leaving only c's 2 there.
 */
static void
test_reset_per_run(void)
{
	struct tb b;
	struct tenv *e = new_env();
	struct trace tr;

	tb_begin(&b, 1, 0, 0);
	tb_action(&b, "s");
	tb_point(&b, (int32_t[]){ 0 });
	tb_decision(&b, 0, tb_go(1, 0), tb_none);
	tb_decision(&b, 0, tb_go(2, 0), tb_none);
	tb_action(&b, "a");
	tb_point(&b, (int32_t[]){ 1 * K });
	tb_reset(&b, 2, tb_none);
	tb_decision(&b, 0, tb_none, tb_go(1, 0));
	tb_arm(&b, 0, 100 * K, 0);
	tb_action(&b, "c");
	tb_point(&b, (int32_t[]){ 2 * K });
	tb_reset(&b, 2, tb_none);
	tb_decision(&b, 0, tb_none, tb_go(2, 0));
	tb_arm(&b, 0, 100 * K, 0);
	CHECK(tb_finish(&b, 0) == PLAN_OK);
	run(&b, e, &tr, 8);
	CHECK(tr.state == TASK_DONE && tr.ticks == 4);
	CHECK(tr.out[1][0] == 3000 && tr.out[2][0] == 3000);
	CHECK(tr.out[3][0] == 3000 && !tr.has[4]);
	free(e);
}

static void
test_full(void)
{
	struct tb b;
	struct tenv *e = new_env();
	struct trace tr;

	tb_begin(&b, 1, 0, 0);
	tb_action(&b, "a");
	tb_point(&b, (int32_t[]){ 0 });
	tb_decision(&b, 0, tb_go(1, 5), tb_none);
	tb_decision(&b, 0, tb_go(1, 5), tb_none);
	tb_action(&b, "b");
	tb_point(&b, (int32_t[]){ 0 });
	CHECK(tb_finish(&b, 0) == PLAN_OK);
	/* a and the first b fill two slots; the second b does not fit */
	run(&b, e, &tr, 2);
	CHECK(tr.state == TASK_ABORTED && tr.r.why.code == TASK_E_FULL);
	CHECK(tr.r.why.decision == 1 && tr.r.why.target == 1);
	run(&b, e, &tr, 3);
	CHECK(tr.state == TASK_DONE && tr.ticks == 7);
	free(e);
}

/* Two copies of 600000 units sum past the 1e6 limit. */
static void
test_range(void)
{
	struct tb b;
	struct tenv *e = new_env();
	struct trace tr;

	tb_begin(&b, 1, 0, 0);
	tb_action(&b, "a");
	tb_point(&b, (int32_t[]){ 0 });
	tb_decision(&b, 0, tb_go(1, 0), tb_none);
	tb_decision(&b, 0, tb_go(1, 0), tb_none);
	tb_action(&b, "b");
	tb_point(&b, (int32_t[]){ 600000 * K });
	CHECK(tb_finish(&b, 0) == PLAN_OK);
	run(&b, e, &tr, 4);
	CHECK(tr.state == TASK_ABORTED && tr.r.why.code == TASK_E_RANGE);
	CHECK(tr.ticks == 1 && tr.r.why.action == 1);
	free(e);
}

static void
test_environment_failure(void)
{
	struct tb b;
	struct tenv *e = new_env();
	struct trace tr;

	build_branch(&b, 1, 0);
	tb_arm(&b, 0, 0, 0);
	finish_branch(&b);
	e->arm_fails = 1;
	run(&b, e, &tr, 4);
	CHECK(tr.state == TASK_ABORTED && tr.r.why.code == TASK_E_ENV);
	CHECK(tr.r.why.query == TASK_Q_ARM && tr.r.why.decision == 0);
	e->arm_fails = 0;
	e->arm[1][0] = 2000000000;
	run(&b, e, &tr, 4);
	CHECK(tr.state == TASK_ABORTED && tr.r.why.code == TASK_E_ENV_RANGE);
	CHECK(tr.r.why.actual == 2000000000);
	free(e);
}

int
main(void)
{
	RUN(test_sequence);
	RUN(test_summing);
	RUN(test_delay);
	RUN(test_handover);
	RUN(test_dont_care);
	RUN(test_threshold);
	RUN(test_object);
	RUN(test_variables);
	RUN(test_unseen_record);
	RUN(test_missing_variable);
	RUN(test_verify);
	RUN(test_end_targets);
	RUN(test_reset);
	RUN(test_reset_per_run);
	RUN(test_full);
	RUN(test_range);
	RUN(test_environment_failure);
	return check_report("task");
}
