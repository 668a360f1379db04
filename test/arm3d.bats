#!/usr/bin/env bats
# arm3d.bats - the 3-D arms of spine-arm(5) through the binaries: ikreach
# --arm round trips on seeded random targets (tips recomputed here by an
# awk forward kinematics written from the man page, not from the code),
# unreachable and out-of-limit targets, --fk; armsim --arm and armctl
# --arm: pick and place, t-column timing on armsim's clock, --check,
# goto, home, jog, the gripper, and an obstacle that makes the arm back off.

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm

SO101=$SPINE_ROOT/examples/arms/so101.yaml
MEARM=$SPINE_ROOT/examples/arms/mearm.yaml

# The arms' numbers, copied by hand from the example files:
# "height offset base_lo base_hi" then per chain joint
# "length zero direction absolute lo hi" (the tool added to the last).
SO101_GEOM="149 30 -110 110|116 90 -1 0 -100 100|135 -90 1 0 -96 96|159 0 1 0 -95 95"
MEARM_GEOM="55 0 -80 80|80 90 -1 0 -30 70|80 0 1 1 -60 40"

setup() {
	cd "$BATS_TEST_TMPDIR"
}

teardown() {
	stop_armsim
}

# The awk forward kinematics (spine-arm(5)): yaw = base value; each chain
# link's angle is the previous one's plus zero + direction * q (or, for an
# absolute joint, zero + direction * q alone); the shoulder sits `offset`
# out and `height` up; pitch looks outwards from the yaw axis.
AWK_FK='
function setup_geom(g,    parts, i, f) {
	nc = split(g, parts, "|") - 1
	split(parts[1], f, " ")
	H = f[1]; OFF = f[2]; BLO = f[3]; BHI = f[4]
	for (i = 1; i <= nc; i++) {
		split(parts[i + 1], f, " ")
		LEN[i] = f[1]; ZERO[i] = f[2]; DIR[i] = f[3]; ABS[i] = f[4]
		LO[i] = f[5]; HI[i] = f[6]
	}
	PI = atan2(0, -1); D = PI / 180
}
# q[0] base, q[1..nc] chain, in degrees; sets X, Y, Z, PITCH
function fk(q,    i, th, m, u, v) {
	th = 0; u = OFF; v = H
	for (i = 1; i <= nc; i++) {
		m = (ZERO[i] + DIR[i] * q[i]) * D
		th = ABS[i] ? m : th + m
		u += LEN[i] * cos(th); v += LEN[i] * sin(th)
	}
	X = u * cos(q[0] * D); Y = u * sin(q[0] * D); Z = v
	if (u < 0) th = PI - th
	PITCH = atan2(sin(th), cos(th)) / D
}
function within(q,    i) {
	if (q[0] < BLO - 1e-9 || q[0] > BHI + 1e-9) return 0
	for (i = 1; i <= nc; i++)
		if (q[i] < LO[i] - 1e-9 || q[i] > HI[i] + 1e-9) return 0
	return 1
}'

# poses GEOM COUNT SEED [pitch]: targets at the tips of random in-limit
# joint values, as CSV x,y,z[,pitch]
poses() {
	awk -v g="$1" -v count="$2" -v seed="$3" -v withp="${4:-}" \
	    "$AWK_FK"'
	BEGIN {
		setup_geom(g); srand(seed)
		print "x,y,z" (withp ? ",pitch" : "")
		for (k = 1; k <= count; k++) {
			q[0] = BLO + rand() * (BHI - BLO)
			for (i = 1; i <= nc; i++)
				q[i] = LO[i] + rand() * (HI[i] - LO[i])
			fk(q)
			printf "%.17g,%.17g,%.17g", X, Y, Z
			if (withp) printf ",%.17g", PITCH
			print ""
		}
	}'
}

# check GEOM TARGETS OUTPUT NAMES...: every ok row's joints within limits
# and its tip (by the awk FK) within ikreach's tolerance (1e-6 of the
# chain's reach, ikreach(1)) of its target, its pitch within 1e-6 degree;
# prints "ok checked total"
check() {
	local g=$1 targets=$2 out=$3
	shift 3
	awk -F, -v g="$g" -v names="$*" "$AWK_FK"'
	BEGIN {
		setup_geom(g); nn = split(names, want, " ")
		for (i = 1; i <= nc; i++) tol += 1e-6 * LEN[i]
	}
	FNR == 1 { for (i = 1; i <= NF; i++) col[FILENAME, $i] = i; next }
	FILENAME == ARGV[1] {
		tx[FNR] = $1; ty[FNR] = $2; tz[FNR] = $3
		tp[FNR] = (col[FILENAME, "pitch"] ? $4 : "")
		next
	}
	{
		total++
		if ($col[FILENAME, "status"] != "ok") next
		for (i = 1; i <= nn; i++) q[i - 1] = $col[FILENAME, want[i]]
		fk(q)
		e = sqrt((X - tx[FNR])^2 + (Y - ty[FNR])^2 + (Z - tz[FNR])^2)
		if (e > tol || !within(q) || (tp[FNR] != "" &&
		    (d = PITCH - tp[FNR]) * d > 1e-12)) {
			printf "row %d: err %g pitch %g/%s\n", FNR, e, PITCH,
			    tp[FNR]
			bad++
		}
		ok++
	}
	END { printf "%d %d %d\n", ok, ok - bad, total; exit bad > 0 }
	' "$targets" "$out"
}

