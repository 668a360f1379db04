#!/usr/bin/env bats
# armctl run against armsim: trajectories reach their end, obstructions
# make the arm go back (or ask for help), Ctrl-C stops it, --resume ends it.

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm

teardown() {
	stop_armsim
}

# ramp FIRST LAST STEP: q1 from FIRST to LAST, the other joints at 0
ramp() {
	awk -v a="$1" -v b="$2" -v s="$3" -v n="${4:-3}" 'BEGIN {
		printf "q1"; for (j = 2; j <= n; j++) printf ",q%d", j; print ""
		for (q = a; (s > 0 ? q <= b : q >= b); q += s) {
			printf "%g", q; for (j = 2; j <= n; j++) printf ",0"; print ""
		}
	}'
}

# Start `armctl run FILE` in the background (armsim must run with -v),
# Ctrl-C it once the arm is on its way: armctl fills the robot's 16-deep
# setpoint buffer (and one executing) at once, so a 20th SETPOINT means
# the robot has taken three of them.  $status is how it ended.
interrupt_run() {
	armctl --port "$PORT" run "$1" 2>"$BATS_TEST_TMPDIR/run.err" 3>&- &
	local pid=$!
	wait_armsim_log "<- seq [0-9]* SETPOINT" 20
	kill -INT "$pid"
	status=0
	wait "$pid" || status=$?
}

@test "run streams joint waypoints and the arm ends on the last one" {
	start_armsim --links 100,80,40
	{
		echo "t,q1,q2,q3"
		awk 'BEGIN { for (i = 0; i <= 40; i++)
			printf "%g,%g,%g,%g\n", i * 0.035, i, -i / 2, i / 4 }'
	} >"$BATS_TEST_TMPDIR/path.csv"
	run --separate-stderr armctl --port "$PORT" run "$BATS_TEST_TMPDIR/path.csv"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	run armctl --port "$PORT" pos
	[ "$output" = "$(printf 'q1,q2,q3\n40,-20,10')" ]
}

@test "run - reads the trajectory from stdin" {
	start_armsim --links 100,80
	ramp 0 -30 -1 2 | armctl --port "$PORT" --period 20 run -
	run armctl --port "$PORT" pos
	[ "$output" = "$(printf 'q1,q2\n-30,0')" ]
}

@test "an obstacle on the path: run stops, reverses to the start, exits 1" {
	# The obstacle sits at 45 degrees, 150 mm out (106.07,106.07), radius
	# 10: link 2 of a stretched arm touches it at q1 = 45 - asin(10/150)
	# = 41.18 degrees.
	start_armsim --links 100,80,40 -o 106.07,106.07,10
	ramp 0 90 1 >"$BATS_TEST_TMPDIR/sweep.csv"
	run --separate-stderr armctl --port "$PORT" --period 20 run "$BATS_TEST_TMPDIR/sweep.csv"
	[ "$status" -eq 1 ]
	[[ "${stderr_lines[0]}" == "armctl: run: obstruction at step "*" of 91: the arm lags its command by "*" degrees; stopped" ]]
	[ "${stderr_lines[1]}" = "armctl: run: reversed to the start of the run" ]
	# Detected after the 2nd step beyond 5 degrees of lag: the command
	# passed 41.18 + 5 at step 48 (47 degrees), so step 49 or 50.
	step=$(echo "${stderr_lines[0]}" | sed 's/.*at step \([0-9]*\) of.*/\1/')
	[ "$step" -ge 48 ] && [ "$step" -le 50 ]
	run armctl --port "$PORT" pos
	[ "$output" = "$(printf 'q1,q2,q3\n0,0,0')" ]
}

