#!/usr/bin/env bats
# plancc on bad input: every file of data/plancc/bad gives exactly the
# message in its .err file, exit 65 and no output; damaged .plan files;
# random bytes into every reader.

load lib/helper
bats_require_minimum_version 1.5.0

BAD=$BATS_TEST_DIRNAME/data/plancc/bad
DATA=$BATS_TEST_DIRNAME/data/plancc

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# Runs plancc on one bad file (from its folder, so messages carry the bare
# name) and checks message, status and that nothing was written.
check_bad() {
	local f=$1 out=$BATS_TEST_TMPDIR/out.plan
	run --separate-stderr bash -c 'cd "$1" && plancc "$2" -o "$3"' _ \
	    "$BAD" "$f" "$out"
	if [ "$status" -ne 65 ] || [ "$stderr" != "$(cat "$BAD/$f.err")" ] ||
	    [ -e "$out" ]; then
		echo "$f: status $status"
		echo "got:  $stderr"
		echo "want: $(cat "$BAD/$f.err")"
		return 1
	fi
}

@test "plancc: every bad YAML file gives its message and exit 65" {
	n=0
	for f in "$BAD"/*.yaml; do
		check_bad "$(basename "$f")"
		n=$((n + 1))
	done
	[ "$n" -ge 20 ]
}

@test "plancc: every bad .inst file gives its message and exit 65" {
	n=0
	for f in "$BAD"/*.inst; do
		check_bad "$(basename "$f")"
		n=$((n + 1))
	done
	[ "$n" -ge 10 ]
}

@test "plancc: every bad .dia file gives its message and exit 65" {
	n=0
	for f in "$BAD"/*.dia; do
		check_bad "$(basename "$f")"
		n=$((n + 1))
	done
	[ "$n" -ge 14 ]
}

@test "plancc: a misspelt field, section or task key: did you mean, one line, 65" {
	# YAML plans: data/plancc/bad/unknown-field*.yaml, misspelt-section
	# (above); JSON goes through the same reader, at its line and column
	printf '{"actions": {"Forward": 1},\n "drives": {"Roam":\n  {"when": "always", "priorty": 5, "do": "Go"}},\n "acts": {"Go": "Forward 1"}}\n' > p.json
	run --separate-stderr plancc p.json -o p.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: p.json:3:22: error: drive: unknown field 'priorty'; did you mean 'priority'?" ]
	[ ! -e p.plan ]
	# case does not count; a key nothing is near keeps the list
	printf '{"Acts": {"Go": "Forward 1"}, "actions": {"Forward": 1}}\n' > c.json
	run --separate-stderr plancc c.json -o c.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: c.json:1:2: error: unknown section 'Acts'; did you mean 'acts'?" ]
	printf 'actions: {Forward: 1}\nmotors: {}\n' > far.yaml
	run --separate-stderr plancc far.yaml -o far.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: far.yaml:2:1: error: unknown section 'motors' (plan, senses, actions, drives, competences, patterns, acts, competence_elements, pattern_elements)" ]
	# a task machine's keys, by name or by the original's alias
	printf 'task: t\nstart: go\nactions:\n  go:\n    trajectory: [[1, 2, 3]]\n    decisons: []\n' > t.yaml
	run --separate-stderr plancc t.yaml -o t.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: t.yaml:6:5: error: unknown key 'decisons' in an action; did you mean 'decisions'?" ]
	printf 'task: t\ninitalAction: go\nactions:\n  go: {trajectory: [[1, 2, 3]]}\n' > a.yaml
	run --separate-stderr plancc a.yaml -o a.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: a.yaml:2:1: error: unknown key 'initalAction' in the task; did you mean 'initialAction'?" ]
	[ ! -e t.plan ] && [ ! -e a.plan ]
}

@test "plancc: a gzip-compressed .dia with a dangling association" {
	gzip -c "$BAD/dangling-association.dia" > dangling.dia
	run --separate-stderr plancc dangling.dia -o out.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: dangling.dia: error: object O4: association does not join two classes: its child end (handle 1) is not connected" ]
	[ ! -e out.plan ]
}

@test "plancc: a truncated gzip .dia" {
	gzip -c "$DATA/small.dia" | head -c 200 > cut.dia
	run --separate-stderr plancc cut.dia -o out.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: cut.dia: error: damaged gzip data (truncated)" ]
	[ ! -e out.plan ]
}

@test "plancc: a failed compile leaves an existing output file alone" {
	mkdir out
	echo "old contents" > out/out.plan
	run --separate-stderr bash -c 'cd "$1" && plancc unknown-child.yaml -o "$2"' _ "$BAD" "$PWD/out/out.plan"
	[ "$status" -eq 65 ]
	[ "$(cat out/out.plan)" = "old contents" ]
	[ "$(ls -A out)" = "out.plan" ]	# no temporary left behind
}

@test "plancc: --id-width 8 refuses a value that needs 16 bits" {
	cat > wide.yaml <<-'EOF'
	actions: {Forward: 1}
	drives:
	  Roam: {priority: 300, when: always, do: Go}
	acts:
	  Go: Forward 1
	EOF
	run --separate-stderr plancc --id-width 8 wide.yaml -o wide.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: wide.yaml:3:3: error: drive 'Roam': priority 300 does not fit 8-bit ids (0..255); the original 8-bit loader would have truncated it to 44; use --id-width 16" ]
	[ ! -e wide.plan ]
	# without it, the width is chosen: 16 bits
	run plancc wide.yaml -o wide.plan
	assert_success
	[ "$(plan_id_width wide.plan)" -eq 2 ]
}

@test "plancc: a CE's hysteresis above 255 needs 16-bit ids, as on the original" {
	# A E id parent child priority retry sense cmp value hysteresis flex:
	# the original's 8-bit build keeps the low byte (300 & 255 = 44) of a
	# competence element's hysteresis and flex (spec 1.3, 11.2)
	cat > hyst.inst <<-'EOF'
	PLAN R C
	PLAN A A 1 10 0
	PLAN A C 2 0
	PLAN A E 3 2 1 1 0 5 2 10 300 0
	PLAN A D 4 2 1 0 5 2 0 1 0 0 0 0
	EOF
	run --separate-stderr plancc hyst.inst -o hyst.plan
	assert_success
	[ "$(plan_id_width hyst.plan)" -eq 2 ]
	run --separate-stderr plancc --id-width 8 hyst.inst -o hyst8.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: hyst.inst:4:1: error: competence element #3: hysteresis 300 does not fit 8-bit ids (0..255); the original 8-bit loader would have truncated it to 44; use --id-width 16" ]
	[ ! -e hyst8.plan ]
	# the flexible latch hysteresis the same; -1 would have become 255
	sed 's/ 10 300 0$/ 10 1 -1/' hyst.inst > flex.inst
	run --separate-stderr plancc --id-width 8 flex.inst -o flex8.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: flex.inst:4:1: error: competence element #3: flexible latch hysteresis -1 does not fit 8-bit ids (0..255); the original 8-bit loader would have truncated it to 255; use --id-width 16" ]
	# a drive's hysteresis is not cut by the original: 8-bit ids stay
	sed 's/ 10 300 0$/ 10 1 0/; s/^PLAN A D 4 2 1 0 5 2 0 1 0/PLAN A D 4 2 1 0 5 2 0 300 0/' \
	    hyst.inst > drive.inst
	run --separate-stderr plancc drive.inst -o drive.plan
	assert_success
	[ "$(plan_id_width drive.plan)" -eq 1 ]
}

@test "plancc: more than 255 elements switch to 16-bit ids; --id-width 8 refuses" {
	# 1 drive, 1 pattern of 127 steps over 127 acts: 256 elements
	awk 'BEGIN { print "actions: {Go: 1}\ndrives:\n  Roam: {when: always, do: P}\npatterns:"
	    printf "  P: [A0"; for (i = 1; i < 127; i++) printf ", A%d", i; print "]\nacts:"
	    for (i = 0; i < 127; i++) printf "  A%d: Go %d\n", i, i }' > big.yaml
	run --separate-stderr plancc big.yaml -o big.plan
	assert_success
	[ "$(plan_id_width big.plan)" -eq 2 ]
	run --separate-stderr plancc --id-width 8 big.yaml -o big8.plan
	[ "$status" -eq 65 ]
	[ "${stderr_lines[0]}" = "plancc: big.yaml: error: 256 elements do not fit 8-bit ids (at most 255); use --id-width 16" ]
	[ ! -e big8.plan ]
}

@test "plancc: a NUL byte in a .inst file" {
	printf 'PLAN A D 1 2 100 0 0 4 0 0 0 0 0 0\nPLAN A A 2 1\0001\n' > nul.inst
	run --separate-stderr plancc nul.inst -o nul.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: nul.inst:2:13: error: NUL byte: this is not a text file" ]
	[ ! -e nul.plan ]
}

@test "plancc: a .inst include must be a regular file" {
	printf 'PLAN A D 1 2 100 0 0 4 0 0 0 0 0 0\n@ /dev/null\nPLAN A A 2 1 1\n' > inc.inst
	run --separate-stderr plancc inc.inst -o inc.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: inc.inst:2:1: error: cannot include /dev/null: not a regular file" ]
}

# The bytes of file $1 as printf escapes in OCT[] (read once, so that
# the loops below write each damaged copy with the shell's own printf and
# run nothing but plancc for each of a few hundred); checked by writing
# the file back from them.
read_octal() {
	local b all
	OCT=()
	for b in $(od -An -v -to1 "$1"); do
		OCT+=("\\$b")
	done
	printf -v all %s "${OCT[@]}"
	printf "$all" > "$1.again"
	cmp "$1" "$1.again"
}

# bytes_of N M: printf escapes of bytes N to M-1 in $BYTES.
bytes_of() {
	printf -v BYTES %s "${OCT[@]:$1:$2-$1}"
}

# plancc -d on $1 exits 65 and writes nothing; else says so with $2.
refused() {
	local st=0
	plancc -d "$1" -o out.yaml 2>/dev/null || st=$?
	[ "$st" -eq 65 ] && [ ! -e out.yaml ] || {
		echo "$2: status $st"
		return 1
	}
}

@test "plancc -d: a plan cut short at every length is refused" {
	plancc "$DATA/tiny.yaml" -o tiny.plan
	read_octal tiny.plan
	size=${#OCT[@]}
	for ((n = 0; n < size; n++)); do
		bytes_of 0 "$n"
		printf "$BYTES" > cut.plan
		refused cut.plan "length $n"
	done
	[ "$(wc -c < cut.plan)" -eq $((size - 1)) ]
	head -c 20 tiny.plan > cut.plan
	run --separate-stderr plancc -d cut.plan
	[ "$stderr" = "plancc: cut.plan: error: truncated: shorter than the 36 bytes of a plan header and its CRC (at byte 20)" ]
	# a whole 32-byte header is not enough: the CRC-32 follows it
	for n in 32 35; do
		head -c "$n" tiny.plan > cut.plan
		run --separate-stderr plancc -d cut.plan
		[ "$stderr" = "plancc: cut.plan: error: truncated: shorter than the 36 bytes of a plan header and its CRC (at byte $n)" ]
	done
	head -c 36 tiny.plan > cut.plan
	run --separate-stderr plancc -d cut.plan
	[ "$stderr" = "plancc: cut.plan: error: length does not match the header (truncated or trailing bytes) (at byte 36)" ]
	head -c 60 tiny.plan > cut.plan
	run --separate-stderr plancc -d cut.plan
	[ "$stderr" = "plancc: cut.plan: error: length does not match the header (truncated or trailing bytes) (at byte 60)" ]
}

@test "plancc -d: a plan with any one bit flipped is refused" {
	plancc "$DATA/tiny.yaml" -o tiny.plan
	read_octal tiny.plan
	size=${#OCT[@]}
	for ((n = 0; n < size; n++)); do
		for bit in 1 128; do
			bytes_of 0 "$n"
			pre=$BYTES
			bytes_of $((n + 1)) "$size"
			printf -v mid '\\%03o' $((8#${OCT[n]#\\} ^ bit))
			printf "$pre$mid$BYTES" > flip.plan
			refused flip.plan "byte $n bit $bit"
		done
	done
	# (the last copy: the last byte's top bit, and nothing else)
	last=$((8#${OCT[size-1]#\\}))
	[ "$(cmp -l tiny.plan flip.plan | awk '{ print $1, $2, $3 }')" = \
	    "$size $(printf '%o %o' "$last" $((last ^ 128)))" ]
	# a flip in the records is caught by the checksum
	{ head -c 40 tiny.plan; printf '\377'; tail -c +42 tiny.plan; } > flip.plan
	run --separate-stderr plancc -d flip.plan
	[ "$stderr" = "plancc: flip.plan: error: CRC-32 mismatch (corrupted) (at byte 84)" ]
}

@test "plancc -d: not a plan at all" {
	echo "hello" > hello.plan
	run --separate-stderr plancc -d hello.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: hello.plan: error: truncated: shorter than the 36 bytes of a plan header and its CRC (at byte 6)" ]
	head -c 100 /dev/zero > zero.plan
	run --separate-stderr plancc -d zero.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: zero.plan: error: not a compiled plan (bad magic) (at byte 0)" ]
}

# Deterministic noise: n bytes from an LCG seeded with s.
noise() {
	awk -v n="$1" -v s="$2" 'BEGIN {
		for (i = 0; i < n; i++) {
			s = (s * 1103515245 + 12345) % 2147483648
			printf "%c", int(s / 65536) % 256
		}
	}' LC_ALL=C
}

@test "plancc: random bytes into every reader give exit 65, never a crash" {
	for seed in 1 2 3 4 5 6 7 8; do
		LC_ALL=C noise 3000 "$seed" > noise.bin
		for from in yaml inst dia plan; do
			run --separate-stderr plancc --from "$from" noise.bin -o out
			[ "$status" -eq 65 ] || { echo "$from seed $seed: $status $stderr"; return 1; }
			[ ! -e out ]
		done
		# the same behind a gzip header, for the Dia reader's gunzip
		gzip -c noise.bin > noise.dia
		run --separate-stderr plancc noise.dia -o out
		[ "$status" -eq 65 ] || { echo "gzip seed $seed: $status"; return 1; }
	done
}

@test "plancc: random printable text into the text readers" {
	for seed in 11 12 13 14; do
		LC_ALL=C noise 4000 "$seed" | LC_ALL=C tr -c 'A-Za-z0-9 :{}[],#\n-' ' ' > text.bin
		for from in yaml inst dia; do
			run --separate-stderr plancc --from "$from" text.bin -o out
			# text may happen to be a (useless) plan; it must not crash
			[ "$status" -eq 65 ] || [ "$status" -eq 0 ] ||
			    { echo "$from seed $seed: $status"; return 1; }
		done
	done
}

@test "plancc: more than 65,535 elements are refused in one message" {
	awk 'BEGIN { print "actions: {Go: 1}\ndrives:\n  D: {when: always, do: A0}\nacts:"
	    for (i = 0; i < 65535; i++) printf "  A%d: Go 1\n", i }' > huge.yaml
	run --separate-stderr plancc huge.yaml -o huge.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: huge.yaml: error: 65536 elements: a plan holds at most 65535" ]
	[ ! -e huge.plan ]
}

# Issue 11: YAML and task machines go through one reader, which stops at
# 64 levels before libyaml's scanner (quadratic in the flow depth) is fed
# the rest.  16 KB: 8192 '[' then 8192 ']'; 1 MB: 2^19 each.  The 65th
# '[' is at column 65 of line 1, where the message points.
@test "plancc: deeply nested YAML is refused with the depth error (plans and tasks)" {
	awk 'BEGIN { for (i = 0; i < 8192; i++) printf "["
		for (i = 0; i < 8192; i++) printf "]"; print "" }' > d16k.yaml
	awk 'BEGIN { for (i = 0; i < 524288; i++) printf "["
		for (i = 0; i < 524288; i++) printf "]"; print "" }' > d1m.yaml
	[ "$(wc -c < d16k.yaml)" -eq 16385 ]
	[ "$(wc -c < d1m.yaml)" -eq 1048577 ]
	# under a task's actions: the mapping is level 1, so the 64th '['
	# (column 10 + 63) is level 65
	{ printf 'task: t\nstart: a\nactions: '; cat d1m.yaml; } > t1m.yaml
	cp d1m.yaml d1m.json
	for f in d16k.yaml d1m.yaml d1m.json; do
		run --separate-stderr plancc "$f" -o out.plan
		[ "$status" -eq 65 ]
		[ "$stderr" = "plancc: $f:1:65: error: nested more than 64 levels deep" ]
		[ ! -e out.plan ]
	done
	run --separate-stderr plancc t1m.yaml -o out.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: t1m.yaml:3:73: error: nested more than 64 levels deep" ]
	[ ! -e out.plan ]
}

# Issue 12: 100 KB of binary garbage given as .inst compiled to an empty
# plan with exit 0.  Now the first byte that is not UTF-8 stops the reader
# (before a stray '@' in the garbage can open files), and text with no
# plan command in it is no plan.
@test "plancc: binary garbage as .inst is refused as not text, exit 65" {
	LC_ALL=C noise 102400 7 | LC_ALL=C tr -d '\000' > garbage.inst
	[ "$(wc -c < garbage.inst)" -gt 100000 ]
	# line:col and value of the first byte >= 0x80, found by od, not by
	# plancc (for this seed it is 0xbc on line 2, a continuation byte that
	# cannot start a UTF-8 sequence)
	where=$(LC_ALL=C od -An -v -tu1 garbage.inst | awk '
	    { for (i = 1; i <= NF; i++) { col++
		if ($i == 10) { line++; col = 0 }
		else if ($i >= 128) { printf "%d:%d %02x", line + 1, col, $i; exit } } }')
	run --separate-stderr plancc garbage.inst -o out.plan
	[ "$status" -eq 65 ]
	[ ! -e out.plan ]
	echo "$where / $stderr"
	[ "${stderr_lines[-1]}" = "plancc: garbage.inst:${where% *}: error: byte 0x${where#* } is not UTF-8: this is not a text file" ]
	# only the lines before it were looked at
	[ "${#stderr_lines[@]}" -le "${where%%:*}" ]
	# the same on stdin
	run --separate-stderr plancc --from inst - -o out.plan < garbage.inst
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"is not UTF-8: this is not a text file" ]]
	# with NUL bytes left in, the NUL or the bad byte stops it: never 0
	LC_ALL=C noise 102400 8 > raw.inst
	run --separate-stderr plancc raw.inst -o out.plan
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"this is not a text file" ]]
	[ ! -e out.plan ]
}

@test "plancc: a .inst file with no plan command, or empty, is no plan" {
	: > empty.inst
	run --separate-stderr plancc empty.inst -o out.plan
	[ "$status" -eq 65 ]
	[ "$stderr" = "plancc: empty.inst: error: no line is a plan command (PLAN, PELEM, RSENSE, RACTION or @ file): this is not an Instinct command file" ]
	printf 'STOP\nhello world\n' > words.inst
	run --separate-stderr plancc words.inst -o out.plan
	[ "$status" -eq 65 ]
	[ "${stderr_lines[2]}" = "plancc: words.inst: error: no line is a plan command (PLAN, PELEM, RSENSE, RACTION or @ file): this is not an Instinct command file" ]
	[ ! -e out.plan ]
}
