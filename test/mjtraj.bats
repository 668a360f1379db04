#!/usr/bin/env bats
# mjtraj.bats - mjtraj through the binary: exact ends, the profile's shape
# and peaks, derivative columns, timing and sampling rules, waypoints,
# --through, --check, formats and every error with its exit status.
# Expected numbers come from awk on the output or from hand calculation.

bats_require_minimum_version 1.5.0
load lib/helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# The values of column `name` of a CSV on stdin, one a line.
column() {
	awk -F, -v name="$1" 'NR == 1 { for (i = 1; i <= NF; i++)
		if ($i == name) c = i; next } { print $c }'
}

# Fails unless |a - b| <= tol * max(|b|, 1).
near() {
	awk -v a="$1" -v b="$2" -v tol="$3" 'BEGIN {
		s = b < 0 ? -b : b; if (s < 1) s = 1
		d = a - b; if (d < 0) d = -d
		if (d > tol * s) {
			printf "%.17g != %.17g (tol %g)\n", a, b, tol; exit 1 }
	}'
}

@test "--help prints the usage on stdout and exits 0" {
	run --separate-stderr mjtraj --help
	assert_success
	assert_line --partial "usage: mjtraj --from A --to B"
	assert_line --partial "--through"
	[ -z "$stderr" ]
}

@test "--version names the tool and the suite" {
	run mjtraj --version
	assert_success
	assert_output --regexp '^mjtraj \(spine\) [0-9]+\.[0-9]+'
}

@test "the first and last samples are the endpoints exactly as parsed" {
	run mjtraj --from 0.1,-2.7,1e-3 --to 120.3,40.05,-10
	assert_success
	assert_line --index 0 "t,x,y,z"
	assert_line --index 1 "0,0.1,-2.7,0.001"
	[ "${lines[-1]}" = "1,120.3,40.05,-10" ]
}

@test "endpoints stay exact for values that do not add up in binary" {
	# 0.1 + (0.3 - 0.1) is 0.30000000000000004 in doubles
	run mjtraj --from 0.1,0.7 --to 0.3,0.1 -n 7 --vmax 0.1
	assert_success
	assert_line --index 1 "0,0.1,0.7"
	[ "$(echo "${lines[-1]}" | cut -d, -f2-)" = "0.3,0.1" ]
}

@test "about one sample per unit of distance, at least two" {
	run mjtraj --from 0,0,0 --to 30,40,0 --no-header	# D = 50
	assert_success
	[ "${#lines[@]}" -eq 51 ]
	run mjtraj --from 0 --to 0.3 --no-header
	[ "${#lines[@]}" -eq 2 ]
	run mjtraj --from 0 --to 2.5 --no-header	# ceil(2.5) intervals
	[ "${#lines[@]}" -eq 4 ]
}

@test "--step, --samples and --rate set the samples" {
	run mjtraj --from 0 --to 10 --step 2.5 --no-header
	[ "${#lines[@]}" -eq 5 ]
	run mjtraj --from 0 --to 10 --samples 7 --no-header
	[ "${#lines[@]}" -eq 7 ]
	[ "${lines[3]}" = "0.5,5" ]
	# every 1/100 s over 0.505 s: 0, 0.01, ... 0.50, then the end
	run mjtraj --from 0 --to 1 --rate 100 --duration 0.505 --no-header
	assert_success
	[ "${#lines[@]}" -eq 52 ]
	[ "${lines[37]%%,*}" = "0.37" ]
	[ "${lines[50]%%,*}" = "0.5" ]
	[ "${lines[51]}" = "0.505,1" ]
}

@test "progress is monotone and time strictly increasing" {
	mjtraj --from -5,100,3 --to 7,-20,3.5 -n 5001 --duration 3 > out.csv
	run awk -F, 'NR > 2 { if (!($1 > t) || $2 < x || $3 > y || $4 < z)
		{ print "step back at line " NR; exit 1 } }
		NR > 1 { t = $1; x = $2; y = $3; z = $4 }' out.csv
	assert_success
}

@test "the profile is 10s^3 - 15s^4 + 6s^5 of the distance" {
	mjtraj --from 2 --to 12 -n 11 > out.csv
	run awk -F, 'NR > 1 { s = $1; want = 2 + 10 * (10*s^3 - 15*s^4 + 6*s^5)
		d = $2 - want; if (d < 0) d = -d
		if (d > 1e-12) { print NR ": " $2 " != " want; exit 1 } }' out.csv
	assert_success
}

