/*
 * planview_test.c - planview's pure parts: the tree's rows and order, the
 * log adapter (lines split anywhere, foreign names, truncation, junk), the
 * state folded from events (counters, glow and fade, attention, senses,
 * rate), the text rows, and each element's owning drive for the graph.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "host/splitmix.h"
#include "plan/plan.h"
#include "plansrc/link.h"
#include "plansrc/owner.h"
#include "plansrc/yamlplan.h"
#include "planview/brk.h"
#include "planview/compare.h"
#include "planview/frame.h"
#include "planview/html.h"
#include "planview/pack.h"
#include "planview/logfeed.h"
#include "planview/state.h"
#include "planview/tree.h"

/*
 * High (priority 10) runs pattern Walk, whose steps are written in the
 * reverse of their order; Low (priority 1, written first) runs competence
 * Pick, whose elements are written lowest priority first.  Both use Stop.
 */
static const char yaml[] =
    "senses: {Near: 1}\n"
    "actions: {Move: 1, Halt: 2}\n"
    "drives:\n"
    "  Low: {priority: 1, when: always, do: Pick}\n"
    "  High: {priority: 10, when: Near > 5, do: Walk}\n"
    "competences:\n"
    "  Pick:\n"
    "    elements:\n"
    "      Slow: {priority: 1, when: always, do: Stop}\n"
    "      Fast: {priority: 2, when: Near < 3, do: Go}\n"
    "patterns:\n"
    "  Walk: [Go, Stop]\n"
    "acts: {Go: Move 5, Stop: Halt 0}\n";

struct fixture {
	struct plan_model m;
	struct linked_plan lp;
	uint8_t *bytes;
	struct plan p;
	struct planview_tree t;
};

static int
fixture_open(struct fixture *f)
{
	struct diag d = diag_for("test");
	struct link_options o;
	struct plan_error err;
	uint32_t n;

	d.quiet = 1;
	memset(&o, 0, sizeof o);
	plansrc_model_init(&f->m);
	if (plansrc_yaml_read_mem((const unsigned char *)yaml, strlen(yaml),
	    &f->m, &d) < 0 || d.errors || plansrc_plan_link(&f->m, &o, &d, &f->lp))
		return -1;
	n = plan_encoded_size(&f->lp.spec);
	f->bytes = malloc(n);
	if (f->bytes == NULL || plan_encode(&f->lp.spec, f->bytes, n) != n ||
	    plan_open(&f->p, f->bytes, n, &err) != PLAN_OK)
		return -1;
	return planview_tree_open(&f->t, &f->p);
}

static void
fixture_close(struct fixture *f)
{
	planview_tree_free(&f->t);
	free(f->bytes);
	plansrc_linked_plan_free(&f->lp);
	plansrc_model_free(&f->m);
}

static const char *
row_name(const struct fixture *f, size_t k)
{
	return f->t.name[f->t.row[k].type][f->t.row[k].index];
}

static void
test_tree(void)
{
	struct fixture f;
	/* High first; Walk's steps as they run; Pick's elements by priority */
	static const char *const want[] = {
		"High", "Walk", NULL, "Go", NULL, "Stop",
		"Low", "Pick", "Fast", "Go", "Slow", "Stop"
	};
	static const int depth[] = { 0, 1, 2, 3, 2, 3, 0, 1, 2, 3, 2, 3 };
	size_t k;

	CHECK(fixture_open(&f) == 0);
	CHECK(f.t.nrows == 12);
	for (k = 0; k < 12 && k < f.t.nrows; k++) {
		if (want[k])
			CHECK_STR(row_name(&f, k), want[k]);
		else
			CHECK(row_name(&f, k)[0] == '#');	/* unnamed step */
		CHECK(f.t.row[k].depth == depth[k]);
	}
	CHECK_STR(f.t.row[0].info, "p10 when Near > 5");
	CHECK_STR(f.t.row[2].info, "step 1");
	CHECK_STR(f.t.row[4].info, "step 2");
	CHECK_STR(f.t.row[3].info, "Move 5");
	CHECK_STR(f.t.row[8].info, "p2 when Near < 3");
	fixture_close(&f);
}

