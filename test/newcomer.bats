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

@test "bench-ikreach measures KDL in the same run, or says it did not" {
	run env BENCH_TARGETS=40 BENCH_ARM_TARGETS=100 CXX=/nonexistent/g++ \
	    "$SPINE_ROOT/scripts/bench-ikreach" auto
	assert_success
	assert_line --partial "Orocos KDL not found"
	assert_output --partial "KDL-us: not measured"
	# no ratio from a stale constant: the KDL columns are dashes
	refute_output --regexp '[0-9]x$'
	assert_line --regexp '^auto +2 .* - +-$'
	command -v g++ >/dev/null && pkg-config --exists orocos-kdl ||
		return 0
	run env BENCH_TARGETS=40 BENCH_ARM_TARGETS=100 \
	    "$SPINE_ROOT/scripts/bench-ikreach" auto
	assert_success
	assert_output --partial "measured in this run"
	# the ratio is the KDL figure printed above it over ours
	local kdl2
	kdl2=$(awk '$1 == "n" && $3 == "2" { print $4 }' <<< "$output")
	awk -v k="$kdl2" '$1 == "auto" && $2 == 2 {
		if ($7 + 0 != k + 0) { print "KDL-us " $7 " != " k; exit 1 }
		# us/solve is printed to 3 decimals: the ratio to within 2%
		r = $7 / $4; p = $8 + 0
		if (r / p > 1.02 || p / r > 1.02) { print $8 " != " r; exit 1 }
		found = 1
	} END { exit !found }' <<< "$output"
}

@test "bench-armctl says when it uses a generated plan" {
	# one clean upload is enough here: no lossy matrix
	run env SPINE_SHARED=/nonexistent BENCH_SEEDS=1 BENCH_RATES=0 \
	    BENCH_RUNS=1 BENCH_STEPS=200 \
	    "$SPINE_ROOT/scripts/bench-armctl"
	assert_success
	assert_line --index 0 --regexp '^bench-armctl: no reference plans at /nonexistent/reference.*; using a generated plan$'
	assert_output --partial "plan upload: gen.plan"
}

@test "ikreach: angles within one turn, rounding dust as 0, --raw-angles keeps them" {
	# by hand: 170 + 30 = 200 degrees is -160; cos 90 is 0, not 6e-17
	run --separate-stderr ikreach --links 1,1 --fk 170,30 90,0
	assert_success
	assert_line --index 1 --regexp '^-1\.92[0-9]*,-0\.168[0-9]*,-160$'
	assert_line --index 2 "0,2,90"
	run --separate-stderr ikreach --links 1,1 --fk --raw-angles 170,30 90,0
	assert_line --index 1 --regexp ',200$'
	assert_line --index 2 "0,2,90"	# x is a length: dust is still 0
	# a path keeps its turns: no printed jumps, the same as raw here
	# (the second target is reached by turning q2 on past -180)
	run --separate-stderr ikreach --links 1,1,1 --method jacobian \
	    1,1 -1.5,-1 -2,0.1
	local tidy=$output
	run --separate-stderr ikreach --links 1,1,1 --method jacobian \
	    --raw-angles 1,1 -1.5,-1 -2,0.1
	assert_equal "$tidy" "$output"
	# each row from scratch: every angle within [-180, 180]
	run --separate-stderr ikreach --links 1,1,1 --method jacobian -i \
	    1,1 -1.5,-1 -2,0.1
	awk -F, 'NR > 1 { for (i = 1; i <= 3; i++)
		if ($i < -180 || $i > 180) exit 1 }' <<< "$output"
}
