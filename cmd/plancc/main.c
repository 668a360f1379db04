/*
 * plancc - compile a reactive plan (Instinct .inst commands) into a .plan
 * byte stream.  Reads the source into a plan model, checks and links it
 * (common/plansrc), encodes it (common/plan), writes it atomically.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/atomic.h"
#include "cli/diag.h"
#include "cli/exits.h"
#include "cli/version.h"
#include "plan/plan.h"
#include "plansrc/inst.h"
#include "plansrc/link.h"
#include "plansrc/model.h"

struct options {
	const char *input;
	const char *output;
	const char *from;
	struct link_options link;
	int strict;
	int stats;
};

/* A source format: how to recognise it and how to read it. */
struct front_end {
	const char *name;
	const char *const *extensions;
	int (*read)(FILE *, const char *, struct plan_model *, struct diag *);
};

static const char *const inst_ext[] = { ".inst", ".ins", ".txt", NULL };

static const struct front_end front_ends[] = {
	{ "inst", inst_ext, inst_read },
};
#define NFRONT_ENDS (sizeof front_ends / sizeof front_ends[0])

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: plancc [-o file] [--from inst] [--id-width 8|16] [--strip]\n"
	    "              [--allow-recursion] [--strict] [--stats] file|-\n");
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
	size_t stem = dot && (!slash || dot > slash) && dot != input ?
	    (size_t)(dot - input) : strlen(input);
	char *out = malloc(stem + 6);

	if (out) {
		memcpy(out, input, stem);
		strcpy(out + stem, ".plan");
	}
	return out;
}

static void
print_stats(FILE *fp, const struct plan_spec *s, uint32_t size)
{
	static const char *const tag[PLAN_NTYPES] = {
		"AP", "APE", "C", "CE", "D", "A"
	};
	uint8_t w = s->id_width;
	unsigned rec[PLAN_NTYPES] = {
		PLAN_AP_SIZE(w), PLAN_APE_SIZE(w), PLAN_C_SIZE(w),
		PLAN_CE_SIZE(w), PLAN_D_SIZE(w), PLAN_A_SIZE(w)
	};
	int t;

	fprintf(fp, "id width: %u bits\n", 8u * w);
	for (t = 0; t < PLAN_NTYPES; t++)
		fprintf(fp, "%-4s %5u x %2u = %7lu bytes\n", tag[t],
		    (unsigned)s->count[t], rec[t],
		    (unsigned long)s->count[t] * rec[t]);
	fprintf(fp, "total stream: %lu bytes\n", (unsigned long)size);
}

/* Reads the source into m; the exit status. */
static int
read_source(const struct options *o, const struct front_end *fe,
    struct plan_model *m, struct diag *d)
{
	FILE *fp = stdin;
	int rc;

	if (strcmp(o->input, "-") != 0 && (fp = fopen(o->input, "r")) == NULL) {
		warnx_tool("%s: %s", o->input, strerror(errno));
		return EXIT_NOINPUT;
	}
	rc = fe->read(fp, o->input, m, d);
	if (fp != stdin)
		fclose(fp);
	if (rc < 0) {
		warnx_tool("%s: read error", o->input);
		return EXIT_IOERR;
	}
	return diag_failed(d) ? EXIT_DATAERR : EXIT_OK;
}

static int
write_plan(const char *path, const uint8_t *buf, uint32_t size)
{
	struct atomic_file af;

	if (strcmp(path, "-") == 0 && isatty(STDOUT_FILENO)) {
		warnx_tool("refusing to write a binary plan to a terminal "
		    "(use -o file)");
		return EXIT_USAGE;
	}
	if (atomic_open(&af, path) < 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_IOERR;
	}
	if (fwrite(buf, 1, size, af.fp) != size) {
		warnx_tool("%s: %s", path, strerror(errno));
		atomic_abort(&af);
		return EXIT_IOERR;
	}
	if (atomic_commit(&af) < 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_IOERR;
	}
	return EXIT_OK;
}

static int
compile(const struct options *o, const struct front_end *fe,
    const char *output)
{
	struct plan_model m;
	struct linked_plan lp;
	struct diag d = diag_for(o->input);
	uint8_t *buf = NULL;
	uint32_t size;
	int rc;

	d.werror = o->strict;
	model_init(&m);
	if ((rc = read_source(o, fe, &m, &d)) != EXIT_OK)
		goto out;
	if (plan_link(&m, &o->link, &d, &lp) < 0) {
		rc = EXIT_DATAERR;
		goto out;
	}
	size = plan_encoded_size(&lp.spec);
	if ((buf = malloc(size)) == NULL ||
	    plan_encode(&lp.spec, buf, size) != size) {
		warnx_tool("out of memory");
		rc = EXIT_IOERR;
	} else if ((rc = write_plan(output, buf, size)) == EXIT_OK &&
	    o->stats) {
		print_stats(strcmp(output, "-") == 0 ? stderr : stdout,
		    &lp.spec, size);
	}
	linked_plan_free(&lp);
out:
	free(buf);
	model_free(&m);
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

int
main(int argc, char *argv[])
{
	enum { OPT_FROM = 256, OPT_WIDTH, OPT_STRIP, OPT_RECURSION,
	    OPT_STRICT, OPT_STATS, OPT_VERSION };
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "from", required_argument, NULL, OPT_FROM },
		{ "id-width", required_argument, NULL, OPT_WIDTH },
		{ "strip", no_argument, NULL, OPT_STRIP },
		{ "allow-recursion", no_argument, NULL, OPT_RECURSION },
		{ "strict", no_argument, NULL, OPT_STRICT },
		{ "stats", no_argument, NULL, OPT_STATS },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	struct options o;
	const struct front_end *fe;
	char *output = NULL;
	int c, rc;

	memset(&o, 0, sizeof o);
	while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			o.output = optarg;
			break;
		case OPT_FROM:
			o.from = optarg;
			break;
		case OPT_WIDTH:
			if ((o.link.id_width = parse_width(optarg)) < 0) {
				warnx_tool("--id-width: '%s' is not 8 or 16",
				    optarg);
				usage(stderr);
				return EXIT_USAGE;
			}
			break;
		case OPT_STRIP:
			o.link.strip_names = 1;
			break;
		case OPT_RECURSION:
			o.link.allow_recursion = 1;
			break;
		case OPT_STRICT:
			o.strict = 1;
			break;
		case OPT_STATS:
			o.stats = 1;
			break;
		case 'h':
			usage(stdout);
			return EXIT_OK;
		case OPT_VERSION:
			print_version();
			return EXIT_OK;
		default:
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (argc - optind != 1) {
		warnx_tool(argc - optind ? "one input file at a time" :
		    "no input file");
		usage(stderr);
		return EXIT_USAGE;
	}
	o.input = argv[optind];
	if ((fe = pick_front_end(&o)) == NULL) {
		if (o.from)
			warnx_tool("--from: unknown format '%s' (inst)", o.from);
		else
			warnx_tool("%s: cannot tell the format from the name; "
			    "use --from inst", o.input);
		return EXIT_USAGE;
	}
	if (o.output == NULL && strcmp(o.input, "-") != 0 &&
	    (output = default_output(o.input)) == NULL) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	rc = compile(&o, fe, o.output ? o.output : output ? output : "-");
	free(output);
	return rc;
}
