/*
 * dia_xml.c - from Dia's file to a dia_doc.  Gunzips with zlib (bounded,
 * so a small file cannot unpack to gigabytes), parses with libxml2 without
 * network access and refuses any DTD (which is where entity expansion
 * attacks live; Dia never writes one), then walks
 * /dia:diagram/dia:layer/dia:object as the Instinct exporter did.
 */
#include <stdlib.h>
#include <string.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <zlib.h>

#include "plansrc/dia.h"
#include "plansrc/dia_doc.h"

#define DIA_NS "http://www.lysator.liu.se/~alla/dia/"

/* gzip data into a malloc'd buffer; 0, or -1 after reporting. */
static int
gunzip(const unsigned char *in, size_t len, unsigned char **out,
    size_t *outlen, struct diag *d)
{
	z_stream z;
	unsigned char *buf = NULL, *nb;
	size_t cap = 0;
	int rc = Z_OK;

	memset(&z, 0, sizeof z);
	if (inflateInit2(&z, 15 + 16) != Z_OK) {
		diag_error(d, 0, 0, "out of memory");
		return -1;
	}
	z.next_in = (Bytef *)(uintptr_t)in;
	z.avail_in = len > 0x7fffffffUL ? 0x7fffffffU : (uInt)len;
	while (rc == Z_OK) {
		if (z.total_out == cap) {
			cap = cap ? cap * 2 : 4 * len + 4096;
			if (cap > DIA_MAX_XML + 1)
				cap = DIA_MAX_XML + 1;
			if (z.total_out == cap) {
				diag_error(d, 0, 0, "unpacks to more than %lu "
				    "MiB: not a Dia diagram",
				    DIA_MAX_XML >> 20);
				goto fail;
			}
			if ((nb = realloc(buf, cap)) == NULL) {
				diag_error(d, 0, 0, "out of memory");
				goto fail;
			}
			buf = nb;
		}
		z.next_out = buf + z.total_out;
		z.avail_out = (uInt)(cap - z.total_out);
		rc = inflate(&z, Z_NO_FLUSH);
	}
	if (rc != Z_STREAM_END) {
		diag_error(d, 0, 0, "damaged gzip data (%s)",
		    rc == Z_BUF_ERROR ? "truncated" : z.msg ? z.msg :
		    "inflate failed");
		goto fail;
	}
	*out = buf;
	*outlen = z.total_out;
	inflateEnd(&z);
	return 0;
fail:
	free(buf);
	inflateEnd(&z);
	return -1;
}

static int
is_dia(const xmlNode *n, const char *name)
{
	return n->type == XML_ELEMENT_NODE && n->ns && n->ns->href &&
	    strcmp((const char *)n->ns->href, DIA_NS) == 0 &&
	    strcmp((const char *)n->name, name) == 0;
}

/* A property of an element, as a malloc'd string, or NULL. */
static char *
prop(const xmlNode *n, const char *name)
{
	xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
	char *s;

	if (v == NULL)
		return NULL;
	s = strdup((const char *)v);
	xmlFree(v);
	return s;
}

/* <dia:attribute name="name"> child of n, or NULL. */
static const xmlNode *
dia_attribute(const xmlNode *n, const char *name)
{
	const xmlNode *c;

	for (c = n->children; c; c = c->next) {
		xmlChar *v;
		int match;

		if (!is_dia(c, "attribute"))
			continue;
		v = xmlGetProp(c, (const xmlChar *)"name");
		match = v && strcmp((const char *)v, name) == 0;
		xmlFree(v);
		if (match)
			return c;
	}
	return NULL;
}

/*
 * The text of the <dia:string> in attribute `name` of n, without Dia's
 * enclosing '#' characters; "" when absent, NULL when out of memory.
 */
static char *
dia_string(const xmlNode *n, const char *name)
{
	const xmlNode *a = dia_attribute(n, name), *c;
	xmlChar *v = NULL;
	char *s;
	size_t len;

	for (c = a ? a->children : NULL; c; c = c->next)
		if (is_dia(c, "string")) {
			v = xmlNodeGetContent(c);
			break;
		}
	s = strdup(v ? (const char *)v : "");
	xmlFree(v);
	if (s == NULL)
		return NULL;
	len = strlen(s);
	if (len >= 2 && s[0] == '#' && s[len - 1] == '#') {
		memmove(s, s + 1, len - 2);
		s[len - 2] = '\0';
	}
	return s;
}

