#!/usr/bin/env bats
# The armctl suites' core over TCP: armsim --listen tcp:127.0.0.1:0 in
# place of a pty (start_armsim with ARMSIM_LISTEN=tcp), and armctl
# --port tcp:HOST:PORT: push, pull, start, monitor, pos, run, stop, a
# lossy upload, clients coming and going, and the connect errors.

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm

setup() {
	ARMSIM_LISTEN=tcp
	plancc -o "$BATS_TEST_TMPDIR/wave.plan" \
		"$SPINE_ROOT/examples/plans/arm-wave.inst" 2>/dev/null
}

teardown() {
	stop_armsim
}

@test "tcp: armsim --listen prints the address it picked; info over it" {
	start_armsim
	[[ "$PORT" =~ ^tcp:127\.0\.0\.1:[1-9][0-9]*$ ]]
	run --separate-stderr armctl --port "$PORT" info
	[ "$status" -eq 0 ]
	[[ "$output" == *"port: $PORT (tcp)"* ]]
	[[ "$output" == *"firmware: armsim"* ]]
}

@test "tcp: push then pull gives back the same bytes; clients come and go" {
	start_armsim
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/wave.plan"
	# each armctl is a new connection: armsim went back to accepting
	for i in 1 2 3; do
		armctl --port "$PORT" pull "$BATS_TEST_TMPDIR/back.plan"
		cmp "$BATS_TEST_TMPDIR/wave.plan" "$BATS_TEST_TMPDIR/back.plan"
	done
}

@test "tcp: start, monitor with names, stop" {
	start_armsim
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/wave.plan"
	armctl --port "$PORT" start
	run --separate-stderr armctl --port "$PORT" monitor \
		--names "$BATS_TEST_TMPDIR/wave.plan" --count 20
	[ "$status" -eq 0 ]
	# joining: a B, Q and R for the 2 drives, then the 20 events
	[ "${#lines[@]}" -eq 26 ]
	# drive Wave (id 2) runs: examples/plans/arm-wave.inst
	printf '%s\n' "${lines[@]:6}" | cut -d, -f3- | grep -qx "E,D,2,Wave,,,,,,"
	armctl --port "$PORT" stop
	run armctl --port "$PORT" info
	[[ "$output" == *"state: idle"* ]]
}

@test "tcp: run streams waypoints and pos reads where the arm ended" {
	start_armsim --links 100,80,40
	# q1 0..20, q2 0..-10: the arm ends on the last row
	awk 'BEGIN { print "q1,q2,q3"; for (i = 0; i <= 20; i++)
		printf "%g,%g,0\n", i, -i / 2 }' >"$BATS_TEST_TMPDIR/path.csv"
	run --separate-stderr armctl --port "$PORT" run "$BATS_TEST_TMPDIR/path.csv"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	run armctl --port "$PORT" pos
	[ "$output" = "$(printf 'q1,q2,q3\n20,-10,0')" ]
}

@test "tcp: 20% drop and corruption: the upload completes bit-exact" {
	make_big_plan big 100
	start_armsim --drop 0.2 --corrupt 0.2 --seed 3 --baud-sim 115200
	run --separate-stderr armctl --port "$PORT" -v push "$BATS_TEST_TMPDIR/big.plan"
	[ "$status" -eq 0 ] || fail "$stderr"
	[[ "$stderr" =~ [1-9][0-9]*" resent" ]]
	armctl --port "$PORT" pull "$BATS_TEST_TMPDIR/back.plan"
	cmp "$BATS_TEST_TMPDIR/big.plan" "$BATS_TEST_TMPDIR/back.plan"
}

@test "tcp: a client that hangs up mid-request does not stop armsim" {
	start_armsim
	# half a frame, then the connection closes
	printf '\x7e\x01\x02' | timeout 5 bash -c \
		"exec 5<>/dev/tcp/127.0.0.1/${PORT##*:}; cat >&5; exec 5>&-"
	run armctl --port "$PORT" info
	[ "$status" -eq 0 ]
}

@test "tcp: refused is 69, a bad address is a usage error" {
	start_armsim
	port=${PORT##*:}
	stop_armsim
	# nothing listens there now (armsim just gave the port up)
	run --separate-stderr armctl --port "tcp:127.0.0.1:$port" info
	[ "$status" -eq 69 ]
	[[ "$stderr" == "armctl: tcp:127.0.0.1:$port (tcp): connection refused"* ]]
	run --separate-stderr armctl --port tcp:127.0.0.1:99999 info
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"want tcp:HOST:PORT with a port from 1 to 65535"* ]]
	run --separate-stderr armctl --port tcp:no-such-host.invalid:5 info
	[ "$status" -eq 69 ]
	run --separate-stderr armsim --listen tcp:127.0.0.1
	[ "$status" -eq 2 ]
	run --separate-stderr armsim --listen tcp:127.0.0.1:0 --link x
	[ "$status" -eq 2 ]
}