@test "velocity and acceleration are zero at both ends" {
	run mjtraj --from 1,2 --to 40,-7 --duration 1.5 --vel --acc -n 50
	assert_success
	assert_line --index 0 "t,x,y,vx,vy,ax,ay"
	[ "$(echo "${lines[1]}" | cut -d, -f4-)" = "0,0,0,0" ]
	[ "$(echo "${lines[-1]}" | cut -d, -f4-)" = "0,0,0,0" ]
}

@test "peak speed is 1.875 D/T within 1e-9 relative" {
	# D = |(30,40,120)| = 130, T = 2: 121.875 at t = 1
	mjtraj --from 0,0,0 --to 30,40,120 --duration 2 -n 1001 --vel > out.csv
	peak=$(awk -F, 'NR > 1 { v = sqrt($5^2 + $6^2 + $7^2)
		if (v > m) m = v } END { printf "%.17g", m }' out.csv)
	near "$peak" 121.875 1e-9
	run mjtraj --from 0,0,0 --to 30,40,120 --duration 2 --check
	assert_line --index 2 --partial "speed,"
	near "$(echo "${lines[2]}" | cut -d, -f2)" 121.875 1e-12
}

@test "--check reports the analytic peaks of acceleration and jerk" {
	run mjtraj --from 0,0 --to 60,80 --duration 4 --check --no-header
	assert_success
	[ "${lines[0]}" = "duration,4,,," ]
	acc=$(echo "${lines[2]}" | cut -d, -f2)
	jerk=$(echo "${lines[3]}" | cut -d, -f2)
	# 10/sqrt(3) D/T^2 and 60 D/T^3 with D = 100, T = 4
	near "$acc" "$(awk 'BEGIN { printf "%.17g", 10 / sqrt(3) * 100 / 16 }')" 1e-12
	near "$jerk" 93.75 1e-12
	# where: t = T (3 - sqrt 3)/6 for acceleration, the start for jerk
	at=$(echo "${lines[2]}" | cut -d, -f5)
	near "$at" "$(awk 'BEGIN { printf "%.17g", 4 * (3 - sqrt(3)) / 6 }')" 1e-12
	[ "$(echo "${lines[3]}" | cut -d, -f5)" = "0" ]
}

@test "derivative columns agree with finite differences" {
	mjtraj --from 3,-1 --to -17,44 --duration 2 -n 20001 --vel --acc \
	    --jerk > out.csv
	# central differences of x, vx, ax against vx, ax, jx (dt = 1e-4)
	run awk -F, 'NR > 1 { t[NR] = $1; x[NR] = $2; v[NR] = $4
		a[NR] = $6; j[NR] = $8; n = NR }
		END { for (i = 3; i < n; i++) {
			dt = t[i + 1] - t[i - 1]
			e1 = (x[i + 1] - x[i - 1]) / dt - v[i]
			e2 = (v[i + 1] - v[i - 1]) / dt - a[i]
			e3 = (a[i + 1] - a[i - 1]) / dt - j[i]
			if (e1 < 0) e1 = -e1; if (e2 < 0) e2 = -e2
			if (e3 < 0) e3 = -e3
			# peaks: v 18.75, a 57.7, j 750; error about dt^2/6 times the next derivative
			if (e1 > 1e-5 || e2 > 1e-4 || e3 > 1e-3) {
				print "at t=" t[i] ": " e1 " " e2 " " e3; exit 1 }
		} }' out.csv
	assert_success
}

@test "jerk at the ends is 60 D/T^3 per coordinate" {
	run mjtraj --from 0,0 --to 8,-4 --duration 2 --jerk -n 3 --no-header
	assert_success
	[ "${lines[0]}" = "0,0,0,60,-30" ]
	[ "${lines[1]}" = "1,4,-2,-30,15" ]
	[ "${lines[2]}" = "2,8,-4,60,-30" ]
}