static void
test_owners(void)
{
	struct fixture f;
	uint16_t o[PLAN_NTYPES][8], *owner[PLAN_NTYPES];
	uint8_t ty;
	uint16_t high, low, stop;
	int t;

	CHECK(fixture_open(&f) == 0);
	for (t = 0; t < PLAN_NTYPES; t++)
		owner[t] = o[t];
	CHECK(plansrc_plan_owners(&f.p, owner) == 0);
	CHECK(planview_tree_element(&f.t, "D", "High", &ty, &high) == 0);
	CHECK(planview_tree_element(&f.t, "D", "Low", &ty, &low) == 0);
	CHECK(planview_tree_element(&f.t, "A", "Stop", &ty, &stop) == 0);
	/* the shared action belongs to the drive of higher priority */
	CHECK(owner[PLAN_A][stop] == high);
	CHECK(owner[PLAN_C][0] == low);
	CHECK(owner[PLAN_D][low] == low);
	fixture_close(&f);
}

struct got {
	struct planview_event ev[64];
	int n;
};

static int
collect(void *ctx, const struct planview_event *e)
{
	struct got *g = ctx;

	if (g->n < 64)
		g->ev[g->n++] = *e;
	return 0;
}

/*
 * A run in the shared log format, ids looked up in the plan: High reads
 * Near 7, runs Go; then Near is 2, Low runs, Pick fails; then an idle
 * cycle.  Eleven events.
 */
static const char *const script[][7] = {
	/* cycle,time,event, type, name, sense part, reason */
	{ "1,0,R", "D", "High", "Near,1,7,1,0", "" },
	{ "1,0,E", "D", "High", ",,,,", "" },
	{ "1,0,E", "AP", "Walk", ",,,,", "" },
	{ "1,0,E", "A", "Go", ",,,,", "" },
	{ "1,0,S", "A", "Go", ",,,,", "" },
	{ "1,0,P", "D", "High", ",,,,", "" },
	{ "2,500,R", "D", "High", "Near,1,2,0,1", "" },
	{ "2,500,R", "D", "Low", ",,0,1,0", "" },
	{ "2,500,E", "D", "Low", ",,,,", "" },
	{ "2,500,F", "C", "Pick", ",,,,", "no element released" },
};

static char log_text[2048];

static void
make_log(const struct fixture *f)
{
	size_t k, n;
	uint8_t ty;
	uint16_t i;

	n = (size_t)snprintf(log_text, sizeof log_text, "cycle,time_ms,event,"
	    "type,id,name,sense,sense_id,value,released,latch,reason\n");
	for (k = 0; k < sizeof script / sizeof script[0]; k++) {
		CHECK(planview_tree_element(&f->t, script[k][1], script[k][2], &ty,
		    &i) == 0);
		n += (size_t)snprintf(log_text + n, sizeof log_text - n,
		    "%s,%s,%u,%s,%s,%s\n", script[k][0], script[k][1],
		    (unsigned)plan_id(&f->p, ty, i), script[k][2],
		    script[k][3], script[k][4]);
	}
	snprintf(log_text + n, sizeof log_text - n, "3,1000,I,,,,,,,,,\n");
}