static int
take_attributes(struct dia_object *o, const xmlNode *n)
{
	const xmlNode *a = dia_attribute(n, "attributes"), *c;
	size_t count = 0;

	for (c = a ? a->children : NULL; c; c = c->next)
		count += is_dia(c, "composite");
	if ((o->attr = calloc(count + 1, sizeof *o->attr)) == NULL)
		return -1;
	for (c = a ? a->children : NULL; c; c = c->next) {
		struct dia_attr *at = &o->attr[o->nattr];

		if (!is_dia(c, "composite"))
			continue;
		o->nattr++;
		if ((at->name = dia_string(c, "name")) == NULL ||
		    (at->value = dia_string(c, "value")) == NULL)
			return -1;
	}
	return 0;
}

static int
take_connections(struct dia_object *o, const xmlNode *n)
{
	const xmlNode *cs, *c;

	for (cs = n->children; cs; cs = cs->next) {
		if (!is_dia(cs, "connections"))
			continue;
		for (c = cs->children; c; c = c->next) {
			char *handle, *to;
			int h;

			if (!is_dia(c, "connection"))
				continue;
			handle = prop(c, "handle");
			to = prop(c, "to");
			h = handle && strcmp(handle, "0") == 0 ? 0 :
			    handle && strcmp(handle, "1") == 0 ? 1 : -1;
			free(handle);
			if (h < 0 || o->end[h] || to == NULL) {
				free(to);
				continue;
			}
			o->end[h] = to;
		}
	}
	return 0;
}

static struct dia_object *
new_object(struct dia_doc *doc)
{
	struct dia_object *o;

	if (doc->n == doc->cap) {
		size_t c = doc->cap ? doc->cap * 2 : 64;

		if ((o = realloc(doc->obj, c * sizeof *o)) == NULL)
			return NULL;
		doc->obj = o;
		doc->cap = c;
	}
	o = &doc->obj[doc->n++];
	memset(o, 0, sizeof *o);
	return o;
}

static int
take_object(struct dia_doc *doc, const xmlNode *n)
{
	struct dia_object *o = new_object(doc);

	if (o == NULL)
		return -1;
	o->line = xmlGetLineNo(n);
	if ((o->id = prop(n, "id")) == NULL && (o->id = strdup("?")) == NULL)
		return -1;
	if ((o->type = prop(n, "type")) == NULL &&
	    (o->type = strdup("")) == NULL)
		return -1;
	if (strcmp(o->type, "UML - Class") == 0) {
		if ((o->name = dia_string(n, "name")) == NULL ||
		    (o->stereotype = dia_string(n, "stereotype")) == NULL)
			return -1;
		return take_attributes(o, n);
	}
	if (strcmp(o->type, "UML - Association") == 0)
		return take_connections(o, n);
	return 0;
}

/* Classes and associations inside groups, which the exporter skipped. */
static size_t
count_grouped(const xmlNode *n, int depth)
{
	const xmlNode *c;
	size_t k = 0;

	if (depth > 32)
		return 0;
	for (c = n->children; c; c = c->next) {
		char *type;

		if (is_dia(c, "group")) {
			k += count_grouped(c, depth + 1);
			continue;
		}
		if (!is_dia(c, "object"))
			continue;
		type = prop(c, "type");
		k += type && (strcmp(type, "UML - Class") == 0 ||
		    strcmp(type, "UML - Association") == 0);
		free(type);
	}
	return k;
}

static int
walk(struct dia_doc *doc, const xmlNode *root, struct diag *d)
{
	const xmlNode *layer, *o;

	if (!is_dia(root, "diagram")) {
		diag_error(d, xmlGetLineNo(root), 0, "not a Dia diagram: the "
		    "document is <%.40s>, not <dia:diagram>", root->name);
		return -1;
	}
	for (layer = root->children; layer; layer = layer->next) {
		if (!is_dia(layer, "layer"))
			continue;
		for (o = layer->children; o; o = o->next) {
			if (is_dia(o, "group"))
				doc->grouped += count_grouped(o, 0);
			if (is_dia(o, "object") && take_object(doc, o) < 0) {
				diag_error(d, 0, 0, "out of memory");
				return -1;
			}
		}
	}
	return 0;
}

