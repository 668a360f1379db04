/*
 * plancc - compile a reactive plan (YAML, Instinct .inst commands or a Dia
 * diagram) or a task machine (YAML or JSON) into a .plan byte stream, or
 * show a plan as YAML, Instinct commands or a Graphviz graph.  The work is
 * done by common/plansrc (reading, checking, writing) and common/plan.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/atomic.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/usage.h"
#include "host/version.h"
#include "plan/plan.h"
#include "plan/task.h"
#include "plansrc/dia.h"
#include "plansrc/emit.h"
#include "plansrc/inst.h"
#include "plansrc/link.h"
#include "plansrc/model.h"
#include "host/slurp.h"
#include "plansrc/task_compile.h"
#include "plansrc/task_emit.h"
#include "plansrc/yamlplan.h"
#include "stats.h"

enum emit_kind { EMIT_PLAN, EMIT_YAML, EMIT_INST, EMIT_DOT };

struct options {
	const char *input;
	const char *output;
	const char *from;
	struct link_options link;
	int emit;		/* enum emit_kind */
	int emit_given;
	int disassemble;	/* the input is a compiled plan */
	int sort;
	int strict;
	int stats;
};

/* A source format: how to recognise it, read it and compile it. */
struct front_end {
	const char *name;
	const char *const *extensions;
	int (*read)(FILE *, const char *, struct plan_model *, struct diag *);
	int (*compile)(const struct options *, const struct front_end *,
	    const char *output);
};

static int compile_model(const struct options *, const struct front_end *,
    const char *);
static int compile_yaml_file(const struct options *,
    const struct front_end *, const char *);

static const char *const inst_ext[] = { ".inst", ".ins", ".txt", NULL };
/* JSON is YAML to libyaml; BrainJS wrote its tasks as .json */
static const char *const yaml_ext[] = { ".yaml", ".yml", ".json", NULL };
static const char *const dia_ext[] = { ".dia", NULL };
static const char *const no_ext[] = { NULL };

static const struct front_end front_ends[] = {
	{ "yaml", yaml_ext, NULL, compile_yaml_file },
	{ "json", no_ext, NULL, compile_yaml_file },
	{ "inst", inst_ext, inst_read, compile_model },
	{ "dia", dia_ext, dia_read, compile_model },
};
#define NFRONT_ENDS (sizeof front_ends / sizeof front_ends[0])

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: plancc [-o file] [--from yaml|json|inst|dia|plan] "
	    "[--id-width 8|16]\n"
	    "              [--strip] [--allow-recursion] [--strict] [--stats]\n"
	    "              [--emit plan|yaml|inst|dot] file|-\n"
	    "       plancc -d [--emit yaml|inst|dot] [--sort] [--stats] "
	    "[-o file] file.plan|-\n");
}

static int
has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n > k && strcmp(s + n - k, suffix) == 0;
}

static const struct front_end *
pick_front_end(const struct options *o)
{
	size_t i;
	const char *const *e;

	for (i = 0; i < NFRONT_ENDS; i++) {
		if (o->from) {
			if (strcmp(o->from, front_ends[i].name) == 0)
				return &front_ends[i];
			continue;
		}
		for (e = front_ends[i].extensions; *e; e++)
			if (has_suffix(o->input, *e))
				return &front_ends[i];
	}
	return NULL;
}

/* Default output: the input's name with .plan for its extension. */
static char *
default_output(const char *input)
{
	const char *slash = strrchr(input, '/');
	const char *dot = strrchr(input, '.');
	size_t stem = dot && (!slash || dot > slash) && dot != input &&
	    dot[-1] != '/' ? (size_t)(dot - input) : strlen(input);
	char *out = malloc(stem + 6);

	if (out) {
		memcpy(out, input, stem);
		strcpy(out + stem, ".plan");
	}
	return out;
}

static FILE *
open_input(const char *path)
{
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");

	if (fp == NULL)
		warnx_tool("%s: %s", path, strerror(errno));
	return fp;
}

/* Reads the source into m; the exit status. */
static int
read_source(const struct options *o, const struct front_end *fe,
    struct plan_model *m, struct diag *d)
{
	FILE *fp;
	int rc;

	if ((fp = open_input(o->input)) == NULL)
		return EXIT_NOINPUT;
	rc = fe->read(fp, o->input, m, d);
	if (fp != stdin)
		fclose(fp);
	if (rc < 0) {
		warnx_tool("%s: read error", o->input);
		return EXIT_IOERR;
	}
	return diag_failed(d) ? EXIT_DATAERR : EXIT_OK;
}