static void
test_log(void)
{
	struct fixture f;
	struct planview_log l;
	struct got a, b;
	size_t k, n, head;
	const char *s;

	CHECK(fixture_open(&f) == 0);
	make_log(&f);
	n = strlen(log_text);
	head = (size_t)(strchr(log_text, '\n') - log_text) + 1;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	planview_log_init(&l, &f.t);
	CHECK(planview_log_feed(&l, log_text, n, collect, &a) == 0);
	CHECK(!planview_log_truncated(&l));
	CHECK(a.n == 11);
	CHECK(a.ev[0].event == 'R' && a.ev[0].has_sense &&
	    a.ev[0].sense == 1 && a.ev[0].value == 7 &&
	    a.ev[0].released == 1 && a.ev[0].latch == 0);
	CHECK_STR(a.ev[9].reason, "no element released");
	CHECK(a.ev[7].event == 'R' && !a.ev[7].has_sense);	/* always */
	CHECK(a.ev[9].event == 'F' && a.ev[9].type == PLAN_C);
	CHECK(a.ev[10].event == 'I' && a.ev[10].cycle == 3);
	/* a byte at a time gives the same events */
	planview_log_free(&l);
	planview_log_init(&l, &f.t);
	for (k = 0; k < n; k++)
		CHECK(planview_log_feed(&l, log_text + k, 1, collect, &b) == 0);
	CHECK(b.n == a.n && memcmp(a.ev, b.ev, sizeof a.ev) == 0);
	/* the last line cut short */
	planview_log_free(&l);
	planview_log_init(&l, &f.t);
	b.n = 0;
	CHECK(planview_log_feed(&l, log_text, n - 3, collect, &b) == 0);
	CHECK(planview_log_truncated(&l) && b.n == 10);
	/* an element of another plan: an id it has not, a name it has not */
	planview_log_free(&l);
	planview_log_init(&l, &f.t);
	CHECK(planview_log_feed(&l, log_text, head, collect, &b) == 0);
	CHECK(planview_log_feed(&l, "1,0,E,D,200,High,,,,,,\n", 23, collect,
	    &b) < 0);
	CHECK_STR(l.error, "the plan has no element D 200");
	CHECK(l.error_line == 2);
	planview_log_free(&l);
	planview_log_init(&l, &f.t);
	CHECK(planview_log_feed(&l, log_text, head, collect, &b) == 0);
	s = "1,0,R,D,1,Low,Far,9,1,0,0,\n1,0,E,D,1,Low,,,,,,\n";
	CHECK(planview_log_feed(&l, s, strlen(s), collect, &b) < 0);
	CHECK_STR(l.error, "the plan has no sense 'Far'");
	CHECK(l.error_line == 2);
	/* time order holds across pieces: cycle 3, then (fed apart) 2 */
	planview_log_free(&l);
	planview_log_init(&l, &f.t);
	b.n = 0;
	CHECK(planview_log_feed(&l, log_text, n, collect, &b) == 0);
	s = "2,0,I,,,,,,,,,\n";
	CHECK(planview_log_feed(&l, s, strlen(s), collect, &b) < 0);
	CHECK(strncmp(l.error, "cycle 2 after cycle 3: ", 23) == 0);
	CHECK(l.error_line == 13);
	/* a quote left open at a line's end: refused at that line, whether
	   the bytes come at once or a few at a time (a CSV reader would
	   read on into the next line, a pipe's pieces would not) */
	for (k = 0; k < 2; k++) {
		size_t at, piece = k ? 7 : 1000;
		int rc = 0;

		planview_log_free(&l);
		planview_log_init(&l, &f.t);
		s = "cycle,time_ms,event,type,id,name,sense,sense_id,value,"
		    "released,latch,reason\n3,1000,I,,,,,,,,,\n"
		    "4,1500,E,D,1,\"Low,,,,,,\n5,2000,I,,,,,,,,\",\n";
		for (at = 0; at < strlen(s) && rc == 0; at += piece)
			rc = planview_log_feed(&l, s + at, strlen(s) - at < piece ?
			    strlen(s) - at : piece, collect, &b);
		CHECK(rc < 0 && l.error_line == 3);
		CHECK(strstr(l.error, "an event is one line") != NULL);
	}
	planview_log_free(&l);
	fixture_close(&f);
}

static void
test_log_junk(void)
{
	struct fixture f;
	struct planview_log l;
	struct got g;
	uint64_t sm = 15;
	char buf[512];
	int i;
	size_t k;

	CHECK(fixture_open(&f) == 0);
	for (i = 0; i < 2000; i++) {
		for (k = 0; k < sizeof buf; k++)
			buf[k] = (char)(splitmix_next(&sm) & (i & 1 ? 0x7f :
			    0xff));
		if (i % 3 == 0)		/* lines of commas and digits */
			for (k = 0; k < sizeof buf; k++)
				buf[k] = "0123,ESPFZRDA\n#\""[buf[k] & 15];
		planview_log_init(&l, &f.t);
		g.n = 0;
		if (planview_log_feed(&l, buf, sizeof buf, collect, &g) != 0) {
			/* refused: why, and on a line it read */
			CHECK(l.error[0] != '\0');
			CHECK(l.error_line >= 1 && l.error_line <= l.line + 1);
		} else {
			/* taken: events of the plan, in time order */
			for (k = 0; k < (size_t)g.n; k++)
				CHECK(g.ev[k].cycle >= (k ? g.ev[k - 1].cycle :
				    0));
		}
		planview_log_free(&l);
	}
	fixture_close(&f);
}

