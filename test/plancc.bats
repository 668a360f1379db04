#!/usr/bin/env bats
# plancc: the command line, the bytes of a small plan worked out by hand,
# the YAML, Instinct and dot forms of it, --stats.

load lib/helper
bats_require_minimum_version 1.5.0

DATA=$BATS_TEST_DIRNAME/data/plancc

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# CRC-32 (zlib's) of a file, as 4 little-endian bytes: gzip stores exactly
# that in its trailer, so this is an independent implementation.
crc_le() {
	gzip -c < "$1" | tail -c 8 | head -c 4
}

# The tiny plan (data/plancc/tiny.yaml) laid out by hand from plan(5).
tiny_image_8() {
	{
		printf 'SPLN\001\001\001\000'
		printf '\000\000\000\000\000\000\000\000\001\000\001\000'
		printf '\035\000\000\000\000\000\000\000\000\000\000\000'
		# drive: id 1, child A#0, priority 7, interval 0, sense 4 EQ 1,
		# hysteresis 1, flex 0, ramp 0, urgency 0, ramp interval 0
		printf '\001\005\000\007\000\000\004\000\001\000\001\000\000\000'
		printf '\000\000\000\000'
		# action: id 2, robot action 9, value 300
		printf '\002\011\054\001\000'
		printf '\004\000\005Alarm\005\000\004Ring\006\004\004Bump'
		printf '\007\011\004Beep'
	} > body
	cat body
	crc_le body
}

tiny_image_16() {
	{
		printf 'SPLN\001\002\001\000'
		printf '\000\000\000\000\000\000\000\000\001\000\001\000'
		printf '\041\000\000\000\000\000\000\000\000\000\000\000'
		printf '\001\000\005\000\000\007\000\000\000\004\000\000\001\000'
		printf '\001\000\000\000\000\000\000\000\000\000\000'
		printf '\002\000\011\000\054\001\000'
		printf '\004\000\000\005Alarm\005\000\000\004Ring'
		printf '\006\004\000\004Bump\007\011\000\004Beep'
	} > body
	cat body
	crc_le body
}

@test "plancc: --help prints usage and exits 0" {
	run plancc --help
	assert_success
	assert_output --partial "usage: plancc"
}

@test "plancc: --version" {
	run plancc --version
	assert_success
	assert_output --regexp '^plancc \(spine\) [0-9]'
}

@test "plancc: usage errors exit 2" {
	run --separate-stderr plancc a.yaml b.yaml
	[ "$status" -eq 2 ]
	run --separate-stderr plancc --emit svg "$DATA/tiny.yaml"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "plancc: --emit: 'svg' is not plan, yaml, inst or dot" ]
	run --separate-stderr plancc --id-width 12 "$DATA/tiny.yaml"
	[ "$status" -eq 2 ]
	run --separate-stderr plancc --from xml plan.xyz
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "plancc: --from: unknown format 'xml' (yaml, json, inst, dia or plan)" ]
	run --separate-stderr plancc -d --emit plan x.plan
	[ "$status" -eq 2 ]
	run --separate-stderr plancc --sort "$DATA/tiny.yaml"
	[ "$status" -eq 2 ]
}

@test "plancc: a missing input exits 66" {
	run --separate-stderr plancc nothere.yaml
	[ "$status" -eq 66 ]
	[ "$stderr" = "plancc: nothere.yaml: No such file or directory" ]
}

@test "plancc: the tiny plan compiles to the bytes worked out by hand (8-bit)" {
	tiny_image_8 > want.plan
	[ "$(wc -c < want.plan)" -eq 88 ]
	run plancc "$DATA/tiny.yaml" -o got.plan
	assert_success
	cmp want.plan got.plan
}

@test "plancc: the tiny plan with --id-width 16" {
	tiny_image_16 > want.plan
	[ "$(wc -c < want.plan)" -eq 101 ]
	run plancc --id-width 16 "$DATA/tiny.yaml" -o got.plan
	assert_success
	cmp want.plan got.plan
}

@test "plancc: --strip leaves the name table out" {
	plancc --strip "$DATA/tiny.yaml" -o got.plan
	# header flags 0, names size 0, and 88 - 29 name bytes
	[ "$(wc -c < got.plan)" -eq 59 ]
	[ "$(plan_flags got.plan)" = 00 ]
}

@test "plancc: the default output is the input's name with .plan" {
	cp "$DATA/tiny.yaml" robot.yaml
	run plancc robot.yaml
	assert_success
	tiny_image_8 > want.plan
	cmp want.plan robot.plan
}

