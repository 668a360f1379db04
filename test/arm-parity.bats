#!/usr/bin/env bats
# arm-parity.bats - every arm moves the same way: one path file run on
# the SO-101 behind the spine protocol (armsim --arm), on Feetech servos
# and on Dynamixel servos (armsim --bus, the built-in SO-101) takes the
# same time, is refused for the same reasons in the same words, and ends
# in the same pose; and tells PYT's obstacle story alike: stop, pause,
# back along the path the arm came, help asked for when that is blocked
# too, a run held short said so.  The pose table goes round: pos | goto --joints -, and ikreach's
# answer feeds goto --joints.

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm

SO101=$SPINE_ROOT/examples/arms/so101.yaml
KINDS="spine feetech dynamixel"

setup() {
	cd "$BATS_TEST_TMPDIR"
}

teardown() {
	stop_armsim
}

# start_kind KIND [armsim options]: the SO-101 as KIND, and ARMCTL the
# armctl words that drive it.
start_kind() {
	local kind=$1
	shift
	: >"$BATS_TEST_TMPDIR/armsim.err"
	if [ "$kind" = spine ]; then
		start_armsim --arm "$SO101" "$@"
		ARMCTL="armctl --port $PORT --arm $SO101"
	else
		start_armsim --bus "$kind" ${SCALE:+--time-scale "$SCALE"} "$@"
		ARMCTL="armctl --bus $kind --port $PORT --timeout 400 ${SCALE:+--time-scale $SCALE}"
	fi
}

# The 2-second path of the finding (arms.md 15): four joints, 101 rows.
j2s() {
	mjtraj --names shoulder_pan,shoulder_lift,elbow_flex,wrist_flex \
		--from 0,0,0,0 --to 40,20,-20,10 --duration 2 --rate 50
}

# span FILE: from the times (column 1) of the goals as the arm got them,
# "M S": M the middle step between goals times their count less one (a
# stalled host cannot move the middle step), S the whole span.
span() {
	awk '{ t[++n] = $1 } END {
		for (i = 2; i <= n; i++) d[i - 1] = t[i] - t[i - 1]
		m = n - 1
		# a sort small enough to write here
		for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++)
			if (d[j] < d[i]) { x = d[i]; d[i] = d[j]; d[j] = x }
		printf "%.3f %.3f\n", d[int((m + 1) / 2)] * m, t[n] - t[1] }' "$1"
}

@test "a 2 s path takes 2 s on every arm (the arm's own clock)" {
	j2s >path.csv
	for kind in $KINDS; do
		if [ "$kind" = spine ]; then
			start_kind spine --setpoints sp.csv
			$ARMCTL run path.csv
			# armsim logs each step as it begins; its first two rows
			# are the header and the hold before the run
			awk -F, 'NR > 2 { print $1 }' sp.csv >goals.txt
		else
			start_kind "$kind" -v
			$ARMCTL run path.csv
			# armsim -v: "armsim: T <- id 254 SYNC_WRITE ..."; the
			# goals are the SYNC WRITEs
			awk '/SYNC_WRITE/ { print $2 }' "$BATS_TEST_TMPDIR/armsim.err" >goals.txt
		fi
		[ "$(wc -l <goals.txt)" -eq 101 ] || fail "$kind: $(wc -l <goals.txt) goals"
		read -r mid all < <(span goals.txt)
		# 2 s +- 10 %; a loaded machine can only make the whole span longer
		awk -v m="$mid" -v a="$all" 'BEGIN { exit !(m >= 1.8 && m <= 2.2 && a >= 1.8) }' ||
			fail "$kind: middle-step span $mid s, whole $all s"
		stop_armsim
	done
}

@test "the same final pose on every arm, to a servo tick" {
	j2s >path.csv
	SCALE=10
	for kind in $KINDS; do
		start_kind "$kind"
		$ARMCTL run path.csv
		$ARMCTL pos >"pos-$kind.csv"
		stop_armsim
	done
	# the spine robot's encoders are the command itself; a servo is one
	# tick (360/4096 = 0.088 degree) from it at most
	for kind in feetech dynamixel; do
		[ "$(head -1 "pos-$kind.csv")" = "$(head -1 pos-spine.csv)" ]
		paste -d, pos-spine.csv "pos-$kind.csv" | awk -F, 'NR == 2 {
			for (i = 1; i <= 6; i++) if ((d = $i - $(i + 6)) > 0.088 || d < -0.088) exit 1 }' ||
			fail "$kind: $(tail -1 "pos-$kind.csv") vs $(tail -1 pos-spine.csv)"
	done
	# and the pose is the path's last row (the gripper stays at 0 %)
	[ "$(tail -1 pos-spine.csv)" = "40,20,-20,10,0,0" ]
}