/* A task machine's text forms: 0, -1 (reported), -2 on a write error. */
static int
emit_task(const struct options *o, FILE *fp, const struct plan_task *t)
{
	struct diag d = diag_for(o->input);

	switch (o->emit) {
	case EMIT_YAML:
		return task_emit_yaml(fp, t) < 0 ? -2 : 0;
	case EMIT_DOT:
		return task_emit_dot(fp, t) < 0 ? -2 : 0;
	default:
		diag_error(&d, 0, 0, "a task machine has no Instinct form "
		    "(--emit yaml or dot)");
		return -1;
	}
}

/* A reactive plan's text forms; as emit_task. */
static int
emit_plan_text(const struct options *o, FILE *fp, const struct plan *p)
{
	struct emit_options eo;
	struct diag d = diag_for(o->input);

	eo.source = o->input;
	eo.sort_by_id = o->sort;
	switch (o->emit) {
	case EMIT_YAML:
		return emit_yaml(fp, p, &eo, &d);
	case EMIT_INST:
		return emit_inst(fp, p, &eo, &d);
	default:
		return emit_dot(fp, p, &eo, &d);
	}
}

/* Writes a plan's bytes or one of its text forms to path, whole or not at
 * all.  The exit status. */
static int
write_output(const struct options *o, const char *path,
    const uint8_t *buf, uint32_t size)
{
	struct atomic_file af;
	struct plan p;
	struct plan_error err;
	struct plan_task task;
	int rc;

	if (o->emit == EMIT_PLAN && strcmp(path, "-") == 0 &&
	    isatty(STDOUT_FILENO)) {
		warnx_tool("refusing to write a binary plan to a terminal "
		    "(use -o file)");
		return EXIT_USAGE;
	}
	if (o->emit != EMIT_PLAN && plan_open(&p, buf, size, &err) != PLAN_OK) {
		warnx_tool("internal error: the encoded plan does not decode "
		    "(%s)", plan_strerror(err.code));
		return EXIT_DATAERR;
	}
	if (atomic_open(&af, path) < 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_IOERR;
	}
	if (o->emit == EMIT_PLAN)
		rc = fwrite(buf, 1, size, af.fp) == size ? 0 : -2;
	else if (plan_task_of(&p, &task))
		rc = emit_task(o, af.fp, &task);
	else
		rc = emit_plan_text(o, af.fp, &p);
	if (rc == 0 && ferror(af.fp))
		rc = -2;
	if (rc < 0) {
		if (rc == -2)
			warnx_tool("%s: %s", path, strerror(errno));
		atomic_abort(&af);
		return rc == -2 ? EXIT_IOERR : EXIT_DATAERR;
	}
	if (atomic_commit(&af) < 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_IOERR;
	}
	return EXIT_OK;
}

static void
show_stats(const char *output, const uint8_t *buf, uint32_t size)
{
	struct plan p;
	struct plan_error err;

	/* standard output may already carry the plan or its listing */
	if (plan_open(&p, buf, size, &err) == PLAN_OK)
		print_stats(strcmp(output, "-") == 0 ? stderr : stdout, &p);
}

/* A compiled image out, with --stats after it; the exit status. */
static int
finish(const struct options *o, const char *output, const uint8_t *buf,
    uint32_t size)
{
	int rc = write_output(o, output, buf, size);

	if (rc == EXIT_OK && o->stats)
		show_stats(output, buf, size);
	return rc;
}

/* A reactive plan read into m: link, encode, write. */
static int
link_plan(const struct options *o, struct plan_model *m, struct diag *d,
    const char *output)
{
	struct linked_plan lp;
	uint8_t *buf;
	uint32_t size;
	int rc;

	if (plan_link(m, &o->link, d, &lp) < 0)
		return EXIT_DATAERR;
	size = plan_encoded_size(&lp.spec);
	if ((buf = malloc(size)) == NULL ||
	    plan_encode(&lp.spec, buf, size) != size) {
		warnx_tool("out of memory");
		rc = EXIT_IOERR;
	} else {
		rc = finish(o, output, buf, size);
	}
	free(buf);
	linked_plan_free(&lp);
	return rc;
}

/* A task machine: the header options have no meaning for it, so say so
 * rather than ignore them. */
