#!/usr/bin/env bats
# armctl-detour.bats - armctl run --detour N and goto --detour N against
# armsim: blocked on the straight way, the arm goes back, maps where it
# was blocked, plans round it and gets there, on the SO-101 behind the
# spine protocol, on a Feetech bus and on the planar arm (each pressing
# no harder than the watch allows: armsim --contacts); with no way round it
# asks for help naming what it found, back at its start; the map in and
# out (--obstacles); the same plan for the same --seed.

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm

SO101=$SPINE_ROOT/examples/arms/so101.yaml
PLANAR=$SPINE_ROOT/examples/arms/planar.yaml
# the SO-101's tip with every joint at 0 but the lift 20, elbow 30 and
# wrist 20 sweeps through this ball as the pan turns from -60 to 60
# (detour.bats: ikreach --fk puts the tip at 340.3,0,360.9 at pan 0)
BALL=sphere:340.3,0,360.9,30

setup() {
	cd "$BATS_TEST_TMPDIR"
}

teardown() {
	stop_armsim
}

# The pan's sweep past the ball, slow (4 s: 56 deg/s at its fastest).
sweep() {
	mjtraj --names shoulder_pan,shoulder_lift,elbow_flex,wrist_flex \
		--from -60,20,30,20 --to 60,20,30,20 --duration 4 --rate 50
}

# pressed_within FILE BOUND: armsim's contacts (FILE) show a contact, and
# no joint held further than BOUND degrees behind its command in it.
pressed_within() {
	awk -F, -v b="$2" 'NR == 2 { exit !($1 > 0 && $4 <= b) }' "$1" ||
		fail "contacts: $(tail -1 "$1"), bound $2"
}

# The bound on a bus's press: the watch fires at the persist-th step past
# the 5-degree threshold (persist 2), and the host sends no goal after
# it; two steps more allow for the servos' own lag; a step of 20 ms
# moves a joint at most its speed (the SO-101's fastest, 240 deg/s).
# Each goal waits for the servos' feedback and a late host sends the rest
# of the path later (servoarm_test's stalled host), so this holds at any
# load.  The spine protocol's robot is given the rule and, under it,
# commands each joint no further than the threshold ahead of its encoder
# (spine-protocol(7), STREAM), whatever the host's latency (before the
# rule it played its buffered steps on until the host's stop arrived: 31
# degrees at load 18; before the lead, 5 + two steps of motion): 5
# degrees, and a hundredth for the rounding of millidegrees.  Real time
# (ARMSIM_TIME_SCALE=1), as the bus.
BUS_BOUND=$(awk 'BEGIN { print 5 + (2 + 2) * 240 * 0.02 }')
SO101_BOUND=5.01
PLANAR_BOUND=5.01

@test "spine protocol: run --detour 3 goes round a ball on the straight way and maps it" {
	sweep >sweep.csv
	ARMSIM_TIME_SCALE=1 start_armsim --arm "$SO101" --obstacle "$BALL" \
		--start -60,20,30,20 --contacts contacts.csv
	run --separate-stderr armctl --port "$PORT" --arm "$SO101" run \
		--detour 3 --obstacles map.yaml sweep.csv
	[ "$status" -eq 0 ] || fail "$stderr"
	[[ "${stderr_lines[0]}" =~ ^"armctl: run: obstructed at step "[0-9]+" of 201: "[a-z_]+" "[0-9.]+"° behind; stopped"$ ]]
	[ "${stderr_lines[1]}" = "armctl: run: went back along its path to where the run began" ]
	[[ "${stderr_lines[-1]}" =~ ^"armctl: run: reached the target after "[1-3]" detour"s?" round found1-"[a-z_]+.*"; planning took "[0-9.]+" ms; the tip's way "[0-9.]+" times the first path's"$ ]]
	run armctl --port "$PORT" --arm "$SO101" pos
	[ "${lines[1]}" = "60,20,30,20,0,0" ]
	stop_armsim
	pressed_within contacts.csv "$SO101_BOUND"
	# the map: what was found, by name, with the attempt that found it
	grep -q "^  - name: 'found1-" map.yaml
	grep -q "^    found: 1$" map.yaml
	# and it reads back: armsim takes it as its own
	armsim --arm "$SO101" --obstacles map.yaml --exit-after 0.01 --link tty2 >/dev/null
}