@test "obstructed on the way back too: run aborts and asks for human help" {
	# Forward: fold the forearm down (q2 to -150), swing q1 to 90 folded,
	# then unfold: the tip meets obstacle A at (0,175) near q2 = -4.6
	# (sqrt(12025 - 12000 sin(90 + q2)) = 8).  The way back is a straight
	# line in joint space, so the nearly stretched arm sweeps through 45
	# degrees, where obstacle B waits at 150 mm; the folded forward path
	# never came within 40 mm of B.
	start_armsim --links 100,80 --speed 400 -o 0,175,8 -o 106.07,106.07,10
	awk 'BEGIN {
		print "q1,q2"
		for (q = 0; q >= -150; q -= 10) print "0," q
		for (q = 10; q <= 90; q += 10) print q ",-150"
		for (q = -140; q <= 30; q += 10) print "90," q
	}' >"$BATS_TEST_TMPDIR/fold.csv"
	run --separate-stderr armctl --port "$PORT" --pause 100 run "$BATS_TEST_TMPDIR/fold.csv"
	echo "status $status; stderr: $stderr"	# shown if the test fails
	[ "$status" -eq 1 ]
	[[ "${stderr_lines[0]}" == "armctl: run: obstruction at step "* ]]
	[[ "${stderr_lines[1]}" == "armctl: run: obstructed again while reversing (step "*"): stopped; the arm needs human help" ]]
	# it stopped near B, half way back: q1 well between 0 and 90
	run armctl --port "$PORT" pos
	echo "pos: $output"
	q1=$(echo "${lines[1]}" | cut -d, -f1)
	awk -v q="$q1" 'BEGIN { exit !(q > 20 && q < 70) }'
}

@test "one noisy step is not an obstacle: --persist counts consecutive steps" {
	# A jump of 20 degrees in one 35 ms step is more than a 90 deg/s joint
	# can follow (3.15), so the arm lags for several steps; with --persist
	# larger than that, the run goes on and ends where it should.
	start_armsim --links 100,80
	{
		echo "q1,q2"
		echo "0,0"; echo "20,0"; echo "20,0"; echo "20,0"; echo "20,0"
		echo "20,0"; echo "20,0"; echo "20,0"; echo "20,0"
	} >"$BATS_TEST_TMPDIR/jump.csv"
	run --separate-stderr armctl --port "$PORT" --persist 8 run "$BATS_TEST_TMPDIR/jump.csv"
	[ "$status" -eq 0 ]
	run --separate-stderr armctl --port "$PORT" run "$BATS_TEST_TMPDIR/jump.csv"
	[ "$status" -eq 1 ]
}

@test "run refuses a trajectory for another number of joints" {
	start_armsim --links 100,80,40
	ramp 0 10 1 2 >"$BATS_TEST_TMPDIR/two.csv"
	run --separate-stderr armctl --port "$PORT" run "$BATS_TEST_TMPDIR/two.csv"
	[ "$status" -eq 65 ]
	[ "$stderr" = "armctl: $BATS_TEST_TMPDIR/two.csv:1: error: the trajectory has 2 joints (q1..q2); the robot has 3" ]
}

@test "run refuses a trajectory that starts away from the arm" {
	start_armsim --links 100,80
	ramp 30 40 1 2 >"$BATS_TEST_TMPDIR/far.csv"
	run --separate-stderr armctl --port "$PORT" run "$BATS_TEST_TMPDIR/far.csv"
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: run: the trajectory starts at q1 = 30.000 but the arm is at 0.000 degrees; move it there first" ]
}

@test "run reports bad CSV with its position, before touching the port" {
	printf 'q1,q2\n0,0\n1,x\n' >"$BATS_TEST_TMPDIR/bad.csv"
	run --separate-stderr armctl --port /nonexistent run "$BATS_TEST_TMPDIR/bad.csv"
	[ "$status" -eq 65 ]
	[ "$stderr" = "armctl: $BATS_TEST_TMPDIR/bad.csv:3:3: error: q2: not a number: 'x'" ]
	printf 'a,b\n1,2\n' >"$BATS_TEST_TMPDIR/nohead.csv"
	run --separate-stderr armctl --port /nonexistent run "$BATS_TEST_TMPDIR/nohead.csv"
	[ "$status" -eq 65 ]
	[ "$stderr" = "armctl: $BATS_TEST_TMPDIR/nohead.csv:1: error: the header gives no position: want q1..qN or x,y" ]
	run --separate-stderr armctl --port /nonexistent run "$BATS_TEST_TMPDIR/none.csv"
	[ "$status" -eq 66 ]
	head -c 3000 /dev/urandom >"$BATS_TEST_TMPDIR/random.csv"
	run --separate-stderr armctl --port /nonexistent run "$BATS_TEST_TMPDIR/random.csv"
	[ "$status" -eq 65 ]
}

