/*
 * plansrc_test.c - unit tests for lib/plansrc: the C-integer and YAML
 * number parsers, the releaser and act phrases both ways, YAML scalar
 * quoting, the YAML tree (positions, duplicate keys, aliases, depth), the
 * YAML reader's numbering and links, the Dia reader, and the linker's
 * automatic id width.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "plan/plan.h"
#include "plan/vocab.h"
#include "plansrc/cint.h"
#include "plansrc/dia.h"
#include "plansrc/expr.h"
#include "plansrc/link.h"
#include "plansrc/source.h"
#include "plansrc/utf8.h"
#include "plansrc/view.h"
#include "plansrc/yamlplan.h"
#include "yaml/ydoc.h"
#include "yaml/ywrite.h"

static void
test_cint(void)
{
	const char *end;
	long v = 0;
	int octal = 0;

	CHECK(plansrc_cint_parse("42", &end, &v, &octal) == CINT_OK && v == 42 &&
	    !octal && *end == '\0');
	CHECK(plansrc_cint_parse("-17 x", &end, &v, &octal) == CINT_OK && v == -17 &&
	    strcmp(end, " x") == 0);
	CHECK(plansrc_cint_parse("0x1F", &end, &v, &octal) == CINT_OK && v == 31);
	CHECK(plansrc_cint_parse("0X10", &end, &v, &octal) == CINT_OK && v == 16);
	CHECK(plansrc_cint_parse("010", &end, &v, &octal) == CINT_OK && v == 8 &&
	    octal);
	CHECK(plansrc_cint_parse("0", &end, &v, &octal) == CINT_OK && v == 0 &&
	    !octal);
	CHECK(plansrc_cint_parse("00", &end, &v, &octal) == CINT_OK && v == 0 &&
	    !octal);
	CHECK(plansrc_cint_parse("09", &end, &v, &octal) == CINT_OCTAL_DIGIT &&
	    *end == '9');
	CHECK(plansrc_cint_parse("abc", &end, &v, &octal) == CINT_NONE);
	CHECK(plansrc_cint_parse("-", &end, &v, &octal) == CINT_NONE);
	CHECK(plansrc_cint_parse("0x", &end, &v, &octal) == CINT_OK && v == 0 &&
	    strcmp(end, "x") == 0);	/* %i reads the 0 and stops */
	CHECK(plansrc_cint_parse("99999999999999999999999", &end, &v, &octal) ==
	    CINT_RANGE);
}

static void
test_yparse_long(void)
{
	long v = 0;

	CHECK(yparse_long("255", 0, 255, &v) == 0 && v == 255);
	CHECK(yparse_long("256", 0, 255, &v) == -2);
	CHECK(yparse_long("-32768", -32768, 32767, &v) == 0 && v == -32768);
	CHECK(yparse_long("-32769", -32768, 32767, &v) == -2);
	CHECK(yparse_long("0x7f", 0, 255, &v) == 0 && v == 127);
	CHECK(yparse_long("010", 0, 255, &v) == -1);
	CHECK(yparse_long("0", 0, 255, &v) == 0 && v == 0);
	CHECK(yparse_long("1.5", 0, 255, &v) == -1);
	CHECK(yparse_long("", 0, 255, &v) == -1);
	CHECK(yparse_long("+7", 0, 255, &v) == 0 && v == 7);
	CHECK(yparse_long("12a", 0, 255, &v) == -1);
	CHECK(yparse_long("99999999999999999999", 0, 255, &v) == -2);
	CHECK(yparse_long("99999999999999999999x", 0, 255, &v) == -1);
}

