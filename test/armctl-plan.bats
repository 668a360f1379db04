#!/usr/bin/env bats
# A stored plan running on armsim: start, stop, the monitor stream named
# from the plan, and what the robot refuses while a plan runs.  The plan
# is examples/plans/arm-wave.inst: drive Avoid (id 1) goes home (action
# Retreat, id 10) while an obstacle is nearer than 30 mm; drive Wave (id 2)
# runs action pattern WaveOnce (20): ToPlus30 (22), then ToMinus30 (24).

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm

setup() {
	plancc -o "$BATS_TEST_TMPDIR/wave.plan" \
		"$SPINE_ROOT/examples/plans/arm-wave.inst" 2>/dev/null
}

teardown() {
	stop_armsim
}

@test "monitor shows named events from a running plan" {
	ARMSIM_TIME_SCALE=1	# the robot's cycles against the host's clock
	start_armsim
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/wave.plan"
	armctl --port "$PORT" start
	run --separate-stderr armctl --port "$PORT" monitor \
		--names "$BATS_TEST_TMPDIR/wave.plan" --count 40
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "cycle,time_ms,event,type,id,name,sense,sense_id,value,released,latch,reason" ]
	# joining the running plan: a run boundary (B, spine-evlog(5)), then
	# each drive's priority in force (Q) and latch (R), with no clock,
	# before the 40 events
	[ "${#lines[@]}" -eq 46 ]
	[ "${lines[1]}" = "0,,B,,,,,,,,,join" ]
	[[ "${lines[2]}" =~ ^[0-9]+,,Q,D,1,Avoid,,,200,,,$ ]]
	[[ "${lines[3]}" =~ ^[0-9]+,,R,D,1,Avoid,,,0,0,0,$ ]]
	[[ "${lines[4]}" =~ ^[0-9]+,,Q,D,2,Wave,,,100,,,$ ]]
	[[ "${lines[5]}" =~ ^[0-9]+,,R,D,2,Wave,,,0,[01],[01],$ ]]
	events=$(printf '%s\n' "${lines[@]:6}" | cut -d, -f3-)
	grep -qx "E,D,2,Wave,,,,,," <<<"$events"
	grep -qx "E,AP,20,WaveOnce,,,,,," <<<"$events"
	grep -qx "E,APE,21,Up,,,,,," <<<"$events"
	grep -qx "E,A,22,ToPlus30,,,,,," <<<"$events"
	# no obstacles: the distance sense reads 32767, so Avoid stays off
	# (not released, no latch held)
	grep -qx "R,D,1,Avoid,ObstacleDistance,1,32767,0,0," <<<"$events"
	# Wave's TR releaser reads no sense and always releases
	grep -qx "R,D,2,Wave,,,0,1,0," <<<"$events"
	! grep -q "E,D,1,Avoid" <<<"$events"
	# cycle numbers count up, from the join's on
	printf '%s\n' "${lines[@]:2}" | cut -d, -f1 | sort -n -c
	# the robot's clock: each cycle when it was due, every 125 ms at the
	# default 8 a second (armsim(1)), later cycles later
	printf '%s\n' "${lines[@]:6}" | awk -F, '$2 % 125 != 0 ||
	    ($1 > c && $2 <= t) || ($1 == c && $2 != t) { exit 1 }
	    { c = $1; t = $2 }'
}

@test "an obstacle near the wave releases the Avoid drive" {
	# The obstacle (115,96) is 149.8 mm out at 39.86 degrees, radius 10:
	# the stretched arm comes within 30 mm of its edge past q1 = 39.86 -
	# asin(40/149.8) = 24.4 degrees, on its way to +30.
	start_armsim --obstacle 115,96,10
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/wave.plan"
	armctl --port "$PORT" start
	run --separate-stderr armctl --port "$PORT" monitor \
		--names "$BATS_TEST_TMPDIR/wave.plan" --duration 4
	[ "$status" -eq 0 ]
	events=$(printf '%s\n' "${lines[@]:1}" | cut -d, -f3-)
	grep -qx "E,D,1,Avoid,,,,,," <<<"$events"
	grep -qx "E,A,10,Retreat,,,,,," <<<"$events"
	grep -q "^R,D,1,Avoid,ObstacleDistance,1,[0-9]*,1,[01],$" <<<"$events"
	# going home, Avoid stays released by its latch: nearer than 80 mm
	# but not 30 (the hysteresis of 50)
	grep -q "^R,D,1,Avoid,ObstacleDistance,1,\([3-7][0-9]\),1,1,$" \
		<<<"$events"
}

