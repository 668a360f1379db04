#!/usr/bin/env bats
# armsim on its own: options, the pty and its link, the EEPROM file, the
# obstacle model (checked against hand-worked geometry).

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm

teardown() {
	stop_armsim
}

@test "armsim --help and --version" {
	run armsim --help
	[ "$status" -eq 0 ]
	[[ "$output" == usage:* ]]
	run armsim --version
	[ "$status" -eq 0 ]
	[[ "$output" == "armsim (spine) "* ]]
}

@test "armsim rejects bad options with status 2" {
	run --separate-stderr armsim --drop 1.5
	[ "$status" -eq 2 ]
	[[ "${stderr_lines[0]}" == "armsim: --drop 1.5: not a probability between 0 and 1" ]]
	run --separate-stderr armsim --links 100,0
	[ "$status" -eq 2 ]
	run --separate-stderr armsim --links 100,80 --speed 10,20,30
	[ "$status" -eq 2 ]
	[[ "${stderr_lines[0]}" == "armsim: --speed 10,20,30: give one speed or one per joint" ]]
	run --separate-stderr armsim --links 1,2,3,4,5,6,7,8,9
	[ "$status" -eq 2 ]
	run --separate-stderr armsim --obstacle 1,2
	[ "$status" -eq 2 ]
	run --separate-stderr armsim --baud-sim fast
	[ "$status" -eq 2 ]
	run --separate-stderr armsim extra
	[ "$status" -eq 2 ]
}

@test "armsim refuses a start pose inside an obstacle" {
	# the stretched arm lies on the x-axis from 0 to 220
	run --separate-stderr armsim --obstacle 150,5,10
	[ "$status" -eq 2 ]
	[ "$stderr" = "armsim: the arm's start pose touches an obstacle" ]
}