@test "plancc: the default output goes to the current directory, not beside the source" {
	mkdir src here
	cp "$DATA/tiny.yaml" src/robot.v2.yaml
	cd here
	plancc ../src/robot.v2.yaml
	tiny_image_8 > ../want.plan
	cmp ../want.plan robot.v2.plan
	[ ! -e ../src/robot.v2.plan ]
	# a dot in a folder's name is not an extension
	mkdir -p ../a.b
	cp "$DATA/tiny.yaml" ../a.b/noext
	plancc ../a.b/noext
	cmp ../want.plan noext.plan
}

@test "plancc: reads stdin with - and --from, writes stdout" {
	tiny_image_8 > want.plan
	plancc --from yaml - < "$DATA/tiny.yaml" > got.plan
	cmp want.plan got.plan
}

# Issue 18: no file means standard input, and its format is sniffed: gzip
# or XML is Dia, SPLN a compiled plan, a command word .inst, else YAML.
@test "plancc: with no file it reads stdin, and sniffs the format of stdin and of odd names" {
	plans=$BATS_TEST_DIRNAME/../examples
	printf 'PLAN A D 1 2 100 0 0 4 0 0 0 0 0 0\nPLAN A A 2 1 1\n' > two.inst
	gzip -c "$DATA/small.dia" > small-gz.dia
	for f in "$DATA/tiny.yaml" two.inst "$DATA/small.dia" small-gz.dia \
	    "$plans/flame-passing.json"; do
		plancc "$f" -o want.plan 2>/dev/null
		plancc < "$f" > got.plan
		cmp want.plan got.plan
		plancc - < "$f" > got.plan
		cmp want.plan got.plan
		cat "$f" > odd.source	# a name that does not say
		plancc odd.source -o got.plan
		cmp want.plan got.plan
	done
	# a compiled plan on stdin is shown, as with -d
	plancc "$DATA/tiny.yaml" -o tiny.plan
	diff <(plancc -d tiny.plan | tail -n +2) <(plancc < tiny.plan | tail -n +2)
	# --from still decides when given: this YAML is no Instinct command
	run --separate-stderr plancc --from inst < "$DATA/tiny.yaml"
	[ "$status" -eq 65 ]
}

@test "plancc: empty standard input is no plan" {
	run --separate-stderr plancc < /dev/null
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: <stdin>: error: empty: no plan" ]
	run --separate-stderr plancc <<< $'# a comment\n\n// another'
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: <stdin>: error: only blanks and comments: no plan" ]
}

@test "plancc: with no file and a terminal for stdin, a usage error" {
	command -v script >/dev/null || skip "script(1) not installed"
	run script -qec "plancc" /dev/null
	[ "$status" -eq 2 ]
	[[ "$output" == *"plancc: no input file (and standard input is a terminal)"* ]]
}

@test "plancc -d: the tiny plan as YAML" {
	tiny_image_8 > tiny.plan
	run --separate-stderr plancc -d tiny.plan
	assert_success
	diff -u "$DATA/tiny.expect.yaml" <(printf '%s\n' "$output")
}

@test "plancc -d: a .plan name alone selects disassembly" {
	tiny_image_8 > tiny.plan
	plancc tiny.plan > a.yaml
	plancc -d tiny.plan > b.yaml
	cmp a.yaml b.yaml
}

@test "plancc --emit inst: Instinct commands for the tiny plan" {
	run --separate-stderr plancc --emit inst "$DATA/tiny.yaml"
	assert_success
	[ "${lines[1]}" = "PLAN R C" ]
	[ "${lines[3]}" = "PLAN R I 0 0 0 0 1 1" ]
	[ "${lines[4]}" = "// Drive: Alarm" ]
	[ "${lines[5]}" = "PLAN A D 1 2 7 0 4 0 1 1 0 0 0 0" ]
	[ "${lines[6]}" = "// Action: Ring" ]
	[ "${lines[7]}" = "PLAN A A 2 9 300" ]
	[ "${lines[8]}" = "PELEM Alarm=1" ]
	[ "${lines[9]}" = "PELEM Ring=2" ]
	[ "${lines[10]}" = "RSENSE Bump=4" ]
	[ "${lines[11]}" = "RACTION Beep=9" ]
	[ "${#lines[@]}" -eq 12 ]
}