@test "monitor --events R prints only sense events; no --names, no names" {
	# stripped: the plan the robot holds has no names to read back
	plancc --strip -o "$BATS_TEST_TMPDIR/bare.plan" \
		"$SPINE_ROOT/examples/plans/arm-wave.inst" 2>/dev/null
	start_armsim
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/bare.plan"
	armctl --port "$PORT" start
	run --separate-stderr armctl --port "$PORT" monitor --events R --count 10
	[ "$status" -eq 0 ]
	# the join's B, and Q and R for each of the 2 drives, then the 10
	# events
	[ "${#lines[@]}" -eq 16 ]
	# names are ids; Avoid (1) reads sense 1, Wave (2) is TR: none
	for l in "${lines[@]:6}"; do
		[[ "$l" =~ ^[0-9]+,[0-9]+,R,D,1,#1,#1,1,[0-9-]+,[01],[01],$ ||
		    "$l" =~ ^[0-9]+,[0-9]+,R,D,2,#2,,,0,1,0,$ ]]
	done
}

@test "the plan moves the arm; stop holds it where it is" {
	ARMSIM_TIME_SCALE=1	# a move still going when info asks
	start_armsim
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/wave.plan"
	armctl --port "$PORT" start
	run armctl --port "$PORT" info
	assert_line "state: running the plan, moving"
	# the wave reaches +30 within a second at 90 deg/s
	for i in $(seq 40); do
		q1=$(armctl --port "$PORT" pos | tail -1 | cut -d, -f1)
		awk -v q="$q1" 'BEGIN { exit !(q > 29) }' && break
		sleep 0.05
	done
	awk -v q="$q1" 'BEGIN { exit !(q > 29) }'
	armctl --port "$PORT" stop
	a=$(armctl --port "$PORT" pos)
	robot_clock_passes 300
	b=$(armctl --port "$PORT" pos)
	[ "$a" = "$b" ]
	run armctl --port "$PORT" info
	assert_line "state: idle"
}

@test "start without a plan, too fast a rate, streaming while it runs" {
	start_armsim
	run --separate-stderr armctl --port "$PORT" start
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: start: the robot refused: no plan stored" ]
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/wave.plan"
	run --separate-stderr armctl --port "$PORT" start --rate 500
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: start: the robot refused: argument out of range" ]
	armctl --port "$PORT" start --rate 20
	printf 'q1,q2,q3\n0,0,0\n' >"$BATS_TEST_TMPDIR/one.csv"
	run --separate-stderr armctl --port "$PORT" --threshold 60 run "$BATS_TEST_TMPDIR/one.csv"
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: run: the robot refused: busy: the stored plan is running" ]
}

@test "a plan pushed over a running one stops it" {
	start_armsim
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/wave.plan"
	armctl --port "$PORT" start
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/wave.plan"
	run armctl --port "$PORT" info
	[[ "$(grep '^state:' <<<"$output")" != *"running"* ]]
}

@test "monitor over a lossy line says how many events it lost" {
	start_armsim --drop 0.3 --seed 5
	armctl --port "$PORT" --timeout 100 --retries 30 push "$BATS_TEST_TMPDIR/wave.plan"
	armctl --port "$PORT" --timeout 100 --retries 30 start
	run --separate-stderr armctl --port "$PORT" --timeout 100 --retries 30 \
		monitor --duration 3
	[ "$status" -eq 0 ]
	[[ "$stderr" =~ ^armctl:\ monitor:\ [1-9][0-9]*\ events\ lost\ on\ the\ line$ ]]
}

@test "armctl monitor output replays through planrun --replay to the same actions" {
	# The log starts at the plan's cycle 1 (--start), so planrun begins
	# from the state the robot began from; the obstacle makes Avoid's
	# latch and the wave's pattern interleave.
	start_armsim --obstacle 115,96,10
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/wave.plan"
	armctl --port "$PORT" monitor --names "$BATS_TEST_TMPDIR/wave.plan" \
		--start --rate 50 --count 600 >"$BATS_TEST_TMPDIR/mon.csv"
	run --separate-stderr planrun "$BATS_TEST_TMPDIR/wave.plan" \
		--replay "$BATS_TEST_TMPDIR/mon.csv" --log "$BATS_TEST_TMPDIR/rep.csv"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]	# no "replay: ... no longer follows the log"
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/actions.csv"
	# every element event of every whole cycle (the last one may be cut
	# by --count), in order: cycle,event,type,id,name
	events() {
		awk -F, -v last="$2" 'NR > 1 && $1 < last && $3 ~ /^[ESPFZ]$/ {
			print $1 "," $3 "," $4 "," $5 "," $6 }' "$1"
	}
	last=$(tail -1 "$BATS_TEST_TMPDIR/mon.csv" | cut -d, -f1)
	[ "$last" -gt 20 ]
	events "$BATS_TEST_TMPDIR/mon.csv" "$last" >"$BATS_TEST_TMPDIR/want"
	events "$BATS_TEST_TMPDIR/rep.csv" "$last" >"$BATS_TEST_TMPDIR/got"
	grep -q ',E,A,10,Retreat$' "$BATS_TEST_TMPDIR/want"	# Avoid ran
	grep -q ',E,A,22,ToPlus30$' "$BATS_TEST_TMPDIR/want"	# so did Wave
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	# the actions planrun printed are the robot's action calls
	awk -F, -v last="$last" 'NR > 1 && $1 < last { n++ } END { print n }' \
		"$BATS_TEST_TMPDIR/actions.csv" >"$BATS_TEST_TMPDIR/n.got"
	grep -c ',E,A,' "$BATS_TEST_TMPDIR/want" >"$BATS_TEST_TMPDIR/n.want"
	diff "$BATS_TEST_TMPDIR/n.want" "$BATS_TEST_TMPDIR/n.got"
}

@test "monitor names events from the plan the robot holds" {
	start_armsim
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/wave.plan"
	armctl --port "$PORT" start
	run --separate-stderr armctl --port "$PORT" monitor --events E --count 8
	[ "$status" -eq 0 ]
	events=$(printf '%s\n' "${lines[@]:1}" | cut -d, -f3-6)
	grep -qx "E,D,2,Wave" <<<"$events"
	grep -qx "E,AP,20,WaveOnce" <<<"$events"
}
