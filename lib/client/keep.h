/*
 * keep.h - a connection kept for as long as someone is at the console:
 * the robot asked now and then while nobody types (a rebooted robot no
 * longer knows our sequence numbers, so it does not answer), and a link
 * that broke opened and shaken hands with again, backing off.  What the
 * client learned stays for the next connection.  armctl session; a
 * server such as planview --serve would keep one the same way.
 */
#ifndef SPINE_CLIENT_KEEP_H
#define SPINE_CLIENT_KEEP_H

#include <stdint.h>

#include "client/client.h"

#define CLIENT_RECONNECT_TRIES 20	/* 0.1, 0.2, 0.4 ... 2 s apart */
#define CLIENT_KEEPALIVE_MS 2000	/* an idle robot is asked this often */

/*
 * While idle: take what the robot sends (the hooks log it) and, when
 * nothing was asked for CLIENT_KEEPALIVE_MS since *last_ask, ask
 * PLAN_INFO.  CLIENT_OK while the link holds.
 */
enum client_status client_keepalive(struct client *cl, uint64_t *last_ask);

/*
 * Close the port and open it again, shaking hands, up to
 * CLIENT_RECONNECT_TRIES times with a wait between that doubles up to
 * 2 s (about 33 s in all); only the last try's failure is said.
 * CLIENT_OK, CLIENT_INTERRUPTED, or the last failure.
 */
enum client_status client_reconnect(struct client *cl);

/* Did the last failure come from the link (the robot went away, stopped
   answering or said something impossible), rather than from a file of
   ours or a refusal? */
int client_link_broke(const struct client *cl);

#endif