@test "plancc --emit dot: graphviz accepts it and draws every element" {
	plancc --emit dot "$DATA/tiny.yaml" > plan.dot
	grep -q 'D0 \[id="D0", shape=box, peripheries=2,' plan.dot
	grep -q 'A0 \[id="A0", shape=box, style="rounded,filled"' plan.dot
	grep -q 'D0 -> A0;' plan.dot
	grep -q '{ rank=source; D0; }' plan.dot
	dot -Tsvg plan.dot > plan.svg
	grep -q '<svg' plan.svg
	# the two elements and the legend's 6 shapes and 1 colour table
	[ "$(grep -c 'class="node"' plan.svg)" -eq 9 ]
}

@test "plancc --stats: bytes per table at both widths" {
	run --separate-stderr plancc --stats "$DATA/tiny.yaml" -o tiny.plan
	assert_success
	[ "${lines[0]}" = "2 elements, compiled with 8-bit ids, with names" ]
	# 8-bit: drive 18, action 5, names 4 x (2 + 1) + 17; 16-bit: 25, 7,
	# 4 x (2 + 2) + 17; header 32 and CRC 4 either way
	echo "$output" | grep -Eq '^D +1 +18 +25$'
	echo "$output" | grep -Eq '^A +1 +5 +7$'
	echo "$output" | grep -Eq '^names +29 +33$'
	echo "$output" | grep -Eq '^stream +88 +101$'
	# the planner's state (core/planner/internal.h): a drive's record is
	# u16 exec and succ, six u16 (priority, two counters, order, place,
	# timed) and two bytes (monitor, flags): 18; an action's exec, succ,
	# monitor and check-for-complete: 6
	echo "$output" | grep -Eq '^state +24 +24$'
	echo "$output" | grep -Eq '^RAM +112 +125$'
	# the original planner on the AVR: drive 30 + action 10 (spec 10.1)
	echo "$output" | grep -Eq '^Instinct +40 +-$'
}

@test "plancc --stats goes to stderr when the plan goes to stdout" {
	run --separate-stderr plancc --stats --from yaml - < "$DATA/tiny.yaml"
	assert_success
	[[ "$stderr" == *"stream "* ]]
	[[ "$output" == SPLN* ]]
}

@test "plancc --strict turns warnings into errors and writes nothing" {
	cat > w.yaml <<-'EOF'
	senses: {Unused: 3}
	drives:
	  D: {when: always, do: A}
	acts:
	  A: 5
	EOF
	run --separate-stderr plancc w.yaml -o w.plan
	assert_success
	[ "$stderr" = "plancc: w.yaml:1:10: warning: sense 'Unused' (id 3) is declared but no releaser reads it [-Wunused]" ]
	rm w.plan
	for strict in --strict -Werror; do
		run --separate-stderr plancc $strict w.yaml -o w.plan
		[ "$status" -eq 65 ]
		[ "$stderr" = "plancc: w.yaml:1:10: error: sense 'Unused' (id 3) is declared but no releaser reads it [-Werror=unused]" ]
		[ ! -e w.plan ]
	done
}

# Issue 18: warnings are controlled as compilers do, and go to stderr only.
@test "plancc -q and -W: no warnings, one class off, one class an error" {
	cat > w.yaml <<-'EOF'
	senses: {Unused: 3}
	drives:
	  D: {when: always, do: A}
	  Never: {priority: 0, when: always, do: A}
	acts:
	  A: 5
	EOF
	unused="plancc: w.yaml:1:10: warning: sense 'Unused' (id 3) is declared but no releaser reads it [-Wunused]"
	never="plancc: w.yaml:4:3: warning: drive 'Never' has priority 0: it can never be selected [-Wunreachable]"
	run --separate-stderr plancc w.yaml -o w.plan
	assert_success
	[ "$stderr" = "$unused"$'\n'"$never" ]
	cp w.plan all.plan
	run --separate-stderr plancc -q w.yaml -o w.plan
	assert_success
	[ -z "$stderr" ]
	cmp w.plan all.plan
	run --separate-stderr plancc -Wno-unused w.yaml -o w.plan
	assert_success
	[ "$stderr" = "$never" ]
	# -q with -Werror: nothing is warned about, so nothing fails
	run --separate-stderr plancc -q -Werror w.yaml -o w.plan
	assert_success
	rm w.plan
	run --separate-stderr plancc -Werror=unreachable w.yaml -o w.plan
	[ "$status" -eq 65 ]
	[ "${stderr_lines[0]}" = "$unused" ]
	[ "${stderr_lines[1]}" = "plancc: w.yaml:4:3: error: drive 'Never' has priority 0: it can never be selected [-Werror=unreachable]" ]
	[ ! -e w.plan ]
	# the last word wins, as with compilers
	run --separate-stderr plancc -Werror=unreachable -Wno-error=unreachable -Wno-unreachable -Wno-unused w.yaml -o w.plan
	assert_success
	[ -z "$stderr" ]
	# warnings never reach standard output, whatever goes there
	plancc w.yaml --emit yaml 2>/dev/null | { ! grep -q warning; }
	plancc w.yaml -o - 2>/dev/null | { ! grep -q -a warning; }
}