@test "ikreach --arm: SO-101 round trips with pitch, all reached" {
	poses "$SO101_GEOM" 500 11 pitch > t.csv
	run ikreach --arm "$SO101" t.csv
	assert_success
	echo "$output" > out.csv
	run check "$SO101_GEOM" t.csv out.csv shoulder_pan shoulder_lift \
		elbow_flex wrist_flex
	assert_success
	assert_output "500 500 500"
}

@test "ikreach --arm: SO-101 round trips without pitch (iterative)" {
	poses "$SO101_GEOM" 200 12 > t.csv
	run ikreach --arm "$SO101" --independent t.csv
	echo "$output" > out.csv
	run check "$SO101_GEOM" t.csv out.csv shoulder_pan shoulder_lift \
		elbow_flex wrist_flex
	assert_success
	# iterative: every row it calls ok is right; nearly all are ok
	[ "$(echo "$output" | cut -d' ' -f1)" -ge 198 ]
}

@test "ikreach --arm: MeArm round trips through its parallel linkage" {
	poses "$MEARM_GEOM" 500 13 > t.csv
	run ikreach --arm "$MEARM" t.csv
	assert_success
	echo "$output" > out.csv
	run check "$MEARM_GEOM" t.csv out.csv base shoulder elbow
	assert_success
	assert_output "500 500 500"
}

@test "ikreach --arm: the header is the arm's joint names" {
	run ikreach --arm "$SO101" 324,0,265,0
	assert_success
	assert_line -n 0 "shoulder_pan,shoulder_lift,elbow_flex,wrist_flex,wrist_roll,err,iter,status,sat"
	run ikreach --arm "$MEARM" 100,0,100
	assert_line -n 0 "base,shoulder,elbow,err,iter,status,sat"
}

@test "ikreach --arm: beyond the reach is unreachable, exit 1" {
	# the SO-101's shoulder is 149 up; its chain is 116+135+159 = 410
	run ikreach --arm "$SO101" 0,0,600
	assert_failure 1
	assert_line -n 1 --partial ",unreachable,"
}

@test "ikreach --arm: reachable only beyond a limit is 'limit'" {
	# straight behind the base (yaw 180 > 110) and too low to reach over
	# the shoulder (that needs the shoulder past -100 or so): at z = 0 the
	# point 200 mm behind is within 410 of the shoulder (hypot(230, 149)
	# = 274) but no in-limit pose gets there
	run ikreach --arm "$SO101" -- -200,0,0,-90
	assert_failure 1
	assert_line -n 1 --partial ",limit,"
	# MeArm: straight up needs the shoulder upright and the forearm at
	# +90 from the horizontal, beyond its 40
	run ikreach --arm "$MEARM" 0,0,215
	assert_failure 1
	assert_line -n 1 --partial ",limit,"
}

@test "ikreach --arm --fk: joint names in, x,y,z,pitch,roll out" {
	# all zeros: upper arm up (116), forearm out (135 + 61 + 98 = 294),
	# the shoulder 30 out and 149 up: (324, 0, 265), pitch 0
	run ikreach --arm "$SO101" --fk 0,0,0,0,0
	assert_success
	assert_line -n 0 "x,y,z,pitch,roll"
	assert_line -n 1 "324,0,265,0,0"
	printf 't,shoulder_pan,shoulder_lift,elbow_flex,wrist_flex\n1,90,0,0,-90\n' |
		ikreach --arm "$SO101" --fk - > fk.csv
	# base at 90: along +y; upper arm up (116), forearm level (135),
	# wrist and tool straight down (61 + 98): 30 + 135 = 165 out,
	# 149 + 116 - 159 = 106 up, pitch -90
	run awk -F, 'NR == 2 { printf "%s %.6f %.6f %.6f %.6f\n", $1, $2, $3, $4, $5 }' fk.csv
	assert_output "1 0.000000 165.000000 106.000000 -90.000000"
}

