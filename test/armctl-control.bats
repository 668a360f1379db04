#!/usr/bin/env bats
# Steering a plan while it runs on armsim: drive priorities, element
# monitor flags, counters, state, pause and step, the cycle rate
# (armctl prio|mon|counters|state|pause|resume|step|rate).
#
# The plan is test/data/control/chores.yaml.  Its ids follow document
# order: drives Guard 1 (200), Work 2 (100), Idle 3 (50); competence
# Chores 4 with elements Near 5, Sweep 6; pattern Twice 7 with its two
# unnamed elements 8 (HoldA) and 9 (HoldB); acts HoldStill 10, HoldA 11,
# HoldB 12.  With no obstacle ObstacleDistance reads 32767: Guard never
# releases, Work (100) beats Idle (50), Chores runs Sweep (Near wants
# < 100), and Sweep runs Twice: HoldA one cycle, HoldB the next.

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm

setup() {
	plancc -o "$BATS_TEST_TMPDIR/chores.plan" \
		"$SPINE_ROOT/test/data/control/chores.yaml"
	printf 'cycle,ObstacleDistance\n1,32767\n' >"$BATS_TEST_TMPDIR/senses.csv"
}

teardown() {
	stop_armsim
}

start_chores() {
	start_armsim "$@"
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/chores.plan"
	armctl --port "$PORT" start
}

# planrun's counters after $1 cycles of the same senses, every action
# succeeding (Stop always does on the arm): type,name,executed,succeeded
planrun_counters() {
	planrun "$BATS_TEST_TMPDIR/chores.plan" \
		--senses "$BATS_TEST_TMPDIR/senses.csv" --cycles "$1" \
		--result default=success --stats=- |
		sed -n '/^type,name,executed,succeeded$/,$p' | tail -n +2
}

# armctl counters without the id column, as planrun --stats prints them
robot_counters() {
	armctl --port "$PORT" counters | tail -n +2 | cut -d, -f1,3-
}

@test "prio prints a drive's runtime priority by name or id, and sets it" {
	start_chores
	run --separate-stderr armctl --port "$PORT" prio Work
	[ "$status" -eq 0 ]
	[ "$output" = $'id,name,priority\n2,Work,100' ]
	armctl --port "$PORT" prio Work 30
	run --separate-stderr armctl --port "$PORT" prio D:2
	[ "$output" = $'id,name,priority\n2,Work,30' ]
	run --separate-stderr armctl --port "$PORT" prio 3 --format jsonl
	[ "$output" = '{"id":3,"name":"Idle","priority":50}' ]
	# 8-bit ids: a runtime priority saturates at 255
	armctl --port "$PORT" prio Idle 1000
	run --separate-stderr armctl --port "$PORT" prio Idle
	[ "${lines[1]}" = "3,Idle,255" ]
}

@test "a drive given a higher priority wins in the monitor stream" {
	start_chores
	# before: Work (100) runs every cycle, Idle (50) never
	run --separate-stderr armctl --port "$PORT" monitor --events E --count 12
	[ "$status" -eq 0 ]
	# (the lines with a time are the robot's events; before them, joining,
	# the priorities in force, with none)
	drives=$(printf '%s\n' "${lines[@]:1}" | awk -F, '$2 != ""' |
	    cut -d, -f3-5 | grep ',D,' | sort -u)
	[ "$drives" = "E,D,2" ]
	armctl --port "$PORT" prio Idle 150
	run --separate-stderr armctl --port "$PORT" monitor --events E --count 12
	[ "$status" -eq 0 ]
	# joining: a run boundary, the priorities in force, Idle's the one
	# set, not the plan's
	[ "${lines[1]}" = "0,,B,,,,,,,,,join" ]
	[[ "${lines[2]}" =~ ^[0-9]+,,Q,D,1,Guard,,,[0-9]+,,,$ ]]
	[[ "${lines[3]}" =~ ^[0-9]+,,Q,D,2,Work,,,100,,,$ ]]
	[[ "${lines[4]}" =~ ^[0-9]+,,Q,D,3,Idle,,,150,,,$ ]]
	# after: Idle (150) runs HoldStill every cycle, and nothing else
	events=$(printf '%s\n' "${lines[@]:5}" | cut -d, -f3-5 | sort -u)
	[ "$events" = $'E,A,10\nE,D,3' ]
	# and back: Work wins again
	armctl --port "$PORT" prio Idle 50
	run --separate-stderr armctl --port "$PORT" monitor --events E --count 12
	drives=$(printf '%s\n' "${lines[@]:5}" | cut -d, -f3-5 | grep ',D,' | sort -u)
	[ "$drives" = "E,D,2" ]
}

