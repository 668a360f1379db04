#!/usr/bin/env bats
# Every wait ends and no failure is blamed on the wrong thing (issue 27):
# monitor and telemetry give up on a robot that stopped answering (75) or
# a plan that is not running (1), also inside a session; a session fed an
# endless line still ends on a signal and lets go of the port; its log
# is never written through a symbolic link and its write errors are said;
# a port used without its lock is said so; a local error in a session is
# not taken for a lost link; --names that is not the robot's plan is
# refused, naming both.  The plan is examples/plans/arm-wave.inst.

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm

setup() {
	cd "$BATS_TEST_TMPDIR"
	plancc -o wave.plan "$SPINE_ROOT/examples/plans/arm-wave.inst" 2>/dev/null
}

teardown() {
	[ -z "${BG_PID:-}" ] || { kill -CONT "${ARMSIM_PID:-0}" 2>/dev/null
		kill "$BG_PID" 2>/dev/null; wait "$BG_PID" 2>/dev/null || true; }
	stop_armsim
}

# Wait (up to 10 s) for process $1 to end; its status in $status.
wait_end() {
	local i
	for i in $(seq 200); do
		kill -0 "$1" 2>/dev/null || break
		sleep 0.05
	done
	! kill -0 "$1" 2>/dev/null || fail "process $1 still running"
	status=0
	wait "$1" || status=$?
}

@test "monitor --count on a plan that is not running: said, exit 1, not a wait" {
	start_armsim
	armctl --port "$PORT" push wave.plan
	armctl --port "$PORT" --timeout 50 --retries 1 monitor --count 5 \
		>out 2>err 3>&- &
	BG_PID=$!
	wait_end "$BG_PID"
	BG_PID=
	[ "$status" -eq 1 ] || fail "$(cat err)"
	grep -qx "armctl: monitor: the plan is not running ('armctl start', or --start)" err
}

@test "telemetry --count from a robot that freezes: exit 75, the robot stopped answering" {
	start_armsim
	armctl --port "$PORT" --timeout 50 --retries 1 telemetry --every 20ms \
		--count 100000 >out 2>err 3>&- &
	BG_PID=$!
	for i in $(seq 100); do [ "$(wc -l <out)" -ge 3 ] && break; sleep 0.05; done
	kill -STOP "$ARMSIM_PID"
	wait_end "$BG_PID"
	BG_PID=
	kill -CONT "$ARMSIM_PID"
	[ "$status" -eq 75 ] || fail "$(cat err)"
	grep -qx "armctl: telemetry: the robot stopped answering" err
	[ "$(wc -l <out)" -ge 3 ]
}

@test "monitor --count in a session on a stopped plan: the line fails, the session goes on" {
	start_armsim
	armctl --port "$PORT" push wave.plan
	printf 'monitor --count 5\npos\n' >cmds
	run --separate-stderr timeout 20 armctl --port "$PORT" --timeout 50 \
		--retries 1 session <cmds
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"stdin:1: monitor: the plan is not running"* ]]
	[ "${lines[-1]}" = "0,0,0" ]
}

@test "a session fed an endless line ends on SIGINT and SIGTERM and frees the port" {
	start_armsim
	for sig in INT TERM; do
		# a line too long to keep, then more of it, a byte at a time
		(head -c 9000 /dev/zero; while printf x; do sleep 0.05; done) |
		    armctl --port "$PORT" session >out 2>err 3>&- &
		BG_PID=$!
		# it has the port, and says so of the line
		for i in $(seq 100); do grep -q "line too long" err && break; sleep 0.05; done
		grep -q "stdin:1: error: line too long" err
		kill -"$sig" "$BG_PID"
		wait_end "$BG_PID"
		BG_PID=
		# the signal is said as itself, not as a lost link
		grep -q "interrupted: the arm is stopped" err || fail "$(cat err)"
		! grep -q "link is lost" err || fail "$(cat err)"
		# the port is free again at once
		run --separate-stderr armctl --port "$PORT" pos
		[ "$status" -eq 0 ] || fail "$sig: $stderr"
	done
	# an endless line that comes fast: given up after a mebibyte
	run --separate-stderr timeout 20 sh -c "cat /dev/zero |
	    armctl --port '$PORT' session"
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"stdin:1: error: no end of line in a mebibyte: the rest of the file is skipped" ]]
}