@test "ikreach --arm: a bad arm file is reported at its line, exit 65" {
	printf 'chain:\n  - {length: 1}\n  - {length: -2}\n' > bad.yaml
	run --separate-stderr ikreach --arm bad.yaml 1,1
	assert_failure 65
	[[ "$stderr" == *"bad.yaml:3:"*"length"* ]]
	# a misspelt field: the one it is nearest, on one line
	printf 'chain:\n  - {length: 1}\n  - {lenght: 2}\n' > typo.yaml
	run --separate-stderr ikreach --arm typo.yaml 1,1
	assert_failure 65
	[ "$stderr" = "ikreach: typo.yaml:3:6: error: chain joint: unknown field 'lenght'; did you mean 'length'?" ]
	run --separate-stderr ikreach --arm missing.yaml 1,1
	assert_failure 66
	run --separate-stderr ikreach --arm "$SO101" --links 1,2 1,1
	assert_failure 2
}

# armctl for the described arm on armsim's pty
actl() {
	armctl --port "$PORT" --arm "$ARM" "$@"
}

# fk_rows GEOM FILE: the tip of every row of an armsim --setpoints log
# (t, then the joints in file order), as "t x y z gripper"
fk_rows() {
	awk -F, -v g="$1" "$AWK_FK"'
	BEGIN { setup_geom(g) }
	NR > 1 {
		for (i = 0; i <= nc; i++) q[i] = $(i + 2)
		fk(q)
		printf "%s %.4f %.4f %.4f %s\n", $1, X, Y, Z, $NF
	}' "$2"
}

@test "armsim --arm: a bad obstacle or start is a usage error" {
	run --separate-stderr armsim --arm "$SO101" --obstacle 1,2,3
	assert_failure 2
	run --separate-stderr armsim --arm "$SO101" --start 1,2
	assert_failure 2
	# the arm's tip at all zeros is (324, 0, 265): a sphere there
	run --separate-stderr armsim --arm "$SO101" \
		--obstacle sphere:324,0,265,5
	assert_failure 2
	[[ "$stderr" == *"start pose touches an obstacle"* ]]
}

@test "armctl --arm: pick and place, mjtraj | ikreach | armctl run" {
	ARM=$SO101
	start_armsim --arm "$ARM" --setpoints sp.csv
	cat > wp.csv <<EOW
x,y,z,pitch,gripper
200,-100,150,-60,100
220,-120,60,-90,100
220,-120,60,-90,0
200,0,200,-45,0
200,120,80,-90,0
200,120,80,-90,100
EOW
	actl goto 200,-100,150,-60
	actl gripper 100
	mjtraj --names x,y,z,pitch,gripper --vmax 150 --rate 50 wp.csv |
		ikreach --arm "$ARM" | actl run -
	# the tip is on the last point (encoders hold millidegrees: a few
	# micrometres at this reach)
	run sh -c "armctl --port '$PORT' --arm '$ARM' pos | ikreach --arm '$ARM' --fk"
	assert_success
	run awk -F, 'NR == 2 { d = sqrt(($2-200)^2 + ($3-120)^2 + ($4-80)^2)
		print (d < 0.05 && $1 == 100) ? "there" : "off by " d }' <<< "$output"
	assert_output "there"
	# every waypoint was commanded (awk FK of armsim's log) and the
	# gripper was closed on the way between the pick and the place
	fk_rows "$SO101_GEOM" sp.csv > tips.txt
	run awk 'NR == FNR { if (FNR > 1) { split($0, w, ","); wx[FNR] = w[1]
			wy[FNR] = w[2]; wz[FNR] = w[3]; n = FNR }; next }
		{ for (k = 2; k <= n; k++)
			if (($2-wx[k])^2 + ($3-wy[k])^2 + ($4-wz[k])^2 < 0.0025)
				hit[k] = 1
		  if ($5 == 0) closed = 1 }
		END { for (k = 2; k <= n; k++) m += hit[k]
			print m " of " n - 1 " points" (closed ? ", gripper closed" : "") }' \
		FS=, wp.csv FS=' ' tips.txt
	assert_output "6 of 6 points, gripper closed"
}

@test "armctl --arm run: a t column is honoured (armsim's own clock)" {
	ARMSIM_TIME_SCALE=1	# timing itself, in real time
	ARM=$SO101
	start_armsim --arm "$ARM" --setpoints sp.csv
	# 151 rows over 3 s; the old fixed 35 ms a row would take 5.25 s
	mjtraj --names shoulder_pan,shoulder_lift,elbow_flex,wrist_flex \
		--from 0,0,0,0 --to 30,10,-10,5 --duration 3 --rate 50 > path.csv
	actl run path.csv
	# armsim logged each step as it began (after its own start-up hold,
	# row 2): the first at t = 0 of the plan, the last at t = 3.  A step
	# is never early; a loaded machine can make armsim late, so the upper
	# bound is loose, but far below the 5.25 s of 35 ms a row.
	run awk -F, 'NR > 2 { if (!first) first = $1; last = $1; n++ }
		END { span = last - first
			print n " steps, " (span > 2.95 && span < 3.75 ? "on time" : "span " span) }' sp.csv
	assert_output "151 steps, on time"
}