@test "the same refusals on every arm: too fast, unreachable, away from the start" {
	# shoulder_pan 0 -> 90 in 0.2 s: a peak of 821.5 deg/s against 180
	mjtraj --names shoulder_pan,shoulder_lift,elbow_flex,wrist_flex \
		--from 0,0,0,0 --to 90,0,0,0 --duration 0.2 --rate 50 >fast.csv
	# 500 mm is beyond the SO-101's reach: ikreach marks the row
	printf 't,x,y,z\n0,324,0,265\n10,500,0,150\n' |
		ikreach --arm "$SO101" >un.csv || true
	grep -q ',unreachable,' un.csv
	# Cartesian rows solved by armctl itself
	printf 'x,y,z\n324,0,265\n500,0,150\n' >far.csv
	# a path that starts away from the arm
	mjtraj --names shoulder_pan,shoulder_lift,elbow_flex,wrist_flex \
		--from 30,0,0,0 --to 40,0,0,0 --duration 1 --rate 50 >away.csv
	SCALE=10
	for kind in $KINDS; do
		start_kind "$kind"
		run --separate-stderr $ARMCTL run fast.csv
		[ "$status" -eq 1 ]
		echo "$stderr" >"fast-$kind.err"
		run --separate-stderr $ARMCTL run un.csv
		[ "$status" -eq 1 ]
		echo "$stderr" >"un-$kind.err"
		run --separate-stderr $ARMCTL run far.csv
		[ "$status" -eq 1 ]
		echo "$stderr" >"far-$kind.err"
		run --separate-stderr $ARMCTL run away.csv
		[ "$status" -eq 1 ]
		echo "$stderr" >"away-$kind.err"
		# nothing moved
		run $ARMCTL pos
		[ "${lines[1]}" = "0,0,0,0,0,0" ]
		# --check on every arm: the peaks, the verdict, no motion
		run --separate-stderr $ARMCTL --check run fast.csv
		[ "$status" -eq 1 ]
		[ "${lines[1]}" = "shoulder_pan,821.52,180,12555,900,too-fast" ]
		# --approach goes there first, then runs the path
		$ARMCTL run --approach away.csv
		run $ARMCTL pos
		if [ "$kind" = spine ]; then
			[ "${lines[1]}" = "40,0,0,0,0,0" ]
		else
			[ "${lines[1]}" = "$(pose_line 40 0 0 0 0 0)" ]
		fi
		stop_armsim
	done
	grep -q "^armctl: run: too fast for shoulder_pan: peak speed 821.5 deg/s at t = " fast-spine.err
	grep -qx "armctl: un.csv:3:[0-9]*: error: the joint values of this row missed their target (status unreachable)" un-spine.err
	grep -q "^armctl: far.csv:3: error: x,y,z = 500,0,150: unreachable" far-spine.err
	grep -qx "armctl: run: the path starts at shoulder_pan = 30 but the arm is at 0; run --approach moves it there first" away-spine.err
	for what in fast un far away; do
		for kind in feetech dynamixel; do
			cmp "$what-spine.err" "$what-$kind.err" ||
				fail "$what: $kind says $(cat "$what-$kind.err")"
		done
	done
}

# The detour of arms.md 23: elbow up, pan across, elbow down; a sphere
# stops the last leg (elbow_flex near 18 degrees at pan 60).
DETOUR='shoulder_pan,shoulder_lift,elbow_flex,wrist_flex
0,0,0,0
0,0,60,0
60,0,60,0
60,0,0,0'
WALL=sphere:157.0,271.9,341.1,15

detour() {
	echo "$DETOUR" | mjtraj --names shoulder_pan,shoulder_lift,elbow_flex,wrist_flex \
		--duration 1 --rate 50
}

# story FILE: the lines of an obstacle story with the numbers taken out
# (and the load, which only a bus reports): what every arm must say alike.
story() {
	sed -e 's/, load [0-9]* %//' -e 's/[0-9][0-9.]*/N/g' "$1"
}

# The goals' times on armsim's clock: the spine robot's setpoints as each
# took effect (its first rows are the header and the hold before the
# run), or a bus's SYNC WRITEs (armsim -v: "armsim: T <- id 254
# SYNC_WRITE ...").
goal_times() {
	if [ "$1" = spine ]; then
		awk -F, 'NR > 2 { print $1 }' sp.csv
	else
		awk '/SYNC_WRITE/ { print $2 }' "$BATS_TEST_TMPDIR/armsim.err"
	fi
}