static int
apply_all(void *ctx, const struct planview_event *e)
{
	struct planview_state *s = ctx;

	planview_state_apply(s, e, e->time_ms);
	return 0;
}

static void
test_state(void)
{
	struct fixture f;
	struct planview_state s;
	struct planview_log l;
	uint8_t ty;
	uint16_t high, go, pick, low;
	char row[256], last;
	int glow;

	CHECK(fixture_open(&f) == 0);
	CHECK(planview_state_open(&s, &f.t) == 0);
	make_log(&f);
	planview_log_init(&l, &f.t);
	/* up to cycle 2: the log above without its idle cycle */
	CHECK(planview_log_feed(&l, log_text, strlen(log_text) - 18, apply_all,
	    &s) == 0);
	planview_log_free(&l);
	planview_tree_element(&f.t, "D", "High", &ty, &high);
	planview_tree_element(&f.t, "D", "Low", &ty, &low);
	planview_tree_element(&f.t, "A", "Go", &ty, &go);
	planview_tree_element(&f.t, "C", "Pick", &ty, &pick);
	CHECK(s.cycle == 2 && s.cycles == 2 && s.events == 10);
	CHECK(s.attention == low);
	CHECK(s.elem[PLAN_D][high].executed == 1 &&
	    s.elem[PLAN_D][high].pending == 1);
	CHECK(s.elem[PLAN_A][go].executed == 1 &&
	    s.elem[PLAN_A][go].succeeded == 1);
	CHECK(s.elem[PLAN_C][pick].failed == 1 &&
	    s.elem[PLAN_C][pick].last == 'F');
	CHECK(s.sense_seen[1] && s.sense[1] == 2);
	/* 2 cycles 500 ms apart: 2 cycles a second */
	CHECK_NEAR(planview_state_rate(&s), 2.0, 1e-9);
	/* Pick lit in the cycle shown: full; Go (cycle 1, at 0 ms) fades:
	   2 before 1500 ms, 1 after, dark from 3000 ms */
	CHECK(planview_state_glow(&s, PLAN_C, pick, 500) == 3);
	CHECK(planview_state_glow(&s, PLAN_A, go, 500) == 2);
	CHECK(planview_state_glow(&s, PLAN_A, go, 1499) == 2);
	CHECK(planview_state_glow(&s, PLAN_A, go, 1500) == 1);
	CHECK(planview_state_glow(&s, PLAN_A, go, 3000) == 0);
	CHECK(planview_state_glow(&s, PLAN_C, pick, 3499) == 3);
	CHECK(planview_state_glow(&s, PLAN_C, pick, 3500) == 0);
	/* row 3 is Go under Walk: "+S", its counters */
	planview_frame_row(&s, 3, 500, row, sizeof row, &glow, &last);
	CHECK_STR(row, "+S       A Go  Move 5  [x1 ok1 f0]");
	CHECK(planview_frame_match(&s, 3, "G") && !planview_frame_match(&s, 3, "Walk"));
	planview_frame_senses(&s, row, sizeof row);
	CHECK_STR(row, "senses: Near=2");
	planview_state_free(&s);
	fixture_close(&f);
}

/*
 * A Q line sets a drive's runtime priority: High (p10 in the plan) shown
 * at 7, then 3, the latest one; Low never set, so no runtime priority
 * beside it; nothing lights.  A priority for an action is refused.
 */
