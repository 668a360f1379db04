/*
 * tcp_fuzz.c - libFuzzer harness for the "tcp:HOST:PORT" port names of
 * armctl and armsim (lib/link/tcp.c): any bytes in, no crash, no
 * overflow of the host and port buffers; a name that splits has a port
 * of 1 to 65535 (0 only when allowed), and put back together it splits
 * to the same host and port.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "link/tcp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
fail(const char *why)
{
	fprintf(stderr, "tcp_fuzz: %s\n", why);
	abort();
}

static void
check(const char *name, int allow_zero)
{
	char host[256], port[16], host2[256], port2[16], err[128], *again;
	size_t n;
	long v;
	char *end;

	if (link_tcp_split(name, allow_zero, host, sizeof host, port,
	    sizeof port, err, sizeof err) != 0) {
		if (err[0] == '\0')
			fail("a refusal without a reason");
		return;
	}
	if (!link_port_is_tcp(name))
		fail("split a name that is not a tcp: port");
	v = strtol(port, &end, 10);
	if (*port == '\0' || *end != '\0' || v < (allow_zero ? 0 : 1) ||
	    v > 65535)
		fail("a port out of range");
	n = strlen(host) + strlen(port) + 8;
	if ((again = malloc(n)) == NULL)
		fail("out of memory");
	snprintf(again, n, strchr(host, ':') || host[0] == '[' ?
	    "tcp:[%s]:%s" : "tcp:%s:%s", host, port);
	if (link_tcp_split(again, allow_zero, host2, sizeof host2, port2,
	    sizeof port2, err, sizeof err) != 0 || strcmp(host, host2) != 0 ||
	    strcmp(port, port2) != 0)
		fail("host and port put back together split otherwise");
	free(again);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *name = malloc(size + 5);

	if (name == NULL)
		return 0;
	memcpy(name, data, size);
	name[size] = '\0';
	check(name, 0);
	check(name, 1);
	/* the same after "tcp:", as most inputs would not start with it */
	memcpy(name, "tcp:", 4);
	memcpy(name + 4, data, size);
	name[size + 4] = '\0';
	check(name, 0);
	check(name, 1);
	free(name);
	return 0;
}
