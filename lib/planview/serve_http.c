/*
 * serve_http.c - the live server's HTTP side over libmicrohttpd, run from
 * serve.c's loop (no threads): the page with the events read so far, one
 * event stream per page (suspended while it has nothing to send, resumed
 * when the run side has news, a keep-alive every 15 s), the steering and
 * breakpoint requests, and a refusal of requests from other sites' pages.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "planview/html.h"
#include "planview/serve_int.h"

#define BODY_MAX 8192
#define KEEPALIVE_MS 15000

long
planview_http_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* One request's body and the decoded arguments handed out from it. */
struct request {
	struct MHD_Connection *c;
	char body[BODY_MAX + 1];
	size_t len;
	int too_big;
	char store[BODY_MAX + 64];
	size_t used;
};

static int
hex(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The value of key in the urlencoded body, else in the query string. */
static const char *
arg(void *ctx, const char *key)
{
	struct request *r = ctx;
	size_t klen = strlen(key);
	const char *p = r->body;

	while (*p) {
		const char *end = strchr(p, '&');
		size_t n = end ? (size_t)(end - p) : strlen(p);

		if (n > klen && strncmp(p, key, klen) == 0 && p[klen] == '=') {
			char *out = r->store + r->used;
			size_t i, o = 0;

			if (r->used + n + 1 > sizeof r->store)
				return NULL;
			for (i = klen + 1; i < n; i++) {
				int a, b;

				if (p[i] == '+')
					out[o++] = ' ';
				else if (p[i] == '%' && i + 2 < n &&
				    (a = hex(p[i + 1])) >= 0 &&
				    (b = hex(p[i + 2])) >= 0) {
					out[o++] = (char)(a * 16 + b);
					i += 2;
				} else
					out[o++] = p[i];
			}
			out[o] = '\0';
			r->used += o + 1;
			return memchr(out, '\0', o) == NULL ? out : NULL;
		}
		p += n + (end ? 1 : 0);
	}
	return MHD_lookup_connection_value(r->c, MHD_GET_ARGUMENT_KIND, key);
}

static enum MHD_Result
reply(struct MHD_Connection *c, unsigned status, const char *type,
    char *text, size_t len)
{
	struct MHD_Response *resp = MHD_create_response_from_buffer(len, text,
	    MHD_RESPMEM_MUST_FREE);
	enum MHD_Result rc;

	if (resp == NULL) {
		free(text);
		return MHD_NO;
	}
	MHD_add_response_header(resp, "Content-Type", type);
	MHD_add_response_header(resp, "Cache-Control", "no-store");
	rc = MHD_queue_response(c, status, resp);
	MHD_destroy_response(resp);
	return rc;
}

static enum MHD_Result
reply_text(struct MHD_Connection *c, unsigned status, const char *text)
{
	char *t = strdup(text);

	return t ? reply(c, status, "text/plain; charset=utf-8", t,
	    strlen(t)) : MHD_NO;
}

/* ---- the page ------------------------------------------------------------ */

static enum MHD_Result
page(struct planview_server *s, struct MHD_Connection *c)
{
	struct planview_page pg;
	char *text = NULL, *live = NULL;
	size_t len = 0, llen = 0;
	FILE *fp = open_memstream(&live, &llen);

	if (fp == NULL)
		return MHD_NO;
	fprintf(fp, "{\"from\":%zu,\"view\":", s->pack.len);
	planview_server_view_json(s, fp);
	fputc('}', fp);
	if (fclose(fp) != 0 || (fp = open_memstream(&text, &len)) == NULL) {
		free(live);
		return MHD_NO;
	}
	memset(&pg, 0, sizeof pg);
	pg.t = s->t;
	pg.title = s->o->title;
	pg.svg = s->o->svg;
	pg.nruns = 1;
	pg.run[0].name = s->o->source;
	pg.run[0].events = s->pack.buf ? s->pack.buf : "";
	pg.run[0].len = s->pack.len;
	pg.live = live;
	planview_html_write(fp, &pg);
	free(live);
	if (fclose(fp) != 0) {
		free(text);
		return MHD_NO;
	}
	return reply(c, 200, "text/html; charset=utf-8", text, len);
}

/* ---- the event streams ------------------------------------------------- */

/* A message into the stream's pending text. */
static void
message(struct planview_stream *x, const char *event,
    void (*json)(struct planview_stream *, FILE *))
{
	FILE *fp;

	free(x->pending);
	x->pending = NULL;
	x->plen = x->poff = 0;
	if ((fp = open_memstream(&x->pending, &x->plen)) == NULL)
		return;
	fprintf(fp, "event: %s\ndata: ", event);
	json(x, fp);
	fputs("\n\n", fp);
	if (fclose(fp) != 0) {
		free(x->pending);
		x->pending = NULL;
		x->plen = 0;
	}
}

static void
hello_json(struct planview_stream *x, FILE *fp)
{
	fprintf(fp, "{\"client\":%d,\"breaks\":", x->client);
	planview_server_breaks_json(x->s, fp);
	fputc('}', fp);
}

static void
view_json(struct planview_stream *x, FILE *fp)
{
	planview_server_view_json(x->s, fp);
}

static void
breaks_json(struct planview_stream *x, FILE *fp)
{
	planview_server_breaks_json(x->s, fp);
}

/* Packed events from x->sent, whole tokens, as one "ev" message. */
static ssize_t
events(struct planview_stream *x, char *buf, size_t max)
{
	const struct planview_pack *p = &x->s->pack;
	size_t start = x->sent, end = p->len, room;
	int head;

	if (max < 96)
		return 0;
	room = max - 64;
	if (end - start > room) {
		end = start + room;
		while (end > start && p->buf[end] != ' ')
			end--;
		if (end == start)
			return 0;
	}
	head = snprintf(buf, 64, "id: %zu\nevent: ev\ndata: ", end);
	memcpy(buf + head, p->buf + start, end - start);
	memcpy(buf + head + (end - start), "\n\n", 2);
	x->sent = end;
	return (ssize_t)(head + (end - start) + 2);
}

static ssize_t
stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	struct planview_stream *x = cls;
	struct planview_server *s = x->s;
	ssize_t n;

	(void)pos;
	if (s->d == NULL || x->gone)
		return MHD_CONTENT_READER_END_OF_STREAM;
	if (x->poff == x->plen) {
		if (!x->hello) {
			message(x, "hello", hello_json);
			x->hello = 1;
			x->breaks_seen = s->breaks_seq;
		} else if (x->sent < s->pack.len) {
			if ((n = events(x, buf, max)) > 0) {
				x->last_write = planview_http_now();
				return n;
			}
		} else if (x->view_seen != s->view_seq) {
			x->view_seen = s->view_seq;
			message(x, "view", view_json);
		} else if (x->breaks_seen != s->breaks_seq) {
			x->breaks_seen = s->breaks_seq;
			message(x, "breaks", breaks_json);
		} else if (planview_http_now() - x->last_write >= KEEPALIVE_MS) {
			static const char ka[] = ": keep-alive\n\n";

			free(x->pending);
			x->poff = 0;
			if ((x->pending = strdup(ka)) != NULL)
				x->plen = sizeof ka - 1;
		}
	}
	if (x->poff == x->plen) {	/* nothing to say: wait for news */
		x->suspended = 1;
		MHD_suspend_connection(x->c);
		return 0;
	}
	n = (ssize_t)(x->plen - x->poff < max ? x->plen - x->poff : max);
	memcpy(buf, x->pending + x->poff, (size_t)n);
	x->poff += (size_t)n;
	x->last_write = planview_http_now();
	return n;
}