static void
test_priority(void)
{
	struct fixture f;
	struct planview_state s;
	struct planview_log l;
	uint8_t ty;
	uint16_t high, low, go;
	char text[512], row[256], last;
	int glow;
	size_t k;

	CHECK(fixture_open(&f) == 0);
	CHECK(planview_state_open(&s, &f.t) == 0);
	planview_tree_element(&f.t, "D", "High", &ty, &high);
	planview_tree_element(&f.t, "D", "Low", &ty, &low);
	planview_tree_element(&f.t, "A", "Go", &ty, &go);
	snprintf(text, sizeof text, "cycle,time_ms,event,type,id,name,sense,"
	    "sense_id,value,released,latch,reason\n"
	    "1,0,Q,D,%u,High,,,7,,,\n2,125,Q,D,%u,High,,,3,,,\n",
	    (unsigned)plan_id(&f.p, PLAN_D, high),
	    (unsigned)plan_id(&f.p, PLAN_D, high));
	planview_log_init(&l, &f.t);
	CHECK(planview_log_feed(&l, text, strlen(text), apply_all, &s) == 0);
	planview_log_free(&l);
	CHECK(s.elem[PLAN_D][high].priority == 3);
	CHECK(s.elem[PLAN_D][low].priority == -1);
	CHECK(s.elem[PLAN_D][high].last == 0 &&
	    s.elem[PLAN_D][high].executed == 0);
	for (k = 0; k < f.t.nrows; k++) {
		planview_frame_row(&s, k, 125, row, sizeof row, &glow, &last);
		if (f.t.row[k].type == PLAN_D && f.t.row[k].index == high)
			CHECK_STR(row, "   D High  p10 when Near > 5  runtime p3");
		else
			CHECK(strstr(row, "runtime") == NULL);
	}
	snprintf(text, sizeof text, "cycle,time_ms,event,type,id,name,sense,"
	    "sense_id,value,released,latch,reason\n1,0,Q,A,%u,Go,,,7,,,\n",
	    (unsigned)plan_id(&f.p, PLAN_A, go));
	planview_log_init(&l, &f.t);
	CHECK(planview_log_feed(&l, text, strlen(text), apply_all, &s) < 0);
	CHECK(strstr(l.error, "a priority is a drive's") != NULL);
	planview_log_free(&l);
	planview_state_free(&s);
	fixture_close(&f);
}

static struct planview_event
event(long cycle, long t, char ev, uint8_t type, uint16_t index)
{
	struct planview_event e;

	memset(&e, 0, sizeof e);
	e.cycle = cycle;
	e.time_ms = t;
	e.event = ev;
	e.type = type;
	e.index = index;
	e.released = e.latch = -1;
	return e;
}

/* Elements are numbered across the plan, types in enum plan_type order:
 * AP Walk 0; APE 1, 2; C Pick 3; CE 4, 5; D 6, 7; A 8, 9. */
static void
test_pack(void)
{
	struct fixture f;
	struct planview_pack p;
	struct planview_event e;

	CHECK(fixture_open(&f) == 0);
	memset(&p, 0, sizeof p);
	CHECK(planview_pack_element(&f.t, PLAN_C, 0) == 3);
	CHECK(planview_pack_element(&f.t, PLAN_D, 1) == 7);
	e = event(1, 0, 'E', PLAN_D, 1);
	CHECK(planview_pack_add(&p, &f.t, &e) == 0);
	e = event(2, 125, 'F', PLAN_C, 0);
	snprintf(e.reason, sizeof e.reason, "child failed");
	CHECK(planview_pack_add(&p, &f.t, &e) == 0);
	e = event(2, 125, 'R', PLAN_CE, 1);
	e.has_sense = 1;
	e.sense = 1;
	e.value = -40;
	e.released = 0;
	e.latch = 1;
	CHECK(planview_pack_add(&p, &f.t, &e) == 0);
	e = event(3, 250, 'Q', PLAN_D, 0);
	e.value = 250;
	CHECK(planview_pack_add(&p, &f.t, &e) == 0);
	e = event(3, 250, 'I', 0, 0);
	CHECK(planview_pack_add(&p, &f.t, &e) == 0);
	e = event(6, 625, 'R', PLAN_D, 0);	/* a TR releaser: no sense */
	e.released = 1;
	e.latch = 0;
	CHECK(planview_pack_add(&p, &f.t, &e) == 0);
	e = event(0, 0, 'B', 0, 0);		/* a restart: a B line ... */
	snprintf(e.reason, sizeof e.reason, "reconnect");
	CHECK(planview_pack_add(&p, &f.t, &e) == 0);
	e = event(1, 0, 'E', PLAN_D, 1);	/* ... then its first cycle */
	CHECK(planview_pack_add(&p, &f.t, &e) == 0);
	e = event(1, 0, 'B', 0, 0);		/* a boundary not saying how */
	CHECK(planview_pack_add(&p, &f.t, &e) == 0);
	e = event(1, 0, 'I', 0, 0);		/* a new cycle, number and all */
	CHECK(planview_pack_add(&p, &f.t, &e) == 0);
	/* by hand: steps of cycle and time, omitted when 1 and unchanged;
	   a B in its run's first cycle, 1 + its code (reconnect: 2) */
	CHECK_STR(p.buf, "c E7 c@125 F3:2 R5:1:-40:2 c Q6:250 I c3@375 "
	    "R6::0:1 c-5@-625 B:3 E7 c0@0 B I");
	CHECK(p.events == 10 && p.cycles == 6);
	planview_pack_free(&p);
	fixture_close(&f);
}

