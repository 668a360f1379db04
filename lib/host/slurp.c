/*
 * slurp.c - read a stream to its end, doubling the buffer as it goes.
 */
#include <errno.h>
#include <stdlib.h>

#include "host/slurp.h"

int
slurp(FILE *fp, size_t max, unsigned char **buf, size_t *len)
{
	unsigned char *b = NULL, *nb;
	size_t n = 0, cap = 0, got;

	for (;;) {
		if (cap - n < 2) {
			size_t c = cap ? cap * 2 : 65536;

			if ((nb = realloc(b, c)) == NULL) {
				free(b);
				return -1;
			}
			b = nb;
			cap = c;
		}
		got = fread(b + n, 1, cap - n - 1, fp);
		n += got;
		if (n > max) {
			free(b);
			return -2;
		}
		if (got == 0)
			break;
	}
	if (ferror(fp)) {
		free(b);
		if (errno == 0)
			errno = EIO;
		return -1;
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	return 0;
}

int
slurp_source(FILE *fp, const char *what, struct diag *d, unsigned char **buf,
    size_t *len)
{
	int rc = slurp(fp, SLURP_MAX, buf, len);

	if (rc == -2) {
		diag_error(d, 0, 0, "larger than %lu MiB: not %s",
		    SLURP_MAX >> 20, what);
		return 1;
	}
	return rc;
}