@test "plancc -W: an unknown class is a usage error with a suggestion" {
	run --separate-stderr plancc -Wunsued w.yaml
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "plancc: -Wunsued: no warning is called 'unsued'; did you mean 'unused'?" ]
	run --separate-stderr plancc -Werror=bogus w.yaml
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "plancc: -Werror=bogus: no warning is called 'bogus' (unused, unreachable, octal, ignored, releaser)" ]
}

@test "plancc -Wno-unused quiets a reference plan's 22 'never used' warnings" {
	require_shared
	run --separate-stderr plancc "$SHARED/reference/plans/server-plan6.inst" -o p.plan
	assert_success
	[ "$(grep -c 'is declared but no .* \[-Wunused\]$' <<< "$stderr")" -eq 22 ]
	run --separate-stderr plancc -Wno-unused "$SHARED/reference/plans/server-plan6.inst" -o q.plan
	assert_success
	[ -z "$stderr" ]
	cmp p.plan q.plan
}

@test "plancc refuses to write a binary plan to a terminal" {
	command -v script >/dev/null || skip "script(1) not installed"
	run script -qec "$SPINE_BIN/plancc --from yaml - < $DATA/tiny.yaml" /dev/null
	[[ "$output" == *"refusing to write a binary plan to a terminal"* ]]
}

# The literal block after the line matching $2 in man page $1.
man_block() {
	awk -v start="$2" '
		index($0, start) { found = 1; next }
		found && /^\.Bd/ { on = 1; next }
		on && /^\.Ed/ { exit }
		on { sub(/^\\&/, ""); print }
	' "$1"
}

@test "plan(5): the example's hex dump is what plancc writes" {
	command -v xxd >/dev/null || skip "xxd not installed"
	man_block "$SPINE_ROOT/man/plan.5" "The plan written in YAML as" > doc.yaml
	[ "$(wc -l < doc.yaml)" -eq 8 ]
	# (the block shows the command too, for test/docs.bats)
	man_block "$SPINE_ROOT/man/plan.5" "compiles to these 114 bytes" |
	    grep -v '^\$ ' > want.txt
	plancc doc.yaml -o doc.plan
	xxd doc.plan > got.txt
	diff -u want.txt got.txt
}

@test "plan-yaml(5): the example compiles without a warning" {
	man_block "$SPINE_ROOT/man/plan-yaml.5" "A robot that backs away" > ex.yaml
	[ "$(wc -l < ex.yaml)" -gt 30 ]
	run --separate-stderr plancc --strict ex.yaml -o ex.plan
	assert_success
	[ -z "$stderr" ]
}

@test "plancc -d - reads a plan from stdin" {
	tiny_image_8 > tiny.plan
	plancc -d - < tiny.plan > got.yaml
	# the header names the input; the rest is the tiny plan's listing
	[ "$(head -1 got.yaml)" = "# plancc -d -: 2 elements, 8-bit ids" ]
	diff <(tail -n +2 "$DATA/tiny.expect.yaml") <(tail -n +2 got.yaml)
}

@test "plancc --emit yaml on a source is -d of what it compiles to" {
	plancc "$DATA/tiny.yaml" -o tiny.plan
	diff <(plancc -d tiny.plan | tail -n +2) \
	    <(plancc --emit yaml "$DATA/tiny.yaml" | tail -n +2)
}

