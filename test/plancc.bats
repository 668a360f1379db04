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
	run --separate-stderr plancc
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "plancc: no input file" ]
	run --separate-stderr plancc a.yaml b.yaml
	[ "$status" -eq 2 ]
	run --separate-stderr plancc --emit svg "$DATA/tiny.yaml"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "plancc: --emit: 'svg' is not plan, yaml, inst or dot" ]
	run --separate-stderr plancc --id-width 12 "$DATA/tiny.yaml"
	[ "$status" -eq 2 ]
	run --separate-stderr plancc plan.xyz
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "plancc: plan.xyz: cannot tell the format from the name; use --from yaml, json, inst, dia or plan" ]
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
	[ "$(od -An -tx1 -j6 -N1 got.plan | tr -d ' ')" = 00 ]
}

@test "plancc: the default output is the input's name with .plan" {
	cp "$DATA/tiny.yaml" robot.yaml
	run plancc robot.yaml
	assert_success
	tiny_image_8 > want.plan
	cmp want.plan robot.plan
}

@test "plancc: reads stdin with - and --from, writes stdout" {
	tiny_image_8 > want.plan
	plancc --from yaml - < "$DATA/tiny.yaml" > got.plan
	cmp want.plan got.plan
}

@test "plancc: - without --from cannot be told apart" {
	run --separate-stderr plancc - < "$DATA/tiny.yaml"
	[ "$status" -eq 2 ]
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
	grep -q 'D0 \[shape=house' plan.dot
	grep -q 'A0 \[shape=box' plan.dot
	grep -q 'D0 -> A0;' plan.dot
	grep -q '{ rank=source; D0; }' plan.dot
	dot -Tsvg plan.dot > plan.svg
	grep -q '<svg' plan.svg
	[ "$(grep -c 'class="node"' plan.svg)" -eq 2 ]
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
	# the planner's state (planner.h's layout): u16 exec and succ per
	# element (2 + 2), five u16 per drive, one u16 d_running; u8 monitor
	# per element and check-for-complete per action: 20 + 3 bytes
	echo "$output" | grep -Eq '^state +23 +23$'
	echo "$output" | grep -Eq '^RAM +111 +124$'
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
	[ "$stderr" = "plancc: w.yaml:1:10: warning: sense 'Unused' (id 3) is declared but no releaser reads it" ]
	rm w.plan
	run --separate-stderr plancc --strict w.yaml -o w.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: w.yaml:1:10: error: sense 'Unused' (id 3) is declared but no releaser reads it" ]
	[ ! -e w.plan ]
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
	for shape in house hexagon diamond component ellipse box; do
		grep -q "shape=$shape," e.dot || { echo "no $shape"; return 1; }
	done
	# every element is a node: 52 of them
	[ "$(grep -c ' \[shape=' e.dot)" -eq 52 ]
	dot -Tsvg e.dot > e.svg
}