static int
compile_task(const struct options *o, const unsigned char *src, size_t len,
    const char *output)
{
	struct diag d = diag_for(o->input);
	uint8_t *buf = NULL;
	uint32_t size;
	int rc;

	d.werror = o->strict;
	if (o->link.id_width || o->link.strip_names ||
	    o->link.allow_recursion)
		diag_warn(&d, 0, 0, "--id-width, --strip and "
		    "--allow-recursion are for reactive plans; a task machine "
		    "keeps its names");
	if (task_compile((const char *)src, len, &d, &buf, &size) < 0 ||
	    diag_failed(&d))
		rc = EXIT_DATAERR;
	else
		rc = finish(o, output, buf, size);
	free(buf);
	return rc;
}

/* A YAML or JSON source in memory: a task machine or a reactive plan,
 * as its top level shows. */
static int
compile_yaml(const struct options *o, const unsigned char *src, size_t len,
    const char *output)
{
	struct plan_model m;
	struct diag d = diag_for(o->input);
	int rc;

	if (task_source_sniff((const char *)src, len))
		return compile_task(o, src, len, output);
	d.werror = o->strict;
	model_init(&m);
	yaml_plan_read_mem(src, len, &m, &d);
	rc = diag_failed(&d) ? EXIT_DATAERR : link_plan(o, &m, &d, output);
	model_free(&m);
	return rc;
}

/* .inst and .dia: the front end's reader fills a model. */
static int
compile_model(const struct options *o, const struct front_end *fe,
    const char *output)
{
	struct plan_model m;
	struct diag d = diag_for(o->input);
	int rc;

	d.werror = o->strict;
	model_init(&m);
	if ((rc = read_source(o, fe, &m, &d)) == EXIT_OK)
		rc = link_plan(o, &m, &d, output);
	model_free(&m);
	return rc;
}

/* YAML and JSON: read whole, since the top level says what follows. */
static int
compile_yaml_file(const struct options *o, const struct front_end *fe,
    const char *output)
{
	struct diag d = diag_for(o->input);
	unsigned char *src;
	size_t len;
	FILE *fp;
	int rc;

	(void)fe;
	if ((fp = open_input(o->input)) == NULL)
		return EXIT_NOINPUT;
	rc = slurp_source(fp, "a plan source", &d, &src, &len);
	if (fp != stdin)
		fclose(fp);
	if (rc != 0) {
		if (rc < 0)
			warnx_tool("%s: %s", o->input, strerror(errno));
		return rc < 0 ? EXIT_IOERR : EXIT_DATAERR;
	}
	rc = compile_yaml(o, src, len, output);
	free(src);
	return rc;
}

/* plancc -d: a compiled plan, validated, then shown. */
static int
disassemble(const struct options *o, const char *output)
{
	struct plan p;
	struct plan_error err;
	struct diag d = diag_for(o->input);
	unsigned char *buf;
	size_t len;
	FILE *fp;
	int rc;

	if ((fp = open_input(o->input)) == NULL)
		return EXIT_NOINPUT;
	rc = slurp(fp, SLURP_MAX, &buf, &len);
	if (fp != stdin)
		fclose(fp);
	if (rc == -1) {
		warnx_tool("%s: %s", o->input, strerror(errno));
		return EXIT_IOERR;
	}
	if (rc == -2 || plan_open(&p, buf, (uint32_t)len, &err) != PLAN_OK) {
		if (rc == -2)
			diag_error(&d, 0, 0, "too large to be a plan");
		else
			diag_error(&d, 0, 0, "%s (at byte %lu)",
			    plan_strerror(err.code), (unsigned long)err.offset);
		if (rc == 0)
			free(buf);
		return EXIT_DATAERR;
	}
	rc = write_output(o, output, buf, (uint32_t)len);
	if (rc == EXIT_OK && o->stats)
		show_stats(output, buf, (uint32_t)len);
	free(buf);
	return rc;
}

static int
parse_width(const char *s)
{
	if (strcmp(s, "8") == 0)
		return 1;
	if (strcmp(s, "16") == 0)
		return 2;
	return -1;
}

