#!/usr/bin/env bats
# The example firmware (hw/avr) end to end: its ELF file runs
# in simavr as an ATmega2560 with UART0 on a pseudo-terminal
# (test/simavr/avrpty), and armctl talks to it as to the board.  Skips,
# saying why, where avr-gcc or simavr is not installed.

bats_require_minimum_version 1.5.0
load lib/helper

AVRPTY=${SPINE_AVRPTY:-$SPINE_ROOT/build/test/avrpty}
FIRMWARE=${SPINE_FIRMWARE:-$SPINE_ROOT/build/firmware-avr/firmware.elf}
AVR_PID=

setup() {
	[ -x "$AVRPTY" ] || skip "no $AVRPTY: 'make check' builds it where\
 simavr is installed (scripts/install-deps installs it)"
	[ -f "$FIRMWARE" ] || skip "no $FIRMWARE: 'make firmware' needs avr-gcc"
	cd "$BATS_TEST_TMPDIR"
	PORT=$BATS_TEST_TMPDIR/tty
	start_avr
}

# start_avr [AVRPTY OPTIONS]: a board on $PORT (stop_avr ends it).
start_avr() {
	rm -f "$PORT"
	"$AVRPTY" "$@" --link "$PORT" "$FIRMWARE" >avr.out 2>avr.err 3>&- &
	AVR_PID=$!
	wait_for_link "$PORT" "$AVR_PID" avr.err avrpty
}

# cut_avr: the board loses power at once (SIGKILL: no save at exit).
cut_avr() {
	kill -KILL "$AVR_PID" 2>/dev/null || true
	wait "$AVR_PID" 2>/dev/null || true
	AVR_PID=
}

stop_avr() {
	if [ -n "$AVR_PID" ]; then
		kill "$AVR_PID" 2>/dev/null || true
		wait "$AVR_PID" 2>/dev/null || true
		AVR_PID=
	fi
}

teardown() {
	stop_avr
}

# A plan's CRC-32 by gzip, which ends its output with the input's CRC-32,
# least significant byte first.
crc32_of() {
	gzip -c "$1" | tail -c 8 | head -c 4 | od -An -tx1 |
	    awk '{ print $4 $3 $2 $1 }'
}

@test "firmware: the handshake describes the board's arm and store" {
	run --separate-stderr armctl --port "$PORT" info
	[ "$status" -eq 0 ]
	assert_line --regexp '^firmware: mega2560 [0-9]'
	assert_line "joints: 3"
	assert_line "links: 100,80,40"
	# (4096 - 32) / 2 - 8: the 4 KiB EEPROM, two 16-byte descriptors, 2
	# slots, each ending in its plan's 8-byte run configuration
	assert_line "plan capacity: 2024"
	assert_line "plan: none"
	assert_line "window: 4"
	assert_line "setpoint buffer: 16"
}

@test "firmware: a plan pushed into its EEPROM reads back byte for byte" {
	# arm.yaml is for another arm (its senses 4 to 6 and actions 4 to 6
	# are not the board's): --force stores it all the same
	plancc --strip -o arm.plan "$SPINE_ROOT/examples/arm.yaml"
	run --separate-stderr armctl --port "$PORT" push --force arm.plan
	[ "$status" -eq 0 ]
	run --separate-stderr armctl --port "$PORT" pull back.plan
	[ "$status" -eq 0 ]
	cmp arm.plan back.plan
	run --separate-stderr armctl --port "$PORT" info
	[ "$status" -eq 0 ]
	assert_line "plan: $(wc -c <arm.plan) bytes, crc32 $(crc32_of arm.plan)"
}

@test "firmware: streamed setpoints reach the servos, whose command is read back" {
	printf 'q1,q2,q3\n0,0,0\n10,-20,30\n-45,60,-90\n' >traj.csv
	run --separate-stderr armctl --port "$PORT" run --period 20 traj.csv
	[ "$status" -eq 0 ]
	run --separate-stderr armctl --port "$PORT" pos
	[ "$status" -eq 0 ]
	assert_output $'q1,q2,q3\n-45,60,-90'
}