static void
test_when_parse(void)
{
	struct when_expr w;
	const char *why;

	CHECK(plansrc_when_parse("MinRangeAhead > 400", &w, &why) == 0 &&
	    strcmp(w.sense, "MinRangeAhead") == 0 && w.cmp == PLAN_GT &&
	    w.value == 400);
	CHECK(plansrc_when_parse("Sleeping == 0", &w, &why) == 0 &&
	    w.cmp == PLAN_EQ && w.value == 0);
	CHECK(plansrc_when_parse("ConfHuman != 2", &w, &why) == 0 &&
	    w.cmp == PLAN_NE && w.value == 2);
	CHECK(plansrc_when_parse("x<-5", &w, &why) == 0 && strcmp(w.sense, "x") == 0 &&
	    w.cmp == PLAN_LT && w.value == -5);
	CHECK(plansrc_when_parse("Range ahead   GT  10 ", &w, &why) == 0 &&
	    strcmp(w.sense, "Range ahead") == 0 && w.cmp == PLAN_GT &&
	    w.value == 10);
	CHECK(plansrc_when_parse("Hungry TR 0", &w, &why) == 0 && w.cmp == PLAN_TR &&
	    strcmp(w.sense, "Hungry") == 0);
	CHECK(plansrc_when_parse("a>b > 3", &w, &why) == 0 &&
	    strcmp(w.sense, "a>b") == 0 && w.value == 3);
	CHECK(plansrc_when_parse("x > 0x10", &w, &why) == 0 && w.value == 16);
	CHECK(plansrc_when_parse("always", &w, &why) == 0 && w.cmp == PLAN_TR &&
	    w.sense[0] == '\0' && w.value == 0);
	CHECK(plansrc_when_parse(" never ", &w, &why) == 0 && w.cmp == PLAN_FL);
	CHECK(plansrc_when_parse("x >= 3", &w, &why) < 0 && strstr(why, ">=") != NULL);
	CHECK(plansrc_when_parse("x GT5", &w, &why) < 0);
	CHECK(plansrc_when_parse("> 3", &w, &why) < 0 && strstr(why, "sense") != NULL);
	CHECK(plansrc_when_parse("x > 40000", &w, &why) < 0 &&
	    strstr(why, "-32768..32767") != NULL);
	CHECK(plansrc_when_parse("x > y", &w, &why) < 0);
	CHECK(plansrc_when_parse("", &w, &why) < 0);
	CHECK(plansrc_when_parse("Range5", &w, &why) < 0);
}

static void
test_when_format(void)
{
	struct when_expr w, back;
	const char *why;
	char buf[300];
	int cmp;

	for (cmp = PLAN_EQ; cmp <= PLAN_FL; cmp++) {
		memset(&w, 0, sizeof w);
		strcpy(w.sense, "Range ahead");
		w.cmp = cmp;
		w.value = -7;
		CHECK(plansrc_when_format(&w, buf, sizeof buf) > 0);
		CHECK(plansrc_when_parse(buf, &back, &why) == 0 &&
		    strcmp(back.sense, w.sense) == 0 && back.cmp == cmp &&
		    back.value == -7);
	}
	memset(&w, 0, sizeof w);
	w.cmp = PLAN_TR;
	CHECK(plansrc_when_format(&w, buf, sizeof buf) == 6 &&
	    strcmp(buf, "always") == 0);
	w.cmp = PLAN_GT;
	strcpy(w.sense, "S");
	w.value = 1;
	CHECK(plansrc_when_format(&w, buf, sizeof buf) > 0 &&
	    strcmp(buf, "S > 1") == 0);
	CHECK(plansrc_when_format(&w, buf, 3) == 0);	/* does not fit */
}

static void
test_act_parse(void)
{
	struct act_expr a;
	const char *why;

	CHECK(plansrc_act_parse("SetSpeed 35", &a, &why) == 0 &&
	    strcmp(a.action, "SetSpeed") == 0 && a.has_value && a.value == 35);
	CHECK(plansrc_act_parse("Stop", &a, &why) == 0 &&
	    strcmp(a.action, "Stop") == 0 && !a.has_value);
	CHECK(plansrc_act_parse("Turn 90 -5", &a, &why) == 0 &&
	    strcmp(a.action, "Turn 90") == 0 && a.value == -5);
	CHECK(plansrc_act_parse("5", &a, &why) == 0 && strcmp(a.action, "5") == 0 &&
	    !a.has_value);
	CHECK(plansrc_act_parse("5 6", &a, &why) == 0 && strcmp(a.action, "5") == 0 &&
	    a.value == 6);
	CHECK(plansrc_act_parse("Go 99999", &a, &why) < 0);
	CHECK(plansrc_act_parse("  ", &a, &why) < 0);
}

