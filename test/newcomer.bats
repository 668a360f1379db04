#!/usr/bin/env bats
# Rough edges a new user hit (issue 18): stdin without '-', tidy angles and
# zeros, benchmarks that say what they compare.

bats_require_minimum_version 1.5.0

load lib/helper

@test "mjtraj reads waypoints from stdin when given no file, as ikreach does" {
	# by hand: 0 -> 50 in 1 s sampled every 25 mm: t = 0, 0.5, 1
	run --separate-stderr mjtraj --duration 1 --step 25 <<< $'x\n0\n50'
	assert_success
	assert_output $'t,x\n0,0\n0.5,25\n1,50'
	run --separate-stderr mjtraj --duration 1 --step 25 - <<< $'x\n0\n50'
	assert_output $'t,x\n0,0\n0.5,25\n1,50'
	# half a move is still an error, not a read of stdin
	run --separate-stderr mjtraj --from 0 < /dev/null
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "mjtraj: a move needs both --from and --to" ]
}
