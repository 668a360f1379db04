#!/usr/bin/env bats
# The Uno robot's firmware (hw/avr-uno) end to end: its ELF file runs in
# simavr as an ATmega328P (test/simavr/avrpty --mcu atmega328p), its
# ranger and bump switches fed from a script through the ADC and the pins
# (avrpty --pins), and armctl talks to it as to the board.  What its plan
# does is checked against planrun running the same plan on the same senses,
# turned from ADC counts into millimetres by the ranger's published fit.
# Skips, saying why, where avr-gcc or simavr is not installed.

bats_require_minimum_version 1.5.0
load lib/helper

AVRPTY=${SPINE_AVRPTY:-$SPINE_ROOT/build/test/avrpty}
FIRMWARE=${SPINE_FIRMWARE_UNO:-$SPINE_ROOT/build/firmware-uno/firmware.elf}
PLAN=$SPINE_ROOT/examples/uno/wander.yaml
AVR_PID=

setup() {
	[ -x "$AVRPTY" ] || skip "no $AVRPTY: 'make check' builds it where\
 simavr is installed (scripts/install-deps installs it)"
	[ -f "$FIRMWARE" ] || skip "no $FIRMWARE: 'make firmware-uno' needs avr-gcc"
	cd "$BATS_TEST_TMPDIR"
	PORT=$BATS_TEST_TMPDIR/tty
}

# start_uno [AVRPTY OPTIONS]: an Uno on $PORT (stop_uno ends it).
start_uno() {
	rm -f "$PORT"
	"$AVRPTY" --mcu atmega328p "$@" --link "$PORT" "$FIRMWARE" \
	    >avr.out 2>avr.err 3>&- &
	AVR_PID=$!
	wait_for_link "$PORT" "$AVR_PID" avr.err avrpty
}

# cut_uno: the board loses power at once (SIGKILL).
cut_uno() {
	kill -KILL "$AVR_PID" 2>/dev/null || true
	wait "$AVR_PID" 2>/dev/null || true
	AVR_PID=
}

stop_uno() {
	if [ -n "$AVR_PID" ]; then
		kill "$AVR_PID" 2>/dev/null || true
		wait "$AVR_PID" 2>/dev/null || true
		AVR_PID=
	fi
}

teardown() {
	stop_uno
}

crc32_of() {
	gzip -c "$1" | tail -c 8 | head -c 4 | od -An -tx1 |
	    awk '{ print $4 $3 $2 $1 }'
}

# planrun's sense script from the world: sense 1, RangeAhead, by the
# ranger's fit (hw/avr-uno/README.md, board.h): mm = 44460 / (counts - 26),
# rounded down, no nearer than 100; under 82 counts nothing is in range
# (32767).  Sense 2, Bump: 1 while PD2 reads low, 2 while PD3 does.
senses_of() {
	awk -F, 'NR == 1 { print "cycle,1,2"; next }
	{
		mm = $2 < 82 ? 32767 : int(44460 / ($2 - 26))
		if (mm < 100) mm = 100
		print $1 "," mm "," ($3 == 0) + 2 * ($4 == 0)
	}' "$1"
}

# The same world as avrpty's pin script: a cycle's row goes on the pins
# half a cycle (62 ms at 8 cycles a second) before the cycle, counted from
# START, which is cycle 1's time; cycle 1's row from power-up.
pins_of() {
	awk -F, 'NR == 1 { print "ms,ADC0,PD2,PD3"; next }
	{ print ($1 == 1 ? 0 : ($1 - 1) * 125 - 62) "," $2 "," $3 "," $4 }' "$1"
}

@test "uno: the handshake describes a robot with no joints and a small store" {
	start_uno
	run --separate-stderr armctl --port "$PORT" info
	[ "$status" -eq 0 ]
	assert_line --regexp '^firmware: uno [0-9]'
	assert_line "joints: 0"
	# the plan is read in place (UNO_PLAN=place): a slot of the 1 KiB
	# EEPROM, (1024 - 32) / 2 - 8 = 488 bytes
	assert_line "plan capacity: 488"
	assert_line "plan: none"
	assert_line "window: 2"
	assert_line "setpoint buffer: 0"
}