@test "armsim prints its pty, links it, and removes the link when stopped" {
	start_armsim
	pty=$(head -1 "$BATS_TEST_TMPDIR/armsim.out")
	[[ "$pty" == /dev/pts/* ]]
	[ "$(readlink "$PORT")" = "$pty" ]
	[ -c "$pty" ]
	stop_armsim
	[ ! -e "$PORT" ]
	[ ! -L "$PORT" ]
}

@test "armsim --exit-after ends it by itself" {
	run --separate-stderr armsim --exit-after 0.2 --link "$BATS_TEST_TMPDIR/t" 3>&-
	[ "$status" -eq 0 ]
	[[ "$output" == /dev/pts/* ]]
	[ ! -L "$BATS_TEST_TMPDIR/t" ]
}

@test "a new EEPROM file reads as erased: 16384 bytes of 0xff" {
	start_armsim --eeprom "$BATS_TEST_TMPDIR/ee"
	[ "$(stat -c %s "$BATS_TEST_TMPDIR/ee")" -eq 16384 ]
	[ "$(od -An -tx1 -v "$BATS_TEST_TMPDIR/ee" | tr -s ' \n' '\n' | sort -u | grep -v '^$')" = "ff" ]
	stop_armsim
	run --separate-stderr armsim --eeprom "$BATS_TEST_TMPDIR/ee" --store-size 4096
	[ "$status" -eq 65 ]
	[ "$stderr" = "armsim: $BATS_TEST_TMPDIR/ee: holds 16384 bytes, --store-size says 4096" ]
}

@test "an upload writes the new slot, then its descriptor" {
	make_plan p1
	start_armsim --eeprom "$BATS_TEST_TMPDIR/ee" --store-size 1056
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/p1.plan"
	stop_armsim
	size=$(stat -c %s "$BATS_TEST_TMPDIR/p1.plan")
	# slot 0 starts after two 16-byte descriptors and holds the plan
	cmp -n "$size" -i 32:0 "$BATS_TEST_TMPDIR/ee" "$BATS_TEST_TMPDIR/p1.plan"
	# descriptor 0: "SP", generation 1, the size (little endian)
	[ "$(od -An -tx1 -N8 "$BATS_TEST_TMPDIR/ee" | tr -d ' ')" = "53500100$(printf '%02x%02x' $((size & 255)) $((size >> 8)))0000" ]
}

@test "-v traces every frame" {
	start_armsim -v
	armctl --port "$PORT" info >/dev/null
	grep -q "<- seq 0 HELLO len 1" "$BATS_TEST_TMPDIR/armsim.err"
	grep -q -- "-> seq 0 HELLO reply len" "$BATS_TEST_TMPDIR/armsim.err"
	grep -q "<- seq 1 PLAN_INFO len 0" "$BATS_TEST_TMPDIR/armsim.err"
}

@test "a link stops where it meets an obstacle, so the encoders lag" {
	# Stretched arm (220 mm) turning about the base towards an obstacle
	# 150 mm out at 45 degrees, radius 10: contact when 150 sin(45 - q1)
	# = 10, q1 = 45 - asin(1/15) = 41.177 degrees.
	start_armsim --links 100,80,40 --obstacle 106.066,106.066,10
	printf 'q1,q2,q3\n0,0,0\n90,0,0\n' >"$BATS_TEST_TMPDIR/push.csv"
	run --separate-stderr armctl --port "$PORT" --period 1500 --threshold 65 run "$BATS_TEST_TMPDIR/push.csv"
	# held short of the last waypoint by less than the threshold: said
	[ "$status" -eq 1 ]
	[[ "$stderr" =~ ^"armctl: run: stopped 48."[0-9]"° short of the last waypoint (q1 at 41."[0-9]+"): something holds it"$ ]]
	run armctl --port "$PORT" pos
	q1=$(echo "${lines[1]}" | cut -d, -f1)
	want=$(echo 'scale=10; 45 - a(1/sqrt(224))*180/(4*a(1))' | bc -l)
	awk -v q="$q1" -v w="$want" 'BEGIN { d = q - w; exit !(d < 0.01 && d > -0.01) }'
}

@test "a paced line (--baud-sim) still carries a plan both ways" {
	make_big_plan big 60
	start_armsim --baud-sim 115200
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/big.plan"
	armctl --port "$PORT" pull "$BATS_TEST_TMPDIR/back.plan"
	cmp "$BATS_TEST_TMPDIR/big.plan" "$BATS_TEST_TMPDIR/back.plan"
}

@test "armsim --time-scale: a 10 s move in a fraction of the time, on time by armsim's clock" {
	ARMSIM_TIME_SCALE=50
	start_armsim --setpoints "$BATS_TEST_TMPDIR/sp.csv"
	# 501 steps of 20 ms: 10 s of motion, q1 to 50
	awk 'BEGIN { print "q1,q2,q3"; for (i = 0; i <= 500; i++)
		printf "%g,0,0\n", i / 10 }' >"$BATS_TEST_TMPDIR/path.csv"
	local t0 t1
	t0=$(date +%s%N)
	armctl --port "$PORT" --period 20 run "$BATS_TEST_TMPDIR/path.csv"
	t1=$(date +%s%N)
	run armctl --port "$PORT" pos
	[ "$output" = "$(printf 'q1,q2,q3\n50,0,0')" ]
	# in real time the move cannot take less than its 10 s; fifty times
	# as fast it takes 0.2 s, and the host's streaming a second or two
	# on a loaded machine
	[ $(( (t1 - t0) / 1000000 )) -lt 9500 ]
	# armsim's clock (its setpoint log) saw every step, never early: the
	# 501 steps span at least 10 s of simulated time
	run awk -F, 'NR > 2 { if (!first) first = $1; last = $1; n++ }
		END { print n, (last - first >= 9.99 ? "not early" : last - first) }' \
		"$BATS_TEST_TMPDIR/sp.csv"
	assert_output "501 not early"
}

@test "armsim --time-scale: a factor from 0.01 to 1000, for the spine protocol" {
	run --separate-stderr armsim --time-scale 0
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "armsim: --time-scale 0: want a factor from 0.01 to 1000" ]
	run --separate-stderr armsim --time-scale fast
	[ "$status" -eq 2 ]
	# a bus takes it too (the servos' clock), in the same range; the
	# run below would not end: armsim waits on its pty until killed
	run --separate-stderr armsim --bus feetech --time-scale 2000
	[ "$status" -eq 2 ]
}

@test "armsim at a terminal says what it is and how to reach it; in a pipe only its port" {
	command -v script >/dev/null || skip "script(1) not installed"
	run script -qec "armsim --link '$BATS_TEST_TMPDIR/robot' --exit-after 0.3" /dev/null
	assert_success
	assert_line --partial "armsim: a simulated 3-joint arm is waiting on $BATS_TEST_TMPDIR/robot."
	assert_line --partial "    armctl --port $BATS_TEST_TMPDIR/robot info"
	# not a terminal: the port's path alone, as scripts read it
	run --separate-stderr armsim --exit-after 0.3 3>&-
	assert_success
	[[ "$output" == /dev/pts/* ]]
	[ -z "$stderr" ]
}