@test "the duration comes from --vmax, --amax, --jmax or Fitts' law" {
	# 1.875 * 50 / 100
	run mjtraj --from 0 --to 50 --vmax 100 -n 2 --no-header
	[ "${lines[1]}" = "0.9375,50" ]
	# cbrt(60 * 100 / 750) = 2
	run mjtraj --from 0 --to 100 --jmax 750 -n 2 --no-header
	[ "${lines[1]}" = "2,100" ]
	# sqrt(10/sqrt(3) * 100 / 25)
	run mjtraj --from 0 --to 100 --amax 25 -n 2 --no-header
	near "${lines[1]%%,*}" "$(awk 'BEGIN { printf "%.17g",
	    sqrt(10 / sqrt(3) * 100 / 25) }')" 1e-15
	# the slowest limit wins: vmax 1000 alone would be 0.1875 s
	run mjtraj --from 0 --to 100 --vmax 1000 --jmax 750 -n 2 --no-header
	[ "${lines[1]}" = "2,100" ]
	# 0.1 + 0.2 log2(2 * 80 / 10) = 0.9
	run mjtraj --from 0,0 --to 0,80 --fitts 0.1,0.2,10 -n 2 --no-header
	near "${lines[1]%%,*}" 0.9 1e-15
	# none: normalised time
	run mjtraj --from 0 --to 50 -n 3 --no-header
	[ "${lines[2]}" = "1,50" ]
}

@test "limits the fixed duration breaks fail the job and write nothing" {
	run --separate-stderr mjtraj --from 0 --to 100 --duration 1 --vmax 10
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ "$stderr" == "mjtraj: peak speed 187.5 at t=0.5 exceeds --vmax 10"* ]]
}

@test "--check shows margins and fails when a limit is broken" {
	run mjtraj --from 0 --to 100 --duration 2 --vmax 100 --amax 100 --check
	[ "$status" -eq 1 ]
	assert_line --index 0 "quantity,value,limit,margin,t"
	assert_line --index 2 "speed,93.75,100,6.25,1"
	margin=$(echo "${lines[3]}" | cut -d, -f4)
	near "$margin" "$(awk 'BEGIN { printf "%.17g", 100 - 10/sqrt(3)*25 }')" 1e-12
	run mjtraj --from 0 --to 100 --vmax 100 --amax 100 --jmax 1000 --check
	assert_success
}

@test "column names: x,y,z, q1..qN with --joint, --names, and prefixes" {
	run mjtraj --from 0,0,0 --to 1,1,1 --joint -n 2
	assert_line --index 0 "t,q1,q2,q3"
	run mjtraj --from 0,0,0,0 --to 1,1,1,1 -n 2
	assert_line --index 0 "t,q1,q2,q3,q4"
	run mjtraj --from 0 --to 1 -n 2
	assert_line --index 0 "t,x"
	run mjtraj --from 0,0 --to 1,1 --names shoulder,elbow --vel --acc \
	    --jerk -n 2
	assert_line --index 0 "t,shoulder,elbow,vshoulder,velbow,ashoulder,aelbow,jshoulder,jelbow"
}

@test "32 coordinates work, 33 do not" {
	a=$(seq -s, 1 32)
	b=$(seq -s, 2 33)
	run mjtraj --from "$a" --to "$b" -n 2 --no-header
	assert_success
	[ "${lines[1]}" = "1,$b" ]
	run --separate-stderr mjtraj --from "$a,33" --to "$b,34"
	[ "$status" -eq 2 ]
	[ "$stderr" = "mjtraj: --from: more than 32 coordinates" ]
}

@test "formats: tsv, jsonl, --precision, --no-header, --header" {
	run mjtraj --from 0,0 --to 2,4 -n 3 --format tsv
	assert_line --index 0 "$(printf 't\tx\ty')"
	assert_line --index 2 "$(printf '0.5\t1\t2')"
	run mjtraj --from 0,0 --to 2,4 -n 3 --format jsonl
	[ "${#lines[@]}" -eq 3 ]
	assert_line --index 1 '{"t":0.5,"x":1,"y":2}'
	run mjtraj --from 0 --to 1 -n 3 --precision 3 --vel
	assert_line --index 2 "0.500,0.500,1.875"
	run mjtraj --from 0 --to 1 -n 2 --no-header --header
	assert_line --index 0 "t,x"
}

@test "--reverse runs from B back to A" {
	mjtraj --from 1,2 --to 9,-6 -n 101 --duration 2 > fwd.csv
	mjtraj --from 1,2 --to 9,-6 -n 101 --duration 2 --reverse > rev.csv
	run sed -n '2p;$p' rev.csv
	[ "${lines[0]}" = "0,9,-6" ]
	[ "${lines[1]}" = "2,1,2" ]
	# rev(t) = fwd(T - t)
	run awk -F, 'NR == FNR { if (FNR > 1) { x[FNR] = $2; y[FNR] = $3 }
		n = FNR; next }
		FNR > 1 { k = n + 2 - FNR; dx = $2 - x[k]; dy = $3 - y[k]
		if (dx * dx + dy * dy > 1e-24) { print FNR; exit 1 } }' \
	    fwd.csv rev.csv
	assert_success
}