@test "element monitor flags choose what each element reports; --clear undoes them" {
	start_chores
	run --separate-stderr armctl --port "$PORT" mon Work=S AP:7=E Sweep=
	[ "$status" -eq 0 ]
	[ "$output" = $'type,id,name,flags\nD,2,Work,S\nAP,7,Twice,E\nCE,6,Sweep,' ]
	# with no arguments: every element's flags, in the plan's type order
	run --separate-stderr armctl --port "$PORT" mon
	[ "$status" -eq 0 ]
	[ "$output" = "type,id,name,flags
AP,7,Twice,E
APE,8,#8,
APE,9,#9,
C,4,Chores,
CE,5,Near,
CE,6,Sweep,
D,1,Guard,
D,2,Work,S
D,3,Idle,
A,10,HoldStill,
A,11,HoldA,
A,12,HoldB," ]
	run --separate-stderr armctl --port "$PORT" monitor --count 20
	[ "$status" -eq 0 ]
	# only Work's successes (every other cycle) and Twice's executions
	# (after the join's B, and Q and R for each of the 3 drives)
	events=$(printf '%s\n' "${lines[@]:8}" | cut -d, -f3-5 | sort -u)
	[ "$events" = $'E,AP,7\nS,D,2' ]
	# monitor --events still filters the kinds on top of the flags
	run --separate-stderr armctl --port "$PORT" monitor --events S --count 4
	events=$(printf '%s\n' "${lines[@]:5}" | cut -d, -f3-5 | sort -u)
	[ "$events" = "S,D,2" ]
	armctl --port "$PORT" mon --clear
	run armctl --port "$PORT" mon
	[ "${lines[8]}" = "D,2,Work," ]
	run --separate-stderr armctl --port "$PORT" monitor --events E --count 40
	events=$(printf '%s\n' "${lines[@]:5}" | cut -d, -f3-5 | sort -u)
	# every element on Work's path executes again: D 2, C 4, CE 6, AP 7,
	# APE 8 and 9, A 11 and 12
	[ "$events" = $'E,A,11\nE,A,12\nE,AP,7\nE,APE,8\nE,APE,9\nE,C,4\nE,CE,6\nE,D,2' ]
}

@test "counters match planrun's for the same senses, and a pause keeps them" {
	start_chores
	robot_clock_passes 500	# 4 cycles at 8 a second
	run --separate-stderr armctl --port "$PORT" pause
	[ "$status" -eq 0 ]
	[[ "$output" =~ ^paused\ at\ cycle\ ([0-9]+)$ ]]
	n=${BASH_REMATCH[1]}
	[ "$n" -ge 1 ]
	planrun_counters "$n" >"$BATS_TEST_TMPDIR/want"
	robot_counters >"$BATS_TEST_TMPDIR/got"
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	# paused, nothing moves on
	armctl --port "$PORT" state >"$BATS_TEST_TMPDIR/state1"
	robot_clock_passes 1000	# 8 cycles, had it run on
	robot_counters >"$BATS_TEST_TMPDIR/got2"
	diff "$BATS_TEST_TMPDIR/got" "$BATS_TEST_TMPDIR/got2"
	armctl --port "$PORT" state | diff "$BATS_TEST_TMPDIR/state1" -
	run armctl --port "$PORT" pause
	[ "$output" = "paused at cycle $n" ]
}

@test "counters by hand: after 7 cycles Work ran 7 times and succeeded 3" {
	# HoldA runs in cycles 1 3 5 7 and HoldB in 2 4 6, finishing Twice,
	# Sweep, Chores and Work each time: 3 successes.
	start_armsim
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/chores.plan"
	armctl --port "$PORT" start --rate 1
	run armctl --port "$PORT" pause
	[[ "$output" =~ ^paused\ at\ cycle\ ([0-9]+)$ ]]
	n=${BASH_REMATCH[1]}
	[ "$n" -le 7 ]
	armctl --port "$PORT" rate 100
	if [ "$n" -lt 7 ]; then
		run armctl --port "$PORT" step $((7 - n))
		[ "$output" = "paused at cycle 7" ]
	fi
	run armctl --port "$PORT" counters
	assert_line "D,2,Work,7,3"
	assert_line "C,4,Chores,7,3"
	assert_line "APE,8,#8,4,4"
	assert_line "APE,9,#9,3,3"
	assert_line "A,11,HoldA,4,4"
	assert_line "A,12,HoldB,3,3"
	assert_line "D,3,Idle,0,0"
}

@test "step runs exactly N cycles of the paused plan" {
	start_chores
	run armctl --port "$PORT" pause
	[[ "$output" =~ ^paused\ at\ cycle\ ([0-9]+)$ ]]
	n=${BASH_REMATCH[1]}
	run --separate-stderr armctl --port "$PORT" step 5
	[ "$status" -eq 0 ]
	[ "$output" = "paused at cycle $((n + 5))" ]
	planrun_counters $((n + 5)) >"$BATS_TEST_TMPDIR/want"
	robot_counters >"$BATS_TEST_TMPDIR/got"
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	# steps add up; a pause while paused changes nothing
	armctl --port "$PORT" rate 50
	armctl --port "$PORT" step 3
	run armctl --port "$PORT" pause
	[ "$output" = "paused at cycle $((n + 8))" ]
	run armctl --port "$PORT" resume
	[ "$output" = "running at cycle $((n + 8))" ]
}

@test "pause holds the arm where it is; resume finishes the move" {
	ARMSIM_TIME_SCALE=1	# the robot's cycles against the host's clock
	plancc -o "$BATS_TEST_TMPDIR/wave.plan" \
		"$SPINE_ROOT/examples/plans/arm-wave.inst" 2>/dev/null
	# a slow arm, 6 deg/s: 5 s from 0 to +30, so a pause that comes
	# seconds late on a loaded machine still lands in the move (at the
	# default 90 deg/s the move takes a third of a second, and an
	# 'armctl pause' slowed by load and ASan came after it)
	start_armsim --speed 6
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/wave.plan"
	armctl --port "$PORT" start
	# catch joint 1 on its way to +30
	for i in $(seq 100); do
		q1=$(armctl --port "$PORT" pos | tail -1 | cut -d, -f1)
		awk -v q="$q1" 'BEGIN { exit !(q > 1) }' && break
	done
	armctl --port "$PORT" pause
	run armctl --port "$PORT" info
	assert_line "state: the plan paused"
	a=$(armctl --port "$PORT" pos)
	robot_clock_passes 500	# 3 degrees, had it moved on
	b=$(armctl --port "$PORT" pos)
	[ "$a" = "$b" ]
	# still short of +30, and the move is the plan's current one
	awk -v q="$(tail -1 <<<"$a" | cut -d, -f1)" 'BEGIN { exit !(q < 29) }'
	run armctl --port "$PORT" state
	assert_line "AP,20,WaveOnce,,,,,Up"
	armctl --port "$PORT" resume
	for i in $(seq 600); do
		q1=$(armctl --port "$PORT" pos | tail -1 | cut -d, -f1)
		awk -v q="$q1" 'BEGIN { exit !(q > 29) }' && break
		sleep 0.05
	done
	awk -v q="$q1" 'BEGIN { exit !(q > 29) }'
}

@test "rate changes the cycles a second of the running plan" {
	ARMSIM_TIME_SCALE=1	# the robot's cycles against the host's clock
	start_chores
	run armctl --port "$PORT" rate
	[ "$output" = $'rate\n8' ]
	armctl --port "$PORT" rate 2
	run armctl --port "$PORT" rate
	[ "$output" = $'rate\n2' ]
	# at 2 a second, 3 seconds hold at most 2 * 3 + 2 cycles (the loop
	# never runs ahead of its rate, whatever the load)
	run armctl --port "$PORT" monitor --events E --duration 3
	cycles=$(printf '%s\n' "${lines[@]:1}" | cut -d, -f1 | sort -u | wc -l)
	[ "$cycles" -le 8 ]
	armctl --port "$PORT" rate 100
	run armctl --port "$PORT" monitor --events E --duration 3
	cycles=$(printf '%s\n' "${lines[@]:1}" | cut -d, -f1 | sort -u | wc -l)
	[ "$cycles" -gt 8 ]
}

@test "state shows drives and the current element of each C and AP" {
	ARMSIM_TIME_SCALE=1	# the robot's cycles against the host's clock
	start_chores
	run armctl --port "$PORT" pause
	[[ "$output" =~ ^paused\ at\ cycle\ ([0-9]+)$ ]]
	n=${BASH_REMATCH[1]}
	armctl --port "$PORT" prio Idle 60
	run --separate-stderr armctl --port "$PORT" state
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "type,id,name,status,latch,priority,ramp,current" ]
	assert_line "D,1,Guard,idle,0,200,0,"
	assert_line "D,3,Idle,idle,0,60,0,"
	# where the pause fell (a loaded host's comes some cycles late): after
	# an odd cycle HoldA ran and Twice waits at HoldB (#9), Work latched
	# and running; after an even one (or none) Twice finished, and with
	# it Chores and Work
	if [ $((n % 2)) -eq 1 ]; then
		[ "${lines[2]}" = "D,2,Work,running,1,100,0," ]
		[ "${lines[4]}" = "C,4,Chores,,,,,Sweep" ]
		[ "${lines[5]}" = "AP,7,Twice,,,,,#9" ]
	else
		[ "${lines[2]}" = "D,2,Work,idle,0,100,0," ]
		[ "${lines[4]}" = "C,4,Chores,,,,," ]
		[ "${lines[5]}" = "AP,7,Twice,,,,," ]
	fi
	[ "${#lines[@]}" -eq 6 ]
	run --separate-stderr armctl --port "$PORT" state --format jsonl
	[ "${lines[0]}" = '{"type":"D","id":1,"name":"Guard","status":"idle","latch":0,"priority":200,"ramp":0,"current":null}' ]
}