@test "uno: describe names the senses and actions, with units" {
	start_uno
	run --separate-stderr armctl --port "$PORT" describe
	[ "$status" -eq 0 ]
	assert_output "kind,id,name,unit,min,max
sense,1,RangeAhead,mm,0,32767
sense,2,Bump,,0,3
action,1,Drive,%,-100,100
action,2,Spin,%,-100,100
action,3,Stop,,0,0
action,4,Light,,0,1
action,5,Wait,ms,0,30000"
}

@test "uno: the example plan matches the robot by name and is stored byte for byte, named or stripped" {
	start_uno
	plancc -o named.plan "$PLAN"
	plancc --strip -o wander.plan "$PLAN"
	# every sense and action the plan names is one the robot describes,
	# by kind, id and name
	plancc -d --emit inst named.plan | awk -F'[ =]' '
	    $1 == "RSENSE" { print "sense," $3 "," $2 }
	    $1 == "RACTION" { print "action," $3 "," $2 }' | sort >mine
	[ "$(wc -l <mine)" -eq 6 ]
	armctl --port "$PORT" describe | awk -F, 'NR > 1 { print $1 "," $2 "," $3 }' |
	    sort >robot
	[ -z "$(comm -23 mine robot)" ]
	# with its names (more than the 232 bytes a plan RAM would hold) it
	# is checked by name, and taken
	[ "$(wc -c <named.plan)" -gt 232 ]
	run --separate-stderr armctl --port "$PORT" push named.plan
	[ "$status" -eq 0 ]
	assert_equal "$stderr" ""
	run --separate-stderr armctl --port "$PORT" pull back.plan
	[ "$status" -eq 0 ]
	cmp named.plan back.plan
	# a plan bigger than a slot is refused
	plancc -o big.plan "$SPINE_ROOT/examples/explorer.yaml"
	run --separate-stderr armctl --port "$PORT" push big.plan
	[ "$status" -eq 1 ]
	assert_equal "$stderr" "armctl: big.plan: the plan is $(wc -c <big.plan) bytes; the robot holds at most 488"
	# stripped, it is checked by id, and taken
	run --separate-stderr armctl --port "$PORT" push wander.plan
	[ "$status" -eq 0 ]
	assert_equal "$stderr" "armctl: wander.plan: the plan has no names (plancc --strip): checked by id only"
	run --separate-stderr armctl --port "$PORT" pull back.plan
	[ "$status" -eq 0 ]
	cmp wander.plan back.plan
	run --separate-stderr armctl --port "$PORT" info
	assert_line "plan: $(wc -c <wander.plan) bytes, crc32 $(crc32_of wander.plan)"
	# a plan for another robot is refused, the mismatch named
	plancc -o rover.plan "$SPINE_ROOT/examples/plans/rover.yaml"
	run --separate-stderr armctl --port "$PORT" push rover.plan
	[ "$status" -eq 65 ]
	assert_equal "${stderr_lines[0]}" "armctl: rover.plan: sense 1: the plan's Sonar is the robot's RangeAhead"
}

@test "uno: the senses come from the pins: the ranger through the ADC, the switches" {
	printf 'ms,ADC0,PD2,PD3\n0,250,0,1\n' >pins.csv
	start_uno --pins pins.csv
	run --separate-stderr armctl --port "$PORT" telemetry --every 100ms --count 2
	[ "$status" -eq 0 ]
	# 44460 / (250 - 26) = 198.5 mm; the left switch pressed (PD2 low)
	assert_output $'time_ms,RangeAhead,Bump\n0,198,1\n100,198,1'
}

