#!/usr/bin/env bats
# armctl against armsim over real pseudo-terminals: the handshake, plans
# in and out (also through a faulty line and a cut one), exit statuses.

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm

teardown() {
	stop_armsim
}

@test "armctl info reports the handshake" {
	start_armsim --links 100,80,40
	run --separate-stderr armctl --port "$PORT" info
	[ "$status" -eq 0 ]
	assert_line "protocol: 1"
	assert_line --partial "firmware: armsim"
	assert_line "joints: 3"
	assert_line "links: 100,80,40"
	assert_line "reach: 220"
	# (16384 - 32) / 2 - 8: two slots after two 16-byte descriptors, each
	# ending in its plan's 8-byte run configuration
	assert_line "plan capacity: 8168"
	assert_line "plan: none"
	assert_line "port: $PORT (termios)"
}

@test "armctl info takes the port from SPINE_PORT" {
	start_armsim --links 50.5,20 --store-size 4096
	SPINE_PORT=$PORT run --separate-stderr armctl info
	[ "$status" -eq 0 ]
	assert_line "joints: 2"
	assert_line "links: 50.5,20"
	assert_line "reach: 70.5"
	# (4096 - 32) / 2 - 8
	assert_line "plan capacity: 2024"
}

@test "push then pull gives back the same bytes, also after a restart" {
	make_plan p1
	start_armsim --eeprom "$BATS_TEST_TMPDIR/ee"
	run --separate-stderr armctl --port "$PORT" push "$BATS_TEST_TMPDIR/p1.plan"
	[ "$status" -eq 0 ]
	run --separate-stderr armctl --port "$PORT" pull "$BATS_TEST_TMPDIR/back.plan"
	[ "$status" -eq 0 ]
	cmp "$BATS_TEST_TMPDIR/p1.plan" "$BATS_TEST_TMPDIR/back.plan"
	stop_armsim
	start_armsim --eeprom "$BATS_TEST_TMPDIR/ee"
	rm "$BATS_TEST_TMPDIR/back.plan"
	run --separate-stderr armctl --port "$PORT" pull "$BATS_TEST_TMPDIR/back.plan"
	[ "$status" -eq 0 ]
	cmp "$BATS_TEST_TMPDIR/p1.plan" "$BATS_TEST_TMPDIR/back.plan"
	run --separate-stderr armctl --port "$PORT" info
	size=$(stat -c %s "$BATS_TEST_TMPDIR/p1.plan")
	crc=$(gzip -c <"$BATS_TEST_TMPDIR/p1.plan" | tail -c8 | od -An -tx4 -N4 | tr -d ' ')
	assert_line "plan: $size bytes, crc32 $crc"
}

@test "pull - writes the plan to stdout" {
	make_plan p1
	start_armsim
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/p1.plan"
	armctl --port "$PORT" pull - >"$BATS_TEST_TMPDIR/out.plan"
	cmp "$BATS_TEST_TMPDIR/p1.plan" "$BATS_TEST_TMPDIR/out.plan"
}

@test "a second push replaces the plan" {
	make_plan p1 1
	make_plan p2 7
	! cmp -s "$BATS_TEST_TMPDIR/p1.plan" "$BATS_TEST_TMPDIR/p2.plan"
	start_armsim
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/p1.plan"
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/p2.plan"
	armctl --port "$PORT" pull "$BATS_TEST_TMPDIR/back.plan"
	cmp "$BATS_TEST_TMPDIR/p2.plan" "$BATS_TEST_TMPDIR/back.plan"
}

@test "push through a line that drops and corrupts frames stores exact bytes" {
	make_big_plan big 150
	start_armsim --eeprom "$BATS_TEST_TMPDIR/ee" --drop 0.05 --corrupt 0.05 --seed 7
	run --separate-stderr armctl --port "$PORT" --timeout 100 --retries 10 -v \
		push "$BATS_TEST_TMPDIR/big.plan"
	[ "$status" -eq 0 ]
	# the faults really happened: armctl had to resend
	[[ "$stderr" =~ ([1-9][0-9]*)\ resent ]]
	stop_armsim
	# read back over a clean line from the same EEPROM
	start_armsim --eeprom "$BATS_TEST_TMPDIR/ee"
	armctl --port "$PORT" pull "$BATS_TEST_TMPDIR/back.plan"
	cmp "$BATS_TEST_TMPDIR/big.plan" "$BATS_TEST_TMPDIR/back.plan"
}

