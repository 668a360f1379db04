#!/usr/bin/env bats
# plancc against the reference plans of ../shared/reference: every plan
# drawn in Dia and exported to .inst gives the same plan from both files
# (the same elements, ids, names, parameters and links; only the record
# order differs, because the exporter wrote its lines in hash order), and
# the element counts are those of the spec's table (section 12).

load lib/helper
bats_require_minimum_version 1.5.0

setup() {
	require_shared
	PLANS=$SHARED/reference/plans
	cd "$BATS_TEST_TMPDIR"
}

# The -d listing sorted by id, without its first line (which names the file).
listing() {
	plancc "$1" -o "$2.plan" 2>/dev/null
	plancc -d --sort "$2.plan" | tail -n +2
}

# The record counts AP APE C CE D A of a compiled plan, from --stats.
counts() {
	plancc -d "$1" --stats -o /dev/null |
	    awk '$1 ~ /^(AP|APE|C|CE|D|A)$/ { printf "%s%s", sep, $2; sep = " " }'
}

same_plan() {
	local name=$1
	run --separate-stderr plancc "$PLANS/$name.dia" -o dia.plan
	assert_success
	run --separate-stderr plancc "$PLANS/$name.inst" -o inst.plan
	assert_success
	diff -u <(listing "$PLANS/$name.inst" i) <(listing "$PLANS/$name.dia" d)
	# the same plan, but not the same bytes: the records' order differs
	! cmp -s dia.plan inst.plan
	[ "$(wc -c < dia.plan)" -eq "$(wc -c < inst.plan)" ]
}

@test "reference: R5 Plan6 from .dia and .inst is the same plan" {
	same_plan r5-plan6
	[ "$(counts inst.plan)" = "10 53 4 12 6 32" ]
}

@test "reference: Server Plan6 from .dia and .inst is the same plan" {
	same_plan server-plan6
	[ "$(counts inst.plan)" = "10 53 4 12 6 33" ]
}

@test "reference: Server Plan4 from .dia and .inst is the same plan" {
	same_plan server-plan4
	[ "$(counts inst.plan)" = "9 52 4 12 6 33" ]
}

@test "reference: RobotWorld DiaPlan3 from .dia and .inst is the same plan" {
	same_plan robotworld-diaplan3
	[ "$(counts inst.plan)" = "3 9 2 6 3 9" ]
}

@test "reference: RobotWorld DiaMonitorPlan3 from .dia and .inst is the same plan" {
	same_plan robotworld-diamonitorplan3
	[ "$(counts inst.plan)" = "1 3 0 0 1 3" ]
}

@test "reference: DiaMonitorPlan3 needs 16-bit ids for its priority of 600" {
	plancc "$PLANS/robotworld-diamonitorplan3.inst" -o m.plan 2>/dev/null
	[ "$(plan_id_width m.plan)" -eq 2 ]
	run --separate-stderr plancc --id-width 8 "$PLANS/robotworld-diamonitorplan3.inst" -o m8.plan
	[ "$status" -eq 65 ]
	# 600 mod 256 = 88, what the AVR original made of it (spec 11.2)
	[[ "$stderr" == *"drive 'TooMuchMating': priority 600 does not fit 8-bit ids (0..255); the original 8-bit loader would have truncated it to 88; use --id-width 16"* ]]
	[ ! -e m8.plan ]
}

@test "reference: Plan1 (.inst and the older .ins) compile to the same plan" {
	plancc "$PLANS/server-plan1.inst" -o a.plan 2>/dev/null
	plancc "$PLANS/server-plan1.ins" -o b.plan 2>/dev/null
	[ "$(counts a.plan)" = "1 5 2 6 1 8" ]
	diff <(plancc -d --sort a.plan | tail -n +2) <(plancc -d --sort b.plan | tail -n +2)
}