check_retrace() {
	KIND=$1
	detour >detour.csv
	# real time: the pause is measured on armsim's clock
	if [ "$KIND" = spine ]; then
		ARMSIM_TIME_SCALE=1 start_kind spine --obstacle "$WALL" \
			--setpoints sp.csv
	else
		start_kind "$KIND" --obstacle "$WALL" -v
	fi
	run --separate-stderr $ARMCTL --pause 1500 run detour.csv
	[ "$status" -eq 1 ]
	[[ "${stderr_lines[0]}" =~ ^"armctl: run: obstructed at step 1"[0-9][0-9]" of 151: elbow_flex "[0-9.]+"° behind"(", load "[0-9]+" %")?"; stopped"$ ]] || fail "$KIND: $stderr"
	[ "${stderr_lines[1]}" = "armctl: run: went back along its path to where the run began" ]
	[ "${#stderr_lines[@]}" -eq 2 ]
	# back where it began: the straight way there from the obstacle
	# (the pan and elbow together) runs into the sphere again
	run $ARMCTL pos
	[ "${lines[1]}" = "0,0,0,0,0,0" ] || fail "$KIND: ${lines[1]}"
	# the pause: the longest quiet between goals, on armsim's clock, is
	# the 1.5 s hold (nothing else waits more than a period; armsim logs
	# to the millisecond, and armctl's clock is not armsim's)
	goal_times "$KIND" | awk '{ if (n++) { d = $1 - t; if (d > m) m = d } t = $1 }
		END { exit !(m >= 1.49 && m < 2.5) }' ||
		fail "$KIND: no 1.5 s pause: $(goal_times "$KIND" | wc -l) goals"
}

@test "spine protocol: an obstacle: stop, pause, back along the path it came (arms.md 23)" {
	check_retrace spine
}

@test "feetech: an obstacle: stop, pause, back along the path it came" {
	check_retrace feetech
}

@test "dynamixel: an obstacle: stop, pause, back along the path it came" {
	check_retrace dynamixel
}

@test "the way back blocked too: stop and ask for human help, on every arm" {
	detour >detour.csv
	SCALE=10
	# a hand comes into the first leg's way a tenth of a second after
	# the arm meets the sphere, where the tip was at elbow_flex 30
	# (ikreach --fk: 284.6,0,412), big enough (40 mm) that the way back,
	# whatever its timing, cannot pass beside it
	printf 'shoulder_pan,shoulder_lift,elbow_flex,wrist_flex\n0,0,30,0\n' |
		ikreach --arm "$SO101" --fk >tip.csv
	[ "$(tail -1 tip.csv | cut -d, -f1,3)" = "284.61146871262497,412" ]
	for kind in $KINDS; do
		start_kind "$kind" --obstacle "$WALL" --obstacle sphere:284.6,0,412,40@0.1
		run --separate-stderr $ARMCTL run detour.csv
		[ "$status" -eq 1 ]
		[[ "${stderr_lines[1]}" =~ ^"armctl: run: obstructed again on the way back (step "[0-9]+" of "[0-9]+": elbow_flex "[0-9.]+"° behind): stopped; the arm needs human help"$ ]] || fail "$kind: $stderr"
		[ "${#stderr_lines[@]}" -eq 2 ]
		printf '%s\n' "${stderr_lines[@]}" >"stuck-$kind.err"
		# held where it was stopped: elbow above the hand, pan home
		run $ARMCTL pos
		awk -F, 'NR == 2 { exit !($1 > -5 && $1 < 5 && $3 > 20 && $3 < 60) }' <<<"$output" ||
			fail "$kind: ${lines[1]}"
		stop_armsim
	done
	for kind in feetech dynamixel; do
		[ "$(story "stuck-$kind.err")" = "$(story stuck-spine.err)" ]
	done
}

@test "a run held short of its last waypoint says so, on every arm" {
	# arms.md 24: the sphere stops the tip at 60,0,2.9,0, less than the
	# 5-degree threshold short of 60,0,0,0
	detour >detour.csv
	SCALE=10
	for kind in $KINDS; do
		start_kind "$kind" --obstacle sphere:162,280.6,265,15
		run --separate-stderr $ARMCTL run detour.csv
		[ "$status" -eq 1 ]
		[[ "$stderr" =~ ^"armctl: run: stopped "[0-9.]+"° short of the last waypoint (elbow_flex at "[0-9.]+"): something holds it"$ ]] || fail "$kind: $stderr"
		# and it stays there, held by the sphere
		run $ARMCTL pos
		awk -F, 'NR == 2 { exit !($1 > 59.9 && $1 < 60.1 && $3 > 2 && $3 < 4) }' <<<"$output" ||
			fail "$kind: ${lines[1]}"
		stop_armsim
	done
}