/* The first error libxml2 raises is the one worth showing; later ones
 * are usually its consequences. */
struct first_error {
	int seen;
	long line, col;
	char msg[256];
};

static void
keep_first_error(void *data, xmlErrorPtr e)
{
	xmlParserCtxtPtr ctxt = data;
	struct first_error *f = ctxt ? ctxt->_private : NULL;
	size_t n;

	if (f == NULL || f->seen || e == NULL || e->level < XML_ERR_ERROR)
		return;
	f->seen = 1;
	f->line = e->line;
	f->col = e->int2;
	snprintf(f->msg, sizeof f->msg, "%s", e->message ? e->message :
	    "malformed document");
	n = strlen(f->msg);
	while (n > 0 && (f->msg[n - 1] == '\n' || f->msg[n - 1] == ' '))
		f->msg[--n] = '\0';
}

static void
xml_error(const struct first_error *f, struct diag *d)
{
	if (!f->seen)
		diag_error(d, 0, 0, "XML: malformed document");
	else
		diag_error(d, f->line, f->col, "XML: %s", f->msg);
}

static int
parse_xml(struct dia_doc *doc, const unsigned char *xml, size_t len,
    struct diag *d)
{
	struct first_error first;
	xmlParserCtxtPtr ctxt;
	xmlDocPtr x;
	int rc = -1;

	if (len > DIA_MAX_XML) {
		diag_error(d, 0, 0, "larger than %lu MiB: not a Dia diagram",
		    DIA_MAX_XML >> 20);
		return -1;
	}
	if ((ctxt = xmlNewParserCtxt()) == NULL) {
		diag_error(d, 0, 0, "out of memory");
		return -1;
	}
	memset(&first, 0, sizeof first);
	ctxt->_private = &first;
	ctxt->sax->serror = keep_first_error;
	x = xmlCtxtReadMemory(ctxt, (const char *)xml, (int)len, NULL, NULL,
	    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
	    XML_PARSE_BIG_LINES);
	if (x == NULL || !ctxt->wellFormed)
		xml_error(&first, d);
	else if (x->intSubset || x->extSubset)
		diag_error(d, 0, 0, "XML: a Dia diagram has no DTD; this "
		    "document declares one");
	else if (xmlDocGetRootElement(x) == NULL)
		diag_error(d, 0, 0, "XML: empty document");
	else
		rc = walk(doc, xmlDocGetRootElement(x), d);
	xmlFreeDoc(x);
	xmlFreeParserCtxt(ctxt);
	return rc;
}

int
plansrc_dia_doc_load(struct dia_doc *doc, const unsigned char *buf, size_t len,
    struct diag *d)
{
	unsigned char *xml = NULL;
	size_t xlen;
	int rc;

	memset(doc, 0, sizeof *doc);
	if (len >= 2 && buf[0] == 0x1f && buf[1] == 0x8b) {
		if (gunzip(buf, len, &xml, &xlen, d) < 0)
			return -1;
		rc = parse_xml(doc, xml, xlen, d);
		free(xml);
	} else {
		rc = parse_xml(doc, buf, len, d);
	}
	if (rc < 0)
		plansrc_dia_doc_free(doc);
	return rc;
}

void
plansrc_dia_doc_free(struct dia_doc *doc)
{
	size_t i, k;

	for (i = 0; i < doc->n; i++) {
		struct dia_object *o = &doc->obj[i];

		free(o->id);
		free(o->type);
		free(o->name);
		free(o->stereotype);
		for (k = 0; k < o->nattr; k++) {
			free(o->attr[k].name);
			free(o->attr[k].value);
		}
		free(o->attr);
		free(o->end[0]);
		free(o->end[1]);
	}
	free(doc->obj);
	memset(doc, 0, sizeof *doc);
}
