#!/usr/bin/env bats
# One armctl at a time on a port: a second one fails at once with "port
# busy: armctl (pid N) has it" (exit 69) while the first one's run goes on
# to its end; the lock dies with its holder; list is not blocked.

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm
ARMSIM_TIME_SCALE=1	# the slow run must still be going when the second comes

teardown() {
	[ -z "${RUN_PID:-}" ] || { kill "$RUN_PID" 2>/dev/null; wait "$RUN_PID" 2>/dev/null || true; }
	stop_armsim
}

# A slow run: q1 from 0 to 30 in 60 steps of 50 ms (3 s), in the
# background; RUN_PID, and armsim has begun taking setpoints.
slow_run() {
	awk 'BEGIN { print "q1,q2,q3"; for (i = 0; i <= 60; i++)
		printf "%g,0,0\n", i / 2 }' >"$BATS_TEST_TMPDIR/slow.csv"
	armctl --port "$PORT" --period 50 run "$BATS_TEST_TMPDIR/slow.csv" \
		>"$BATS_TEST_TMPDIR/run.out" 2>"$BATS_TEST_TMPDIR/run.err" 3>&- &
	RUN_PID=$!
	wait_armsim_log SETPOINT
}

busy_while_running() {
	start_armsim -v
	slow_run
	run --separate-stderr armctl --port "$PORT" pos
	[ "$status" -eq 69 ]
	[[ "$stderr" == *"port busy: armctl (pid $RUN_PID) has it" ]]
	# it failed while the run was still going, and did not break it
	kill -0 "$RUN_PID"
	status=0
	wait "$RUN_PID" || status=$?
	RUN_PID=
	[ "$status" -eq 0 ] || fail "the run failed: $(cat "$BATS_TEST_TMPDIR/run.err")"
	run armctl --port "$PORT" pos
	[ "$output" = "$(printf 'q1,q2,q3\n30,0,0')" ]
}

@test "a second armctl on a busy port fails fast; the first run completes" {
	busy_while_running
}

@test "the same over tcp" {
	ARMSIM_LISTEN=tcp
	busy_while_running
}

@test "two links to one pty share the lock" {
	start_armsim -v
	ln -s "$(readlink "$PORT")" "$BATS_TEST_TMPDIR/other"
	slow_run
	run --separate-stderr armctl --port "$BATS_TEST_TMPDIR/other" info
	[ "$status" -eq 69 ]
	[[ "$stderr" == *"port busy: armctl (pid $RUN_PID) has it" ]]
}

@test "a killed holder leaves no stale lock" {
	start_armsim -v
	slow_run
	kill -KILL "$RUN_PID"
	wait "$RUN_PID" || true
	RUN_PID=
	run armctl --port "$PORT" info
	[ "$status" -eq 0 ]
}

@test "list is not blocked by a busy port" {
	start_armsim -v
	slow_run
	run armctl list --all
	[ "$status" -eq 0 ]
}