@test "pull through a faulty line reads the exact bytes" {
	make_big_plan big 150
	start_armsim --eeprom "$BATS_TEST_TMPDIR/ee"
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/big.plan"
	stop_armsim
	start_armsim --eeprom "$BATS_TEST_TMPDIR/ee" --drop 0.05 --corrupt 0.05 --seed 11
	run --separate-stderr armctl --port "$PORT" --timeout 100 --retries 10 \
		pull "$BATS_TEST_TMPDIR/back.plan"
	[ "$status" -eq 0 ]
	cmp "$BATS_TEST_TMPDIR/big.plan" "$BATS_TEST_TMPDIR/back.plan"
}

@test "a link cut mid-upload fails clearly and the old plan survives" {
	make_plan old 1
	make_big_plan big 150
	start_armsim --eeprom "$BATS_TEST_TMPDIR/ee"
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/old.plan"
	stop_armsim
	# the robot hangs after the handshake, the 11 DESCRIBE requests of
	# the plan check, BEGIN and 5 chunks; then we pull the plug while
	# armctl waits
	start_armsim --eeprom "$BATS_TEST_TMPDIR/ee" --stall-after 18
	armctl --port "$PORT" --timeout 2000 --retries 5 \
		push "$BATS_TEST_TMPDIR/big.plan" \
		>"$BATS_TEST_TMPDIR/push.out" 2>"$BATS_TEST_TMPDIR/push.err" 3>&- &
	push_pid=$!
	wait_armsim_log "stalled after 18 frames"
	kill_armsim
	status=0
	wait "$push_pid" || status=$?
	[ "$status" -eq 74 ]
	grep -q "link lost" "$BATS_TEST_TMPDIR/push.err"
	start_armsim --eeprom "$BATS_TEST_TMPDIR/ee"
	armctl --port "$PORT" pull "$BATS_TEST_TMPDIR/back.plan"
	cmp "$BATS_TEST_TMPDIR/old.plan" "$BATS_TEST_TMPDIR/back.plan"
}

@test "a robot that stops answering times out with status 75" {
	make_big_plan big 100
	start_armsim --stall-after 3
	run --separate-stderr armctl --port "$PORT" --timeout 50 --retries 2 \
		push "$BATS_TEST_TMPDIR/big.plan"
	[ "$status" -eq 75 ]
	# the give-up budget is (retries + 1) x timeout, resending at the
	# measured round trip within it
	[[ "$stderr" =~ "no reply from $PORT after "[0-9]+" tries in "[0-9]+" ms" ]]
}

@test "push refuses a file that is not a plan, before touching the port" {
	printf 'not a plan at all' >"$BATS_TEST_TMPDIR/junk.plan"
	run --separate-stderr armctl --port /nonexistent push "$BATS_TEST_TMPDIR/junk.plan"
	[ "$status" -eq 65 ]
	[[ "$stderr" == "armctl: $BATS_TEST_TMPDIR/junk.plan: error: not a valid plan: "* ]]
	run --separate-stderr armctl --port /nonexistent push "$BATS_TEST_TMPDIR/none.plan"
	[ "$status" -eq 66 ]
}

@test "push refuses a corrupted plan (one byte changed)" {
	make_plan p1
	start_armsim
	cp "$BATS_TEST_TMPDIR/p1.plan" "$BATS_TEST_TMPDIR/bad.plan"
	printf '\x55' | dd of="$BATS_TEST_TMPDIR/bad.plan" bs=1 seek=40 conv=notrunc 2>/dev/null
	run --separate-stderr armctl --port "$PORT" push "$BATS_TEST_TMPDIR/bad.plan"
	[ "$status" -eq 65 ]
}