static void
stream_free(void *cls)
{
	struct planview_stream *x = cls, **p;
	struct planview_server *s = x->s;

	for (p = &s->streams; *p; p = &(*p)->next)
		if (*p == x) {
			*p = x->next;
			break;
		}
	if (s->controller == x->client) {	/* its page is gone */
		s->controller = 0;
		s->view_seq++;
		planview_server_wake(s);
	}
	free(x->pending);
	free(x);
}

/* Where a page's stream starts: ?from=B, or the browser's Last-Event-ID
 * when it reconnects; a token's start, or the end. */
static long
stream_from(struct planview_server *s, struct request *r)
{
	const char *v = MHD_lookup_connection_value(r->c, MHD_HEADER_KIND,
	    "Last-Event-ID");
	char *end;
	unsigned long long n;

	if (v == NULL)
		v = arg(r, "from");
	if (v == NULL)
		return 0;
	errno = 0;
	n = strtoull(v, &end, 10);
	if (errno || end == v || *end || n > s->pack.len ||
	    (n > 0 && n < s->pack.len && s->pack.buf[n] != ' '))
		return -1;
	return (long)n;
}

static enum MHD_Result
stream(struct planview_server *s, struct request *r)
{
	struct MHD_Response *resp;
	struct planview_stream *x;
	long from = stream_from(s, r);
	enum MHD_Result rc;

	if (from < 0)
		return reply_text(r->c, 400, "from: not where a packed event "
		    "starts\n");
	if ((x = calloc(1, sizeof *x)) == NULL)
		return MHD_NO;
	x->s = s;
	x->c = r->c;
	x->client = ++s->next_client;
	x->sent = (size_t)from;
	x->view_seen = s->view_seq - 1;		/* the view, at once */
	x->last_write = planview_http_now();
	resp = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 16384,
	    stream_read, x, stream_free);
	if (resp == NULL) {
		free(x);
		return MHD_NO;
	}
	x->next = s->streams;
	s->streams = x;
	MHD_add_response_header(resp, "Content-Type", "text/event-stream");
	MHD_add_response_header(resp, "Cache-Control", "no-store");
	rc = MHD_queue_response(r->c, 200, resp);
	MHD_destroy_response(resp);
	return rc;
}

