#!/usr/bin/env bats
# Finding another way: ikreach --plan round the obstacles of a map
# (spine-obstacles(5)), armsim --obstacles and --contacts, and a planned
# path run on the simulated arm where the straight one is blocked.

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm

SO101=$SPINE_ROOT/examples/arms/so101.yaml

teardown() {
	stop_armsim
}

# A 30 mm ball where the SO-101's tip passes at shoulder_pan 0 (its tip
# at 0,20,30,20 by ikreach --fk: 340.32..., 0, 360.94...).
ball_map() {
	cat >"$BATS_TEST_TMPDIR/ball.yaml" <<'EOF'
obstacles:
  - name: ball
    sphere: [340.3, 0, 360.9]
    radius: 30
    margin: 10
EOF
}

plan_round_ball() {
	ikreach --arm "$SO101" --obstacles "$BATS_TEST_TMPDIR/ball.yaml" \
	    --joints --plan -60,20,30,20 60,20,30,20 "$@"
}

# The least distance from the ball's centre to the links of every row of
# a path, by the arm's forward kinematics (ikreach --fk --joints) and the
# point-to-segment distance worked here.
least_to_ball() {
	ikreach --arm "$SO101" --fk --joints --precision 6 "$1" | awk -F, '
	NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	function d(k,    ax, ay, az, bx, by, bz, t, l2, px, py, pz) {
		ax = $col["x" k]; ay = $col["y" k]; az = $col["z" k]
		bx = $col["x" (k + 1)]; by = $col["y" (k + 1)]
		bz = $col["z" (k + 1)]
		l2 = (bx - ax) ^ 2 + (by - ay) ^ 2 + (bz - az) ^ 2
		t = ((340.3 - ax) * (bx - ax) + (0 - ay) * (by - ay) + \
		    (360.9 - az) * (bz - az)) / l2
		t = t < 0 ? 0 : t > 1 ? 1 : t
		px = ax + t * (bx - ax); py = ay + t * (by - ay)
		pz = az + t * (bz - az)
		return sqrt((px - 340.3) ^ 2 + py ^ 2 + (pz - 360.9) ^ 2)
	}
	{ for (k = 2; k <= 4; k++) if (!n++ || d(k) < least) least = d(k) }
	END { printf "%d\n", least }'
}

@test "ikreach --plan: a path round the ball, from FROM to TO, clear of it" {
	ball_map
	run --separate-stderr plan_round_ball
	assert_success
	[ -z "$stderr" ]
	echo "$output" >"$BATS_TEST_TMPDIR/path.csv"
	assert_line --index 0 "t,shoulder_pan,shoulder_lift,elbow_flex,wrist_flex,wrist_roll"
	assert_line --index 1 "0,-60,20,30,20,0"
	assert_equal "$(tail -n 1 "$BATS_TEST_TMPDIR/path.csv" | cut -d, -f2-)" \
	    "60,20,30,20,0"
	# rows every 20 ms
	run awk -F, 'NR > 2 && ($1 - t) > 0.0201 { bad++ } { t = $1 }
	    END { print bad + 0 }' "$BATS_TEST_TMPDIR/path.csv"
	assert_output 0
	# the straight move passes 0 mm from its centre; this one keeps
	# the radius and half the margin
	run least_to_ball "$BATS_TEST_TMPDIR/path.csv"
	[ "$output" -ge 35 ]
}

@test "ikreach --plan: the same seed gives the same path" {
	ball_map
	plan_round_ball --seed 3 >"$BATS_TEST_TMPDIR/a.csv"
	plan_round_ball --seed 3 >"$BATS_TEST_TMPDIR/b.csv"
	cmp "$BATS_TEST_TMPDIR/a.csv" "$BATS_TEST_TMPDIR/b.csv"
}

@test "ikreach --plan: targets solved by the arm's inverse kinematics" {
	ball_map
	# the tip's points either side of the ball (ikreach --fk of the poses)
	run --separate-stderr ikreach --arm "$SO101" \
	    --obstacles "$BATS_TEST_TMPDIR/ball.yaml" \
	    --plan 170,-294,361 170,294,361 --precision 3
	assert_success
	assert_line --index 0 --regexp '^t,shoulder_pan,'
	# its last row is a pose whose tip is on the target
	tail -n 1 <<<"$output" | cut -d, -f2- |
	    sed 's/^/shoulder_pan,shoulder_lift,elbow_flex,wrist_flex,wrist_roll\n/' |
	    ikreach --arm "$SO101" --fk --precision 0 - >"$BATS_TEST_TMPDIR/tip"
	run cut -d, -f1-3 "$BATS_TEST_TMPDIR/tip"
	assert_line --index 1 "170,294,361"
}

@test "ikreach --plan: no way to a target in the ball, named; exit 1" {
	ball_map
	run --separate-stderr ikreach --arm "$SO101" \
	    --obstacles "$BATS_TEST_TMPDIR/ball.yaml" \
	    --plan 170,-294,361 340.3,0,360.9
	assert_failure 1
	assert_output ""
	[ "$stderr" = "ikreach: no path: the target pose touches sphere 'ball' at 340.3,0.0,360.9 r 30.0" ]
	run --separate-stderr ikreach --arm "$SO101" --plan 170,-294,361 900,0,0
	assert_failure 1
	[[ $stderr == *"the target 900,0,0 is not reached (unreachable"* ]]
	run --separate-stderr ikreach --arm "$SO101" --joints \
	    --plan 0,0,0,0 0,0,0,120
	assert_failure 1
	[[ $stderr == *"the target has wrist_flex at 120, beyond its limits -95..95"* ]]
}

