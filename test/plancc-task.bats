#!/usr/bin/env bats
# plancc on task machines: what tells a task source from a plan, the forms
# a task plan can take (YAML, dot; no Instinct), --stats, and the options
# that only reactive plans have.  planrun-task.bats runs them.

load lib/helper
bats_require_minimum_version 1.5.0

EXAMPLES=$BATS_TEST_DIRNAME/../examples

setup() {
	cd "$BATS_TEST_TMPDIR"
	# two actions: `go` moves out and back, then `wait` once
	cat > t.yaml <<'END'
task: two-step
axes: [x, y]
start: go
actions:
  go:
    trajectory: [[0, 0], [10, 5]]
    decisions:
      - after: 1
        match: {action: wait, delay: 2}
  wait:
    trajectory: [[10, 5]]
END
}

@test "plancc: a task source by its top level, from a file or stdin" {
	plancc t.yaml -o a.plan
	plancc --from yaml - -o b.plan < t.yaml
	cmp a.plan b.plan
	plancc --from json - -o c.plan < t.yaml
	cmp a.plan c.plan
	# flag 0x04 (task section), no elements
	[ "$(plan_flags a.plan)" = 04 ]
	[ "$(plan_counts a.plan)" = "0 0 0 0 0 0" ]
}

@test "plancc: the task's dot graph has its actions and outcomes" {
	plancc t.yaml -o a.plan
	run -0 plancc -d --emit dot a.plan
	assert_line --partial 'a0 [label="go\n2 steps", penwidth=2];'
	assert_line --partial 'a1 [label="wait\n1 step"];'
	assert_line '  a0 -> a1 [style=solid, label="match after 1 +2"];'
	assert_line '  start -> a0;'
	if command -v dot >/dev/null; then
		plancc -d --emit dot a.plan | dot -Tsvg > g.svg
		grep -q '<svg' g.svg
	fi
}

@test "plancc: a task machine has no Instinct form, and nothing is written" {
	plancc t.yaml -o a.plan
	run -65 --separate-stderr plancc -d --emit inst a.plan -o a.inst
	[ "$stderr" = "plancc: a.plan: error: a task machine has no Instinct form (--emit yaml or dot)" ]
	[ ! -e a.inst ]
	run -65 plancc --emit inst t.yaml -o b.inst
	[ ! -e b.inst ]
}

@test "plancc: --strip and --id-width warn on a task, --strict refuses" {
	plancc t.yaml -o a.plan
	run -0 --separate-stderr plancc --strip t.yaml -o b.plan
	[[ $stderr == *"warning: --id-width, --strip and --allow-recursion are for reactive plans"* ]]
	cmp a.plan b.plan
	run -65 plancc --strict --id-width 16 t.yaml -o c.plan
	[ ! -e c.plan ]
}

@test "plancc --stats: the task section's parts add up to the file" {
	run -0 --separate-stderr plancc --stats t.yaml -o a.plan
	size=$(wc -c < a.plan)
	sum=0
	for part in header actions points decisions checks records names \
	    CRC-32; do
		bytes=$(printf '%s\n' "$output" | awk -v p="$part" \
		    '$1 == p { print $3 }')
		[ -n "$bytes" ]
		sum=$((sum + bytes))
	done
	[ "$sum" -eq "$size" ]
	# by plan/task.h: 2 actions of 22 bytes, 3 points of 5*2, 1
	# decision of 18+9*2
	assert_line --regexp '^actions +2 +44$'
	assert_line --regexp '^points +3 +30$'
	assert_line --regexp '^decisions +1 +36$'
	assert_line --regexp "^stream +$size$"
}

@test "plancc: the example task, YAML and JSON, the same bytes; -d round trip" {
	plancc "$EXAMPLES/flame-passing.yaml" -o y.plan
	plancc "$EXAMPLES/flame-passing.json" -o j.plan
	cmp y.plan j.plan
	plancc -d y.plan -o again.yaml
	plancc again.yaml -o again.plan
	cmp y.plan again.plan
}