@test "push --check compares the plan with the robot's capacity" {
	make_big_plan big 150
	size=$(stat -c %s "$BATS_TEST_TMPDIR/big.plan")
	[ "$size" -gt 2024 ]
	start_armsim --store-size 4096
	run --separate-stderr armctl --port "$PORT" --check push "$BATS_TEST_TMPDIR/big.plan"
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: $BATS_TEST_TMPDIR/big.plan: the plan is $size bytes; the robot holds at most 2024" ]
	make_plan small
	run --separate-stderr armctl --port "$PORT" --check push "$BATS_TEST_TMPDIR/small.plan"
	[ "$status" -eq 0 ]
	[[ "$output" == *"fits the robot's capacity of 2024 bytes" ]]
	# --check moved nothing: still no plan
	run armctl --port "$PORT" info
	assert_line "plan: none"
}

@test "pull with no plan stored fails with status 1" {
	start_armsim
	run --separate-stderr armctl --port "$PORT" pull "$BATS_TEST_TMPDIR/x.plan"
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: pull: the robot holds no plan" ]
	[ ! -e "$BATS_TEST_TMPDIR/x.plan" ]
}

@test "pos prints the encoders as CSV, starting where --start put the arm" {
	start_armsim --links 100,80 --start 30,-45.5
	run --separate-stderr armctl --port "$PORT" pos
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'q1,q2\n30,-45.5')" ]
}

@test "send makes one raw request and prints the reply" {
	start_armsim
	run --separate-stderr armctl --port "$PORT" send plan-info
	[ "$status" -eq 0 ]
	# size 0, CRC 0 and plan id 0: no plan; then the CRC-32 of armsim's
	# description (test/armctl-describe.bats works it out)
	[[ "$output" =~ ^"reply PLAN_INFO: 00 00 00 00 00 00 00 00 00 00 00 00"( [0-9a-f]{2}){4}$ ]]
	run --separate-stderr armctl --port "$PORT" send 0x14 0000 10
	[ "$status" -eq 1 ]
	[ "$output" = "error 6: no plan stored" ]
	run --separate-stderr armctl --port "$PORT" send 0x2f
	[ "$status" -eq 1 ]
	[ "$output" = "error 1: unknown request" ]
}

@test "exit statuses: no port, missing device, bad options" {
	run --separate-stderr env -u SPINE_PORT armctl info
	[ "$status" -eq 2 ]
	[ "$stderr" = "armctl: no port: give --port or set SPINE_PORT" ]
	run --separate-stderr armctl --port "$BATS_TEST_TMPDIR/nothing" info
	[ "$status" -eq 69 ]
	[[ "$stderr" == "armctl: $BATS_TEST_TMPDIR/nothing (libserialport): "* ]]
	run --separate-stderr armctl --port 0000:0000 info
	[ "$status" -eq 69 ]
	[ "$stderr" = "armctl: no USB serial port matches 0000:0000" ]
	run --separate-stderr armctl --port x --period 20 info
	[ "$status" -eq 2 ]
	[ "$stderr" = "armctl: --period is an option of 'run', not of 'info'" ]
	run --separate-stderr armctl --port x fly
	[ "$status" -eq 2 ]
	run --separate-stderr armctl --bogus info
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "armctl: --bogus: unknown option" ]
	[ "${stderr_lines[1]}" = "Try 'armctl --help' for more information." ]
	run --separate-stderr armctl info --port
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "armctl: --port: needs a value" ]
	run --separate-stderr armctl --timeout 0 info
	[ "$status" -eq 2 ]
	run armctl --help
	[ "$status" -eq 0 ]
	[[ "$output" == usage:* ]]
	run armctl --version
	[ "$status" -eq 0 ]
	[[ "$output" == "armctl (spine) "* ]]
}

@test "a file that is not a terminal is refused as a device" {
	: >"$BATS_TEST_TMPDIR/plain"
	run --separate-stderr armctl --port "$BATS_TEST_TMPDIR/plain" info
	[ "$status" -eq 69 ]
}

@test "list prints the serial ports libserialport sees, as CSV" {
	run --separate-stderr armctl list
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "port,description,usb,serial,robot" ]
	# armsim's pty is not a serial port libserialport lists
	start_armsim
	run --separate-stderr armctl list
	[[ "$output" != *"$(readlink "$PORT")"* ]]
}

@test "armsim survives random bytes on its line and still answers" {
	start_armsim
	head -c 200000 /dev/urandom >"$PORT"
	run --separate-stderr armctl --port "$PORT" info
	[ "$status" -eq 0 ]
	assert_line "joints: 3"
}

