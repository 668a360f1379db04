#!/usr/bin/env bats
# mjtraj-stream.bats - waypoint paths without --through are planned and
# written a chunk of points at a time (cmd/mjtraj/stream.c): the same
# output as the whole path gave, for a stream of any length.  Memory is
# measured by scripts/bench-mjtraj, not here.

load lib/helper
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# Saved from mjtraj before it streamed (the whole path read first), and
# checked by hand: s(tau) = 10 tau^3 - 15 tau^4 + 6 tau^5, s(0.2) =
# 0.08 - 0.024 + 0.00192 = 0.05792, so t=0.2 is (3, 4) x 0.05792 =
# (0.17376, 0.23168); the repeated (3,4) is no move; each move is one
# unit of time with ceil(D) + 1 samples (--step 1): 5, 5 and 10 rows.
SMALL_OUT='t,x,y
0,0,0
0.2,0.17376000000000003,0.23168000000000005
0.4,0.9523200000000002,1.2697600000000002
0.6,2.0476799999999997,2.73024
0.8,2.8262400000000003,3.76832
1,3,4
1.2,3.17376,4.23168
1.4,3.9523200000000003,5.26976
1.6,5.04768,6.73024
1.8,5.82624,7.76832
2,6,8
2.1,5.94864,7.93152
2.2,5.65248,7.53664
2.3,5.02152,6.69536
2.4,4.0953599999999994,5.46048
2.5,3,4
2.6,1.9046400000000006,2.5395200000000004
2.7,0.9784800000000002,1.30464
2.8,0.3475199999999994,0.46335999999999977
2.9,0.05135999999999985,0.0684800000000001
3,0,0'

@test "mjtraj: a small waypoint path streams to what the whole path gave" {
	printf 'x,y\n0,0\n3,4\n3,4\n3,4\n6,8\n0,0\n' >small.csv
	run -0 mjtraj small.csv
	[ "$output" = "$SMALL_OUT" ]
	run -0 mjtraj - <small.csv
	[ "$output" = "$SMALL_OUT" ]
}

@test "mjtraj: 200,000 waypoints through a pipe, periodic as their input" {
	# (0,0) (3,4) (3,4) (6,8), 50,000 times: after the first sample, a
	# period of 5 + 5 + 10 rows (the return from (6,8) is the 10),
	# the last period without its return: 1 + 50000 x 10 + 49999 x 10
	# samples, the last at t = 149999 moves
	awk 'BEGIN { print "x,y"; for (i = 0; i < 50000; i++)
	    print "0,0\n3,4\n3,4\n6,8" }' | mjtraj - >out.csv
	[ "$(wc -l <out.csv)" -eq $((1 + 1 + 500000 + 499990)) ]
	[ "$(tail -1 out.csv)" = "149999,6,8" ]
	[ "$(sed -n 3p out.csv)" = "0.2,0.17376000000000003,0.23168000000000005" ]
	# every period's positions are the first period's
	run awk -F, 'NR >= 3 { k = (NR - 3) % 20; p = $2 "," $3
	    if (NR < 23) first[k] = p; else if (first[k] != p) bad++ }
	    END { print bad + 0 }' out.csv
	[ "$output" = 0 ]
}

@test "mjtraj: a bad row far into a stream: exit 65 at its line, no -o file" {
	awk 'BEGIN { print "x,y"; for (i = 0; i < 5000; i++) print i ",0"
	    print "1,abc" }' >bad.csv
	run -65 --separate-stderr mjtraj -o out.csv bad.csv
	[ "$stderr" = "mjtraj: bad.csv:5002:3: error: y: not a number: 'abc'" ]
	[ ! -e out.csv ]
}

@test "mjtraj: a stream that never moves writes its one point" {
	printf 'x,y\n1,1\n1,1\n' >still.csv
	run -0 --separate-stderr mjtraj still.csv
	[ "$output" = $'t,x,y\n0,1,1' ]
	[ "$stderr" = "mjtraj: warning: zero-length move: writing the single point" ]
}
