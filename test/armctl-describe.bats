#!/usr/bin/env bats
# The robot describes itself (DESCRIBE), push refuses a plan written for
# another robot, the run configuration beside the plan (CONFIG, autostart
# at power-up) and the sense stream (TELEMETRY).  Expected ids and names
# are the arm's table in armsim(1) and core/robot/armio.h, by hand.

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm

setup() {
	plancc -o "$BATS_TEST_TMPDIR/rover.plan" \
		"$SPINE_ROOT/examples/plans/rover.yaml" 2>/dev/null
	plancc -o "$BATS_TEST_TMPDIR/wave.plan" \
		"$SPINE_ROOT/examples/plans/arm-wave.inst" 2>/dev/null
}

teardown() {
	stop_armsim
}

@test "describe lists a 3-joint arm's senses, actions and joints" {
	start_armsim --links 100,80,40
	run --separate-stderr armctl --port "$PORT" describe
	[ "$status" -eq 0 ]
	# 3 + 3 joint senses, 3 + 3 joint actions + home + stop, 3 joints
	[ "${#lines[@]}" -eq 18 ]
	[ "${lines[0]}" = "kind,id,name,unit,min,max" ]
	assert_line "sense,1,ObstacleDistance,mm,0,32767"
	assert_line "sense,2,Moving,,0,1"
	assert_line "sense,3,Lag,deg,0,32767"
	assert_line "sense,13,Joint3,deg,-180,180"
	assert_line "action,2,TurnJoint2By,deg,-360,360"
	assert_line "action,11,TurnJoint1To,deg,-180,180"
	assert_line "action,20,Home,,0,0"
	assert_line "action,21,Stop,,0,0"
	assert_line "joint,3,Joint3,deg,-180,180"
	refute_line --partial "sense,14,"
}

@test "describe --format jsonl, and the described arm's joint limits" {
	start_armsim --arm "$SPINE_ROOT/examples/arms/so101.yaml"
	run --separate-stderr armctl --port "$PORT" describe --format jsonl
	[ "$status" -eq 0 ]
	assert_line '{"kind":"sense","id":1,"name":"ObstacleDistance","unit":"mm","min":0,"max":32767}'
	# so101.yaml: shoulder_pan, the first joint, "limits: [-110, 110]"
	assert_line '{"kind":"joint","id":1,"name":"Joint1","unit":"deg","min":-110,"max":110}'
}

@test "push refuses a wheeled robot's plan on the arm, naming each mismatch" {
	start_armsim --links 100,80,40
	run --separate-stderr armctl --port "$PORT" push "$BATS_TEST_TMPDIR/rover.plan"
	[ "$status" -eq 65 ]
	p=$BATS_TEST_TMPDIR/rover.plan
	[ "${stderr_lines[0]}" = "armctl: $p: sense 1: the plan's Sonar is the robot's ObstacleDistance" ]
	[ "${stderr_lines[1]}" = "armctl: $p: sense 2: the plan's Bump is the robot's Moving" ]
	[ "${stderr_lines[2]}" = "armctl: $p: action 1: the plan's Drive is the robot's TurnJoint1By" ]
	[ "${stderr_lines[3]}" = "armctl: $p: action 2: the plan's Turn is the robot's TurnJoint2By" ]
	[[ "${stderr_lines[4]}" == "armctl: $p: 4 mismatches with the robot's senses and actions"* ]]
	[ "${#stderr_lines[@]}" -eq 5 ]
	run --separate-stderr armctl --port "$PORT" info
	assert_line "plan: none"
	run --separate-stderr armctl --port "$PORT" --check push "$p"
	[ "$status" -eq 65 ]
	[ "${#stderr_lines[@]}" -eq 5 ]
	[ -z "$output" ]
}

@test "push --force stores the mismatched plan all the same" {
	start_armsim --links 100,80,40
	run --separate-stderr armctl --port "$PORT" push --force "$BATS_TEST_TMPDIR/rover.plan"
	[ "$status" -eq 0 ]
	[[ "${stderr_lines[4]}" == *"4 mismatches"*"pushing it anyway (--force)" ]]
	armctl --port "$PORT" pull "$BATS_TEST_TMPDIR/back.plan"
	cmp "$BATS_TEST_TMPDIR/rover.plan" "$BATS_TEST_TMPDIR/back.plan"
}

@test "a plan with the arm's names pushes without a word" {
	start_armsim
	run --separate-stderr armctl --port "$PORT" push "$BATS_TEST_TMPDIR/wave.plan"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
}

@test "a stripped plan is checked by id only, and says so" {
	plancc --strip -o "$BATS_TEST_TMPDIR/bare.plan" \
		"$SPINE_ROOT/examples/plans/rover.yaml" 2>/dev/null
	p=$BATS_TEST_TMPDIR/bare.plan
	# three joints: senses 1, 2 and actions 1, 2 all exist
	start_armsim --links 100,80,40
	run --separate-stderr armctl --port "$PORT" --check push "$p"
	[ "$status" -eq 0 ]
	[ "${stderr_lines[0]}" = "armctl: $p: the plan has no names (plancc --strip): checked by id only" ]
	stop_armsim
	# one joint: action 2 (turn joint 2 by) is not there
	start_armsim --links 100
	run --separate-stderr armctl --port "$PORT" push "$p"
	[ "$status" -eq 65 ]
	[ "${stderr_lines[1]}" = "armctl: $p: action 2: the robot has no action 2" ]
	[[ "${stderr_lines[2]}" == "armctl: $p: 1 mismatch with"* ]]
}

