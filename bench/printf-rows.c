/*
 * printf-rows.c - the reference scripts/bench-mjtraj measures mjtraj
 * against: the same 3-D minimum-jerk rows, printed by a plain
 * printf("%.6f") loop.  Not part of the tools; the script compiles it.
 */
#include <stdio.h>
#include <stdlib.h>

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 10000000, i;
	const double from[3] = { 0, 0, 0 }, to[3] = { 120, 40, 10 };

	if (n < 2)
		n = 2;
	for (i = 0; i < n; i++) {
		double tau = (double)i / (double)(n - 1);
		double s = tau * tau * tau * (10 + tau * (-15 + 6 * tau));

		printf("%.6f,%.6f,%.6f,%.6f\n", tau,
		    from[0] + s * (to[0] - from[0]),
		    from[1] + s * (to[1] - from[1]),
		    from[2] + s * (to[2] - from[2]));
	}
	return fflush(stdout) == 0 ? 0 : 1;
}
