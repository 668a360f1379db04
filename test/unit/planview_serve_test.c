/*
 * planview_serve_test.c - the live server's steering seam (steer.h)
 * without a network: a page's requests go to a robot's table of
 * requests (here a fake that writes down what it was asked), and the
 * answers come back as the page gets them.  The HTTP side is tested
 * through the real server in test/planview-serve.bats.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "plan/plan.h"
#include "plansrc/link.h"
#include "plansrc/yamlplan.h"
#include "planview/serve_int.h"
#include "planview/tree.h"

static const char yaml[] =
    "senses: {Near: 1}\n"
    "actions: {Move: 1}\n"
    "drives:\n"
    "  Low: {priority: 1, when: always, do: Go}\n"
    "  High: {priority: 10, when: Near > 5, do: Go}\n"
    "acts: {Go: Move 5}\n";

struct robot {
	char asked[512];
	int refuse;
};

static int
note(struct robot *r, const char *what, char *answer, size_t size)
{
	size_t n = strlen(r->asked);

	snprintf(r->asked + n, sizeof r->asked - n, "%s;", what);
	snprintf(answer, size, r->refuse ? "robot: no (%s)" : "robot: %s",
	    what);
	return r->refuse ? -1 : 0;
}

static int
r_pause(void *ctx, char *a, size_t n)
{
	return note(ctx, "pause", a, n);
}

static int
r_resume(void *ctx, char *a, size_t n)
{
	return note(ctx, "resume", a, n);
}

static int
r_step(void *ctx, unsigned long cycles, char *a, size_t n)
{
	char w[32];

	snprintf(w, sizeof w, "step %lu", cycles);
	return note(ctx, w, a, n);
}

static int
r_prio(void *ctx, uint16_t d, uint16_t p, char *a, size_t n)
{
	char w[32];

	snprintf(w, sizeof w, "prio D%u %u", (unsigned)d, (unsigned)p);
	return note(ctx, w, a, n);
}

static int
r_mon(void *ctx, uint8_t t, uint16_t i, uint8_t f, char *a, size_t n)
{
	char w[32];

	snprintf(w, sizeof w, "mon %u/%u 0x%02x", (unsigned)t, (unsigned)i,
	    (unsigned)f);
	return note(ctx, w, a, n);
}

static int
r_rate(void *ctx, unsigned hz, char *a, size_t n)
{
	char w[32];

	snprintf(w, sizeof w, "rate %u", hz);
	return note(ctx, w, a, n);
}

/* A request's arguments: "key=value" pairs in a NULL-ended list. */
static const char *
arg(void *ctx, const char *key)
{
	const char *const *kv = ctx;
	size_t n = strlen(key);

	for (; *kv; kv++)
		if (strncmp(*kv, key, n) == 0 && (*kv)[n] == '=')
			return *kv + n + 1;
	return NULL;
}

/* Ask; the answer's JSON into buf, the HTTP status back. */
static unsigned
ask(struct planview_server *s, const char *const *kv, char *buf, size_t size)
{
	FILE *fp = fmemopen(buf, size, "w");
	unsigned st = planview_server_control(s, 0, arg, (void *)kv, fp);

	fclose(fp);
	return st;
}

