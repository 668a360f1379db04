#!/usr/bin/env bats
# Nothing lost, nothing left behind (issue 12): armsim never clobbers a
# file it did not make, and output files stay whole through signals and
# keep the mode of the file they replace.

load lib/helper
bats_require_minimum_version 1.5.0

@test "armsim --link refuses to replace a regular file" {
	echo precious >"$BATS_TEST_TMPDIR/robot.plan"
	run --separate-stderr armsim --link "$BATS_TEST_TMPDIR/robot.plan" --exit-after 1
	[ "$status" -eq 74 ]
	[ "$stderr" = "armsim: --link $BATS_TEST_TMPDIR/robot.plan: exists and is not a symbolic link; not replacing it" ]
	[ "$(cat "$BATS_TEST_TMPDIR/robot.plan")" = precious ]
}

@test "armsim --link replaces a stale link of an earlier run" {
	ln -s /nonexistent/pts/99 "$BATS_TEST_TMPDIR/tty"
	armsim --link "$BATS_TEST_TMPDIR/tty" --exit-after 0.5 >/dev/null 2>&1 3>&-
	# armsim removes its own link when it ends
	[ ! -e "$BATS_TEST_TMPDIR/tty" ] && [ ! -L "$BATS_TEST_TMPDIR/tty" ]
}

@test "armsim --eeprom refuses a file that is not a plan store, exit 65" {
	printf 'ab' >"$BATS_TEST_TMPDIR/tiny"
	run --separate-stderr armsim --eeprom "$BATS_TEST_TMPDIR/tiny" --exit-after 1
	[ "$status" -eq 65 ]
	[[ "$stderr" == "armsim: $BATS_TEST_TMPDIR/tiny: not a plan store (2 bytes;"* ]]
	# untouched
	[ "$(cat "$BATS_TEST_TMPDIR/tiny")" = ab ]
	# big enough, but its first descriptor is neither erased nor ours
	head -c 1056 /dev/zero >"$BATS_TEST_TMPDIR/zeros"
	run --separate-stderr armsim --eeprom "$BATS_TEST_TMPDIR/zeros" --exit-after 1
	[ "$status" -eq 65 ]
	cmp "$BATS_TEST_TMPDIR/zeros" <(head -c 1056 /dev/zero)
}

@test "armsim --eeprom still takes its own store, new or written" {
	armsim --eeprom "$BATS_TEST_TMPDIR/ee" --exit-after 0.3 >/dev/null 2>&1 3>&-
	[ -s "$BATS_TEST_TMPDIR/ee" ]
	run armsim --eeprom "$BATS_TEST_TMPDIR/ee" --exit-after 0.3
	[ "$status" -eq 0 ]
}

@test "SIGTERM while writing an output file leaves neither it nor a temporary" {
	cd "$BATS_TEST_TMPDIR"
	mjtraj --from 0,0,0 --to 1,2,3 -n 200000000 -o out.csv 3>&- &
	pid=$!
	# wait (bounded) until the temporary exists and grows
	for i in $(seq 100); do
		ls -A | grep -q '^\.out\.csv\.' && break
		sleep 0.05
	done
	ls -A | grep -q '^\.out\.csv\.'
	kill -TERM "$pid"
	status=0
	wait "$pid" || status=$?
	[ "$status" -eq 143 ]
	[ -z "$(ls -A)" ]
}

@test "an output file that replaces another keeps its mode" {
	cd "$BATS_TEST_TMPDIR"
	echo old >m.csv
	chmod 600 m.csv
	mjtraj --from 0 --to 1 -n 3 -o m.csv
	[ "$(stat -c %a m.csv)" = 600 ]
	grep -q '^t,' m.csv
	# a new file gets the umask as a plain open would
	(umask 022; mjtraj --from 0 --to 1 -n 3 -o n.csv)
	[ "$(stat -c %a n.csv)" = 644 ]
}