@test "uno: the plan's events on the robot are planrun's on the same senses" {
	# cycle, ranger counts, left switch, right switch (0: pressed)
	cat >world.csv <<-EOF
	cycle,ADC0,PD2,PD3
	1,60,1,1
	5,150,1,1
	9,250,1,1
	12,170,1,1
	15,100,1,1
	18,90,0,1
	33,90,1,1
	40,300,1,0
	54,90,1,1
	EOF
	pins_of world.csv >pins.csv
	senses_of world.csv >senses.csv
	plancc --strip -o wander.plan "$PLAN"
	# The second method: planrun, one timer tick a second (8 cycles), and
	# Wait 450 in progress four calls then done, as 450 ms take at 125 ms
	# a cycle (the robot counts milliseconds, planrun calls).
	planrun wander.plan --senses senses.csv --cycles 56 --tick-every 8 \
	    --result '#5=running:4' --log want.log >/dev/null
	# (the robot sends no idle cycles, I, nor a run's start, B)
	cut -d, -f1,3- want.log | grep -Ev '^[0-9]*,(I|B),' >want.csv
	n=$(($(wc -l <want.csv) - 1))
	[ "$n" -gt 400 ]
	start_uno --pins pins.csv
	armctl --port "$PORT" push wander.plan 2>/dev/null
	run --separate-stderr armctl --port "$PORT" monitor --start --rate 8 --count "$n"
	[ "$status" -eq 0 ] || fail "$stderr"
	printf '%s\n' "$output" | cut -d, -f1,3- | grep -Ev '^[0-9]*,(I|B),' >got.csv
	diff -u want.csv got.csv
	# and it went through each behaviour (action ids: plancc -d --emit
	# inst): veering (TurnRight, 19) at once, cruising (15) in the open,
	# creeping (16) at 358 mm and at 600, turning away (TurnLeft, 18) at
	# 198 mm, backing off with the light on (20), more than once
	grep -q '^1,E,A,19,' got.csv
	grep -q '^2,E,A,15,' got.csv
	grep -q '^5,E,A,16,' got.csv
	grep -q '^9,E,A,18,' got.csv
	grep -q '^15,E,A,16,' got.csv
	grep -q '^18,E,A,20,' got.csv
	[ "$(grep -c ',E,A,20,' got.csv)" -ge 2 ]
}

@test "uno: a plan survives a power cut, and with autostart on runs at power-up" {
	start_uno --eeprom ee.bin
	plancc --strip -o wander.plan "$PLAN"
	armctl --port "$PORT" push wander.plan 2>/dev/null
	run --separate-stderr armctl --port "$PORT" config autostart on --rate 8
	[ "$status" -eq 0 ]
	cut_uno
	# the ATmega328P's EEPROM is 1 KiB: the file is its image
	[ "$(stat -c %s ee.bin)" -eq 1024 ]
	start_uno --eeprom ee.bin
	run --separate-stderr armctl --port "$PORT" pull back.plan
	[ "$status" -eq 0 ]
	cmp wander.plan back.plan
	run --separate-stderr armctl --port "$PORT" info
	assert_line --partial "state: running the plan"
	# the robot's own clock in the time column (EVENTS carry it)
	run --separate-stderr armctl --port "$PORT" monitor --events E --count 3
	[ "$status" -eq 0 ]
	assert_line --regexp '^[0-9]+,[0-9]+,E,D,[0-9]+,#[0-9]+,'
}

@test "uno: the stack keeps clear of the static RAM through an upload and a run" {
	start_uno
	plancc --strip -o wander.plan "$PLAN"
	armctl --port "$PORT" push wander.plan 2>/dev/null
	armctl --port "$PORT" monitor --start --count 100 >/dev/null
	armctl --port "$PORT" telemetry --every 100ms --count 2 >/dev/null
	stop_uno
	# the stack pointer's low point, watched after every instruction
	run sed -n 's/.* \([0-9]*\) bytes never touched$/\1/p' avr.err
	echo "# $(grep "never touched" avr.err)" >&3
	[ -n "$output" ]
	[ "$output" -ge 128 ]
}

@test "uno: avrpty refuses a pin script it cannot play" {
	printf 'ms,ADC0,PQ9\n0,1,1\n' >bad.csv
	run --separate-stderr "$AVRPTY" --mcu atmega328p --pins bad.csv \
	    --link "$PORT" "$FIRMWARE" 3>&-
	[ "$status" -eq 65 ]
	[ "$stderr" = "avrpty: bad.csv:1: PQ9: not a pin (PD2) or an ADC channel (ADC0) of this MCU" ]
	printf 'ms,ADC0\n0,1\n0,2\n' >bad.csv
	run --separate-stderr "$AVRPTY" --mcu atmega328p --pins bad.csv \
	    --link "$PORT" "$FIRMWARE" 3>&-
	[ "$status" -eq 65 ]
	[ "$stderr" = "avrpty: bad.csv:3: ms: a time after the last row's is needed" ]
	printf 'ms,ADC0\n0,1024\n' >bad.csv
	run --separate-stderr "$AVRPTY" --mcu atmega328p --pins bad.csv \
	    --link "$PORT" "$FIRMWARE" 3>&-
	[ "$status" -eq 65 ]
	[ "$stderr" = "avrpty: bad.csv:2: 1024: want ADC counts, 0 to 1023" ]
	[ ! -e "$PORT" ]
}
