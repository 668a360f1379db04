/*
 * imgcheck.c - is a GIF or PNG file whole?  gnuplot (libgd) says nothing
 * when a write fails, so plot.c walks the file's blocks to its end
 * marker before putting it in place: a file cut short by a full disk
 * fails here.  Called by plot.c.
 */
#include <string.h>

#include "world/plot.h"

/* Skip n bytes; 0 if the file ends before them. */
static int
skip(FILE *fp, long n)
{
	if (n <= 0)
		return 1;
	return fseek(fp, n - 1, SEEK_CUR) == 0 && getc(fp) != EOF;
}

/* A GIF colour table follows when bit 7 of flags is set. */
static int
colour_table(FILE *fp, int flags)
{
	return !(flags & 0x80) || skip(fp, 3L << ((flags & 7) + 1));
}

/* Data sub-blocks up to the empty one. */
static int
sub_blocks(FILE *fp)
{
	int n;

	while ((n = getc(fp)) > 0)
		if (!skip(fp, n))
			return 0;
	return n == 0;
}

int
world_gif_whole(FILE *fp)
{
	unsigned char head[13];
	int c;

	rewind(fp);
	if (fread(head, 1, sizeof head, fp) != sizeof head ||
	    (memcmp(head, "GIF89a", 6) != 0 && memcmp(head, "GIF87a", 6) != 0)
	    || !colour_table(fp, head[10]))
		return 0;
	for (;;) {
		switch (c = getc(fp)) {
		case 0x3b:	/* trailer */
			return 1;
		case 0x21:	/* extension: a label, then sub-blocks */
			if (getc(fp) == EOF || !sub_blocks(fp))
				return 0;
			break;
		case 0x2c:	/* image: descriptor, table, code size, data */
			if (!skip(fp, 8) || (c = getc(fp)) == EOF ||
			    !colour_table(fp, c) || getc(fp) == EOF ||
			    !sub_blocks(fp))
				return 0;
			break;
		default:
			return 0;
		}
	}
}

int
world_png_whole(FILE *fp)
{
	static const unsigned char sig[8] = {
		0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'
	};
	unsigned char head[8];
	unsigned long len;

	rewind(fp);
	if (fread(head, 1, 8, fp) != 8 || memcmp(head, sig, 8) != 0)
		return 0;
	while (fread(head, 1, 8, fp) == 8) {	/* length, type */
		len = (unsigned long)head[0] << 24 | (unsigned long)head[1] <<
		    16 | (unsigned long)head[2] << 8 | head[3];
		if (len > 0x7fffffffUL || !skip(fp, (long)len + 4))
			return 0;
		if (memcmp(head + 4, "IEND", 4) == 0)
			return 1;
	}
	return 0;
}
