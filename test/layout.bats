#!/usr/bin/env bats
# The layout is enforced, not just written down: core/ builds for the robot
# with -Icore only, so a core file that reaches for a host header fails
# there; scripts/check-layout finds the same and module cycles on the host.

load lib/helper

setup() {
	work=$BATS_TEST_TMPDIR/tree
	mkdir -p "$work"
	cp -R "$SPINE_ROOT/core" "$SPINE_ROOT/lib" "$SPINE_ROOT/hw" \
		"$SPINE_ROOT/scripts" "$SPINE_ROOT/Makefile" "$work/"
}

need_avr() {
	command -v avr-gcc >/dev/null ||
		skip "avr-gcc not found (scripts/install-deps installs gcc-avr)"
}

@test "layout: the tree as it is keeps the rules" {
	run "$work/scripts/check-layout"
	assert_success
	assert_output ""
}

@test "layout: every name a module exports starts with its folder's" {
	run "$work/scripts/check-names" "${SPINE_BUILD:-$SPINE_ROOT/build}"
	assert_success
	assert_output ""
}

@test "layout: check-names names an export outside its folder's prefix" {
	mkdir -p "$work/b/lib/run" "$work/b/core/plan"
	printf 'int replay_zz(void) { return 0; }\nint run_zz(void) { return 1; }\n' \
		>"$work/lib/run/zz.c"
	cc -c -o "$work/b/lib/run/zz.o" "$work/lib/run/zz.c"
	run "$work/scripts/check-names" "$work/b"
	assert_failure
	assert_output "lib/run/zz.c: replay_zz does not start with run_"
}

@test "layout: the core as it is builds for the AVR with -Icore only" {
	need_avr
	run make -s -C "$work" avr-objects BUILD="$work/build"
	assert_success
	[ -f "$work/build/avr/core/planner/cycle.o" ]
}

@test "layout: a core file that includes a lib/ header fails avr-objects" {
	need_avr
	printf '#include "host/exits.h"\nint f(void) { return EXIT_DATAERR; }\n' \
		>"$work/core/plan/zz_host.c"
	run make -s -C "$work" avr-objects BUILD="$work/build"
	assert_failure
	assert_output --partial "host/exits.h: No such file"
}

@test "layout: check-layout names a core file's host include and stdio" {
	printf '#include <stdio.h>\n#include "host/exits.h"\n' \
		>"$work/core/plan/zz_host.h"
	run "$work/scripts/check-layout"
	assert_failure
	assert_line 'core/plan/zz_host.h:1: core includes <stdio.h>'
	assert_line 'core/plan/zz_host.h:2: core includes "host/exits.h", which is not under core/'
}

@test "layout: check-layout finds a cycle between two lib modules" {
	printf '#include "arm/arm.h"\n' >>"$work/lib/kin/kin.h"
	run "$work/scripts/check-layout"
	assert_failure
	assert_output --regexp \
		'cycle: (lib/arm -> lib/kin -> lib/arm|lib/kin -> lib/arm -> lib/kin)'
}