void
planview_server_wake(struct planview_server *s)
{
	struct planview_stream *x;

	for (x = s->streams; x; x = x->next)
		if (x->suspended) {
			x->suspended = 0;
			MHD_resume_connection(x->c);
		}
}

int
planview_http_open(struct planview_stream *x)
{
	const union MHD_ConnectionInfo *ci;
	char b;
	ssize_t n;

	if (x->gone)
		return 0;
	if (!x->suspended)
		return 1;
	ci = MHD_get_connection_info(x->c, MHD_CONNECTION_INFO_CONNECTION_FD);
	if (ci == NULL)
		return 1;
	n = recv(ci->connect_fd, &b, 1, MSG_PEEK | MSG_DONTWAIT);
	if (n > 0 || (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK ||
	    errno == EINTR)))
		return 1;
	x->gone = 1;		/* closed: let the server end it */
	x->suspended = 0;
	MHD_resume_connection(x->c);
	return 0;
}

/* Streams that said nothing for a while say so (and a page that has
 * gone is noticed: its connection fails). */
static void
keepalive(struct planview_server *s)
{
	struct planview_stream *x;
	long now = planview_http_now();

	for (x = s->streams; x; x = x->next)
		if (x->suspended && now - x->last_write >= KEEPALIVE_MS) {
			x->suspended = 0;
			MHD_resume_connection(x->c);
		}
}

/* ---- requests ----------------------------------------------------------- */

/* A page of another site may not steer this one (a browser sends its
 * Origin with every POST and DELETE). */
static int
foreign(struct MHD_Connection *c)
{
	const char *o = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
	    "Origin");
	const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
	    "Host");
	const char *sep;

	if (o == NULL)
		return 0;
	if (h == NULL || (sep = strstr(o, "://")) == NULL)
		return 1;
	return strcmp(sep + 3, h) != 0;
}

