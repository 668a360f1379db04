/*
 * console.c - a console's lines on a connection kept up (console.h): the
 * reconnect-and-retry loop of armctl session, with the session's log and
 * on-connect script as the caller's hooks.
 */
#include <string.h>

#include "client/console.h"
#include "client/keep.h"

void
client_console_init(struct client_console *k, struct client *cl)
{
	memset(k, 0, sizeof *k);
	k->cl = cl;
	k->code = client_status_exit;
	k->interrupted = -1;
}

/* A new handshake: the attach hook, then the greeting. */
static int
connected(struct client_console *k)
{
	int r;

	k->up = 1;
	k->last_ask = client_now(k->cl);
	if (k->cl->verbose || k->drops)
		client_say(k->cl, "session: connected to %s on %s",
		    k->cl->hello.firmware, k->cl->port_name ?
		    k->cl->port_name : "?");
	if (k->attach && (r = k->attach(k->ctx)) != 0) {
		if (!client_link_broke(k->cl))
			k->fatal = r;
		return r;
	}
	if (k->greet == NULL)
		return 0;
	k->greeting = 1;
	r = k->greet(k->ctx);
	k->greeting = 0;
	return r;
}

int
client_console_begin(struct client_console *k)
{
	int r;

	if ((r = connected(k)) == 0)
		return 0;
	if (r == k->interrupted || k->fatal || !client_link_broke(k->cl))
		return k->fatal = r;
	k->up = 0;
	k->status = r;
	return 0;
}

/* The link again: the caller's way, or the port opened anew. */
static int
reconnect(struct client_console *k)
{
	client_say(k->cl, "session: the link is lost; reconnecting");
	return k->code(k->reconnect ? k->reconnect(k->ctx, k->cl) :
	    client_reconnect(k->cl));
}

int
client_console_ready(struct client_console *k)
{
	int r;

	while (!k->up && !k->fatal && !k->greeting) {
		if (++k->drops > CLIENT_CONSOLE_DROPS) {
			client_say(k->cl, "session: the robot keeps dropping "
			    "the link; giving up");
			k->fatal = k->code(CLIENT_IO);
		} else if ((r = reconnect(k)) != 0) {
			k->fatal = r;
		} else if ((r = connected(k)) != 0) {
			if (r == k->interrupted)
				k->fatal = r;
			else if (client_link_broke(k->cl))
				k->up = 0;
			k->status = r;
		}
	}
	return k->up && !k->fatal ? 0 : -1;
}

int
client_console_more(struct client_console *k, int top)
{
	/* a signal first: the link it cut short is not lost */
	if (client_interrupted(k->cl))
		k->fatal = k->interrupted;
	if (k->fatal || (k->greeting && !k->up))
		return 0;
	if (top && !k->up)
		client_console_ready(k);	/* at once, even while idle */
	if (client_interrupted(k->cl))
		k->fatal = k->interrupted;
	return 1;
}

void
client_console_ran(struct client_console *k, int r)
{
	if (r == k->interrupted)
		k->fatal = r;
	else if (r != 0)
		k->status = r;
	if (client_link_broke(k->cl))
		k->up = 0;	/* shake hands before the next line */
	else if (r == 0 && !k->greeting)
		k->drops = 0;
	if (k->up && !k->fatal && k->resume && k->resume(k->ctx) != 0 &&
	    client_link_broke(k->cl))
		k->up = 0;
	k->last_ask = client_now(k->cl);
}

void
client_console_idle(struct client_console *k)
{
	if (k->up && !k->fatal && client_keepalive(k->cl, &k->last_ask) !=
	    CLIENT_OK)
		k->up = 0;
}

int
client_console_end(const struct client_console *k)
{
	return k->fatal ? k->fatal : k->status;
}