/* The page: the plan and the run in it, and nothing in the data that
 * could end a script element early. */
static void
test_html(void)
{
	struct fixture f;
	struct planview_page pg;
	char *text = NULL, *json = NULL, *at, want[64];
	size_t len = 0, n;
	FILE *fp;
	uint8_t ty;
	uint16_t hi, lo;

	CHECK(fixture_open(&f) == 0);
	memset(&pg, 0, sizeof pg);
	pg.t = &f.t;
	pg.title = "a & b";
	pg.svg = "<?xml?>\n<svg><g id=\"G.D1\" class=\"graph\"></g></svg>\n"
	    "<?xml?><svg><g id=\"page0,1_G.D0\" class=\"graph\"></g></svg>";
	pg.nruns = 1;
	pg.run[0].name = "r<1>.log";
	pg.run[0].events = "c E7";
	pg.run[0].len = 4;
	fp = open_memstream(&text, &len);
	CHECK(fp != NULL);
	CHECK(planview_html_write(fp, &pg) == 0);
	fclose(fp);
	CHECK(strstr(text, "<title>planview: a &amp; b</title>") != NULL);
	CHECK(strstr(text, "<?xml") == NULL);
	/* a section per graph, keyed by its drive */
	at = strstr(text, "<section class=\"drive\" data-drive=\"D1\">");
	CHECK(at != NULL);
	CHECK(at && strstr(at, "data-drive=\"D0\"") != NULL);
	CHECK(strstr(text, "{\"k\":\"C0\",\"t\":\"C\",\"n\":\"Pick\"") != NULL);
	/* each drive's plan priority: Low 1, High 10 (the YAML above) */
	planview_tree_element(&f.t, "D", "High", &ty, &hi);
	planview_tree_element(&f.t, "D", "Low", &ty, &lo);
	snprintf(want, sizeof want, "{\"k\":\"D%u\",\"t\":\"D\",\"n\":\"High\","
	    "\"p\":10,", (unsigned)hi);
	CHECK(strstr(text, want) != NULL);
	snprintf(want, sizeof want, "{\"k\":\"D%u\",\"t\":\"D\",\"n\":\"Low\","
	    "\"p\":1,", (unsigned)lo);
	CHECK(strstr(text, want) != NULL);
	CHECK(strstr(text, "data-name=\"r&lt;1&gt;.log\" data-truncated=\"0\">"
	    "c E7</script>") != NULL);
	/* four script elements, each closed once */
	for (n = 0, at = text; (at = strstr(at, "</script>")) != NULL; at++)
		n++;
	CHECK(n == 4);
	for (n = 0, at = text; (at = strstr(at, "<script")) != NULL; at++)
		n++;
	CHECK(n == 4);
	free(text);
	/* the style and the script built in cannot end their elements */
	CHECK(strstr(planview_page_js, "</script") == NULL);
	CHECK(strstr(planview_page_css, "</style") == NULL);
	CHECK(strncmp(planview_page_js, "(function () {", 14) == 0);
	/* a JSON string cannot close its script element */
	fp = open_memstream(&json, &len);
	planview_html_json(fp, "</script><b>\"\\");
	fclose(fp);
	CHECK_STR(json, "\"\\u003c/script\\u003e\\u003cb\\u003e\\\"\\\\\"");
	free(json);
	fixture_close(&f);
}