@test "an @FILE with no end of line: given up after a mebibyte, said" {
	start_armsim
	head -c 3000000 /dev/zero >zeros
	printf '@zeros\npos\n' >cmds
	run --separate-stderr timeout 20 armctl --port "$PORT" session <cmds
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"zeros:1: error: no end of line in a mebibyte: the rest of the file is skipped"* ]]
	[ "${lines[-1]}" = "0,0,0" ]
}

@test "session --log-dir does not write through a symbolic link" {
	start_armsim
	mkdir logs
	echo precious >victim
	ln -s ../victim logs/armsim_0.1.0@tty.csv
	run --separate-stderr armctl --port "$PORT" session --log-dir logs </dev/null
	[ "$status" -eq 74 ]
	[ "$stderr" = "armctl: logs/armsim_0.1.0@tty.csv: a symbolic link: not followed" ]
	[ "$(cat victim)" = precious ]
}

@test "session --log-dir says when writing the log fails, exit 74" {
	start_armsim
	armctl --port "$PORT" push wave.plan
	armctl --port "$PORT" start
	# files of 1 block at most: the log fails once it is past 512 bytes
	run --separate-stderr bash -c "trap '' XFSZ; ulimit -f 1
		printf 'monitor --count 100\n' |
		    armctl --port '$PORT' session --log-dir logs >/dev/null"
	[ "$status" -eq 74 ]
	[[ "$stderr" == *"session: logs/armsim_0.1.0@tty.csv: writing the log failed: File too large"* ]]
}

@test "a local error in a session is not a lost link" {
	start_armsim
	# the log folder cannot be made: said once, no reconnecting
	run --separate-stderr armctl --port "$PORT" session --log-dir nolog/sub </dev/null
	[ "$status" -eq 74 ]
	[ "$stderr" = "armctl: --log-dir nolog/sub: No such file or directory" ]
	# a line's own file: its error, then the next line on the same link
	printf 'push .\npos\n' >cmds
	run --separate-stderr armctl --port "$PORT" session <cmds
	[ "$status" -ne 0 ]
	[[ "$stderr" != *"link is lost"* ]]
	[ "${lines[-1]}" = "0,0,0" ]
}

@test "a port that cannot be locked is used, and said so" {
	start_armsim
	export SPINE_LOCK_DIR=$BATS_TEST_TMPDIR/locks
	# no lock folder
	run --separate-stderr armctl --port "$PORT" pos
	[ "$status" -eq 0 ]
	[[ "$stderr" == "armctl: warning: $PORT is used without its lock ($SPINE_LOCK_DIR/spine-port"*".lock: no such folder): another program could use it at the same time" ]]
	# a symbolic link planted where the lock file goes
	path=$(sed 's/.*(\(.*\): no such folder.*/\1/' <<<"$stderr")
	mkdir locks
	ln -s ../victim "$path"
	run --separate-stderr armctl --port "$PORT" pos
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"($path: a symbolic link is in its place)"* ]]
	[ ! -e victim ]
}

@test "--names that is not the robot's plan is refused, naming both; --force takes it" {
	start_armsim
	plancc -o other.plan "$SPINE_ROOT/examples/arm.yaml" 2>/dev/null
	armctl --port "$PORT" push wave.plan
	run --separate-stderr armctl --port "$PORT" --names other.plan prio D:2
	[ "$status" -eq 65 ]
	[[ "$stderr" =~ ^"armctl: --names other.plan (plan crc32 "[0-9a-f]{8}") is not the plan the robot holds (plan crc32 "[0-9a-f]{8}"); --force uses its names anyway"$ ]]
	run --separate-stderr armctl --port "$PORT" --names other.plan --force prio D:2
	[ "$status" -eq 0 ]
	# the same plan stripped on the robot: its original's names, by CRC
	plancc --strip -o bare.plan "$SPINE_ROOT/examples/plans/arm-wave.inst" 2>/dev/null
	armctl --port "$PORT" push bare.plan
	run --separate-stderr armctl --port "$PORT" --names wave.plan prio Wave
	[ "$status" -eq 0 ]
	[ "$output" = $'id,name,priority\n2,Wave,100' ]
}
