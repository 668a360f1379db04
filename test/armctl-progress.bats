#!/usr/bin/env bats
# armctl run draws a progress bar of executed steps on a terminal (as push
# does for bytes) and nothing when stderr is a file or a pipe.

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm

teardown() {
	stop_armsim
}

path21() {
	# 21 steps: q1 from 0 to 20
	awk 'BEGIN { print "q1,q2,q3"; for (i = 0; i <= 20; i++)
		printf "%g,0,0\n", i }' >"$BATS_TEST_TMPDIR/path.csv"
}

@test "run on a terminal shows a bar that ends at every step done" {
	command -v script >/dev/null || skip "script(1) is not installed"
	start_armsim
	path21
	# script(1) gives armctl a pty for stdout and stderr
	run script -qec "armctl --port '$PORT' --period 20 run '$BATS_TEST_TMPDIR/path.csv'" \
		"$BATS_TEST_TMPDIR/typescript" </dev/null
	[ "$status" -eq 0 ]
	[[ "$output" == *"run ["* ]]
	[[ "$output" == *"] 100% 21/21 steps"* ]]
}

@test "run with stderr not a terminal prints no bar" {
	start_armsim
	path21
	run --separate-stderr armctl --port "$PORT" --period 20 run \
		"$BATS_TEST_TMPDIR/path.csv"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ -z "$output" ]
}