@test "plancc --emit dot: one shape per element type" {
	plancc --emit dot "$BATS_TEST_DIRNAME/../examples/explorer.yaml" > e.dot
	# compact shapes (a left-to-right graph is as wide as its columns):
	# drive double box, competence folder, element crossed box
	for shape in 'box, peripheries=2' folder 'box, style="filled,diagonals"' \
	    component ellipse 'box, style="rounded'; do
		grep -q "shape=$shape" e.dot || { echo "no $shape"; return 1; }
	done
	# every element is a node: 52 of them, plus the legend's 7
	[ "$(grep -c ' \[id="' e.dot)" -eq 52 ]
	[ "$(grep -c 'legend[0-9] \[shape=' e.dot)" -eq 7 ]
	# a cluster per drive (5), and steps numbered by their place in the
	# pattern: Cruise's steps are LookAhead, Fast (explorer.yaml order)
	[ "$(grep -c 'subgraph cluster_D' e.dot)" -eq 5 ]
	grep -q 'label="step 1"' e.dot
	grep -q 'label="step 2"' e.dot
	! grep -q 'order [0-9]' e.dot
	dot -Tsvg e.dot > e.svg
}

@test "plancc --emit yaml --sort: the header says what made it" {
	run --separate-stderr plancc --emit yaml --sort "$DATA/tiny.yaml"
	assert_success
	[ "${lines[0]}" = "# plancc --emit yaml --sort $DATA/tiny.yaml: 2 elements, 8-bit ids, listed by id" ]
	plancc "$DATA/tiny.yaml" -o t.plan
	[ "$(plancc -d --sort t.plan | head -1)" = "# plancc -d --sort t.plan: 2 elements, 8-bit ids, listed by id" ]
	[ "$(plancc -d t.plan | head -1)" = "# plancc -d t.plan: 2 elements, 8-bit ids" ]
	[ "$(plancc --emit yaml "$DATA/tiny.yaml" | head -1)" = "# plancc --emit yaml $DATA/tiny.yaml: 2 elements, 8-bit ids" ]
}

@test "plancc(1): the citation keeps its title whole" {
	command -v groff >/dev/null || skip "groff not installed"
	run groff -mdoc -Tutf8 -rLL=300n -P-cbou "$BATS_TEST_DIRNAME/../man/plancc.1"
	assert_success
	[[ "$output" == *"“Instinct: A Biologically Inspired Reactive Planner for Intelligent Embedded Systems”"* ]]
	[[ "$output" == *"Cognitive Systems Research"*"2019"* ]]
}

# Issue 18: explorer.yaml said "the first released element of the highest
# group wins" while, faithfully to Instinct, Roam failed every other cycle
# after a lower group's element succeeded.  Now Roam is one group: with
# 500 mm ahead (OpenSpace wants more than 1000, SomethingAhead more than
# 300) SomethingAhead's Creep (SetSpeed 80) runs every cycle.
@test "examples/explorer.yaml: Roam creeps every cycle while something is ahead" {
	plancc "$SPINE_ROOT/examples/explorer.yaml" -o ex.plan
	printf 'cycle,RangeAhead,NearestSide,MotorCurrent,HumanNear,Asleep,Battery\n1,500,0,0,0,0,100\n' > s.csv
	run --separate-stderr planrun ex.plan --senses s.csv --cycles 6 --no-header
	assert_success
	[ "$output" = "$(printf '%s\n' 1,0,SetSpeed,80 2,1000,SetSpeed,80 \
	    3,2000,SetSpeed,80 4,3000,SetSpeed,80 5,4000,SetSpeed,80 \
	    6,5000,SetSpeed,80)" ]
}

# The worked example of plan-yaml(5), "Choosing a competence element", with
# Range at 300: two groups turn on cycles 1 and 3 only (cycle 2 looks at
# Clear alone, which is not released, and fails); one group turns on every
# cycle.  Worked out from spec section 5, not from planrun.
@test "plan-yaml(5): the competence selection example, cycle by cycle" {
	for groups in 2 1; do
		cat > roam.yaml <<-EOF
		senses: {Range: 3}
		actions: {Drive: 1, Turn: 2}
		drives:
		  Wander: {priority: 100, when: always, do: Roam}
		competences:
		  Roam:
		    mode: or
		    elements:
		      Clear: {priority: $groups, when: Range > 400, do: Forward}
		      Blocked: {priority: 1, when: always, do: TurnLeft}
		acts:
		  Forward: Drive 200
		  TurnLeft: Turn -90
		EOF
		plancc roam.yaml -o roam.plan
		printf 'cycle,Range\n1,300\n' > s.csv
		planrun roam.plan --senses s.csv --cycles 4 --no-header |
		    cut -d, -f1 | tr '\n' ' ' > got.$groups
	done
	[ "$(cat got.2)" = "1 3 " ]
	[ "$(cat got.1)" = "1 2 3 4 " ]
	grep -q 'Choosing a competence element' "$SPINE_ROOT/man/plan-yaml.5"
}