/* A server on a loopback address answers to its own names only: a page
 * of another site that got a name of its own to point here (DNS
 * rebinding) is refused, whatever it sends. */
static int
wrong_host(struct planview_server *s, struct MHD_Connection *c)
{
	const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
	    "Host");
	const char *a = s->o->addr ? s->o->addr : "127.0.0.1";
	static const char *const names[] = { "127.0.0.1", "localhost",
	    "[::1]" };
	size_t k, n;

	if (strncmp(a, "127.", 4) != 0 && strcmp(a, "::1") != 0)
		return 0;	/* bound wider on purpose: any name */
	if (h == NULL)
		return 0;	/* HTTP/1.0 without one: no browser */
	for (k = 0; k < sizeof names / sizeof names[0]; k++) {
		n = strlen(names[k]);
		if (strncmp(h, names[k], n) == 0 && (h[n] == ':' || !h[n]))
			return 0;
	}
	n = strlen(a);
	return !(strncmp(h, a, n) == 0 && (h[n] == ':' || !h[n]));
}

static int
client_of(struct MHD_Connection *c)
{
	const char *v = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
	    "X-Planview-Client");
	long n = v ? strtol(v, NULL, 10) : 0;

	return n > 0 && n < 1000000000L ? (int)n : 0;
}

typedef unsigned json_fn(struct planview_server *, struct request *, FILE *);

static unsigned
do_state(struct planview_server *s, struct request *r, FILE *fp)
{
	(void)r;
	fprintf(fp, "{\"events\":%zu,\"bytes\":%zu,\"view\":", s->nkept,
	    s->pack.len);
	planview_server_view_json(s, fp);
	fputs(",\"breaks\":", fp);
	planview_server_breaks_json(s, fp);
	fputc('}', fp);
	return 200;
}

static unsigned
do_control(struct planview_server *s, struct request *r, FILE *fp)
{
	return planview_server_control(s, client_of(r->c), arg, r, fp);
}

static unsigned
do_break(struct planview_server *s, struct request *r, FILE *fp)
{
	return planview_server_break(s, client_of(r->c), arg(r, "spec"), fp);
}

static unsigned
do_unbreak(struct planview_server *s, struct request *r, FILE *fp)
{
	return planview_server_unbreak(s, client_of(r->c), arg(r, "id"), fp);
}

static enum MHD_Result
json(struct planview_server *s, struct request *r, json_fn *fn)
{
	char *text = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);
	unsigned status;

	if (fp == NULL)
		return MHD_NO;
	status = fn(s, r, fp);
	fputc('\n', fp);
	if (fclose(fp) != 0) {
		free(text);
		return MHD_NO;
	}
	return reply(r->c, status, "application/json", text, len);
}

static enum MHD_Result
route(struct planview_server *s, struct request *r, const char *url,
    const char *method)
{
	int get = strcmp(method, "GET") == 0, post = strcmp(method, "POST") == 0;

	if (r->too_big)
		return reply_text(r->c, 413, "too big\n");
	if (wrong_host(s, r->c))
		return reply_text(r->c, 403, "planview: ask by this "
		    "server's own address\n");
	if (!get && foreign(r->c))
		return reply_text(r->c, 403, "not from this page\n");
	if (get && strcmp(url, "/") == 0)
		return page(s, r->c);
	if (get && strcmp(url, "/events") == 0)
		return stream(s, r);
	if (get && strcmp(url, "/state") == 0)
		return json(s, r, do_state);
	if (post && strcmp(url, "/control") == 0)
		return json(s, r, do_control);
	if (post && strcmp(url, "/break") == 0)
		return json(s, r, do_break);
	if (strcmp(method, "DELETE") == 0 && strcmp(url, "/break") == 0)
		return json(s, r, do_unbreak);
	return reply_text(r->c, 404, "planview: no such page\n");
}