/* Breakpoints: the words, and where each comes true in a hand-made run. */
static void
test_brk(void)
{
	struct fixture f;
	struct planview_brk b[6];
	struct planview_brk_watch w;
	struct planview_event e;
	char err[200];
	uint8_t ty;
	uint16_t hi, lo;

	CHECK(fixture_open(&f) == 0);
	planview_tree_element(&f.t, "D", "High", &ty, &hi);
	planview_tree_element(&f.t, "D", "Low", &ty, &lo);
	CHECK(planview_brk_parse(&b[0], &f.t, " attention  High ", err,
	    sizeof err) == 0);
	CHECK_STR(b[0].text, "attention High");
	CHECK(planview_brk_parse(&b[1], &f.t, "sense Near > 5", err, sizeof err) == 0);
	CHECK_STR(b[1].text, "sense Near > 5");
	CHECK(planview_brk_parse(&b[2], &f.t, "fail", err, sizeof err) == 0);
	CHECK(b[2].any);
	CHECK(planview_brk_parse(&b[3], &f.t, "priority Low", err, sizeof err) == 0);
	CHECK(planview_brk_parse(&b[4], &f.t, "boundary", err, sizeof err) == 0);
	CHECK(planview_brk_parse(&b[5], &f.t, "fail Pick", err, sizeof err) == 0);
	CHECK(planview_brk_parse(&b[5], &f.t, "attention Pick", err,
	    sizeof err) < 0);
	CHECK_STR(err, "the plan has no drive 'Pick'");
	CHECK(planview_brk_parse(&b[5], &f.t, "sense Far > 1", err, sizeof err) < 0);
	CHECK(planview_brk_parse(&b[5], &f.t, "sense Near >= x", err,
	    sizeof err) < 0);
	CHECK(planview_brk_parse(&b[5], &f.t, "halt", err, sizeof err) < 0);
	CHECK(planview_brk_parse(&b[5], &f.t, "fail Pick", err, sizeof err) == 0);

	CHECK(planview_brk_watch_open(&w, &f.t) == 0);
	/* cycle 1: High takes attention (breakpoint 0); Near read 7 > 5 is a
	   crossing from unknown (1), but the first that holds is reported */
	e = event(1, 0, 'R', PLAN_D, hi);
	e.has_sense = 1;
	e.sense = 1;
	e.value = 7;
	CHECK(planview_brk_check(&w, b + 1, 1, &e) == 0);
	e = event(1, 0, 'E', PLAN_D, hi);
	CHECK(planview_brk_check(&w, b, 6, &e) == 0);
	/* cycle 2: High again: not a change; Near 9 still above: no cross */
	e = event(2, 0, 'E', PLAN_D, hi);
	CHECK(planview_brk_check(&w, b, 2, &e) == -1);
	e = event(2, 0, 'R', PLAN_D, hi);
	e.has_sense = 1;
	e.sense = 1;
	e.value = 9;
	CHECK(planview_brk_check(&w, b, 2, &e) == -1);
	/* cycle 3: Low, and Near drops to 2; cycle 4: Near 6 crosses again */
	e = event(3, 0, 'E', PLAN_D, lo);
	CHECK(planview_brk_check(&w, b, 2, &e) == -1);
	e.event = 'R';
	e.has_sense = 1;
	e.sense = 1;
	e.value = 2;
	CHECK(planview_brk_check(&w, b, 2, &e) == -1);
	e = event(4, 0, 'R', PLAN_D, hi);
	e.has_sense = 1;
	e.sense = 1;
	e.value = 6;
	CHECK(planview_brk_check(&w, b, 2, &e) == 1);
	/* High takes attention back in cycle 4 */
	e = event(4, 0, 'E', PLAN_D, hi);
	CHECK(planview_brk_check(&w, b, 1, &e) == 0);
	/* failures: Pick's, any; a priority set for Low; a boundary, after
	   which High's attention counts as new */
	e = event(5, 0, 'F', PLAN_C, 0);
	CHECK(planview_brk_check(&w, b + 5, 1, &e) == 0);
	CHECK(planview_brk_check(&w, b + 2, 1, &e) == 0);
	e = event(5, 0, 'F', PLAN_A, 0);
	CHECK(planview_brk_check(&w, b + 5, 1, &e) == -1);
	e = event(6, 0, 'Q', PLAN_D, hi);
	CHECK(planview_brk_check(&w, b + 3, 1, &e) == -1);
	e = event(6, 0, 'Q', PLAN_D, lo);
	CHECK(planview_brk_check(&w, b + 3, 1, &e) == 0);
	e = event(6, 0, 'E', PLAN_D, hi);
	CHECK(planview_brk_check(&w, b, 1, &e) == 0);
	e = event(1, 0, 'B', 0, 0);
	CHECK(planview_brk_check(&w, b + 4, 1, &e) == 0);
	e = event(1, 0, 'E', PLAN_D, hi);
	CHECK(planview_brk_check(&w, b, 1, &e) == 0);
	planview_brk_watch_free(&w);
	fixture_close(&f);
}