@test "servo bus: run --detour 3 goes round the ball on a Feetech SO-101" {
	sweep >sweep.csv
	# real time: a busy host sends the rest of the path later, never the
	# goals it missed at once, so the command cannot run ahead of the
	# servos
	start_armsim --bus feetech --obstacle "$BALL" --start -60,20,30,20 \
		--contacts contacts.csv
	run --separate-stderr armctl --bus feetech --port "$PORT" --timeout 400 \
		run --detour 3 sweep.csv
	[ "$status" -eq 0 ] || fail "$stderr"
	[[ "${stderr_lines[0]}" =~ ^"armctl: run: obstructed at step "[0-9]+" of 201: "[a-z_]+" "[0-9.]+"° behind, load "[0-9]+" %; stopped"$ ]]
	[ "${stderr_lines[1]}" = "armctl: run: went back along its path to where the run began" ]
	[[ "${stderr_lines[-1]}" =~ ^"armctl: run: reached the target after "[1-3]" detour"s?" round found1-" ]]
	run armctl --bus feetech --port "$PORT" --timeout 400 pos
	[ "${lines[1]}" = "$(pose_line 60 20 30 20 0 0)" ]
	stop_armsim
	pressed_within contacts.csv "$BUS_BOUND"
}

@test "the planar arm: goto --detour 3 folds under a ball on its sweep" {
	# the stretched arm's tip sweeps at 220 mm; the ball sits at 200
	ARMSIM_TIME_SCALE=1 start_armsim --arm "$PLANAR" \
		--obstacle sphere:200,0,0,15 --start -60,0,0 \
		--contacts contacts.csv
	run --separate-stderr armctl --port "$PORT" --arm "$PLANAR" goto \
		--joints 60,0,0 --detour 3
	[ "$status" -eq 0 ] || fail "$stderr"
	[[ "${stderr_lines[0]}" =~ ^"armctl: run: obstructed at step "[0-9]+" of "[0-9]+": q"[1-3]" "[0-9.]+"° behind; stopped"$ ]] || fail "$stderr"
	[[ "${stderr_lines[-1]}" == "armctl: run: reached the target after "* ]]
	run armctl --port "$PORT" --arm "$PLANAR" pos
	[ "${lines[1]}" = "60,0,0" ]
	stop_armsim
	pressed_within contacts.csv "$PLANAR_BOUND"
}

# The ball on the target's tip (ikreach --fk of 60,20,30,20).
HELD=sphere:170.2,294.7,360.9,30

@test "no way round: needs help naming the obstacles found, exit 1, back at the start (spine and bus)" {
	printf 'shoulder_pan,shoulder_lift,elbow_flex,wrist_flex\n60,20,30,20\n' |
		ikreach --arm "$SO101" --fk >tip.csv
	[ "$(tail -1 tip.csv | cut -d, -f1-3 | awk -F, '{ printf "%.1f,%.1f,%.1f", $1, $2, $3 }')" = "170.2,294.7,360.9" ]
	for kind in spine feetech; do
		if [ $kind = spine ]; then
			start_armsim --arm "$SO101" --obstacle "$HELD" --start -60,20,30,20
			ARMCTL="armctl --port $PORT --arm $SO101"
		else
			start_armsim --bus feetech --obstacle "$HELD" --start -60,20,30,20
			ARMCTL="armctl --bus feetech --port $PORT --timeout 400"
		fi
		run --separate-stderr $ARMCTL goto --joints 60,20,30,20 --detour 3 \
			--obstacles "map-$kind.yaml"
		[ "$status" -eq 1 ] || fail "$kind: $stderr"
		[[ "${stderr_lines[-1]}" =~ ^"armctl: run: needs help: ".*"; blocked "[0-9]+" time"s?" (the lag began at shoulder_pan "[0-9.-]+", ".*"); obstacles found: capsule 'found1-"[a-z_]+"' from "[0-9.,-]+" to "[0-9.,-]+" r "[0-9.]+ ]] ||
			fail "$kind: $stderr"
		# back where it began
		run $ARMCTL pos
		if [ $kind = spine ]; then
			[ "${lines[1]}" = "-60,20,30,20,0,0" ] || fail "$kind: ${lines[1]}"
		else
			[ "${lines[1]}" = "$(pose_line -60 20 30 20 0 0)" ] || fail "$kind: ${lines[1]}"
		fi
		# the map names what was found, as the message does
		name=$(sed -n "s/^  - name: '\(found1-[a-z_]*\)'$/\1/p" "map-$kind.yaml" | head -1)
		[ -n "$name" ]
		[[ "${stderr_lines[-1]}" == *"'$name'"* ]]
		stop_armsim
	done
}