@test "waypoints: segments chain, time continues, via points once" {
	printf 'x,y\n0,0\n10,0\n10,10\n' > wp.csv
	run mjtraj --duration 1 --step 5 wp.csv
	assert_success
	assert_output "t,x,y
0,0,0
0.5,5,0
1,10,0
1.5,10,5
2,10,10"
	# the same from stdin
	run mjtraj --duration 1 --step 5 - < wp.csv
	assert_line --index 5 "2,10,10"
}

@test "waypoints: each segment stops at its via point" {
	printf 'x\n0\n3\n5\n' > wp.csv
	run mjtraj --duration 1 -n 11 --vel wp.csv --no-header
	assert_success
	[ "${#lines[@]}" -eq 21 ]
	[ "${lines[10]}" = "1,3,0" ]
	[ "${lines[20]}" = "2,5,0" ]
	# second segment's peak: 1.875 * 2 / 1 at t = 1.5
	[ "${lines[15]}" = "1.5,4,3.75" ]
}

@test "waypoints: --dwell pauses at each via point, not at the ends" {
	printf 'x,y\n0,0\n10,0\n10,10\n' > wp.csv
	run mjtraj --duration 1 --step 10 --dwell 0.5 wp.csv --no-header
	assert_success
	assert_output "0,0,0
1,10,0
1.5,10,0
2.5,10,10"
}

@test "waypoints: durations per segment from the limits" {
	printf 'x,y\n0,0\n30,40\n30,0\n' > wp.csv	# 50 then 40
	run mjtraj --vmax 100 -n 2 wp.csv --no-header
	assert_success
	[ "${lines[1]}" = "0.9375,30,40" ]
	[ "${lines[2]}" = "1.6875,30,0" ]
}

@test "waypoints: --from and --to join the file's points" {
	printf 'x,y\n10,0\n' > wp.csv
	run mjtraj --from 0,0 --to 10,10 --step 10 wp.csv --no-header
	assert_output "0,0,0
1,10,0
2,10,10"
}

@test "waypoints: columns found by name, extra columns ignored" {
	printf 'label,y,t,x\na,0,9,0\nb,4,9,3\n' > wp.csv
	run mjtraj -n 2 wp.csv
	assert_success
	assert_output "t,x,y
0,0,0
1,3,4"
	printf 'q2,q1,q3,q4\n0,0,0,0\n1,2,3,4\n' > wp.csv
	run mjtraj -n 2 wp.csv
	assert_line --index 2 "1,2,1,3,4"
	printf 'a,b\n0,0\n1,2\n' > wp.csv
	run mjtraj -n 2 --names b,a wp.csv
	assert_line --index 0 "t,b,a"
	assert_line --index 2 "1,2,1"
}

@test "waypoints: repeated points are no move" {
	printf 'x\n0\n0\n4\n4\n8\n' > wp.csv
	run mjtraj --duration 1 --step 4 wp.csv --no-header
	assert_output "0,0
1,4
2,8"
}

@test "--through passes via points moving, exactly through them" {
	printf 'x,y\n0,0\n10,0\n10,10\n0,10\n' > wp.csv
	run mjtraj --through --duration 1 -n 5 --vel wp.csv --no-header
	assert_success
	[ "${#lines[@]}" -eq 13 ]
	[ "$(echo "${lines[4]}" | cut -d, -f2-3)" = "10,0" ]
	[ "$(echo "${lines[8]}" | cut -d, -f2-3)" = "10,10" ]
	# the three segments take the 3 s the stop-and-go path would
	[ "${lines[12]}" = "3,0,10,0,0" ]
	# not stopped at the via points
	[ "$(echo "${lines[4]}" | cut -d, -f4)" != "0" ]
	# the square is symmetric, so is the split of time: t1 = 3 - t2
	t1=$(echo "${lines[4]}" | cut -d, -f1)
	t2=$(echo "${lines[8]}" | cut -d, -f1)
	near "$t1" "$(awk -v t="$t2" 'BEGIN { printf "%.17g", 3 - t }')" 1e-9
}