static void
test_cmp_text(void)
{
	CHECK(plan_cmp_from_text("EQ") == PLAN_EQ);
	CHECK(plan_cmp_from_text("!=") == PLAN_NE);
	CHECK(plan_cmp_from_text(">") == PLAN_GT);
	CHECK(plan_cmp_from_text("LT") == PLAN_LT);
	CHECK(plan_cmp_from_text("FL") == PLAN_FL);
	CHECK(plan_cmp_from_text("gt") == -1);
	CHECK(plan_cmp_from_text(">=") == -1);
	CHECK_STR(plan_cmp_word(PLAN_TR), "TR");
	CHECK_STR(plan_cmp_symbol(PLAN_EQ), "==");
}

/* What ywrite_scalar writes for s. */
static const char *
scalar(const char *s, enum yscalar_kind kind)
{
	static char buf[256];
	FILE *fp = fmemopen(buf, sizeof buf, "w");

	ywrite_scalar(fp, s, kind);
	fclose(fp);
	return buf;
}

static void
test_ywrite(void)
{
	CHECK_STR(scalar("Explore", YS_NAME), "Explore");
	CHECK_STR(scalar("IR_Front-2.b", YS_NAME), "IR_Front-2.b");
	CHECK_STR(scalar("Turn left", YS_NAME), "\"Turn left\"");
	CHECK_STR(scalar("7", YS_NAME), "\"7\"");
	CHECK_STR(scalar("true", YS_NAME), "\"true\"");
	CHECK_STR(scalar("No", YS_NAME), "\"No\"");
	CHECK_STR(scalar("a\"b\\c", YS_NAME), "\"a\\\"b\\\\c\"");
	CHECK_STR(scalar("x: y", YS_NAME), "\"x: y\"");
	CHECK_STR(scalar("caf\xc3\xa9", YS_NAME), "\"caf\\u00e9\"");
	CHECK_STR(scalar("\xf0\x9f\xa4\x96", YS_NAME), "\"\\U0001f916\"");
	CHECK_STR(scalar("Range > 400", YS_PHRASE), "Range > 400");
	CHECK_STR(scalar("7 != 0", YS_PHRASE), "7 != 0");
	CHECK_STR(scalar("x: y TR 4", YS_PHRASE), "\"x: y TR 4\"");
	CHECK_STR(scalar("a #b > 1", YS_PHRASE), "\"a #b > 1\"");
	CHECK(!ywrite_plain_ok("", YS_NAME));
	CHECK(!ywrite_plain_ok("x ", YS_PHRASE));
	CHECK(!ywrite_plain_ok("-x", YS_NAME));
}

static void
test_utf8(void)
{
	CHECK(plansrc_view_utf8_ok("plain"));
	CHECK(plansrc_view_utf8_ok("caf\xc3\xa9"));
	CHECK(plansrc_view_utf8_ok("\xe2\x82\xac"));
	CHECK(plansrc_view_utf8_ok("\xf0\x9f\xa4\x96"));
	CHECK(!plansrc_view_utf8_ok("caf\xe9"));		/* Latin-1 */
	CHECK(!plansrc_view_utf8_ok("\xc0\xaf"));		/* overlong */
	CHECK(!plansrc_view_utf8_ok("\xe0\x80\xaf"));		/* overlong */
	CHECK(!plansrc_view_utf8_ok("\xed\xa0\x80"));		/* surrogate */
	CHECK(!plansrc_view_utf8_ok("\xf4\x90\x80\x80"));	/* > U+10FFFF */
	CHECK(!plansrc_view_utf8_ok("\xe2\x82"));		/* cut short */
	/* where it stops: the lead byte of the bad sequence */
	CHECK(plansrc_utf8_first_bad("ab\xc3\xa9" "cd") == NULL);
	{
		const char *latin1 = "ab\xe9" "cd", *cut = "caf\xc3\xa9 \xe2\x82x";

		CHECK(plansrc_utf8_first_bad(latin1) == latin1 + 2);
		CHECK(plansrc_utf8_first_bad(cut) == cut + 6);
	}
}