@test "ikreach --plan: fins either side of the shoulder leave no way; a budget times out" {
	cat >"$BATS_TEST_TMPDIR/fins.yaml" <<'EOF'
obstacles:
  - { name: fin-front, box: [[35, -10, 0], [600, 10, 700]] }
  - { name: fin-back, box: [[-600, -10, 0], [25, 10, 700]] }
EOF
	run --separate-stderr ikreach --arm "$SO101" \
	    --obstacles "$BATS_TEST_TMPDIR/fins.yaml" --rounds 100 \
	    --joints --plan -60,20,30,20 60,20,30,20
	assert_failure 1
	[[ $stderr == "ikreach: no path: no way round within the joints' limits in 100 search rounds; obstacles: box 'fin-front' from 35.0,-10.0,0.0 to 600.0,10.0,700.0, box 'fin-back'"* ]]
	run --separate-stderr ikreach --arm "$SO101" \
	    --obstacles "$BATS_TEST_TMPDIR/fins.yaml" --budget 0.001 \
	    --rounds 100000000 --joints --plan -60,20,30,20 60,20,30,20
	assert_failure 75
	[[ $stderr == "ikreach: no path: no way round found in the time budget"* ]]
}

@test "ikreach --plan: usage and map errors" {
	ball_map
	run --separate-stderr ikreach --links 1,1 --plan 1,1 1,0
	assert_failure 2
	[[ $stderr == "ikreach: --plan needs --arm FILE"* ]]
	run --separate-stderr ikreach --arm "$SO101" \
	    --obstacles "$BATS_TEST_TMPDIR/ball.yaml" 200,0,100
	assert_failure 2
	run --separate-stderr ikreach --arm "$SO101" --plan 200,0,100
	assert_failure 2
	run --separate-stderr ikreach --arm "$SO101" --fk --plan 1,2,3 4,5,6
	assert_failure 2
	run --separate-stderr ikreach --arm "$SO101" --joints --plan 1,2 3,4
	assert_failure 2
	run --separate-stderr ikreach --arm "$SO101" --obstacles nosuch.yaml \
	    --plan 200,0,100 200,50,100
	assert_failure 66
	printf 'obstacles:\n  - sphere: [1, 2, 3]\n    radius: -4\n' \
	    >"$BATS_TEST_TMPDIR/bad.yaml"
	run --separate-stderr ikreach --arm "$SO101" \
	    --obstacles "$BATS_TEST_TMPDIR/bad.yaml" --plan 200,0,100 200,50,100
	assert_failure 65
	[[ $stderr == "ikreach: $BATS_TEST_TMPDIR/bad.yaml:3:13: error: radius: -4 is outside"* ]]
	assert_output ""
}

@test "armsim --contacts: the straight move presses into the ball, the planned one never touches it" {
	ball_map
	plan_round_ball >"$BATS_TEST_TMPDIR/round.csv"
	start_armsim --arm "$SO101" --obstacles "$BATS_TEST_TMPDIR/ball.yaml" \
	    --start -60,20,30,20,0,0 --contacts "$BATS_TEST_TMPDIR/straight.csv"
	run armctl --port "$PORT" --arm "$SO101" goto --joints 60,20,30,20
	assert_failure 1
	stop_armsim
	run cat "$BATS_TEST_TMPDIR/straight.csv"
	assert_line --index 0 "contacts,seconds,depth,lag"
	# in contact for some steps, the lag past the 5-degree threshold
	run awk -F, 'NR == 2 { print ($1 > 0 && $4 > 5) }' \
	    "$BATS_TEST_TMPDIR/straight.csv"
	assert_output 1
	grep -q "armsim: contacts: " "$BATS_TEST_TMPDIR/armsim.err"
	start_armsim --arm "$SO101" --obstacles "$BATS_TEST_TMPDIR/ball.yaml" \
	    --start -60,20,30,20,0,0 --contacts "$BATS_TEST_TMPDIR/round-c.csv"
	run armctl --port "$PORT" --arm "$SO101" run "$BATS_TEST_TMPDIR/round.csv"
	assert_success
	stop_armsim
	run cat "$BATS_TEST_TMPDIR/round-c.csv"
	assert_output "contacts,seconds,depth,lag
0,0,0,0"
}

@test "armsim --obstacles: a map's obstacles, refused when bad or too many" {
	printf 'obstacles:\n  - { box: [[1, 2, 3], [4, 5]], radius: 1 }\n' \
	    >"$BATS_TEST_TMPDIR/bad.yaml"
	run --separate-stderr armsim --arm "$SO101" \
	    --obstacles "$BATS_TEST_TMPDIR/bad.yaml"
	assert_failure 65
	[ "$stderr" = "armsim: $BATS_TEST_TMPDIR/bad.yaml:2:41: error: box: no radius" ]
	{
		echo "obstacles:"
		for i in $(seq 17); do
			echo "  - { sphere: [$((i * 100)), 900, 0], radius: 1 }"
		done
	} >"$BATS_TEST_TMPDIR/many.yaml"
	run --separate-stderr armsim --arm "$SO101" \
	    --obstacles "$BATS_TEST_TMPDIR/many.yaml"
	assert_failure 65
	[[ $stderr == *"17 obstacles, and armsim takes at most 16 in all"* ]]
	run --separate-stderr armsim --obstacles "$BATS_TEST_TMPDIR/many.yaml"
	assert_failure 2
	# a start pose inside one of the map's obstacles
	printf 'obstacles:\n  - { sphere: [340.3, 0, 360.9], radius: 30 }\n' \
	    >"$BATS_TEST_TMPDIR/ball0.yaml"
	run --separate-stderr armsim --arm "$SO101" --start 0,20,30,20,0,0 \
	    --obstacles "$BATS_TEST_TMPDIR/ball0.yaml"
	assert_failure 2
	[[ $stderr == *"the arm's start pose touches an obstacle"* ]]
}