@test "--through: 0,1,2 in 1 s steps is the single move 0 -> 2 in 2 s" {
	printf 'x\n0\n1\n2\n' > wp.csv
	mjtraj --through --duration 1 -n 11 --vel --acc wp.csv > thr.csv
	mjtraj --from 0 --to 2 --duration 2 -n 21 --vel --acc > one.csv
	run awk -F, 'NR == FNR { for (i = 2; i <= 4; i++) v[FNR, i] = $i; next }
		FNR > 1 { for (i = 2; i <= 4; i++) { d = $i - v[FNR, i]
		if (d < 0) d = -d; if (d > 1e-9) { print FNR ": " $0; exit 1 } } }' \
	    one.csv thr.csv
	assert_success
	# and by hand: 0 -> 1 -> 0 turns at the via with v = 0, a = -20/3
	printf 'x\n0\n1\n0\n' > wp.csv
	run mjtraj --through --duration 1 -n 3 --vel --acc wp.csv --no-header
	v=$(echo "${lines[2]}" | cut -d, -f3)
	a=$(echo "${lines[2]}" | cut -d, -f4)
	near "$v" 0 1e-12
	near "$a" -6.666666666666667 1e-12
}

@test "--through: via points on one move are passed when that move would" {
	# x(t) = 10 s(t / 2) sampled by awk at t = 0, 0.3, 0.8, 1.5, 2; four
	# segments of 0.5 s on average make the same 2 s, and the least-jerk
	# split of them must be the move's own times, so the path is the move
	awk 'BEGIN { print "x"; n = split("0 0.3 0.8 1.5 2", t, " ")
		for (i = 1; i <= n; i++) { s = t[i] / 2
			printf "%.17g\n", 10 * (10*s^3 - 15*s^4 + 6*s^5) } }' > wp.csv
	mjtraj --through --duration 0.5 -n 101 wp.csv > out.csv
	run awk -F, 'NR > 1 { s = $1 / 2; want = 10 * (10*s^3 - 15*s^4 + 6*s^5)
		d = $2 - want; if (d < 0) d = -d
		if (d > 1e-6) { print "t=" $1 ": " $2 " != " want; exit 1 } }
		END { if (NR != 402) { print NR " lines"; exit 1 } }' out.csv
	assert_success
}

@test "--through: velocity and acceleration continuous across via points" {
	printf 'x,y\n0,0\n10,0\n12,8\n0,15\n-3,2\n' > wp.csv
	mjtraj --through --duration 0.8 -n 4001 --vel --acc --jerk wp.csv > out.csv
	# between neighbouring samples v moves by at most |a| dt and a by
	# |j| dt: a jump at a via point would break that
	run awk -F, 'NR > 2 { dt = $1 - t
		for (i = 0; i < 2; i++) {
			dv = $(4 + i) - v[i]; if (dv < 0) dv = -dv
			da = $(6 + i) - a[i]; if (da < 0) da = -da
			ma = $(6 + i) < 0 ? -$(6 + i) : $(6 + i)
			if (-a[i] > ma) ma = -a[i]; if (a[i] > ma) ma = a[i]
			mj = $(8 + i) < 0 ? -$(8 + i) : $(8 + i)
			if (-j[i] > mj) mj = -j[i]; if (j[i] > mj) mj = j[i]
			if (dv > ma * dt * 1.01 + 1e-9 ||
			    da > mj * dt * 1.01 + 1e-9) {
				print "jump at t=" $1; exit 1 } } }
		NR > 1 { t = $1; v[0] = $4; v[1] = $5; a[0] = $6; a[1] = $7
		j[0] = $8; j[1] = $9 }' out.csv
	assert_success
	# the via points themselves, exactly, each once, as segment ends
	run awk -F, 'NR > 1 && (NR - 2) % 4000 == 0 { print $2 "," $3 }' out.csv
	assert_output "0,0
10,0
12,8
0,15
-3,2"
}

@test "--through with limits: the shortest uniform timing that keeps them" {
	printf 'x,y\n0,0\n10,0\n10,10\n' > wp.csv
	run mjtraj --through --vmax 10 --amax 30 --check wp.csv --no-header
	assert_success
	# one of the limits is met exactly, none is broken
	run awk -F, '$1 == "speed" || $1 == "acceleration" {
		if ($4 < 0) exit 1; if ($4 == 0) tight++ }
		END { exit tight ? 0 : 1 }' <<<"$output"
	assert_success
	mjtraj --through --vmax 10 --amax 30 -n 2001 --vel wp.csv > out.csv
	peak=$(awk -F, 'NR > 1 { v = sqrt($4^2 + $5^2); if (v > m) m = v }
		END { printf "%.17g", m }' out.csv)
	run awk -v p="$peak" 'BEGIN { exit !(p <= 10 * (1 + 1e-9)) }'
	assert_success
}