@test "config needs a plan; autostart is off until set" {
	start_armsim
	run --separate-stderr armctl --port "$PORT" config autostart on
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"no plan"* ]]
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/wave.plan"
	run --separate-stderr armctl --port "$PORT" config
	[ "$status" -eq 0 ]
	assert_output $'autostart,rate,events\noff,8,'
	run --separate-stderr armctl --port "$PORT" config autostart on --rate 200
	[ "$status" -eq 2 ]
	run --separate-stderr armctl --port "$PORT" config autostart maybe
	[ "$status" -eq 2 ]
}

@test "autostart survives a restart: the plan runs with no host command" {
	start_armsim --eeprom "$BATS_TEST_TMPDIR/ee"
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/wave.plan"
	run --separate-stderr armctl --port "$PORT" config autostart on --rate 10 --events ESP
	[ "$status" -eq 0 ]
	assert_output $'autostart,rate,events\non,10,ESP'
	run --separate-stderr armctl --port "$PORT" info
	assert_line "state: idle"
	stop_armsim
	start_armsim --eeprom "$BATS_TEST_TMPDIR/ee"
	run --separate-stderr armctl --port "$PORT" info
	assert_line --partial "state: running the plan"
	run --separate-stderr armctl --port "$PORT" monitor --names "$BATS_TEST_TMPDIR/wave.plan" --count 4 --events E
	[ "$status" -eq 0 ]
	assert_line --regexp '^[0-9]+,[0-9]+,E,D,2,Wave,'
	run --separate-stderr armctl --port "$PORT" config
	assert_output $'autostart,rate,events\non,10,ESP'
	# a new plan keeps the configuration; off stays off after a restart
	armctl --port "$PORT" stop >/dev/null
	make_plan p1
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/p1.plan"
	run --separate-stderr armctl --port "$PORT" config
	assert_output $'autostart,rate,events\non,10,ESP'
	armctl --port "$PORT" config autostart off >/dev/null
	stop_armsim
	start_armsim --eeprom "$BATS_TEST_TMPDIR/ee"
	run --separate-stderr armctl --port "$PORT" info
	assert_line "state: idle"
}

@test "a store written before configurations existed loads, without autostart" {
	start_armsim --eeprom "$BATS_TEST_TMPDIR/ee"
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/wave.plan"
	armctl --port "$PORT" config autostart on >/dev/null
	stop_armsim
	# the first plan is in slot 0 of 8176 bytes from byte 32; its last 8
	# bytes (8200 .. 8207) hold the configuration: erase them, as an
	# older armsim left them
	printf '\377\377\377\377\377\377\377\377' |
		dd of="$BATS_TEST_TMPDIR/ee" bs=1 seek=8200 conv=notrunc 2>/dev/null
	start_armsim --eeprom "$BATS_TEST_TMPDIR/ee"
	run --separate-stderr armctl --port "$PORT" info
	assert_line "state: idle"
	assert_line --partial "plan: $(stat -c %s "$BATS_TEST_TMPDIR/wave.plan") bytes"
	run --separate-stderr armctl --port "$PORT" config
	assert_output $'autostart,rate,events\noff,8,'
}

@test "telemetry prints every sense, named, then turns the stream off" {
	start_armsim --links 100,80,40
	run --separate-stderr armctl --port "$PORT" telemetry --every 50ms --count 3
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "time_ms,ObstacleDistance,Moving,Lag,Joint1,Joint2,Joint3" ]
	[ "${#lines[@]}" -eq 4 ]
	# no obstacle (32767), the arm at rest at 0: the first row at 0 ms
	[ "${lines[1]}" = "0,32767,0,0,0,0,0" ]
	[[ "${lines[2]}" =~ ^[0-9]+,32767,0,0,0,0,0$ ]]
	# the stream is off: a monitor sees nothing but its own header
	run --separate-stderr armctl --port "$PORT" telemetry --every 1s --count 1 --format jsonl
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = '{"time_ms":0,"ObstacleDistance":32767,"Moving":0,"Lag":0,"Joint1":0,"Joint2":0,"Joint3":0}' ]
	run --separate-stderr armctl --port "$PORT" telemetry --every 5ms
	[ "$status" -eq 2 ]
}

@test "telemetry shows a joint where a move left it" {
	start_armsim --links 100,80,40
	armctl --port "$PORT" run - <<<$'q1,q2,q3\n0,0,0\n30,-20,10'
	run --separate-stderr armctl --port "$PORT" telemetry --count 1
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "0,32767,0,0,30,-20,10" ]
}

@test "telemetry runs until Ctrl-C, which ends it like a monitor" {
	start_armsim --links 100,80,40
	armctl --port "$PORT" telemetry --every 50ms \
		>"$BATS_TEST_TMPDIR/t.csv" 2>"$BATS_TEST_TMPDIR/t.err" 3>&- &
	pid=$!
	for i in $(seq 200); do
		[ "$(wc -l <"$BATS_TEST_TMPDIR/t.csv")" -ge 3 ] && break
		sleep 0.05
	done
	kill -INT "$pid" || fail "telemetry ended before Ctrl-C: $(cat \
	    "$BATS_TEST_TMPDIR/t.err" "$BATS_TEST_TMPDIR/t.csv")"
	status=0
	wait "$pid" || status=$?
	[ "$status" -eq 130 ]
	# the arm was not stopped: Ctrl-C only ends the stream
	! grep -q "the arm is stopped" "$BATS_TEST_TMPDIR/t.err"
	[ "$(head -1 "$BATS_TEST_TMPDIR/t.csv")" = "time_ms,ObstacleDistance,Moving,Lag,Joint1,Joint2,Joint3" ]
	[ "$(sed -n 3p "$BATS_TEST_TMPDIR/t.csv")" = "50,32767,0,0,0,0,0" ]
}