static int
parse_emit(const char *s)
{
	static const char *const names[] = { "plan", "yaml", "inst", "dot" };
	int i;

	for (i = 0; i < 4; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

/* Options into o; -1 to exit with *status. */
static int
parse_args(int argc, char *argv[], struct options *o, int *status)
{
	enum { OPT_FROM = 256, OPT_WIDTH, OPT_STRIP, OPT_RECURSION,
	    OPT_STRICT, OPT_STATS, OPT_EMIT, OPT_SORT, OPT_VERSION };
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "disassemble", no_argument, NULL, 'd' },
		{ "from", required_argument, NULL, OPT_FROM },
		{ "emit", required_argument, NULL, OPT_EMIT },
		{ "id-width", required_argument, NULL, OPT_WIDTH },
		{ "strip", no_argument, NULL, OPT_STRIP },
		{ "allow-recursion", no_argument, NULL, OPT_RECURSION },
		{ "strict", no_argument, NULL, OPT_STRICT },
		{ "stats", no_argument, NULL, OPT_STATS },
		{ "sort", no_argument, NULL, OPT_SORT },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	*status = EXIT_OK;
	opterr = 0;	/* usage_bad_option speaks for getopt */
	while ((c = getopt_long(argc, argv, ":o:dh", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			o->output = optarg;
			break;
		case 'd':
			o->disassemble = 1;
			break;
		case OPT_FROM:
			o->from = optarg;
			break;
		case OPT_EMIT:
			if ((o->emit = parse_emit(optarg)) < 0) {
				*status = usage_error("--emit: '%s' is not "
				    "plan, yaml, inst or dot", optarg);
				return -1;
			}
			o->emit_given = 1;
			break;
		case OPT_WIDTH:
			if ((o->link.id_width = parse_width(optarg)) < 0) {
				*status = usage_error("--id-width: '%s' is "
				    "not 8 or 16", optarg);
				return -1;
			}
			break;
		case OPT_STRIP:
			o->link.strip_names = 1;
			break;
		case OPT_RECURSION:
			o->link.allow_recursion = 1;
			break;
		case OPT_STRICT:
			o->strict = 1;
			break;
		case OPT_STATS:
			o->stats = 1;
			break;
		case OPT_SORT:
			o->sort = 1;
			break;
		case 'h':
			usage(stdout);
			return -1;
		case OPT_VERSION:
			print_version();
			return -1;
		default:
			*status = usage_bad_option(c, argv);
			return -1;
		}
	}
	if (argc - optind != 1) {
		*status = usage_error("%s", argc - optind ?
		    "one input file at a time" : "no input file");
		return -1;
	}
	o->input = argv[optind];
	return 0;
}

/* Settles what is read and what is written; -1 on a usage error. */
static int
settle_modes(struct options *o, const struct front_end **fe)
{
	if (o->from && strcmp(o->from, "plan") == 0)
		o->disassemble = 1;
	else if (!o->disassemble && !o->from && has_suffix(o->input, ".plan"))
		o->disassemble = 1;
	if (o->disassemble) {
		if (o->from && strcmp(o->from, "plan") != 0) {
			usage_error("-d reads a compiled plan, not --from %s",
			    o->from);
			return -1;
		}
		if (!o->emit_given)
			o->emit = EMIT_YAML;
		if (o->emit == EMIT_PLAN) {
			usage_error("%s", "-d shows a plan: --emit yaml, inst "
			    "or dot");
			return -1;
		}
		return 0;
	}
	if (o->sort && o->emit != EMIT_YAML) {
		usage_error("%s", "--sort goes with -d or --emit yaml");
		return -1;
	}
	if ((*fe = pick_front_end(o)) != NULL)
		return 0;
	if (o->from)
		usage_error("--from: unknown format '%s' (yaml, json, inst, "
		    "dia or plan)", o->from);
	else
		usage_error("%s: cannot tell the format from the name; use "
		    "--from yaml, json, inst, dia or plan", o->input);
	return -1;
}

int
main(int argc, char *argv[])
{
	struct options o;
	const struct front_end *fe = NULL;
	char *output = NULL;
	const char *out;
	int rc;

	memset(&o, 0, sizeof o);
	if (parse_args(argc, argv, &o, &rc) < 0)
		return rc;
	if (settle_modes(&o, &fe) < 0)
		return EXIT_USAGE;
	if (o.output)
		out = o.output;
	else if (o.emit != EMIT_PLAN || strcmp(o.input, "-") == 0)
		out = "-";
	else if ((out = output = default_output(o.input)) == NULL) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	rc = o.disassemble ? disassemble(&o, out) : fe->compile(&o, fe, out);
	free(output);
	return rc;
}