@test "a zero-length move writes the single point with a warning" {
	run --separate-stderr mjtraj --from 4,5,6 --to 4,5,6 --vel
	assert_success
	assert_output "t,x,y,z,vx,vy,vz
0,4,5,6,0,0,0"
	[ "$stderr" = "mjtraj: warning: zero-length move: writing the single point" ]
	printf 'x\n7\n' > one.csv
	run --separate-stderr mjtraj one.csv --no-header
	assert_success
	assert_output "0,7"
}

@test "mismatched dimensions are a usage error" {
	run --separate-stderr mjtraj --from 1,2 --to 1,2,3
	[ "$status" -eq 2 ]
	[ "$stderr" = "mjtraj: --from has 2 coordinates but --to has 3" ]
	printf 'x,y\n0,0\n1,1\n' > wp.csv
	run --separate-stderr mjtraj --from 0,0,0 wp.csv
	[ "$status" -eq 2 ]
	[ "$stderr" = "mjtraj: --from has 3 coordinates but the waypoints have 2" ]
}

@test "non-numbers in arguments are usage errors naming the item" {
	run --separate-stderr mjtraj --from 1,x7 --to 1,2
	[ "$status" -eq 2 ]
	[ "$stderr" = "mjtraj: --from: coordinate 2: not a number: 'x7'" ]
	run --separate-stderr mjtraj --from 0 --to nan
	[ "$status" -eq 2 ]
	[ "$stderr" = "mjtraj: --to: coordinate 1: not a finite number: 'nan'" ]
	run --separate-stderr mjtraj --from 0,,1 --to 1,2,3
	[ "$status" -eq 2 ]
	[ "$stderr" = "mjtraj: --from: coordinate 2: empty value: ''" ]
	run --separate-stderr mjtraj --from 0 --to 1 --duration 2s
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "mjtraj: --duration: not a number: '2s'" ]
}

@test "zero or negative durations and limits are usage errors" {
	for opt in --duration --vmax --amax --jmax --step --rate; do
		for v in 0 -1; do
			run --separate-stderr mjtraj --from 0 --to 1 --duration 1 \
			    "$opt" "$v"
			[ "$status" -eq 2 ]
			[ "${stderr%%$'\n'*}" = "mjtraj: $opt: must be greater than zero: '$v'" ]
		done
	done
	run --separate-stderr mjtraj --from 0 --to 1 --dwell -1 x.csv
	[ "$status" -eq 2 ]
	run --separate-stderr mjtraj --from 0 --to 1 --fitts 0.1,0.2,0
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "mjtraj: --fitts: b must be >= 0 and W > 0: '0.1,0.2,0'" ]
	run --separate-stderr mjtraj --from 0 --to 1 --samples 1
	[ "$status" -eq 2 ]
}

@test "Fitts' law giving no positive duration is refused" {
	# -1 + 0.1 log2(2 * 1 / 100) < 0
	run --separate-stderr mjtraj --from 0 --to 1 --fitts -1,0.1,100
	[ "$status" -eq 2 ]
	[[ "$stderr" == "mjtraj: --fitts gives a duration of -1.56"*" s for a move of length 1: it must be positive" ]]
	printf 'x\n0\n1\n' > wp.csv
	run --separate-stderr mjtraj --fitts -1,0.1,100 wp.csv
	[ "$status" -eq 65 ]
	[[ "$stderr" == "mjtraj: wp.csv:3: error: --fitts gives"* ]]
}

@test "flags that do not go together are usage errors" {
	run --separate-stderr mjtraj --from 0 --to 1 --step 1 --samples 3
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "mjtraj: give one of --step, --samples and --rate" ]
	run --separate-stderr mjtraj --from 0 --to 1 --rate 10
	[ "$status" -eq 2 ]
	run --separate-stderr mjtraj --from 0 --to 1 --duration 1 --fitts 0,1,1
	[ "$status" -eq 2 ]
	run --separate-stderr mjtraj --from 0 --to 1 --joint --names a
	[ "$status" -eq 2 ]
	run --separate-stderr mjtraj --through --dwell 1 x.csv
	[ "$status" -eq 2 ]
	run --separate-stderr mjtraj --from 0
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "mjtraj: a move needs both --from and --to" ]
	# no move and no file: waypoints from stdin, here none
	run --separate-stderr mjtraj < /dev/null
	[ "$status" -eq 65 ]
	run --separate-stderr mjtraj --from 0 --to 1 --bogus
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "mjtraj: --bogus: unknown option" ]
	run --separate-stderr mjtraj --from 0 --to 1 --names a,a
	[ "$status" -eq 2 ]
	run --separate-stderr mjtraj --from 0,0 --to 1,1 --names a
	[ "$status" -eq 2 ]
	[ "$stderr" = "mjtraj: --names gives 1 names for 2 coordinates" ]
	run --separate-stderr mjtraj --format xml --from 0 --to 1
	[ "$status" -eq 2 ]
	run --separate-stderr mjtraj --from 0 --to 1 a.csv b.csv
	[ "$status" -eq 2 ]
}