static struct diag
quiet(void)
{
	struct diag d = diag_for("t");

	d.quiet = 1;
	return d;
}

static int
load(struct ydoc *doc, const char *text, struct diag *d)
{
	return ydoc_load(doc, (const unsigned char *)text, strlen(text), d);
}

static void
test_ydoc(void)
{
	struct diag d = quiet();
	struct ydoc doc;
	const struct ynode *root, *k, *v, *item;
	int32_t it = YDOC_NONE;

	CHECK(load(&doc, "a: 1\nb:\n  - x\n  - 'y'\n", &d) == 0);
	root = ydoc_at(&doc, 0);
	CHECK(root->kind == YNODE_MAP && root->count == 4);
	CHECK(ymap_next(&doc, root, &it, &k, &v) && ynode_is(k, "a") &&
	    ynode_is(v, "1") && v->plain && v->line == 1 && v->col == 4);
	CHECK(ymap_next(&doc, root, &it, &k, &v) && ynode_is(k, "b") &&
	    v->kind == YNODE_SEQ && v->line == 3 && v->col == 3);
	CHECK(!ymap_next(&doc, root, &it, &k, &v));
	it = YDOC_NONE;
	CHECK(yseq_next(&doc, v, &it, &item) && ynode_is(item, "x"));
	CHECK(yseq_next(&doc, v, &it, &item) && ynode_is(item, "y") &&
	    !item->plain);
	CHECK(!yseq_next(&doc, v, &it, &item));
	CHECK(ymap_check_keys(&doc, root, &d) == 0 && d.errors == 0);
	ydoc_free(&doc);

	d = quiet();
	CHECK(load(&doc, "a: 1\nb: 2\na: 3\na: 4\n", &d) == 0);
	CHECK(ymap_check_keys(&doc, ydoc_at(&doc, 0), &d) < 0 &&
	    d.errors == 2);
	ydoc_free(&doc);

	d = quiet();
	CHECK(load(&doc, "a: &x 1\nb: *x\n", &d) < 0 && d.errors == 1);
	d = quiet();
	CHECK(load(&doc, "a: 1\n---\nb: 2\n", &d) < 0 && d.errors == 1);
	d = quiet();
	CHECK(load(&doc, "", &d) < 0 && d.errors == 1);
	d = quiet();
	CHECK(load(&doc, "a: [b\n", &d) < 0 && d.errors == 1);
}

static void
test_ydoc_depth(void)
{
	struct diag d = quiet();
	struct ydoc doc;
	char text[200];
	int i;

	/* 64 levels are fine, 65 are not */
	for (i = 0; i < 64; i++) {
		text[i] = '[';
		text[64 + i] = ']';
	}
	text[128] = '\0';
	CHECK(load(&doc, text, &d) == 0 && doc.n == 64);
	ydoc_free(&doc);
	memmove(text + 1, text, 129);
	text[0] = '[';
	strcat(text, "]");
	CHECK(load(&doc, text, &d) < 0 && d.errors == 1);
}

static int
read_yaml(struct plan_model *m, const char *text, struct diag *d)
{
	plansrc_model_init(m);
	return plansrc_yaml_read_mem((const unsigned char *)text, strlen(text),
	    m, d);
}

static const struct plan_elem *
elem_named(const struct plan_model *m, const char *name)
{
	size_t i;

	for (i = 0; i < m->nelem; i++)
		if (m->elem[i].name && strcmp(m->elem[i].name, name) == 0)
			return &m->elem[i];
	return NULL;
}