@test "bad names, ids and arguments: a clear message and 65 or 2" {
	start_chores
	run --separate-stderr armctl --port "$PORT" prio Nobody 5
	[ "$status" -eq 65 ]
	[ "$stderr" = "armctl: Nobody: no such element in the robot's plan" ]
	run --separate-stderr armctl --port "$PORT" prio HoldA
	[ "$status" -eq 65 ]
	[ "$stderr" = "armctl: HoldA: names the action HoldA, not a drive" ]
	run --separate-stderr armctl --port "$PORT" prio 99
	[ "$status" -eq 65 ]
	[ "$stderr" = "armctl: prio: the robot's plan has no such element" ]
	run --separate-stderr armctl --port "$PORT" mon C:99=E
	[ "$status" -eq 65 ]
	run --separate-stderr armctl --port "$PORT" prio Work lots
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "armctl: prio: lots: want a priority, 0 to 65535" ]
	run --separate-stderr armctl --port "$PORT" mon Work=ESQ
	[ "$status" -eq 2 ]
	run --separate-stderr armctl --port "$PORT" step 0
	[ "$status" -eq 2 ]
	run --separate-stderr armctl --port "$PORT" step 2
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: step: the plan is not paused ('armctl pause')" ]
	run --separate-stderr armctl --port "$PORT" rate 500
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: rate: the robot refused: argument out of range" ]
	run --separate-stderr armctl --port "$PORT" --events E prio Work
	[ "$status" -eq 2 ]
	armctl --port "$PORT" stop
	run --separate-stderr armctl --port "$PORT" pause
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: pause: the plan is not running ('armctl start')" ]
}