@test "bash completion: commands, their options and their files" {
	cd "$BATS_TEST_TMPDIR"
	touch a.plan b.csv
	run complete_words "$SPINE_ROOT/completions/armctl" armctl pu
	[ "$output" = "push pull" ]
	run complete_words "$SPINE_ROOT/completions/armctl" armctl --port x run --pe
	[ "$output" = "--period --persist" ]
	run complete_words "$SPINE_ROOT/completions/armctl" armctl push ""
	[ "$output" = "a.plan" ]
	run complete_words "$SPINE_ROOT/completions/armctl" armctl run ""
	[ "$output" = "b.csv" ]
	run complete_words "$SPINE_ROOT/completions/armsim" armsim --ee
	[ "$output" = "--eeprom" ]
}

@test "armctl through a socat pty pair relaying to armsim" {
	start_armsim
	socat pty,raw,echo=0,link="$BATS_TEST_TMPDIR/relay" \
		"$(readlink "$PORT")",raw,echo=0 2>/dev/null 3>&- &
	relay=$!
	for i in $(seq 100); do
		[ -L "$BATS_TEST_TMPDIR/relay" ] && break
		sleep 0.05
	done
	run --separate-stderr armctl --port "$BATS_TEST_TMPDIR/relay" info
	kill "$relay"
	wait "$relay" || true
	[ "$status" -eq 0 ]
	assert_line "port: $BATS_TEST_TMPDIR/relay (termios)"
	assert_line "joints: 3"
}

@test "random bytes from the robot's end: armctl times out cleanly" {
	socat pty,raw,echo=0,link="$BATS_TEST_TMPDIR/a" \
		pty,raw,echo=0,link="$BATS_TEST_TMPDIR/b" 2>/dev/null 3>&- &
	pair=$!
	for i in $(seq 100); do
		[ -L "$BATS_TEST_TMPDIR/a" ] && [ -L "$BATS_TEST_TMPDIR/b" ] && break
		sleep 0.05
	done
	# noise for a second (bounded: a full pty would block the writer)
	timeout 2 sh -c 'for i in $(seq 50); do
		head -c 200 /dev/urandom; sleep 0.02; done >"$1"' sh \
		"$BATS_TEST_TMPDIR/b" 3>&- &
	noise=$!
	run --separate-stderr armctl --port "$BATS_TEST_TMPDIR/a" --timeout 100 --retries 2 info
	wait "$noise" || true
	kill "$pair"
	wait "$pair" || true
	[ "$status" -eq 75 ]
	[[ "$stderr" =~ ^"armctl: handshake: no reply from $BATS_TEST_TMPDIR/a after "[0-9]+" tries in "[0-9]+" ms"$ ]]
}

@test "armctl mon: a bad ELEMENT=FLAGS is a usage error before anything is printed" {
	start_armsim
	plancc -o "$BATS_TEST_TMPDIR/wave.plan" \
	    "$SPINE_ROOT/examples/plans/arm-wave.inst" 2>/dev/null
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/wave.plan"
	armctl --port "$PORT" start
	run --separate-stderr armctl --port "$PORT" mon Wave=XZ
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[ "${stderr_lines[0]}" = "armctl: mon: Wave=XZ: want ELEMENT=FLAGS, FLAGS of the letters E S P F Z R" ]
	# the same word after good ones: nothing is set or printed either
	run --separate-stderr armctl --port "$PORT" mon Wave=E Wave
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	run armctl --port "$PORT" mon
	assert_line "D,2,Wave,"
}

@test "bash completion: armctl --port offers a robot's ports, not the virtual consoles" {
	run complete_words "$SPINE_ROOT/completions/armctl" armctl --port ""
	assert_success
	[[ " $output " == *" auto "* ]]
	[[ "$output" != *"/dev/tty0"* && "$output" != *"/dev/tty1 "* ]]
	# a path typed past /dev/tty is completed as files
	if [ -e /dev/ttyS0 ]; then
		run complete_words "$SPINE_ROOT/completions/armctl" armctl \
		    --port /dev/ttyS
		[[ "$output" == *"/dev/ttyS0"* ]]
	fi
}