static void
test_yaml_reader(void)
{
	static const char text[] =
	    "senses: {Range: 3}\n"
	    "actions: {Go: 1}\n"
	    "acts:\n"
	    "  Fwd: Go 50\n"
	    "drives:\n"
	    "  Roam: {priority: 9, when: Range > 10, hysteresis: 4, do: C}\n"
	    "competences:\n"
	    "  C:\n"
	    "    id: 100\n"
	    "    mode: or\n"
	    "    elements:\n"
	    "      E1: {priority: 2, when: always, do: P}\n"
	    "      E2: {unnamed: true, when: never, do: Fwd, retries: 3}\n"
	    "patterns:\n"
	    "  P: [Fwd, {name: S2, do: Fwd, order: 5}]\n";
	struct diag d = quiet();
	struct plan_model m;
	const struct plan_elem *e;

	CHECK(read_yaml(&m, text, &d) == 0 && d.errors == 0);
	CHECK(m.nelem == 8 && m.nsense == 1 && m.naction == 1);
	/* numbered in document order: Fwd 1, Roam 2, C 100 (given; 3 is
	 * skipped), E1 4, E2 5, P 6, the steps 7 and 8 */
	CHECK((e = elem_named(&m, "Fwd")) && e->id == 1 && e->type == PLAN_A &&
	    e->action == 1 && e->action_value == 50);
	CHECK((e = elem_named(&m, "Roam")) && e->id == 2 && e->child == 100 &&
	    e->priority == 9 && e->sense == 3 && e->cmp == PLAN_GT &&
	    e->value == 10 && e->hysteresis == 4 && e->flex == 0);
	CHECK((e = elem_named(&m, "C")) && e->id == 100 && e->use_or == 1);
	CHECK((e = elem_named(&m, "E1")) && e->id == 4 && e->parent == 100 &&
	    e->child == 6 && e->cmp == PLAN_TR && e->sense == 0);
	CHECK(m.elem[4].name == NULL && m.elem[4].id == 5 &&
	    m.elem[4].retry == 3 && m.elem[4].cmp == PLAN_FL &&
	    m.elem[4].child == 1);
	CHECK(m.elem[6].type == PLAN_APE && m.elem[6].id == 7 &&
	    m.elem[6].parent == 6 && m.elem[6].priority == 1 &&
	    m.elem[6].name == NULL);
	CHECK((e = elem_named(&m, "S2")) && e->id == 8 && e->priority == 5);
	/* where the link was written: Roam's do: is on line 6 */
	CHECK((e = elem_named(&m, "Roam")) && e->child_pos.line == 6 &&
	    e->child_pos.col == 60);
	plansrc_model_free(&m);
}

static void
test_dia_reader(void)
{
	static const char text[] =
	    "<?xml version=\"1.0\"?>\n"
	    "<dia:diagram xmlns:dia=\"http://www.lysator.liu.se/~alla/dia/\">"
	    "<dia:layer>"
	    "<dia:object type=\"UML - Class\" id=\"O0\">"
	    "<dia:attribute name=\"name\"><dia:string>#Go#</dia:string>"
	    "</dia:attribute><dia:attribute name=\"stereotype\">"
	    "<dia:string>#Action#</dia:string></dia:attribute></dia:object>"
	    "<dia:object type=\"UML - Class\" id=\"O1\">"
	    "<dia:attribute name=\"name\"><dia:string>#Fast#</dia:string>"
	    "</dia:attribute><dia:attribute name=\"stereotype\">"
	    "<dia:string>#RobotAction#</dia:string></dia:attribute>"
	    "</dia:object>"
	    "<dia:object type=\"UML - Class\" id=\"O2\">"
	    "<dia:attribute name=\"name\"><dia:string>#Roam#</dia:string>"
	    "</dia:attribute><dia:attribute name=\"stereotype\">"
	    "<dia:string>#Drive#</dia:string></dia:attribute></dia:object>"
	    "<dia:object type=\"UML - Association\" id=\"O3\">"
	    "<dia:connections><dia:connection handle=\"0\" to=\"O2\"/>"
	    "<dia:connection handle=\"1\" to=\"O0\"/></dia:connections>"
	    "</dia:object></dia:layer></dia:diagram>\n";
	struct diag d = quiet();
	struct plan_model m;

	plansrc_model_init(&m);
	CHECK(plansrc_dia_read_mem((const unsigned char *)text, sizeof text - 1, &m,
	    &d) == 0);
	/* the robot action has no ActionID: one error, and the drive and
	 * action still come out with the exporter's defaults */
	CHECK(d.errors == 1);
	CHECK(m.nelem == 2);
	CHECK(m.elem[0].id == 1 && m.elem[0].type == PLAN_A &&
	    m.elem[0].action == 0 && m.elem[0].action_value == 1);
	CHECK(m.elem[1].id == 2 && m.elem[1].type == PLAN_D &&
	    m.elem[1].child == 1 && m.elem[1].priority == 1 &&
	    m.elem[1].cmp == PLAN_GT && m.elem[1].value == 1 &&
	    m.elem[1].hysteresis == 1);
	CHECK(strcmp(m.elem[1].child_pos.object, "O3") == 0);
	CHECK(strcmp(m.elem[1].pos.object, "O2") == 0);
	plansrc_model_free(&m);
}