@test "a stripped plan: names from --names, ids always" {
	plancc --strip -o "$BATS_TEST_TMPDIR/bare.plan" \
		"$SPINE_ROOT/test/data/control/chores.yaml"
	start_armsim
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/bare.plan"
	armctl --port "$PORT" start
	run --separate-stderr armctl --port "$PORT" prio Work
	[ "$status" -eq 65 ]
	[ "$stderr" = "armctl: Work: the robot's plan has no names: give an id (TYPE:ID, such as D:1) or --names FILE.plan" ]
	run --separate-stderr armctl --port "$PORT" prio 2
	[ "$output" = $'id,name,priority\n2,#2,100' ]
	run --separate-stderr armctl --port "$PORT" \
		--names "$BATS_TEST_TMPDIR/chores.plan" prio Work
	[ "$output" = $'id,name,priority\n2,Work,100' ]
}

@test "no plan on the robot: said so, exit 1" {
	start_armsim
	run --separate-stderr armctl --port "$PORT" prio Work
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: Work: the robot holds no plan ('armctl push')" ]
	run --separate-stderr armctl --port "$PORT" counters
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: counters: the robot refused: no plan stored" ]
	run --separate-stderr armctl --port "$PORT" rate
	[ "$output" = $'rate\n0' ]
}