static enum MHD_Result
handler(void *cls, struct MHD_Connection *c, const char *url,
    const char *method, const char *version, const char *upload,
    size_t *upload_size, void **con_cls)
{
	struct planview_server *s = cls;
	struct request *r = *con_cls;

	(void)version;
	if (r == NULL) {
		if ((r = calloc(1, sizeof *r)) == NULL)
			return MHD_NO;
		r->c = c;
		*con_cls = r;
		return MHD_YES;
	}
	if (*upload_size) {
		if (r->len + *upload_size > BODY_MAX)
			r->too_big = 1;
		else {
			memcpy(r->body + r->len, upload, *upload_size);
			r->len += *upload_size;
			r->body[r->len] = '\0';
		}
		*upload_size = 0;
		return MHD_YES;
	}
	return route(s, r, url, method);
}

static void
completed(void *cls, struct MHD_Connection *c, void **con_cls,
    enum MHD_RequestTerminationCode toe)
{
	(void)cls;
	(void)c;
	(void)toe;
	free(*con_cls);
	*con_cls = NULL;
}

/* ---- starting and stopping ---------------------------------------------- */

static int
address(struct planview_server *s, struct sockaddr_storage *sa, int *v6)
{
	const char *a = s->o->addr ? s->o->addr : "127.0.0.1";
	struct sockaddr_in *in = (struct sockaddr_in *)sa;
	struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)sa;

	memset(sa, 0, sizeof *sa);
	*v6 = 0;
	if (inet_pton(AF_INET, a, &in->sin_addr) == 1) {
		in->sin_family = AF_INET;
		in->sin_port = htons((uint16_t)s->o->port);
		return 0;
	}
	if (inet_pton(AF_INET6, a, &in6->sin6_addr) == 1) {
		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons((uint16_t)s->o->port);
		*v6 = 1;
		return 0;
	}
	snprintf(s->err->text, sizeof s->err->text, "'%s' is not a numeric "
	    "address (127.0.0.1, ::1, 0.0.0.0 ...)", a);
	return -1;
}

int
planview_http_start(struct planview_server *s)
{
	struct sockaddr_storage sa;
	const union MHD_DaemonInfo *di;
	const char *a = s->o->addr ? s->o->addr : "127.0.0.1";
	int v6;

	if (address(s, &sa, &v6) < 0)
		return -1;
	if (MHD_is_feature_supported(MHD_FEATURE_EPOLL) != MHD_YES) {
		snprintf(s->err->text, sizeof s->err->text, "this "
		    "libmicrohttpd cannot use epoll");
		return -1;
	}
	s->d = MHD_start_daemon(MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME |
	    (v6 ? MHD_USE_IPv6 : 0), 0, NULL, NULL, handler, s,
	    MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa,
	    MHD_OPTION_NOTIFY_COMPLETED, completed, s,
	    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)120,
	    MHD_OPTION_CONNECTION_LIMIT, (unsigned)64,
	    MHD_OPTION_END);
	if (s->d == NULL) {
		snprintf(s->err->text, sizeof s->err->text, "cannot serve on "
		    "%s:%u: %s", a, s->o->port, errno ? strerror(errno) :
		    "the server did not start");
		return -1;
	}
	di = MHD_get_daemon_info(s->d, MHD_DAEMON_INFO_BIND_PORT);
	if (s->o->announce) {
		fprintf(s->o->announce, v6 ? "http://[%s]:%u/\n" :
		    "http://%s:%u/\n", a, di ? (unsigned)di->port : s->o->port);
		fflush(s->o->announce);
	}
	return 0;
}

void
planview_http_tick(struct planview_server *s)
{
	keepalive(s);
}

void
planview_http_stop(struct planview_server *s)
{
	struct planview_stream *x;

	if (s->d == NULL)
		return;
	for (x = s->streams; x; x = x->next)
		x->gone = 1;
	planview_server_wake(s);
	MHD_run(s->d);		/* the streams end */
	MHD_stop_daemon(s->d);
	s->d = NULL;
}