@test "bad waypoint files: position, message, exit 65; 66 and 74" {
	printf 'x,y\n0,0\n1,abc\n' > bad.csv
	run --separate-stderr mjtraj bad.csv
	[ "$status" -eq 65 ]
	[ -z "$output" ]
	[ "$stderr" = "mjtraj: bad.csv:3:3: error: y: not a number: 'abc'" ]
	printf 'x,y\n0,0\n1\n' > bad.csv
	run --separate-stderr mjtraj bad.csv
	[ "$status" -eq 65 ]
	[ "$stderr" = "mjtraj: bad.csv:3: error: 1 fields where the header has 2" ]
	printf '1,2\n3,4\n' > bad.csv
	run --separate-stderr mjtraj bad.csv
	[ "$status" -eq 65 ]
	[[ "$stderr" == "mjtraj: bad.csv:1:1: error: the first line must be a header"* ]]
	printf 'a,b\n1,2\n' > bad.csv
	run --separate-stderr mjtraj - < bad.csv
	[ "$status" -eq 65 ]
	[ "$stderr" = "mjtraj: <stdin>:1: error: the header gives no position: want x or q1..qN" ]
	printf 'x,y\n' > bad.csv
	run --separate-stderr mjtraj bad.csv
	[ "$status" -eq 65 ]
	[ "$stderr" = "mjtraj: bad.csv: error: no waypoints after the header" ]
	run --separate-stderr mjtraj - < /dev/null
	[ "$status" -eq 65 ]
	printf 'x,y\n0,0\n"1,2\n' > bad.csv
	run --separate-stderr mjtraj bad.csv
	[ "$status" -eq 65 ]
	[[ "$stderr" == "mjtraj: bad.csv:"*": error: unterminated quoted field" ]]
	run --separate-stderr mjtraj no-such.csv
	[ "$status" -eq 66 ]
	[ "$stderr" = "mjtraj: no-such.csv: No such file or directory" ]
	mkdir dir.csv
	run --separate-stderr mjtraj dir.csv
	[ "$status" -eq 74 ]
	[ "$stderr" = "mjtraj: dir.csv: error: read error: Is a directory" ]
}

@test "waypoint CSV: CRLF line ends, comments, quoted fields" {
	printf '# arm targets\r\n"x","y"\r\n0,0\r\n\r\n# halfway\r\n"3",4\r\n' > wp.csv
	run mjtraj -n 2 wp.csv
	assert_success
	assert_output "t,x,y
0,0,0
1,3,4"
}