@test "a priority set in a session is a Q event in the session's log" {
	ARMSIM_TIME_SCALE=1	# the robot's cycles against the host's clock
	start_chores
	cd "$BATS_TEST_TMPDIR"
	printf 'monitor --events E --count 4\nprio Idle 150\nmonitor --events E --count 4\n' |
		armctl --port "$PORT" session --log-dir logs/ >out.csv
	log=$(echo logs/*.csv)
	# spine-evlog(5): Q, type D, Idle's id 3 and name, the new priority
	# in value, logged with the first cycle it applies to
	# (the robot's clock in time_ms; at the start, joining, each drive's
	# priority in force as a Q event with no time: Idle's is 50)
	grep -q '^[0-9]*,,Q,D,3,Idle,,,50,,,$' "$log"
	run grep -n '^[0-9]*,[0-9][0-9]*,Q,D,3,Idle,,,150,' "$log"
	[[ "$output" =~ ^([0-9]+):([0-9]+),[0-9]+,Q,D,3,Idle,,,150,,,$ ]]
	line=${BASH_REMATCH[1]} q=${BASH_REMATCH[2]}
	# before it, Work's cycles (all earlier); after it, Idle's (not
	# earlier).  The Q line and the checks are the robot's events (a time)
	# only: a session that lost the link under load and got it back logs
	# a run boundary (B, cycle 0) and the join's untimed Q lines (Idle's
	# 150 again) and R lines, which are the host's, not events of a cycle
	head -n $((line - 1)) "$log" | tail -n +2 | awk -F, -v q="$q" \
		'$2 != "" && ($1 >= q || ($3 == "E" && $4 == "D" && $5 != 2)) \
		{ exit 1 }'
	tail -n +$((line + 1)) "$log" | awk -F, -v q="$q" \
		'$2 != "" && ($1 < q || ($3 == "E" && $4 == "D" && $5 != 3)) \
		{ exit 1 }'
}