/* Two runs: the first cycle whose drive with attention differs. */
static void
test_compare(void)
{
	struct planview_timeline a, b;
	struct planview_diff d;
	struct planview_event e;
	long k;

	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	for (k = 1; k <= 5; k++) {
		e = event(k, 0, 'E', PLAN_D, 1);
		CHECK(planview_timeline_add(&a, &e) == 0);
		e.index = k == 4 ? 0 : 1;	/* B's cycle 4 differs */
		CHECK(planview_timeline_add(&b, &e) == 0);
		e.index = 0;	/* a second drive E in a cycle does not count */
		CHECK(planview_timeline_add(&a, &e) == 0);
	}
	e = event(6, 0, 'I', 0, 0);
	CHECK(planview_timeline_add(&a, &e) == 0);
	CHECK(a.n == 6 && b.n == 5);
	CHECK(a.att[5] == -1);
	planview_compare(&a, &b, &d);
	CHECK(d.index == 3 && d.cycle[0] == 4 && d.cycle[1] == 4);
	CHECK(d.att[0] == 1 && d.att[1] == 0);
	CHECK(planview_timeline_count(&a, 1) == 5 && planview_timeline_count(&b, 1) == 4);
	b.att[3] = 1;	/* the same now, but A goes on a cycle longer */
	planview_compare(&a, &b, &d);
	CHECK(d.index == 5 && d.cycle[0] == 6 && d.cycle[1] == -1);
	planview_compare(&a, &a, &d);
	CHECK(d.index == -1);
	planview_timeline_free(&a);
	planview_timeline_free(&b);
}

/* The finding in words: ordinals (11th-13th, 21st, 112th) and ends. */
static void
test_diff_text(void)
{
	struct fixture f;
	struct planview_diff d;
	char buf[256];
	uint8_t ty;
	uint16_t high, low;

	CHECK(fixture_open(&f) == 0);
	CHECK(planview_tree_element(&f.t, "D", "High", &ty, &high) == 0);
	CHECK(planview_tree_element(&f.t, "D", "Low", &ty, &low) == 0);
	d.index = -1;
	planview_diff_text(&f.t, &d, 7, buf, sizeof buf);
	CHECK_STR(buf, "no difference in attention over 7 cycles");
	d.index = 0;
	d.cycle[0] = 3;
	d.cycle[1] = 5;
	d.att[0] = high;
	d.att[1] = low;
	planview_diff_text(&f.t, &d, 9, buf, sizeof buf);
	CHECK_STR(buf, "first difference: the 1st cycle (A 3, B 5): "
	    "A High, B Low");
	d.index = 11;
	d.att[1] = -1;
	planview_diff_text(&f.t, &d, 20, buf, sizeof buf);
	CHECK_STR(buf, "first difference: the 12th cycle (A 3, B 5): "
	    "A High, B (none)");
	d.index = 20;
	d.cycle[1] = -1;
	planview_diff_text(&f.t, &d, 30, buf, sizeof buf);
	CHECK_STR(buf, "first difference: the 21st cycle (A 3, B (ended)): "
	    "A High, B (ended)");
	d.index = 111;
	planview_diff_text(&f.t, &d, 200, buf, sizeof buf);
	CHECK(strstr(buf, "the 112th cycle") != NULL);
	d.index = 1;
	planview_diff_text(&f.t, &d, 200, buf, sizeof buf);
	CHECK(strstr(buf, "the 2nd cycle") != NULL);
	fixture_close(&f);
}

int
main(void)
{
	RUN(test_tree);
	RUN(test_diff_text);
	RUN(test_owners);
	RUN(test_log);
	RUN(test_log_junk);
	RUN(test_state);
	RUN(test_pack);
	RUN(test_html);
	RUN(test_brk);
	RUN(test_compare);
	RUN(test_priority);
	return check_report("planview");
}