@test "random bytes on stdin: a clean diagnostic, never a crash" {
	for seed in 1 2 3 4 5 6 7 8; do
		head -c 4096 /dev/urandom > rnd.bin
		run --separate-stderr mjtraj - < rnd.bin
		[ "$status" -eq 65 ]
		[ -z "$output" ]
		[[ "$stderr" == "mjtraj: <stdin>:"* ]]
		[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
	done
	# numbers and junk mixed under a valid header
	{ printf 'x,y\n'; head -c 2000 /dev/urandom | tr -c '0-9.,e\n-' ','; } > rnd.csv
	run --separate-stderr mjtraj rnd.csv
	[ "$status" -eq 0 ] || [ "$status" -eq 65 ]
}

@test "-o writes the whole file, or leaves the old one untouched" {
	run mjtraj --from 0 --to 1 -n 3 -o out.csv
	assert_success
	[ -z "$output" ]
	[ "$(cat out.csv)" = "t,x
0,0
0.5,0.5
1,1" ]
	run mjtraj --from 0 --to 100 --duration 1 --vmax 1 -o out.csv
	[ "$status" -eq 1 ]
	[ "$(sed -n 2p out.csv)" = "0,0" ]
	[ "$(ls -A | grep -c '^\.out')" -eq 0 ]
}

@test "a write error is exit 74" {
	[ -w /dev/full ] || skip "no /dev/full"
	run --separate-stderr mjtraj --from 0 --to 1 -n 100000 -o /dev/full
	[ "$status" -eq 74 ]
	[[ "$stderr" == "mjtraj: /dev/full: write error: "* ]]
}

@test "the DESIGN pipeline's flags work" {
	run mjtraj --from 0,0 --to 100,50 --header
	assert_success
	assert_line --index 0 "t,x,y"
	[ "${#lines[@]}" -eq 114 ]	# a header, ceil(111.8) + 1 samples
}

@test "the README's mjtraj commands run as written" {
	command -v gnuplot >/dev/null || skip "gnuplot not installed (scripts/install-deps)"
	ln -s "$SPINE_ROOT/examples" examples
	ln -s "$SPINE_ROOT/scripts" scripts
	# indented lines of the mjtraj section that are commands; a line
	# ending in | continues on the next
	awk '/^### mjtraj/ { on = 1; next } /^### / { on = 0 }
		on && /^    (mjtraj|printf|export)/ { cmd = $0
			while (cmd ~ /\|$/ && (getline more) > 0) cmd = cmd "\n" more
			print cmd; print "--" }' "$SPINE_ROOT/README.md" > cmds
	[ "$(grep -c '^--$' cmds)" -ge 6 ]
	while IFS= read -r line; do
		if [ "$line" = "--" ]; then
			run bash -c "cd '$PWD' && set -o pipefail && $cmd"
			[ "$status" -eq 0 ] || { echo "failed: $cmd"; false; }
			cmd=
		else
			cmd="${cmd:+$cmd$'\n'}$line"
		fi
	done < cmds
	[ -s pick-place.png ] && [ -s around.png ] && [ -s joints.png ]
	[ -s move.csv ]
}

@test "the README's example outputs are what mjtraj prints" {
	run mjtraj --from 0,0,0 --to 120,40,10 --vmax 200 --amax 800 --check -p 3
	[ "$output" = "$(awk '/^    quantity,value/ { on = 1 } on && !/^    / { exit }
		on { sub(/^    /, ""); print }' "$SPINE_ROOT/README.md")" ]
	run bash -c "printf 'x,y\n0,0\n50,0\n50,50\n' | mjtraj --duration 1 --step 25 -"
	[ "$output" = "$(awk '/^    t,x,y$/ { on = 1 } on && !/^    / { exit }
		on { sub(/^    /, ""); print }' "$SPINE_ROOT/README.md")" ]
}

@test "times print as the sums they are, and no two rows share a time" {
	# 1.5 s (a move and a dwell) + 0.14: 1.64, not 1.6400000000000001
	run mjtraj --duration 1 --dwell 0.5 - <<< $'x,y\n0,0\n50,0\n50,50'
	assert_success
	assert_line --regexp '^1\.64,50,'
	# no time carries more than 15 significant digits of noise
	printf '%s\n' "${lines[@]:1}" | awk -F, '{ s = $1; sub(/^0\./, "", s)
	    gsub(/[^0-9]/, "", s); if (length(s) > 15) { print $1; exit 1 } }'
	# at --rate 100 a move ending 0.0012 s after a grid sample (5.3712)
	# drops that sample: rows stay at least half a period apart, so a
	# controller that divides by dt never meets dt = 0 (as 5.371 twice
	# did at --precision 3)
	run mjtraj --vmax 200 --amax 800 --dwell 0.3 --rate 100 --precision 3 \
	    "$SPINE_ROOT/examples/trajectories/pick-place.csv"
	assert_success
	printf '%s\n' "${lines[@]:1}" | awk -F, 'NR > 1 && $1 - p < 0.005 &&
	    !(($2 SUBSEP $3 SUBSEP $4) == q) { print p " " $1; exit 1 }
	    NR > 1 && $1 <= p { print "repeated " $1; exit 1 }
	    { p = $1; q = $2 SUBSEP $3 SUBSEP $4 }'
}

@test "no points and a terminal on stdin: says so at once, exit 2" {
	command -v script >/dev/null || skip "script(1) not installed"
	# (a person at a prompt; piped waypoints still come from stdin)
	run script -qec mjtraj /dev/null < /dev/null
	assert_failure 2
	assert_output --partial "mjtraj: no points: give --from A --to B or a waypoint file (standard input is a terminal)"
	run mjtraj < /dev/null
	assert_failure
	[[ "$output" != *"standard input is a terminal"* ]]
}
