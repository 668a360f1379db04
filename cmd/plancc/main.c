/*
 * plancc - compile a reactive plan (YAML, Instinct .inst commands or a Dia
 * diagram) or a task machine (YAML or JSON) into a .plan byte stream, or
 * show a plan as YAML, Instinct commands or a Graphviz graph.  The work is
 * done by lib/plansrc (reading, checking, writing) and core/plan.
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
#include "plansrc/pwarn.h"
#include "plansrc/sniff.h"
#include "plansrc/task_compile.h"
#include "plansrc/task_emit.h"
#include "plansrc/yamlplan.h"
#include "yaml/ydoc.h"
#include "plansrc/source.h"
#include "plansrc/stats.h"
#include "wopt.h"

enum emit_kind { EMIT_PLAN, EMIT_YAML, EMIT_INST, EMIT_DOT };

struct options {
	const char *input;	/* "-" for standard input */
	const char *output;
	const char *from;
	int format;		/* enum src_format; SRC_UNKNOWN until known */
	struct link_options link;
	int emit;		/* enum emit_kind */
	int emit_given;
	int disassemble;	/* the input is a compiled plan */
	int sort;
	struct wopts w;		/* -q, -W, --strict */
	int stats;
};

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: plancc [-o file] [--from yaml|json|inst|dia|plan] "
	    "[--id-width 8|16]\n"
	    "              [--strip] [--allow-recursion] [--strict] [--stats]\n"
	    "              [-q] [-W[no-]error[=class]] [-Wno-class]\n"
	    "              [--emit plan|yaml|inst|dot] file|-\n"
	    "       plancc -d [--emit yaml|inst|dot] [--sort] [--stats] "
	    "[-o file] file.plan|-\n");
	usage_about(fp, "Compiles a plan (YAML, JSON, Instinct .inst, Dia) "
	    "into the bytes a robot runs;\n-d reads a .plan back.");
}

/*
 * Default output: the input's name with .plan for its extension, in the
 * current directory (as cc -c puts its object), so a plan compiled from
 * examples/ or an installed share/ lands where the user is.
 */
static char *
default_output(const char *input)
{
	const char *slash = strrchr(input, '/');
	const char *base = slash ? slash + 1 : input;
	const char *dot = strrchr(base, '.');
	size_t stem = dot && dot != base ? (size_t)(dot - base) :
	    strlen(base);
	char *out = malloc(stem + 6);

	if (out) {
		memcpy(out, base, stem);
		strcpy(out + stem, ".plan");
	}
	return out;
}