@test "armctl --arm --check: a path too fast for a joint is refused, naming it" {
	ARM=$SO101
	start_armsim --arm "$ARM"
	# shoulder_pan 0 -> 45 -> 90 in 0.2 s: 450 deg/s against its 180
	printf 't,shoulder_pan,shoulder_lift,elbow_flex,wrist_flex\n0,0,0,0,0\n0.1,45,0,0,0\n0.2,90,0,0,0\n' > fast.csv
	run --separate-stderr actl --check run fast.csv
	assert_failure 1
	[[ "$stderr" == *"too fast for shoulder_pan: peak speed 450 deg/s"* ]]
	assert_line -n 1 --partial "shoulder_pan,450,180,"
	# and without --check it moves nothing
	run --separate-stderr actl run fast.csv
	assert_failure 1
	run actl pos
	assert_line -n 1 "0,0,0,0,0,0"
	# the same path over 2 s is fine
	printf 't,shoulder_pan,shoulder_lift,elbow_flex,wrist_flex\n0,0,0,0,0\n1,45,0,0,0\n2,90,0,0,0\n' > slow.csv
	run --separate-stderr actl --check run slow.csv
	assert_success
}

@test "armctl --arm: goto and home from an arbitrary pose, jog, gripper" {
	ARM=$SO101
	start_armsim --arm "$ARM" --start 40,-30,50,20,10,50
	run actl goto 250,-80,120,-45
	assert_success
	# (the gripper column passes through ikreach, in front)
	run sh -c "armctl --port '$PORT' --arm '$ARM' pos | ikreach --arm '$ARM' --fk"
	run awk -F, 'NR == 2 { d = sqrt(($2-250)^2 + ($3+80)^2 + ($4-120)^2)
		print (d < 0.05 && ($5 + 45)^2 < 1e-4) ? "there" : "off by " d }' <<< "$output"
	assert_output "there"
	actl jog wrist_roll -25
	actl gripper 20
	run actl pos
	assert_line -n 1 --regexp ',-15,20$'
	run actl home
	assert_success
	run actl pos
	assert_line -n 1 "0,0,0,0,0,20"
	run --separate-stderr actl goto 0,0,900
	assert_failure 1
	run --separate-stderr actl jog nosuch 5
	assert_failure 2
}

@test "armctl --arm: a sphere on the path makes the arm go back" {
	ARM=$SO101
	# all zeros: the tip at (324, 0, 265); turning the base sweeps it
	# round the yaw axis, into a sphere at 30 degrees
	start_armsim --arm "$ARM" \
		--obstacle sphere:280.59,162,265,15
	run --separate-stderr actl goto --joints 60,0,0,0
	assert_failure 1
	[[ "${stderr_lines[0]}" == *"obstruction at step"*"stopped" ]]
	assert_equal "${stderr_lines[1]}" "armctl: run: reversed to the start of the run"
	run actl pos
	assert_line -n 1 "0,0,0,0,0,0"
}

@test "armctl --arm: the MeArm's claw and pos | ikreach --fk" {
	ARM=$MEARM
	start_armsim --arm "$ARM"
	run actl gripper 50
	assert_success
	run actl pos
	assert_output "$(printf 'base,shoulder,elbow,claw\n0,0,0,50')"
	# upright shoulder, level forearm: the wrist at (80, 0, 55 + 80)
	run sh -c "armctl --port '$PORT' --arm '$ARM' pos | ikreach --arm '$ARM' --fk"
	assert_line -n 1 "50,80,0,135,0,0"
}

@test "ikreach --arm: a planar description answers as --links does" {
	printf 'chain:\n  - {length: 100}\n  - {length: 80}\n' > planar.yaml
	run ikreach --arm planar.yaml 120,60 50,-100
	assert_success
	# the same angles as the planar tool's, columns named q1,q2
	want=$(ikreach --links 100,80 120,60 50,-100 | cut -d, -f1-2)
	assert_equal "$(echo "$output" | cut -d, -f1-2)" "$want"
	run ikreach --arm planar.yaml --fk 90,-90
	assert_output "$(printf 'x,y,z,pitch,roll\n80,100,0,0,0')"
}
