#!/usr/bin/env bats
# deep-inputs.bats - every parser on input nested 100,000 deep (from
# scripts/deep-inputs): refused with exit 65 and a message that says why,
# never a crash or a blown stack.  How fast each refuses, and the 100 MB
# single lines, are in scripts/bench-deep (no timed assertions here).

load lib/helper
bats_require_minimum_version 1.5.0

setup_file() {
	"$SPINE_ROOT/scripts/deep-inputs" "$BATS_FILE_TMPDIR"
}

setup() {
	D=$BATS_FILE_TMPDIR
	cd "$BATS_TEST_TMPDIR"
	plancc -o bumper.plan "$SPINE_ROOT/examples/planrun/bumper.inst"
}

# refused CMD...: exit 65, one line on stderr, returned in $stderr
refused() {
	run -65 --separate-stderr "$@" </dev/null
	[ "${#stderr_lines[@]}" -eq 1 ]
}

@test "deep: YAML and JSON plans, and a task source, 100,000 deep" {
	refused plancc -o out.plan "$D/depth.yaml"
	[ "$stderr" = "plancc: $D/depth.yaml:1:65: error: nested more than 64 levels deep" ]
	refused plancc -o out.plan "$D/depth.json"
	[[ "$stderr" == "plancc: $D/depth.json:1:"*": error: nested more than 64 levels deep" ]]
	refused plancc -o out.plan "$D/depth-task.yaml"
	[[ "$stderr" == "plancc: $D/depth-task.yaml:2:"*": error: nested more than 64 levels deep" ]]
	[ ! -e out.plan ]
}

@test "deep: a Dia (XML) file 100,000 elements deep" {
	refused plancc -o out.plan "$D/depth.dia"
	[[ "$stderr" == "plancc: $D/depth.dia:2:"*": error: XML: Excessive depth in document: 256"* ]]
}

@test "deep: .inst files that include themselves" {
	refused plancc -o out.plan "$D/depth.inst"
	[ "$stderr" = "plancc: $D/depth.inst:2:1: error: includes nested more than 8 deep" ]
}

@test "deep: an arm file 100,000 deep, for ikreach and armctl" {
	echo 100,0,0 >t.csv
	refused ikreach --arm "$D/depth-arm.yaml" t.csv
	[[ "$stderr" == "ikreach: $D/depth-arm.yaml:2:"*": error: nested more than 64 levels deep" ]]
	refused armctl --arm "$D/depth-arm.yaml" --port nonexistent home
	[[ "$stderr" == "armctl: $D/depth-arm.yaml:2:"*": error: nested more than 64 levels deep" ]]
}

@test "deep: a worldsim profile 100,000 deep" {
	refused worldsim --plan bumper.plan --profile "$D/depth-profile.yaml" \
	    --ticks 1
	[[ "$stderr" == "worldsim: $D/depth-profile.yaml:1:"*": error: nested more than 64 levels deep" ]]
}

@test "deep: an event log line 100,000 deep, replayed and viewed" {
	refused planrun bumper.plan --replay "$D/depth.jsonl"
	[ "$stderr" = "planrun: $D/depth.jsonl:1:10: error: a value is a string, a number or null" ]
	refused planview bumper.plan "$D/depth.jsonl"
	[ "$stderr" = "planview: $D/depth.jsonl:1:4096: error: a line longer than 4095 bytes: not an event log" ]
}

# The line readers' limit is 1 MiB (the CSV reader's record limit): a
# line of 2 MB shows each refuses; scripts/bench-deep feeds 100 MB.
@test "deep: a 2 MB line in .inst, CSV senses and waypoints, maps, logs" {
	long=$(head -c 2000000 /dev/zero | tr '\0' a)
	printf 'PLAN R C\nPELEM %s=1\n' "$long" >long.inst
	refused plancc -o out.plan long.inst
	[ "$stderr" = "plancc: long.inst:2:1048577: error: line longer than 1048576 bytes: this is not a command file" ]
	printf 'cycle,Bump\n%s\n' "$long" >senses.csv
	refused planrun bumper.plan --senses senses.csv
	[ "$stderr" = "planrun: senses.csv:2:1048577: error: record too long" ]
	printf 'x,y\n%s\n' "$long" >wp.csv
	refused mjtraj wp.csv
	[ "$stderr" = "mjtraj: wp.csv:2:1048577: error: record too long" ]
	printf '%s\n' "$long" >long.map
	refused worldsim --plan bumper.plan --map long.map --ticks 1
	[ "$stderr" = "worldsim: long.map:1:1025: error: map larger than 1024 x 1024 cells" ]
	printf '{"cycle":1,"event":"%s"}\n' "$long" >long.jsonl
	refused planrun bumper.plan --replay long.jsonl
	[ "$stderr" = "planrun: long.jsonl:1:1048576: error: line too long" ]
}
