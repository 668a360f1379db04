/*
 * tcp.h - a robot behind a TCP port (WiFi bridges, ser2net, armsim
 * --listen) as a wire_port: "tcp:HOST:PORT".  Called by link_port_open.
 */
#ifndef SPINE_LINK_TCP_H
#define SPINE_LINK_TCP_H

#include <stddef.h>

struct wire_port;

/* How long a connection may take before we give up (*unavailable = 2). */
#define WIRE_TCP_CONNECT_MS 5000

/* Is name a "tcp:" port? */
int link_port_is_tcp(const char *name);

/*
 * Split "tcp:HOST:PORT" (HOST may be [v6]) into host and port; 0, or -1
 * with a reason in err.  Port 0 ("any free port") only if allow_zero.
 */
int link_tcp_split(const char *name, int allow_zero, char *host,
    size_t hostlen, char *port, size_t portlen, char *err, size_t errlen);

/*
 * Connect within WIRE_TCP_CONNECT_MS, TCP_NODELAY on.  NULL with a reason
 * and *unavailable 1 (refused, unreachable, no such host: exit 69) or 2
 * (no answer in time: exit 75), 0 for anything else.
 */
struct wire_port *link_port_tcp_open(const char *name, char *err,
    size_t errlen, int *unavailable);

#endif