@test "firmware: the stored plan runs, stops, and the stack keeps clear" {
	plancc --strip -o arm.plan "$SPINE_ROOT/examples/arm.yaml"
	armctl --port "$PORT" push --force arm.plan 2>/dev/null
	run --separate-stderr armctl --port "$PORT" start
	[ "$status" -eq 0 ]
	run --separate-stderr armctl --port "$PORT" monitor --count 6
	[ "$status" -eq 0 ]
	# a header line, the join (a run boundary, each drive's priority in
	# force and latch, with no clock), then six events, each with its
	# cycle number and the board's clock
	[ "$(printf '%s\n' "${lines[@]:1}" | grep -c '^[0-9]*,,[BQR],')" \
	    -eq $(( ${#lines[@]} - 7 )) ]
	[ "$(printf '%s\n' "${lines[@]:1}" | grep -c '^[1-9][0-9]*,[0-9]')" -eq 6 ]
	run --separate-stderr armctl --port "$PORT" stop
	[ "$status" -eq 0 ]
	run --separate-stderr armctl --port "$PORT" info
	assert_line --partial "state: idle"
	# avrpty paints the RAM above .bss and reports what the stack never
	# reached: the firmware's static RAM and deepest stack left a margin.
	stop_avr
	run sed -n 's/.* \([0-9]*\) bytes never touched$/\1/p' avr.err
	[ -n "$output" ]
	[ "$output" -ge 512 ]
}

# Two drives that are always released, each holding the arm (action 21,
# Stop, always succeeds): Right (200) beats Left (100) until told.
two_drives() {
	cat >two.inst <<EOI
PLAN R C
PLAN R I 0 0 0 0 2 2
PLAN A D 1 10 100 0 0 4 0 0 0 0 0 0
PLAN A D 2 20 200 0 0 4 0 0 0 0 0 0
PLAN A A 10 21 0
PLAN A A 20 21 1
PELEM Left=1
PELEM Right=2
PELEM HoldL=10
PELEM HoldR=20
RACTION Stop=21
EOI
	plancc -o two.plan two.inst
	armctl --port "$PORT" push two.plan
	armctl --port "$PORT" start
}

@test "firmware: a drive's priority, read and set by name, decides which runs" {
	two_drives
	run --separate-stderr armctl --port "$PORT" prio Right
	[ "$status" -eq 0 ]
	[ "$output" = $'id,name,priority\n2,Right,200' ]
	armctl --port "$PORT" prio Left 250
	run --separate-stderr armctl --port "$PORT" monitor --events E --count 6
	[ "$status" -eq 0 ]
	# joining: a run boundary, the priorities in force, Left's the one set
	[ "${lines[1]}" = "0,,B,,,,,,,,,join" ]
	[[ "${lines[2]}" =~ ^[0-9]+,,Q,D,1,Left,,,250,,,$ ]]
	[[ "${lines[3]}" =~ ^[0-9]+,,Q,D,2,Right,,,200,,,$ ]]
	# Left (250) and its HoldL, every cycle
	[ "$(printf '%s\n' "${lines[@]:4}" | cut -d, -f3-5 | sort -u)" = \
	    $'E,A,10\nE,D,1' ]
	run --separate-stderr armctl --port "$PORT" prio D:7 1
	[ "$status" -eq 65 ]
}

@test "firmware: pause keeps the counters, step runs exactly N cycles" {
	two_drives
	run --separate-stderr armctl --port "$PORT" pause
	[ "$status" -eq 0 ]
	[[ "$output" =~ ^paused\ at\ cycle\ ([0-9]+)$ ]]
	n=${BASH_REMATCH[1]}
	# every cycle ran Right once, and it succeeded
	run --separate-stderr armctl --port "$PORT" counters
	[ "${lines[2]}" = "D,2,Right,$n,$n" ]
	sleep 0.5
	run --separate-stderr armctl --port "$PORT" step 3
	[ "$status" -eq 0 ]
	[ "$output" = "paused at cycle $((n + 3))" ]
	run --separate-stderr armctl --port "$PORT" counters
	[ "${lines[2]}" = "D,2,Right,$((n + 3)),$((n + 3))" ]
	run --separate-stderr armctl --port "$PORT" state
	# Left never ran; a TR releaser leaves its latch clear
	assert_line "D,1,Left,idle,0,100,0,"
	armctl --port "$PORT" resume
	stop_avr
	# the deepest stack of all that, measured as in the test above
	run sed -n 's/.* \([0-9]*\) bytes never touched$/\1/p' avr.err
	echo "# $(grep "never touched" avr.err)" >&3
	[ "$output" -ge 512 ]
}

@test "firmware: describe lists the board's senses, actions and servo limits" {
	run --separate-stderr armctl --port "$PORT" describe
	[ "$status" -eq 0 ]
	# 3 + 3 joint senses, 3 + 3 joint actions + home + stop, 3 joints
	[ "${#lines[@]}" -eq 18 ]
	assert_line "sense,1,ObstacleDistance,mm,0,32767"
	assert_line "action,21,Stop,,0,0"
	# board.h: each servo turns 90000 millidegrees either side of centre
	assert_line "joint,1,Joint1,deg,-90,90"
	assert_line "joint,3,Joint3,deg,-90,90"
}

@test "firmware: the mismatch check, the configuration and the sense stream" {
	plancc -o rover.plan "$SPINE_ROOT/examples/plans/rover.yaml"
	run --separate-stderr armctl --port "$PORT" push rover.plan
	[ "$status" -eq 65 ]
	[ "${stderr_lines[0]}" = "armctl: rover.plan: sense 1: the plan's Sonar is the robot's ObstacleDistance" ]
	plancc -o wave.plan "$SPINE_ROOT/examples/plans/arm-wave.inst"
	run --separate-stderr armctl --port "$PORT" push wave.plan
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	run --separate-stderr armctl --port "$PORT" config autostart on --rate 10 --events E
	[ "$status" -eq 0 ]
	assert_output $'autostart,rate,events\non,10,E'
	run --separate-stderr armctl --port "$PORT" config
	assert_output $'autostart,rate,events\non,10,E'
	run --separate-stderr armctl --port "$PORT" telemetry --every 100ms --count 2
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "time_ms,ObstacleDistance,Moving,Lag,Joint1,Joint2,Joint3" ]
	# the servos have no feedback: at rest at 0, nothing lags
	[[ "${lines[1]}" =~ ^0,-?[0-9]+,0,0,0,0,0$ ]]
	[[ "${lines[2]}" =~ ^100,-?[0-9]+,0,0,0,0,0$ ]]
}

@test "firmware: a store with autostart on boots running its plan" {
	command -v avr-objcopy >/dev/null || skip "no avr-objcopy (binutils-avr)"
	stop_avr
	# The store is the portable core's, so armsim makes the EEPROM image
	# (4096 bytes, as the board's): the plan and autostart on.  simavr
	# loads an ELF file's .eeprom section into the EEPROM at reset.
	plancc -o wave.plan "$SPINE_ROOT/examples/plans/arm-wave.inst"
	armsim --store-size 4096 --eeprom ee --link "$BATS_TEST_TMPDIR/sim" \
		>/dev/null 2>&1 3>&- &
	sim=$!
	wait_for_link "$BATS_TEST_TMPDIR/sim" "$sim" /dev/null armsim
	armctl --port "$BATS_TEST_TMPDIR/sim" push wave.plan
	armctl --port "$BATS_TEST_TMPDIR/sim" config autostart on --rate 8 >/dev/null
	kill "$sim"
	wait "$sim" || true
	avr-objcopy --add-section .eeprom=ee \
		--set-section-flags .eeprom=alloc,load \
		--change-section-address .eeprom=0x810000 "$FIRMWARE" ee.elf 2>/dev/null
	"$AVRPTY" --link "$PORT" ee.elf >avr.out 2>avr.err 3>&- &
	AVR_PID=$!
	wait_for_link "$PORT" "$AVR_PID" avr.err avrpty
	# no START: the firmware started the plan itself at power-up
	run --separate-stderr armctl --port "$PORT" info
	assert_line "plan: $(wc -c <wave.plan) bytes, crc32 $(crc32_of wave.plan)"
	assert_line --partial "state: running the plan"
	run --separate-stderr armctl --port "$PORT" monitor --names wave.plan --events E --count 2
	[ "$status" -eq 0 ]
	assert_line --regexp '^[0-9]+,[0-9]+,E,D,2,Wave,'
}

@test "firmware: autostart runs the stored plan after a power cycle" {
	stop_avr
	start_avr --eeprom ee.bin
	plancc -o wave.plan "$SPINE_ROOT/examples/plans/arm-wave.inst"
	armctl --port "$PORT" push wave.plan
	armctl --port "$PORT" config autostart on >/dev/null
	run --separate-stderr armctl --port "$PORT" info
	assert_line --partial "state: idle"
	cut_avr
	start_avr --eeprom ee.bin
	# no START: the firmware started the plan itself at power-up
	run --separate-stderr armctl --port "$PORT" info
	assert_line --partial "state: running the plan"
	run --separate-stderr armctl --port "$PORT" monitor --names wave.plan --events E --count 2
	[ "$status" -eq 0 ]
	assert_line --regexp '^[0-9]+,[0-9]+,E,D,2,Wave,'
	# off again: the next power-up leaves it idle
	armctl --port "$PORT" config autostart off >/dev/null
	cut_avr
	start_avr --eeprom ee.bin
	run --separate-stderr armctl --port "$PORT" info
	assert_line --partial "state: idle"
}

@test "firmware: a board restarted on its --eeprom file keeps its plan" {
	stop_avr
	start_avr --eeprom ee.bin
	# arm.yaml's ids are another arm's: --force (see above)
	plancc --strip -o arm.plan "$SPINE_ROOT/examples/arm.yaml"
	armctl --port "$PORT" push --force arm.plan 2>/dev/null
	cut_avr
	# the ATmega2560's EEPROM is 4 KiB: the file is its image
	[ "$(stat -c %s ee.bin)" -eq 4096 ]
	start_avr --eeprom ee.bin
	run --separate-stderr armctl --port "$PORT" pull back.plan
	[ "$status" -eq 0 ]
	cmp arm.plan back.plan
}

@test "firmware: with the chip's 3.4 ms EEPROM writes a push is slow, and whole" {
	stop_avr
	start_avr --eeprom-time
	plancc --strip -o arm.plan "$SPINE_ROOT/examples/arm.yaml"
	# a loaded host runs the board slower than real time: give a reply
	# 1.5 s, not 300 ms (give-up after 9 s, not 1.8), which can only make
	# the push longer, never shorter than the EEPROM's time checked below
	run --separate-stderr armctl --port "$PORT" --timeout 1500 -v push \
	    --force arm.plan
	[ "$status" -eq 0 ] || fail "$stderr"
	ms=$(printf '%s\n' "$stderr" | sed -n 's/.*pushed [0-9]* bytes in \([0-9]*\) ms.*/\1/p')
	armctl --port "$PORT" pull back.plan
	cmp arm.plan back.plan
	stop_avr
	# every plan byte that is not 0xFF (the erased value, which the
	# firmware does not write again) cost 3.4 ms, and the push took that
	# long at least: the firmware really waited for its EEPROM
	bytes=$(od -An -v -tx1 arm.plan | tr ' ' '\n' | grep -c -v -e '^$' -e '^ff$')
	written=$(sed -n 's/^avrpty: \([0-9]*\) EEPROM bytes written, 3400 us each$/\1/p' avr.err)
	[ "$written" -ge "$bytes" ] || fail "$written bytes written, $bytes in the plan"
	[ "$ms" -ge $((bytes * 34 / 10)) ] || fail "$ms ms for $bytes bytes"
}

@test "firmware: avrpty refuses an --eeprom file that is not a 4 KiB image" {
	stop_avr
	printf 'xy' >ee.bin
	run --separate-stderr "$AVRPTY" --eeprom ee.bin --link "$PORT" \
	    "$FIRMWARE" 3>&-
	[ "$status" -eq 65 ]
	[ "$stderr" = "avrpty: ee.bin: not a 4096-byte EEPROM image" ]
	[ "$(cat ee.bin)" = xy ]
}

@test "firmware: uploads over a 10 % drop + 10 % corrupt line arrive bit-exact" {
	plancc --strip -o plan.plan "$SPINE_ROOT/examples/explorer.yaml"
	for seed in 1 2 3; do
		stop_avr
		rm -f ee.bin
		start_avr --eeprom ee.bin --drop 0.1 --corrupt 0.1 --seed "$seed"
		# explorer.yaml is a wheeled robot's plan: --force
		run --separate-stderr armctl --port "$PORT" push --force plan.plan
		[ "$status" -eq 0 ]
		stop_avr
		# the line was bad: avrpty counted the frames it hurt
		grep -q ' dropped, ' avr.err
		start_avr --eeprom ee.bin
		armctl --port "$PORT" pull back.plan
		cmp plan.plan back.plan
	done
}

# One cut: push `new` over `old`, kill the board `delay` seconds in, restart
# it on the same EEPROM.  The board holds one of the two plans whole, and
# the one armctl said: "committed" (0) the new, "not committed" the old.
cut_during_push() {
	local delay=$1 rc
	stop_avr
	rm -f ee.bin
	start_avr --eeprom ee.bin
	armctl --port "$PORT" push --force old.plan 2>/dev/null
	armctl --port "$PORT" push --force new.plan 2>push.err 3>&- &
	local pusher=$!
	sleep "$delay"
	cut_avr
	rc=0
	wait "$pusher" || rc=$?
	start_avr --eeprom ee.bin
	armctl --port "$PORT" pull back.plan
	if cmp -s back.plan new.plan; then
		echo "cut at $delay s: new plan (armctl exit $rc)"
		! grep -q 'not committed' push.err
	else
		cmp back.plan old.plan
		echo "cut at $delay s: old plan (armctl exit $rc)"
		[ "$rc" -ne 0 ]
	fi
}

@test "firmware: a board cut mid-upload or around the commit holds the old or the new plan whole" {
	plancc --strip -o old.plan "$SPINE_ROOT/examples/arm.yaml"
	plancc --strip -o new.plan "$SPINE_ROOT/examples/explorer.yaml"
	# the 451-byte upload, with the plan check's DESCRIBE_PAGE requests
	# among its chunks, takes some 0.15 s after the handshake: cuts from
	# before its start to after its end, whatever the machine's load
	# makes of them
	for delay in 0.02 0.08 0.12 0.15 0.18 0.21 0.23 0.24 0.25 0.26 0.29 0.40; do
		cut_during_push "$delay"
	done
}