@test "--obstacles in: a known ball is planned round before moving, never touched; the same plan for the same --seed" {
	cat >known.yaml <<'EOF'
obstacles:
  - name: ball
    sphere: [340.3, 0, 360.9]
    radius: 30
    margin: 10
EOF
	for n in 1 2; do
		cp known.yaml "map$n.yaml"
		start_armsim --arm "$SO101" --obstacle "$BALL" --start -60,20,30,20 \
			--contacts "contacts$n.csv" --setpoints "sp$n.csv"
		run --separate-stderr armctl --port "$PORT" --arm "$SO101" goto \
			--joints 60,20,30,20 --detour 3 --obstacles "map$n.yaml" --seed 7
		[ "$status" -eq 0 ] || fail "$stderr"
		[[ "$stderr" =~ ^"armctl: run: reached the target round the known obstacles and 0 detours; planning took "[0-9.]+" ms; the tip's way "[0-9.]+" times the first path's"$ ]] || fail "$stderr"
		stop_armsim
		# not a touch
		[ "$(tail -1 "contacts$n.csv")" = "0,0,0,0" ]
		# nothing found, so the map goes back as it came (margins said)
		run arm_map_names "map$n.yaml"
		[ "$output" = "ball" ]
	done
	# the same commands, step for step (armsim's clock aside)
	cmp <(cut -d, -f2- sp1.csv) <(cut -d, -f2- sp2.csv)
	[ "$(wc -l <sp1.csv)" -gt 10 ]
	# another seed, another way
	cp known.yaml map3.yaml
	start_armsim --arm "$SO101" --obstacle "$BALL" --start -60,20,30,20 \
		--setpoints sp3.csv
	armctl --port "$PORT" --arm "$SO101" goto --joints 60,20,30,20 \
		--detour 3 --obstacles map3.yaml --seed 8 2>/dev/null
	! cmp -s <(cut -d, -f2- sp1.csv) <(cut -d, -f2- sp3.csv)
}

# arm_map_names FILE: the obstacles' names in a map, one a line.
arm_map_names() {
	sed -n "s/^  - name: '\{0,1\}\([A-Za-z0-9_.-]*\)'\{0,1\}$/\1/p" "$1"
}

@test "--detour: refusals before anything moves" {
	sweep >sweep.csv
	run --separate-stderr armctl --port /nonexistent run --detour 3 sweep.csv
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "armctl: run --detour needs --arm FILE" ]
	run --separate-stderr armctl --port /nonexistent --arm "$SO101" run \
		--detour 17 sweep.csv
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "armctl: --detour 17: want 0 to 16 detours" ]
	run --separate-stderr armctl --port /nonexistent --arm "$SO101" home --detour 1
	[ "$status" -eq 2 ]
	[ "$stderr" = "armctl: --detour is an option of 'run goto', not of 'home'" ]
	# a bad map is said with its place, before the arm moves
	printf 'obstacles:\n  - sphere: [1, 2, 3]\n    radius: -4\n' >bad.yaml
	start_armsim --arm "$SO101" --start -60,20,30,20
	run --separate-stderr armctl --port "$PORT" --arm "$SO101" goto \
		--joints 60,20,30,20 --detour 1 --obstacles bad.yaml
	[ "$status" -eq 65 ] || fail "$status: $stderr"
	[[ "$stderr" == "armctl: bad.yaml:3:"*": error: radius: -4 is outside"* ]] || fail "$stderr"
	run armctl --port "$PORT" --arm "$SO101" pos
	[ "${lines[1]}" = "-60,20,30,20,0,0" ]
}