@test "a servo's error bit is what it is: the arm holds, no way back" {
	SCALE=10
	j2s >path.csv
	for kind in feetech dynamixel; do
		start_kind "$kind" --servo-error gripper:32
		run --separate-stderr $ARMCTL run path.csv
		[ "$status" -eq 1 ]
		if [ "$kind" = feetech ]; then
			[ "${stderr_lines[0]}" = "armctl: run: id 6 (gripper) reports overload" ]
		else
			[ "${stderr_lines[0]}" = "armctl: run: id 6 (gripper) reports hardware alert (overload)" ]
		fi
		[ "${#stderr_lines[@]}" -eq 1 ] || [ "${stderr_lines[1]}" = "armctl: run: the arm holds where it is" ]
		[[ "$stderr" != *obstructed* && "$stderr" != *"went back"* ]]
		stop_armsim
	done
}

# near_tip X Y Z: tip.csv (ikreach --fk, columns by name) within 2 mm.
near_tip() {
	awk -F, -v X="$1" -v Y="$2" -v Z="$3" '
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		NR == 2 { d = ($c["x"] - X) ^ 2 + ($c["y"] - Y) ^ 2 + ($c["z"] - Z) ^ 2
			exit !(d < 4) }' tip.csv
}

@test "pos | goto --joints - round-trips on every arm; ikreach's answer feeds goto --joints" {
	SCALE=10
	for kind in $KINDS; do
		start_kind "$kind"
		$ARMCTL goto --joints 20,-30,40,10,5,50
		$ARMCTL pos >here.csv
		$ARMCTL home
		$ARMCTL pos | $ARMCTL goto --joints - 2>/dev/null || true
		$ARMCTL goto --joints - <here.csv
		run $ARMCTL pos
		[ "$output" = "$(cat here.csv)" ] || fail "$kind: $output vs $(cat here.csv)"
		# ikreach prints the positioning joints and the roll, with its
		# status columns: goto takes that row, the gripper stays
		ikreach --arm "$SO101" 200,0,150 >ik.csv
		$ARMCTL goto --joints ik.csv
		$ARMCTL pos | ikreach --arm "$SO101" --fk >tip.csv
		near_tip 200 0 150 || fail "$kind: tip $(tail -1 tip.csv)"
		run $ARMCTL pos
		[[ "${lines[1]}" == *,50.01 || "${lines[1]}" == *,50 ]]
		stop_armsim
	done
}

@test "goto X,Y,Z then a run of ikreach's path from there is accepted on every arm" {
	SCALE=10
	mjtraj --from 200,0,150 --to 150,-100,100 --duration 2 --rate 50 >line.csv
	for kind in $KINDS; do
		start_kind "$kind"
		# from where the arm is, goto and ikreach --near choose alike
		$ARMCTL goto --joints 10,-40,-30,-20
		$ARMCTL pos >here.csv
		ikreach --arm "$SO101" --near here.csv line.csv >ik.csv
		$ARMCTL goto 200,0,150
		$ARMCTL run ik.csv
		$ARMCTL pos | ikreach --arm "$SO101" --fk >tip.csv
		near_tip 150 -100 100 || fail "$kind: tip $(tail -1 tip.csv)"
		# and from the rest pose ikreach's default is goto's too
		$ARMCTL home
		ikreach --arm "$SO101" line.csv >ik.csv
		$ARMCTL goto 200,0,150
		$ARMCTL run ik.csv
		stop_armsim
	done
}

@test "armsim --start takes a pose: the base and chain, or what pos printed" {
	for kind in $KINDS; do
		# arms.md 18: four values, as goto --joints takes
		start_kind "$kind" --start 60,0,19,0
		run $ARMCTL pos
		if [ "$kind" = spine ]; then
			[ "${lines[1]}" = "60,0,19,0,0,0" ]
		else
			[ "${lines[1]}" = "$(pose_line 60 0 19 0 0 0)" ]
		fi
		printf '%s\n' "$output" >pose.csv
		stop_armsim
		start_kind "$kind" --start pose.csv
		run $ARMCTL pos
		[ "$output" = "$(cat pose.csv)" ] || fail "$kind: $output"
		stop_armsim
	done
	run --separate-stderr armsim --arm "$SO101" --start 1,2
	[ "$status" -eq 2 ]
	[ "$stderr" = "armsim: --start: error: want 4 to 6 joint values in the order of so101 (the gripper in %), or a pose table" ]
}
