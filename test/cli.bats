#!/usr/bin/env bats
# What every tool shares on its command line: --help, --version, and usage
# errors in one voice (reason, pointer to --help, exit 2).

load lib/helper
bats_require_minimum_version 1.5.0

# every tool there is: a folder in cmd/ (a new one joins by itself)
TOOLS=$(cd "$SPINE_ROOT/cmd" && for d in */; do printf '%s ' "${d%/}"; done)

@test "every tool: --help on stdout, exit 0" {
	for t in $TOOLS; do
		run --separate-stderr "$SPINE_BIN/$t" --help
		assert_success
		[[ "$output" == usage:* ]] || fail "$t --help: $output"
		[ -z "$stderr" ] || fail "$t --help wrote to stderr"
	done
}

@test "the tool list is the cmd/ folders, each built" {
	[ "$(wc -w <<< "$TOOLS")" -ge 8 ]
	for t in $TOOLS; do
		[ -x "$SPINE_BIN/$t" ] || fail "cmd/$t has no binary $SPINE_BIN/$t"
	done
}

@test "every tool: --help is a synopsis of one shape, the manual holds the rest" {
	for t in $TOOLS; do
		run --separate-stderr "$SPINE_BIN/$t" --help
		assert_success
		# usage lines, a blank line, what it does, where the manual is
		[[ "${lines[0]}" == "usage: $t "* ]] || fail "$t: ${lines[0]}"
		[ "${#lines[@]}" -le 20 ] || fail "$t --help: ${#lines[@]} lines"
		[ "${lines[-2]}" = "Every option, exit status and example: man $t" ] ||
		    fail "$t --help ends: ${lines[-2]}"
		[ "${lines[-1]}" = "(in a checkout: man -l man/$t.1)" ]
		[ -f "$SPINE_ROOT/man/$t.1" ] || fail "$t has no man/$t.1"
		awk 'length > 80 { exit 1 }' <<< "$output" ||
		    fail "$t --help is wider than 80 columns"
	done
}

@test "every tool: --version names the tool" {
	for t in $TOOLS; do
		run "$SPINE_BIN/$t" --version
		assert_success
		[[ "$output" == "$t "* ]] || fail "$t --version: $output"
	done
}

@test "every tool: an unknown long option is named as typed, exit 2" {
	for t in $TOOLS; do
		run --separate-stderr "$SPINE_BIN/$t" --no-such-option=3
		assert_failure 2
		[ "${stderr_lines[0]}" = "$t: --no-such-option: unknown option" ] ||
		    fail "$t: ${stderr_lines[0]}"
		[ "${stderr_lines[1]}" = "Try '$t --help' for more information." ] ||
		    fail "$t: ${stderr_lines[1]}"
		[ -z "$output" ] || fail "$t wrote to stdout: $output"
	done
}

@test "every tool: an unknown short option is named, exit 2" {
	for t in $TOOLS; do
		run --separate-stderr "$SPINE_BIN/$t" -Q
		assert_failure 2
		[ "${stderr_lines[0]}" = "$t: -Q: unknown option" ] ||
		    fail "$t: ${stderr_lines[0]}"
	done
}

@test "every tool: a long option missing its value says so" {
	run --separate-stderr "$SPINE_BIN/mjtraj" --to
	assert_failure 2
	[ "${stderr_lines[0]}" = "mjtraj: --to: needs a value" ]
	run --separate-stderr "$SPINE_BIN/ikreach" --links
	assert_failure 2
	[ "${stderr_lines[0]}" = "ikreach: --links: needs a value" ]
	run --separate-stderr "$SPINE_BIN/planrun" --senses
	assert_failure 2
	[ "${stderr_lines[0]}" = "planrun: --senses: needs a value" ]
	run --separate-stderr "$SPINE_BIN/armsim" --links
	assert_failure 2
	[ "${stderr_lines[0]}" = "armsim: --links: needs a value" ]
	run --separate-stderr "$SPINE_BIN/worldsim" --plan
	assert_failure 2
	[ "${stderr_lines[0]}" = "worldsim: --plan: needs a value" ]
}

@test "make avrpty builds the simavr runner the firmware README starts" {
	pkg-config --exists simavr 2>/dev/null || skip "simavr not installed"
	command -v avr-gcc >/dev/null || skip "avr-gcc not installed"
	grep -q '^    make avrpty$' "$SPINE_ROOT/hw/avr/README.md"
	run make -n -C "$SPINE_ROOT" BUILD="$BATS_TEST_TMPDIR/b" avrpty
	assert_success
	assert_output --partial "-o $BATS_TEST_TMPDIR/b/test/avrpty"
	assert_output --partial "$BATS_TEST_TMPDIR/b/firmware-avr/firmware.elf"
}