/* A task machine's text forms: 0, -1 (reported), -2 on a write error. */
static int
emit_task(const struct options *o, FILE *fp, const struct plan_task *t)
{
	struct diag d = wopt_diag(&o->w, o->input);

	switch (o->emit) {
	case EMIT_YAML:
		return plansrc_task_emit_yaml(fp, t) < 0 ? -2 : 0;
	case EMIT_DOT:
		return plansrc_task_emit_dot(fp, t) < 0 ? -2 : 0;
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
	struct emit_options eo = { 0 };
	struct diag d = wopt_diag(&o->w, o->input);

	eo.source = o->input;
	eo.sort_by_id = o->sort;
	eo.command = o->disassemble ? "plancc -d" : "plancc --emit yaml";
	switch (o->emit) {
	case EMIT_YAML:
		return plansrc_emit_yaml(fp, p, &eo, &d);
	case EMIT_INST:
		return plansrc_emit_inst(fp, p, &eo, &d);
	default:
		return plansrc_emit_dot(fp, p, &eo, &d);
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
		plansrc_print_stats(strcmp(output, "-") == 0 ? stderr : stdout, &p);
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

	if (plansrc_plan_link(m, &o->link, d, &lp) < 0)
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
	plansrc_linked_plan_free(&lp);
	return rc;
}

/* A task machine: the header options have no meaning for it, so say so
 * rather than ignore them. */
static int
compile_task(const struct options *o, const struct ydoc *doc,
    struct diag *d, const char *output)
{
	uint8_t *buf = NULL;
	uint32_t size;
	int rc;

	if (o->link.id_width || o->link.strip_names ||
	    o->link.allow_recursion)
		diag_wreport(d, PW_IGNORED, 0, 0, "--id-width, --strip and "
		    "--allow-recursion are for reactive plans; a task machine "
		    "keeps its names");
	if (plansrc_task_compile_doc(doc, d, &buf, &size) < 0 || diag_failed(d))
		rc = EXIT_DATAERR;
	else
		rc = finish(o, output, buf, size);
	free(buf);
	return rc;
}

/* A YAML or JSON source in memory, loaded once by the one YAML reader
 * (ydoc: no aliases, at most 64 levels): a task machine or a reactive
 * plan, as its top level shows. */
static int
compile_yaml(const struct options *o, const unsigned char *src, size_t len,
    const char *output)
{
	struct plan_model m;
	struct ydoc doc;
	struct diag d = wopt_diag(&o->w, o->input);
	int rc;

	if (ydoc_load(&doc, src, len, &d) < 0)
		return EXIT_DATAERR;
	if (plansrc_task_doc_is_task(&doc)) {
		rc = compile_task(o, &doc, &d, output);
	} else {
		plansrc_model_init(&m);
		plansrc_yaml_read_doc(&doc, &m, &d);
		rc = diag_failed(&d) ? EXIT_DATAERR :
		    link_plan(o, &m, &d, output);
		plansrc_model_free(&m);
	}
	ydoc_free(&doc);
	return rc;
}

/* .inst and .dia: the reader fills a model. */
static int
compile_model(const struct options *o, const unsigned char *src,
    size_t len, const char *output)
{
	struct plan_model m;
	struct diag d = wopt_diag(&o->w, o->input);
	int rc;

	plansrc_model_init(&m);
	if (o->format == SRC_INST)
		rc = plansrc_inst_read_mem(src, len, o->input, &m, &d);
	else
		rc = plansrc_dia_read_mem(src, len, &m, &d);
	if (rc < 0) {
		warnx_tool("%s: %s", o->input, strerror(errno));
		rc = EXIT_IOERR;
	} else if (diag_failed(&d)) {
		rc = EXIT_DATAERR;
	} else {
		rc = link_plan(o, &m, &d, output);
	}
	plansrc_model_free(&m);
	return rc;
}

/* plancc -d: a compiled plan, validated, then shown. */
static int
disassemble(const struct options *o, const unsigned char *buf, size_t len,
    const char *output)
{
	struct plan p;
	struct plan_error err;
	struct diag d = wopt_diag(&o->w, o->input);
	int rc;

	if (len > UINT32_MAX ||
	    plan_open(&p, buf, (uint32_t)len, &err) != PLAN_OK) {
		if (len > UINT32_MAX)
			diag_error(&d, 0, 0, "too large to be a plan");
		else
			diag_error(&d, 0, 0, "%s (at byte %lu)",
			    plan_strerror(err.code), (unsigned long)err.offset);
		return EXIT_DATAERR;
	}
	rc = write_output(o, output, buf, (uint32_t)len);
	if (rc == EXIT_OK && o->stats)
		show_stats(output, buf, (uint32_t)len);
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
	while ((c = getopt_long(argc, argv, ":o:dhqW:", longopts, NULL)) != -1) {
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
			o->w.werror = 1;
			break;
		case 'q':
			o->w.nowarn = 1;
			break;
		case 'W':
			if (wopt_parse(&o->w, optarg) < 0) {
				*status = EXIT_USAGE;
				return -1;
			}
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
	if (argc - optind > 1) {
		*status = usage_error("%s", "one input file at a time");
		return -1;
	}
	/* no file: standard input, unless a person would be typing a plan */
	o->input = argc > optind ? argv[optind] : "-";
	if (argc == optind && isatty(STDIN_FILENO)) {
		*status = usage_error("%s", "no input file (and standard input "
		    "is a terminal)");
		return -1;
	}
	return 0;
}

/* The format --from or the file name says; -1 on a usage error. */
static int
settle_format(struct options *o)
{
	int f;

	o->format = SRC_UNKNOWN;
	if (o->from) {
		if ((f = plansrc_format_named(o->from)) < 0) {
			usage_error("--from: unknown format '%s' (yaml, json, "
			    "inst, dia or plan)", o->from);
			return -1;
		}
		o->format = f;
	} else if (o->disassemble) {
		o->format = SRC_PLAN;
	} else {
		o->format = plansrc_format_of_name(o->input);
	}
	if (o->disassemble && o->format != SRC_PLAN) {
		usage_error("-d reads a compiled plan, not --from %s", o->from);
		return -1;
	}
	return 0;
}

/* Once the format is known: what is written; -1 on a usage error. */
static int
settle_modes(struct options *o)
{
	if (o->format == SRC_PLAN) {
		o->disassemble = 1;
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
	return 0;
}

/* The source in memory, compiled or shown; the exit status. */
static int
run(struct options *o, const unsigned char *buf, size_t len)
{
	struct diag d = wopt_diag(&o->w, o->input);
	char *output = NULL;
	const char *out;
	int rc;

	if (o->format == SRC_UNKNOWN) {
		/* standard input or a name that does not say: look inside */
		if ((o->format = plansrc_sniff_format(buf, len)) == SRC_UNKNOWN) {
			diag_error(&d, 0, 0, "%s", len ? "only blanks and "
			    "comments: no plan" : "empty: no plan");
			return EXIT_DATAERR;
		}
		if (settle_modes(o) < 0)
			return EXIT_USAGE;
	}
	if (o->output)
		out = o->output;
	else if (o->emit != EMIT_PLAN || strcmp(o->input, "-") == 0)
		out = "-";
	else if ((out = output = default_output(o->input)) == NULL) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	if (o->format == SRC_PLAN)
		rc = disassemble(o, buf, len, out);
	else if (o->format == SRC_YAML)
		rc = compile_yaml(o, buf, len, out);
	else
		rc = compile_model(o, buf, len, out);
	free(output);
	return rc;
}

int
main(int argc, char *argv[])
{
	struct options o;
	struct diag d;
	unsigned char *buf;
	size_t len;
	int rc;

	memset(&o, 0, sizeof o);
	if (parse_args(argc, argv, &o, &rc) < 0)
		return rc;
	if (settle_format(&o) < 0 ||
	    (o.format != SRC_UNKNOWN && settle_modes(&o) < 0))
		return EXIT_USAGE;
	d = wopt_diag(&o.w, o.input);
	if ((rc = plansrc_status_exit(plansrc_read(o.input, &d, &buf, &len))) !=
	    0)
		return rc;
	rc = run(&o, buf, len);
	free(buf);
	return rc;
}