static int
link_yaml(const char *text, int width, struct linked_plan *lp,
    struct plan_model *m, struct diag *d)
{
	struct link_options o;

	memset(&o, 0, sizeof o);
	o.id_width = width;
	if (read_yaml(m, text, d) < 0 || d->errors)
		return -1;
	return plansrc_plan_link(m, &o, d, lp);
}

static void
test_link_width(void)
{
	static const char narrow[] =
	    "actions: {Go: 255}\n"
	    "drives: {D: {priority: 255, when: always, do: A}}\n"
	    "acts: {A: Go 1}\n";
	static const char wide[] =
	    "actions: {Go: 256}\n"
	    "drives: {D: {priority: 1, when: always, do: A}}\n"
	    "acts: {A: Go 1}\n";
	struct linked_plan lp;
	struct plan_model m;
	struct diag d = quiet();

	CHECK(link_yaml(narrow, 0, &lp, &m, &d) == 0 &&
	    lp.spec.id_width == 1);
	plansrc_linked_plan_free(&lp);
	plansrc_model_free(&m);
	d = quiet();
	CHECK(link_yaml(wide, 0, &lp, &m, &d) == 0 && lp.spec.id_width == 2);
	plansrc_linked_plan_free(&lp);
	plansrc_model_free(&m);
	d = quiet();
	/* the use and the declaration both need 16 bits */
	CHECK(link_yaml(wide, 1, &lp, &m, &d) < 0 && d.errors == 2);
	plansrc_model_free(&m);
	d = quiet();
	CHECK(link_yaml(narrow, 2, &lp, &m, &d) == 0 &&
	    lp.spec.id_width == 2);
	plansrc_linked_plan_free(&lp);
	plansrc_model_free(&m);
}

/* A source that cannot be opened: said through the caller's sink as
 * "tool: PATH: why", and 66 by the one table. */
static void
test_source_status(void)
{
	struct diag d = diag_for("/nonexistent/p.yaml");
	unsigned char *buf = NULL;
	char out[300];
	size_t len = 0, n;

	CHECK(plansrc_status_exit(PLANSRC_OK) == 0);
	CHECK(plansrc_status_exit(PLANSRC_NO_INPUT) == 66);
	CHECK(plansrc_status_exit(PLANSRC_IO) == 74);
	CHECK(plansrc_status_exit(PLANSRC_DATA) == 65);
	CHECK((d.out = tmpfile()) != NULL);
	CHECK(plansrc_read("/nonexistent/p.yaml", &d, &buf, &len) ==
	    PLANSRC_NO_INPUT);
	rewind(d.out);
	n = fread(out, 1, sizeof out - 1, d.out);
	out[n] = '\0';
	fclose(d.out);
	CHECK(strstr(out, ": /nonexistent/p.yaml: No such file or directory\n")
	    != NULL);
	CHECK(buf == NULL);
}

int
main(void)
{
	RUN(test_cint);
	RUN(test_source_status);
	RUN(test_yparse_long);
	RUN(test_when_parse);
	RUN(test_when_format);
	RUN(test_act_parse);
	RUN(test_cmp_text);
	RUN(test_ywrite);
	RUN(test_utf8);
	RUN(test_ydoc);
	RUN(test_ydoc_depth);
	RUN(test_yaml_reader);
	RUN(test_dia_reader);
	RUN(test_link_width);
	return check_report("plansrc");
}
