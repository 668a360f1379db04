#!/usr/bin/env bats
# armsim's --link: the link is removed at exit only if it is still the one
# this armsim made, never a newer armsim's (even on the same /dev/pts/N).

load lib/helper
load lib/arm
bats_require_minimum_version 1.5.0

teardown() {
	stop_armsim
	[ -z "${PID2:-}" ] || { kill "$PID2" 2>/dev/null; wait "$PID2" 2>/dev/null || true; }
}

@test "two armsims in quick succession on one --link: the first one's exit leaves the second's link" {
	start_armsim
	first=$(readlink "$PORT")
	armsim --link "$PORT" >"$BATS_TEST_TMPDIR/second.out" \
		2>"$BATS_TEST_TMPDIR/second.err" 3>&- &
	PID2=$!
	for i in $(seq 100); do
		[ "$(readlink "$PORT")" != "$first" ] && break
		sleep 0.05
	done
	second=$(readlink "$PORT")
	[ "$second" != "$first" ]
	stop_armsim
	[ "$(readlink "$PORT")" = "$second" ]
	run armctl --port "$PORT" info
	[ "$status" -eq 0 ]
	kill "$PID2"; wait "$PID2" || true; PID2=
	[ ! -e "$PORT" ] && [ ! -L "$PORT" ]
}

@test "a new link to the same pty (as an armsim given the same /dev/pts/N makes) survives the old one's exit" {
	start_armsim
	target=$(readlink "$PORT")
	# what a newer armsim does: a fresh link renamed over the old one
	ln -s "$target" "$PORT.new" && mv -T "$PORT.new" "$PORT"
	stop_armsim
	[ -L "$PORT" ]
	[ "$(readlink "$PORT")" = "$target" ]
}

@test "armsim removes its own link when it exits" {
	start_armsim
	[ -L "$PORT" ]
	stop_armsim
	[ ! -L "$PORT" ]
}