@test "run --check validates against the robot and moves nothing" {
	start_armsim --links 100,80
	ramp 0 10 1 2 >"$BATS_TEST_TMPDIR/ok.csv"
	run --separate-stderr armctl --port "$PORT" --check run "$BATS_TEST_TMPDIR/ok.csv"
	[ "$status" -eq 0 ]
	[ "$output" = "$BATS_TEST_TMPDIR/ok.csv: 11 waypoints for 2 joints, joint angles; starts where the arm is" ]
	run armctl --port "$PORT" pos
	[ "$output" = "$(printf 'q1,q2\n0,0')" ]
	run --separate-stderr armctl --port "$PORT" --check --links 100,90 run "$BATS_TEST_TMPDIR/ok.csv"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"made for links 100,90, but the robot's are different"* ]]
}

@test "Ctrl-C stops the arm; run --resume finishes the run" {
	ARMSIM_TIME_SCALE=1	# a run still going when Ctrl-C comes
	start_armsim --links 100,80 -v
	ramp 0 100 1 2 >"$BATS_TEST_TMPDIR/long.csv"
	interrupt_run "$BATS_TEST_TMPDIR/long.csv"
	# died of SIGINT (128 + 2), after telling the robot to stop
	[ "$status" -eq 130 ]
	grep -q "interrupted: the arm is stopped" "$BATS_TEST_TMPDIR/run.err"
	grep -q "<- seq [0-9]* STOP len 0" "$BATS_TEST_TMPDIR/armsim.err"
	run armctl --port "$PORT" pos
	q1=$(echo "${lines[1]}" | cut -d, -f1)
	awk -v q="$q1" 'BEGIN { exit !(q > 0 && q < 100) }'
	# it stays stopped (for 200 ms of the robot's clock)
	robot_clock_passes 200
	run armctl --port "$PORT" pos
	[ "$(echo "${lines[1]}" | cut -d, -f1)" = "$q1" ]
	run --separate-stderr armctl --port "$PORT" run --resume "$BATS_TEST_TMPDIR/long.csv"
	[ "$status" -eq 0 ]
	run armctl --port "$PORT" pos
	[ "$output" = "$(printf 'q1,q2\n100,0')" ]
	run --separate-stderr armctl --port "$PORT" run --resume "$BATS_TEST_TMPDIR/long.csv"
	[ "$status" -eq 0 ]
	[ "$stderr" = "armctl: run: nothing to resume: all 101 steps were executed" ]
}

@test "run --resume refuses another trajectory" {
	start_armsim --links 100,80
	ramp 0 5 1 2 >"$BATS_TEST_TMPDIR/a.csv"
	ramp 0 6 1 2 >"$BATS_TEST_TMPDIR/b.csv"
	armctl --port "$PORT" --period 5 run "$BATS_TEST_TMPDIR/a.csv"
	run --separate-stderr armctl --port "$PORT" run --resume "$BATS_TEST_TMPDIR/b.csv"
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: run: cannot resume: the robot's last run was not this trajectory" ]
}

@test "run follows a minimum-jerk joint move from mjtraj to its end" {
	start_armsim --links 100,80,40
	mjtraj --joint --from 0,0,0 --to 60,-30,10 --step 1 |
		armctl --port "$PORT" --period 20 run -
	run armctl --port "$PORT" pos
	[ "$output" = "$(printf 'q1,q2,q3\n60,-30,10')" ]
}

