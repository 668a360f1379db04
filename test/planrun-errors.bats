#!/usr/bin/env bats
# planrun-errors.bats - a reactive run in which a cycle reports an error
# (an action's error result, an element's error event Z, elements nested
# deeper than 32) runs to its end, printed whole, and exits 1.

load lib/helper
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_TMPDIR"
	plancc -o bumper.plan "$SPINE_ROOT/examples/planrun/bumper.inst"
	SENSES=$SPINE_ROOT/examples/planrun/bumper.senses.csv
}

# By hand from bumper.inst and its senses: the robot docks at cycle 18
# (Docked 1, Battery 15) and Recharge ends with Beep; an erring Beep
# leaves Recharge running, so cycle 19 beeps (and errs) again; at cycle
# 20 Battery 100 ends Recharge and Wander moves Forward.  Two cycles.
ERRMSG="planrun: 2 cycles reported an error, the first cycle 18 (--log - --monitor Z shows them)"

@test "planrun: an action's error result fails the run, which still prints whole" {
	run -0 planrun bumper.plan --senses "$SENSES"
	clean=$output
	run -1 --separate-stderr planrun bumper.plan --senses "$SENSES" \
	    --result Beep=error
	[ "$stderr" = "$ERRMSG" ]
	# the same rows up to the first Beep, then Beep again, then Forward
	[ "$output" = "$(printf '%s\n' "$clean" | sed '/^18,/q')
19,18000,Beep,2
20,19000,Forward,100" ]
}

@test "planrun: an agent's 'error' reply fails the run" {
	# the agent answers every sense 0 and every action error
	run -1 --separate-stderr planrun bumper.plan --cycles 2 --agent \
	    'while read -r w rest; do [ "$w" = sense ] && echo 0 || echo error; done'
	[ "$stderr" = "planrun: 2 cycles reported an error, the first cycle 1 (--log - --monitor Z shows them)" ]
	[ "${#lines[@]}" -eq 3 ]	# the header and both cycles
}

@test "planrun: an error event Z fails the run, monitored or not" {
	run -1 --separate-stderr planrun bumper.plan --senses "$SENSES" \
	    --result Beep=error --log log.csv --monitor Z
	[ "$stderr" = "$ERRMSG" ]
	# the Z rows are Beep's (an action) and the elements above it
	run awk -F, '$3 == "Z" { print $1 }' log.csv
	[ "$(printf '%s\n' "${lines[@]}" | sort -u | tr '\n' ' ')" = "18 19 " ]
	run -1 --separate-stderr planrun bumper.plan --senses "$SENSES" \
	    --result Beep=error --log log.csv --monitor E
	[ "$stderr" = "$ERRMSG" ]
	! grep -q ',Z,' log.csv
}

@test "planrun: elements nested deeper than 32 fail the run" {
	plancc --allow-recursion -o cycle.plan \
	    "$SPINE_ROOT/test/data/plancc/bad/cycle.yaml"
	# Outer -> Inner -> Outer ... never reaches an action: each of the
	# three cycles goes 32 deep, errs there, and prints no action row
	run -1 --separate-stderr planrun cycle.plan --cycles 3
	[ "$output" = "cycle,time_ms,action,value" ]
	[ "${stderr}" = "planrun: cycle 1: elements nested deeper than 32: the deepest one reported an error
planrun: 3 cycles reported an error, the first cycle 1 (--log - --monitor Z shows them)" ]
}

@test "planrun: a run without errors still exits 0" {
	run -0 --separate-stderr planrun bumper.plan --senses "$SENSES" \
	    --result Beep=fail
	[ -z "$stderr" ]
}

@test "a plan source where a compiled plan goes: compile it with plancc" {
	run --separate-stderr planrun "$SPINE_ROOT/examples/explorer.yaml" \
	    --senses "$SPINE_ROOT/examples/explorer.senses.csv"
	assert_failure 65
	[ "$stderr" = "planrun: $SPINE_ROOT/examples/explorer.yaml: error: not a compiled plan but text (a plan source?): compile it with plancc first" ]
	run --separate-stderr armctl --port /nonexistent push \
	    "$SPINE_ROOT/examples/arm.yaml"
	assert_failure 65
	[[ "$stderr" == *"compile it with plancc first" ]]
	# bytes that are not text keep the plain reason
	printf '\001\002\003\004' > "$BATS_TEST_TMPDIR/junk.plan"
	run --separate-stderr planrun "$BATS_TEST_TMPDIR/junk.plan"
	assert_failure 65
	[[ "$stderr" != *plancc* ]]
}
