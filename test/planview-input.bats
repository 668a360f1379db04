#!/usr/bin/env bats
# planview's input and outputs at their edges: what is not an event log
# (garbage without a line end, an empty file, endless NULs, an endless
# line) is refused with file:line:col and 65, at once, in every mode; a
# write that fails (/dev/full) is 74 with a message.

load lib/helper
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_TMPDIR"
	plancc "$SPINE_ROOT/examples/explorer.yaml" -o e.plan 2>/dev/null
	planrun e.plan --senses "$SPINE_ROOT/examples/explorer.senses.csv" \
	    --log run.log -o /dev/null
}

teardown() {
	tmux -S "$BATS_TEST_TMPDIR/tmux.sock" kill-server 2>/dev/null || true
}

@test "garbage without a line end is not an empty log: 65, file:line:col" {
	printf garbage > g
	run -65 --separate-stderr planview --plain e.plan g
	[ "$stderr" = "planview: g:1:1: error: not an event log: no 'cycle' column" ]
	[ -z "$output" ]
	run -65 --separate-stderr planview --html g.html e.plan g
	[ ! -e g.html ]
	run -65 --separate-stderr planview --svg g.svg e.plan g
	[ ! -e g.svg ]
	# a whole first line that is no header: the same
	printf 'garbage\n' > g2
	run -65 --separate-stderr planview --plain e.plan g2
	[ "$stderr" = "planview: g2:1:1: error: not an event log: no 'cycle' column" ]
	# JSON lines whose only line is cut short: no whole event
	printf '{"cycle":1,"ti' > j
	run -65 --separate-stderr planview --plain e.plan j
	[ "$stderr" = "planview: j:1:15: error: the first line has no line end: no whole event" ]
}

@test "an empty input is refused like planrun --replay refuses it" {
	: > empty
	run -65 --separate-stderr planview --plain e.plan empty
	[ "$stderr" = "planview: empty:1:1: error: empty: an event log starts with a header line" ]
	run -65 --separate-stderr planview --plain e.plan - < /dev/null
	[ "$stderr" = "planview: <stdin>:1:1: error: empty: an event log starts with a header line" ]
	run -65 --separate-stderr planrun e.plan --replay empty
}

@test "endless NULs and an endless line end at once (65), not at the end" {
	run -65 --separate-stderr timeout 20 planview --plain e.plan /dev/zero
	[ "$stderr" = "planview: /dev/zero:1:1: error: a NUL byte: not an event log" ]
	# a NUL in the middle of a good log: its line and column
	n=$(($(wc -l < run.log) / 2))
	{ head -n "$n" run.log; printf '5,4000,R\0'; yes | head -c 1000000; } > nul.log
	run -65 --separate-stderr planview --plain e.plan nul.log
	[ "$stderr" = "planview: nul.log:$((n + 1)):9: error: a NUL byte: not an event log" ]
	# a line that never ends: refused at its 4096th byte, from a pipe
	run -65 --separate-stderr timeout 20 sh -c \
	    "yes x | tr -d '\n' | planview --plain e.plan -"
	[ "$stderr" = "planview: <stdin>:1:4096: error: a line longer than 4095 bytes: not an event log" ]
	# the live view too (under tmux), its message once the screen is gone
	command -v tmux >/dev/null || fail "tmux is not installed (scripts/install-deps)"
	tmux -S "$BATS_TEST_TMPDIR/tmux.sock" new-session -d -s pv -x 80 -y 24 \
	    "planview e.plan /dev/zero 2>err; echo status=\$? > status" 3>&-
	for _ in $(seq 100); do [ -s status ] && break; sleep 0.2; done
	[ "$(cat status)" = "status=65" ]
	[ "$(cat err)" = "planview: /dev/zero:1:1: error: a NUL byte: not an event log" ]
}

@test "random bytes as a log, many times: refused (65) or read, never a hang" {
	local i
	for i in $(seq 1 30); do
		head -c $((RANDOM % 3000 + 1)) /dev/urandom > r.log
		run timeout 20 planview --plain e.plan r.log
		[ "$status" -eq 65 ] || [ "$status" -eq 0 ] ||
		    fail "status $status on $(od -A x -t x1 r.log | head -2)"
	done
}

@test "writes that fail are 74, with the reason" {
	[ -c /dev/full ] || skip "/dev/full is not the full device here"
	run -74 --separate-stderr planview --html /dev/full e.plan run.log
	[ "$stderr" = "planview: /dev/full: No space left on device" ]
	run -74 --separate-stderr planview --svg /dev/full e.plan run.log
	[ "$stderr" = "planview: /dev/full: No space left on device" ]
	run -74 --separate-stderr sh -c 'planview --plain e.plan run.log > /dev/full'
	[ "$stderr" = "planview: stdout: write error" ]
}