# fk L1,L2,.. Q1,Q2,..: the tip of a planar arm, by awk (angles in degrees,
# each relative to the previous link)
fk() {
	awk -v L="$1" -v Q="$2" 'BEGIN {
		n = split(L, l, ","); split(Q, q, ",")
		pi = atan2(0, -1); th = 0; x = 0; y = 0
		for (i = 1; i <= n; i++) {
			th += q[i] * pi / 180
			x += l[i] * cos(th); y += l[i] * sin(th)
		}
		printf "%.4f %.4f\n", x, y
	}'
}

near() {	# near "x y" X Y: within 0.01 mm
	awk -v p="$1" -v x="$2" -v y="$3" 'BEGIN {
		split(p, a, " "); dx = a[1] - x; dy = a[2] - y
		exit !(dx * dx + dy * dy < 0.0001)
	}'
}

@test "run takes Cartesian x,y waypoints and the tip ends on the last one" {
	# (run holds each waypoint until the next one's t: mjtraj is given a
	# duration the arm's 90 degrees a second can follow)
	start_armsim --links 100,80
	# the stretched arm's tip is at (180,0)
	mjtraj --duration 5 --from 180,0 --to 60,90 | armctl --port "$PORT" run -
	run armctl --port "$PORT" pos
	q=$(echo "${lines[1]}")
	near "$(fk 100,80 "$q")" 60 90
}

@test "run of a mjtraj | ikreach pipeline reaches the target" {
	start_armsim --links 100,80,40
	# from the stretched arm's tip (220,0) to (100,50), 1 mm a step
	mjtraj --duration 5 --from 220,0 --to 100,50 | ikreach --links 100,80,40 |
		armctl --port "$PORT" run -
	run armctl --port "$PORT" pos
	near "$(fk 100,80,40 "${lines[1]}")" 100 50
}

@test "run refuses joint angles ikreach marked as missing their target" {
	start_armsim --links 100,80
	printf 'x,y\n180,0\n170,0\n300,0\n' | ikreach --links 100,80 \
		>"$BATS_TEST_TMPDIR/ik.csv" || true
	run --separate-stderr armctl --port "$PORT" run "$BATS_TEST_TMPDIR/ik.csv"
	[ "$status" -eq 1 ]
	[[ "$stderr" == "armctl: $BATS_TEST_TMPDIR/ik.csv:4:"*": error: the joint values of this row missed their target (status unreachable)" ]]
	run armctl --port "$PORT" pos
	[ "$output" = "$(printf 'q1,q2\n0,0')" ]
}

@test "Cartesian waypoints for a redundant arm (three links)" {
	start_armsim --links 100,80,40
	mjtraj --duration 5 --from 220,0 --to 100,50 | armctl --port "$PORT" run -
	run armctl --port "$PORT" pos
	near "$(fk 100,80,40 "${lines[1]}")" 100 50
}

@test "a waypoint out of reach is refused with its line, nothing moves" {
	start_armsim --links 100,80
	printf 'x,y\n180,0\n150,0\n190,0\n' >"$BATS_TEST_TMPDIR/far.csv"
	run --separate-stderr armctl --port "$PORT" run "$BATS_TEST_TMPDIR/far.csv"
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: $BATS_TEST_TMPDIR/far.csv:4: error: x,y = 190,0 is out of the arm's reach" ]
	run --separate-stderr armctl --port "$PORT" --check run "$BATS_TEST_TMPDIR/far.csv"
	[ "$status" -eq 1 ]
	run armctl --port "$PORT" pos
	[ "$output" = "$(printf 'q1,q2\n0,0')" ]
}

@test "Ctrl-C in a Cartesian run, then --resume, ends on the target" {
	start_armsim --links 100,80 -v
	mjtraj --duration 12 --from 180,0 --to 20,120 --step 0.5 >"$BATS_TEST_TMPDIR/long.csv"
	interrupt_run "$BATS_TEST_TMPDIR/long.csv"
	[ "$status" -eq 130 ]
	run --separate-stderr armctl --port "$PORT" run --resume "$BATS_TEST_TMPDIR/long.csv"
	[ "$status" -eq 0 ]
	run armctl --port "$PORT" pos
	near "$(fk 100,80 "${lines[1]}")" 20 120
}