@test "reference: R5 Plan6 drives carry the parameters of the spec" {
	plancc "$PLANS/r5-plan6.dia" -o p.plan 2>/dev/null
	plancc -d p.plan > p.yaml
	# ProtectMotors 255, MotorCurrent GT 2500, hysteresis 2501
	awk '/^  ProtectMotors:$/ { on = 1; next } /^  [^ ]/ { on = 0 } on' p.yaml > pm
	grep -qx '    priority: 255' pm
	grep -qx '    when: MotorCurrent > 2500' pm
	grep -qx '    hysteresis: 2501' pm
	# Sleep 5, EmergAvoidDist LT 300, hysteresis and flex 5000, ramp +2
	# every tick
	awk '/^  Sleep:$/ { on = 1; next } /^  [^ ]/ { on = 0 } on' p.yaml > sl
	grep -qx '    priority: 5' sl
	grep -qx '    when: EmergAvoidDist < 300' sl
	grep -qx '    hysteresis: 5000' sl
	grep -qx '    flex: 5000' sl
	grep -qx '    ramp_increment: 2' sl
	grep -qx '    ramp_interval: 1' sl
	# ForwardAvoidingObstacle is an OR competence, ForwardSafely AND
	grep -A2 -x '  ForwardAvoidingObstacle:' p.yaml | grep -qx '    mode: or'
	grep -A2 -x '  ForwardSafely:' p.yaml | grep -qx '    mode: and'
}

@test "reference: Server Plan2 is refused for its duplicate element id 53" {
	run --separate-stderr plancc "$PLANS/server-plan2.inst" -o p2.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: $PLANS/server-plan2.inst:573:1: error: element id 53 is already used by the action on line 295" ]
	[ ! -e p2.plan ]
}

@test "reference: the empty iVDL template is not a plan, and says why" {
	run --separate-stderr plancc "$PLANS/instinct-template.dia" -o t.plan
	[ "$status" -eq 65 ]
	f=$PLANS/instinct-template.dia
	[ "${stderr_lines[0]}" = "plancc: $f: error: object O0: drive 'DriveTemplate': Sense 'SenseName' is not the name of a RobotSense class" ]
	[[ "$stderr" == *"object O0: drive 'DriveTemplate' has 3 children"* ]]
	[ ! -e t.plan ]
}

@test "reference: the fixture compiles, warning about its priority-0 drive" {
	run --separate-stderr plancc "$PLANS/fixture.inst" -o f.plan
	assert_success
	[ "$stderr" = "plancc: $PLANS/fixture.inst:7:1: warning: drive 'Idle' has priority 0: it can never be selected [-Wunreachable]" ]
	[ "$(counts f.plan)" = "1 3 2 8 5 12" ]
}

@test "reference: the stripped streams are no larger than the original's RAM" {
	# spec 10.1: the AVR planner's plan RAM for these plans
	while read -r file ram; do
		plancc --strip "$PLANS/$file" -o s.plan 2>/dev/null
		[ "$(wc -c < s.plan)" -le "$ram" ] || { echo "$file"; return 1; }
	done <<-'EOF'
	r5-plan6.inst 1384
	server-plan6.inst 1394
	server-plan4.inst 1377
	server-plan1.inst 309
	robotworld-diaplan3.inst 433
	EOF
}

@test "reference: --stats sets each plan beside the original planner's RAM (spec 10.1)" {
	while read -r file ram; do
		run --separate-stderr plancc --stats "$PLANS/$file" -o /dev/null
		assert_success
		echo "$output" | grep -Eq "^Instinct +$ram +-\$" ||
		    { echo "$file: $output"; return 1; }
	done <<-'EOF'
	r5-plan6.inst 1384
	server-plan6.inst 1394
	server-plan4.inst 1377
	server-plan1.inst 309
	robotworld-diaplan3.inst 433
	robotworld-diamonitorplan3.inst 97
	EOF
}

@test "reference: every plan's dot graph fits a 1920-pixel screen at 10 pt" {
	require_shared
	command -v dot >/dev/null || skip "graphviz is not installed"
	for f in r5-plan6 server-plan4 server-plan6 robotworld-diaplan3 \
	    server-plan1 fixture; do
		plancc --emit dot "$SHARED/reference/plans/$f.inst" \
		    2>/dev/null > g.dot
		grep -q 'fontsize=10' g.dot
		dot -Tpng g.dot > g.png
		# a PNG's width: bytes 16..19 of its IHDR, big-endian
		w=$(od -An -tu1 -j16 -N4 g.png |
		    awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
		echo "$f: $w px"
		[ "$w" -gt 0 ] && [ "$w" -le 1920 ] || fail "$f: $w px wide"
	done
}
