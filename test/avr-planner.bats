#!/usr/bin/env bats
# The planner on the AVR itself: bench/avr/planbench.c built for a chip
# and run in simavr by bench/avr/avrbench.  The actions it runs must be
# those planrun computes for the same plan and senses, whether the plan is
# in RAM, left in flash or left in EEPROM, whatever the build's options,
# and with its state block at an odd address.  Skips, saying why, where
# avr-gcc or simavr is not installed.

bats_require_minimum_version 1.5.0
load lib/helper

AVRBENCH=${SPINE_AVRBENCH:-$SPINE_ROOT/build/bench/avrbench}
CYCLES=300

setup() {
	command -v avr-gcc >/dev/null 2>&1 ||
		skip "no avr-gcc (scripts/install-deps installs gcc-avr)"
	[ -x "$AVRBENCH" ] || skip "no $AVRBENCH: 'make check' builds it\
 where simavr is installed (scripts/install-deps installs it)"
	cd "$BATS_TEST_TMPDIR"
}

# avr_checks PLAN NSENSE CHIP STORAGE PATH [CFLAGS...]: planbench for the
# plan and one sense path ("name:id=value,..."), 8-bit build, run in
# simavr; prints its three check lines (actions and their hash): plan
# cycles alone, a tick before each, and the timed ticks (the same actions)
avr_checks() {
	local plan=$1 nsense=$2 chip=$3 storage=$4 path=$5
	shift 5
	"$SPINE_ROOT/bench/avr/planheader" "$plan" "$nsense" "$path" >plan.h
	avr-gcc -mmcu="$chip" -Os -std=c11 -Wall -Wextra -Wpedantic -Werror \
	    -ffunction-sections -fdata-sections -Wl,--gc-sections \
	    -I"$SPINE_ROOT/core" -DPLAN_WIDTHS=1 -DPLAN_TASKS=0 \
	    -DPLAN_STORAGE="$storage" -DBENCH_CYCLES=$CYCLES \
	    -DBENCH_MONITOR_RUNS=1 -DBENCH_PLAN_H="\"$PWD/plan.h\"" "$@" \
	    -o bench.elf "$SPINE_ROOT/bench/avr/planbench.c" \
	    "$SPINE_ROOT"/core/plan/*.c "$SPINE_ROOT"/core/planner/*.c
	"$AVRBENCH" --mcu "$chip" bench.elf 2>/dev/null | awk -F'\t' '
	    $1 == "check" { print $2 }
	    /refused/ { print }'
}

# host_check PLAN TICK_EVERY [SENSES.csv]: the same figures from planrun's
# actions: how many, and the hash planbench keeps (h = h * 33 ^ id ^
# value << 4, 16 bits; mawk has no xor, so bit by bit)
host_check() {
	local senses=()
	[ -z "${3:-}" ] || senses=(--senses "$3")
	planrun "$1" --cycles $CYCLES --tick-every "$2" "${senses[@]}" -o - |
	    awk -F, '
	function xor(a, b,    r, bit) {
		r = 0
		for (bit = 1; bit < 65536; bit *= 2)
			if ((int(a / bit) + int(b / bit)) % 2 == 1)
				r += bit
		return r
	}
	NR > 1 {
		id = substr($3, 2) + 0
		v = $4 + 0
		if (v < 0)
			v += 65536
		h = xor(xor((h * 33) % 65536, id), (v * 16) % 65536)
		n++
	}
	END { printf "%04x %04x\n", n, h }'
}

# expect_same PLAN NSENSE CHIP STORAGE PATH SENSES [CFLAGS...]
expect_same() {
	local plan=$1 senses=$6 want0 want1
	want0=$(host_check "$plan" 0 "$senses")
	want1=$(host_check "$plan" 1 "$senses")
	run avr_checks "$1" "$2" "$3" "$4" "$5" "${@:7}"
	assert_success
	assert_equal "${lines[*]}" "$want0 $want1 $want1"
}

@test "the AVR runs a plan as planrun does, in RAM, in flash and in EEPROM" {
	plancc -q --strip --id-width 8 -o ex.plan \
	    "$SPINE_ROOT/examples/explorer.yaml"
	# the counts: every cycle runs one action
	[ "$(host_check ex.plan 0)" != "0000 0000" ]
	for storage in PLAN_IN_RAM PLAN_IN_FLASH PLAN_IN_STORE; do
		expect_same ex.plan 16 atmega2560 $storage "senses 0:" ""
	done
	expect_same ex.plan 16 atmega328p PLAN_IN_FLASH "senses 0:" ""
}

@test "the AVR takes a state block at an odd address" {
	plancc -q --strip --id-width 8 -o ex.plan \
	    "$SPINE_ROOT/examples/explorer.yaml"
	# avr-gcc aligns a uint16_t array on one byte; the planner must not
	# ask for two (it refused, and a robot with one more byte of .bss
	# before its state rejected every plan)
	expect_same ex.plan 16 atmega2560 PLAN_IN_RAM "senses 0:" "" \
	    -DBENCH_ODD_STATE=1
}

@test "the AVR's optional parts left out: the same actions" {
	plancc -q --strip --id-width 8 -o ex.plan \
	    "$SPINE_ROOT/examples/explorer.yaml"
	expect_same ex.plan 16 atmega328p PLAN_IN_FLASH "senses 0:" "" \
	    -DPLANNER_COUNTERS=0 -DPLANNER_ELEMENT_FLAGS=0 \
	    -DPLANNER_RECURSION=0
}

@test "R5 Plan6 runs on an ATmega328P with the plan left in flash" {
	require_shared
	local inst=$SHARED/reference/plans/r5-plan6.inst
	plancc -q --strip --id-width 8 -o r5.plan "$inst"
	# Sleeping 8, MinRangeAhead 20, HScanReady 21, EmergAvoidDist 27
	# (its RSENSE lines); the other senses read 0
	printf '8,20,21,27\n0,3000,1,1000\n' >explore.csv
	expect_same r5.plan 28 atmega328p PLAN_IN_FLASH \
	    "Explore:8=0,20=3000,21=1,27=1000" explore.csv
	expect_same r5.plan 28 atmega328p PLAN_IN_STORE "emergency:" ""
}