static void
test_steer(void)
{
	struct plan_model m;
	struct linked_plan lp;
	struct link_options lo;
	struct plan_error pe;
	struct diag d = diag_for("test");
	struct planview_tree t;
	struct plan p;
	struct planview_serve_options o;
	struct planview_serve_error err;
	struct planview_server s;
	struct robot rb;
	struct planview_steer st = { r_pause, r_resume, r_step, r_prio, r_mon,
	    r_rate, -1, NULL, &rb };
	uint8_t *bytes;
	uint32_t n;
	char buf[512], want[128];
	uint8_t ty;
	uint16_t hi;

	d.quiet = 1;
	memset(&lo, 0, sizeof lo);
	plansrc_model_init(&m);
	CHECK(plansrc_yaml_read_mem((const unsigned char *)yaml, strlen(yaml),
	    &m, &d) == 0 && plansrc_plan_link(&m, &lo, &d, &lp) == 0);
	n = plan_encoded_size(&lp.spec);
	bytes = malloc(n);
	CHECK(bytes && plan_encode(&lp.spec, bytes, n) == n);
	CHECK(plan_open(&p, bytes, n, &pe) == PLAN_OK);
	CHECK(planview_tree_open(&t, &p) == 0);
	planview_tree_element(&t, "D", "High", &ty, &hi);

	memset(&rb, 0, sizeof rb);
	memset(&o, 0, sizeof o);
	memset(&s, 0, sizeof s);
	o.source = "robot";
	o.steer = &st;
	s.t = &t;
	s.o = &o;
	s.err = &err;
	CHECK(planview_brk_watch_open(&s.watch, &t) == 0);

	CHECK(ask(&s, (const char *[]){ "cmd=pause", NULL }, buf,
	    sizeof buf) == 200);
	CHECK(s.paused);
	CHECK(strstr(buf, "\"robot: pause; paused at cycle") != NULL);
	CHECK(ask(&s, (const char *[]){ "cmd=step", "n=3", NULL }, buf,
	    sizeof buf) == 200);
	CHECK(s.paused && s.stop_ord == 3);
	CHECK(ask(&s, (const char *[]){ "cmd=prio", "drive=High",
	    "value=250", NULL }, buf, sizeof buf) == 200);
	/* the monitor flags by letter: E is bit 0, Z bit 4, R bit 5 */
	CHECK(ask(&s, (const char *[]){ "cmd=mon", "elem=Go", "flags=EZR",
	    NULL }, buf, sizeof buf) == 200);
	CHECK(ask(&s, (const char *[]){ "cmd=rate", "hz=20", NULL }, buf,
	    sizeof buf) == 200);
	CHECK_STR(buf, "{\"ok\":true,\"text\":\"robot: rate 20\"}");
	CHECK(ask(&s, (const char *[]){ "cmd=resume", NULL }, buf,
	    sizeof buf) == 200);
	CHECK(!s.paused);
	snprintf(want, sizeof want, "pause;step 3;prio D%u 250;mon %u/0 0x31;"
	    "rate 20;resume;", (unsigned)hi, (unsigned)PLAN_A);
	CHECK_STR(rb.asked, want);
	/* words the plan does not have never reach the robot */
	CHECK(ask(&s, (const char *[]){ "cmd=prio", "drive=Go", "value=1",
	    NULL }, buf, sizeof buf) == 400);
	CHECK(ask(&s, (const char *[]){ "cmd=mon", "elem=Go", "flags=EX",
	    NULL }, buf, sizeof buf) == 400);
	CHECK(ask(&s, (const char *[]){ "cmd=rate", "hz=0", NULL }, buf,
	    sizeof buf) == 400);
	CHECK_STR(rb.asked, want);
	/* a refusal is the page's answer, and the view stays as it was */
	rb.refuse = 1;
	CHECK(ask(&s, (const char *[]){ "cmd=pause", NULL }, buf,
	    sizeof buf) == 502);
	CHECK_STR(buf, "{\"ok\":false,\"text\":\"robot: no (pause)\"}");
	CHECK(!s.paused);
	/* no robot: the view alone, and its requests not available */
	o.steer = NULL;
	CHECK(ask(&s, (const char *[]){ "cmd=rate", "hz=20", NULL }, buf,
	    sizeof buf) == 409);
	CHECK_STR(buf, "{\"ok\":false,\"text\":\"rate: not available: the "
	    "source is a log, not a robot\"}");

	planview_brk_watch_free(&s.watch);
	free(s.kept);
	free(s.breaks);
	planview_tree_free(&t);
	free(bytes);
	plansrc_linked_plan_free(&lp);
	plansrc_model_free(&m);
}

int
main(void)
{
	RUN(test_steer);
	return check_report("planview_serve");
}
