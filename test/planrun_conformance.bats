#!/usr/bin/env bats
# planrun_conformance.bats - plancc + planrun against every trace in
# $SHARED/reference/traces (the original planner's runs): the actions
# exactly, the same monitor events in the same order, the same counters.
# Traces are found by listing the folder, so new ones are checked too.

load lib/helper
load lib/trace

setup() {
	require_shared
	WORK=$BATS_TEST_TMPDIR
}

@test "the reference README describes every trace" {
	local n names
	names=$(trace_names)
	[ -n "$names" ]
	for n in $names; do
		[ -n "$(trace_row "$n")" ] || fail "no README row for $n"
		[ -f "$PLANS/$(trace_field "$n" 2)" ] ||
			fail "$n: plan $(trace_field "$n" 2) not found"
		[ -n "$(trace_tick_every "$n")" ] ||
			fail "$n: cannot read the timers: $(trace_field "$n" 4)"
	done
}

@test "every reference trace: the action sequence exactly" {
	local n plan
	for n in $(trace_names); do
		trace_run "$n" "$WORK/$n" || fail "$n: planrun failed"
		plan=$PLANS/$(trace_field "$n" 2)
		trace_translate actions "$plan" "$WORK/$n.actions" \
			>"$WORK/$n.got"
		diff -u "$TRACES/$n.actions.csv" "$WORK/$n.got" ||
			fail "$n: actions differ"
	done
}

@test "every reference trace: the log carries the same events in order" {
	local n plan
	for n in $(trace_names); do
		trace_run "$n" "$WORK/$n" || fail "$n: planrun failed"
		plan=$PLANS/$(trace_field "$n" 2)
		trace_reference_log "$n" >"$WORK/$n.want"
		[ -s "$WORK/$n.want" ] || fail "$n: no events in the trace"
		trace_translate log "$plan" "$WORK/$n.log" >"$WORK/$n.got"
		diff -u "$WORK/$n.want" "$WORK/$n.got" ||
			fail "$n: events differ"
	done
}

@test "every reference trace with counters: the same counts" {
	local n plan
	for n in $(trace_names); do
		trace_reference_counters "$n" | sort >"$WORK/$n.want"
		[ -s "$WORK/$n.want" ] || continue
		trace_run "$n" "$WORK/$n" || fail "$n: planrun failed"
		plan=$PLANS/$(trace_field "$n" 2)
		trace_translate stats "$plan" "$WORK/$n.stats" |
			awk -F, 'NR == FNR { want[$2] = 1; next } $2 in want' \
			"$WORK/$n.want" - | sort >"$WORK/$n.got"
		diff -u "$WORK/$n.want" "$WORK/$n.got" ||
			fail "$n: counters differ"
	done
}

@test "the fixture trace: ramp, urgency and saturation are visible" {
	# drive 3 (Worker) ramps +1 every 3 ticks, x1.5 while latched, and
	# saturates at 255 (cycle 16 of the trace); its counts in the log
	[ -f "$TRACES/fixture.actions.csv" ] || skip "no fixture trace"
	trace_run fixture "$WORK/f"
	run grep -c '^[0-9]*,[0-9]*,E,D,[0-9]*,Worker,' "$WORK/f.log"
	[ "$output" = 12 ]
	run awk -F, '$1 == "Worker" || $2 == "Worker"' "$WORK/f.stats"
	[ "$output" = "D,Worker,12,2" ]
}

@test "a replay of each reference run reproduces its actions" {
	local n
	for n in $(trace_names); do
		trace_run "$n" "$WORK/$n" || fail "$n: planrun failed"
		planrun "$WORK/$n.plan" --replay "$WORK/$n.log" \
			>"$WORK/$n.replayed"
		cmp "$WORK/$n.actions" "$WORK/$n.replayed" ||
			fail "$n: the replay differs"
	done
}
