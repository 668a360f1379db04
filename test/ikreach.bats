#!/usr/bin/env bats
# ikreach.bats - ikreach through the binary: the seed's worked example,
# both elbows, every method on seeded random targets (forward kinematics
# recomputed here with awk from the printed angles), unreachable targets,
# joint limits, warm-started trajectories, the memory bank, and bad input.

bats_require_minimum_version 1.5.0
load lib/helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# targets LINKS COUNT SEED: "id,x,y" rows uniform over the reachable annulus
targets() {
	awk -v links="$1" -v count="$2" -v seed="$3" 'BEGIN {
		n = split(links, L, ","); R = 0; M = 0
		for (i = 1; i <= n; i++) { R += L[i]; if (L[i] > M) M = L[i] }
		r0 = 2 * M - R; if (r0 < 0) r0 = 0
		srand(seed); pi = atan2(0, -1)
		print "id,x,y"
		for (k = 1; k <= count; k++) {
			r = sqrt(r0 * r0 + rand() * (R * R - r0 * r0))
			a = 2 * pi * rand()
			printf "%d,%.17g,%.17g\n", k, r * cos(a), r * sin(a)
		}
	}'
}

# links N SEED: N seeded random lengths in [0.5, 1.5]
links() {
	awk -v n="$1" -v seed="$2" 'BEGIN { srand(seed)
		for (i = 1; i <= n; i++)
			printf "%s%.6f", (i > 1 ? "," : ""), 0.5 + rand()
		print "" }'
}

# fkcheck LINKS TOL TARGETS OUTPUT: recompute every tip from the printed
# degrees; prints "ok verified total", and fails when a row says ok but its
# tip is further than TOL from its target.
fkcheck() {
	awk -F, -v links="$1" -v tol="$2" '
		BEGIN { n = split(links, L, ","); d2r = atan2(0, -1) / 180 }
		NR == FNR { if (FNR > 1) { tx[$1] = $2; ty[$1] = $3 }; next }
		FNR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		{
			th = 0; x = 0; y = 0
			for (i = 1; i <= n; i++) {
				th += $(col["q" i]) * d2r
				x += L[i] * cos(th); y += L[i] * sin(th)
			}
			id = $(col["id"]); d = sqrt((x - tx[id])^2 + (y - ty[id])^2)
			total++
			if ($(col["status"]) == "ok") { ok++; if (d <= tol) good++ }
		}
		END {
			printf "%d %d %d\n", ok, good, total
			exit (ok == good ? 0 : 1)
		}' "$3" "$4"
}

reach() {
	awk -v links="$1" 'BEGIN { n = split(links, L, ","); for (i = 1; i <= n; i++) r += L[i]; printf "%.17g", r }'
}

@test "--help and --version" {
	run ikreach --help
	[ "$status" -eq 0 ]
	assert_line --partial "usage: ikreach --links"
	run ikreach --version
	[ "$status" -eq 0 ]
	assert_output --regexp '^ikreach \(spine\) [0-9]+\.[0-9]+\.[0-9]+$'
}

@test "the seed's 3-DOF example: links 1,1,1, (1,2) pointing up" {
	run ikreach --links 1,1,1 1,2,90
	[ "$status" -eq 0 ]
	assert_line --index 0 "q1,q2,q3,err,iter,status,sat"
	# the paper's answer: 90, 270 (the same as -90), 90
	echo "${lines[1]}" | awk -F, '{
		d2r = atan2(0, -1) / 180
		if ($1 != 90 || $2 != -90 || $3 != 90 || $6 != "ok") exit 1
		x = cos($1*d2r) + cos(($1+$2)*d2r) + cos(($1+$2+$3)*d2r)
		y = sin($1*d2r) + sin(($1+$2)*d2r) + sin(($1+$2+$3)*d2r)
		if ((x-1)^2 + (y-2)^2 > 1e-24) exit 1
		if (($1+$2+$3) % 360 != 90) exit 1 }'
}

@test "two links: both elbow branches" {
	run ikreach --links 1,1 --elbow both 1,1
	[ "$status" -eq 0 ]
	assert_line --index 0 "elbow,q1,q2,err,iter,status,sat"
	assert_line --index 1 "up,90,-90,0,0,ok,"
	assert_line --index 2 "down,0,90,0,0,ok,"
	# a general target: both rows reach it, with opposite bends
	run ikreach --links 1.2,0.7 --elbow both 0.9,-0.8
	[ "$status" -eq 0 ]
	printf '%s\n' "${lines[@]}" | awk -F, 'NR > 1 {
		d2r = atan2(0, -1) / 180
		x = 1.2*cos($2*d2r) + 0.7*cos(($2+$3)*d2r)
		y = 1.2*sin($2*d2r) + 0.7*sin(($2+$3)*d2r)
		if ((x-0.9)^2 + (y+0.8)^2 > 1e-20) exit 1
		bend[$1] = $3 }
		END { if (!(bend["up"] < 0 && bend["down"] > 0)) exit 1 }'
	# one elbow at a time
	run ikreach --links 1,1 --elbow down 1,1
	assert_line --index 1 "0,90,0,0,ok,"
}

@test "every method, n = 2, 3, 6, 10, 30: 200 random targets, FK checked" {
	for n in 2 3 6 10 30; do
		L=$(links "$n" "$n")
		tol=$(awk -v r="$(reach "$L")" 'BEGIN { printf "%.17g", 1e-6 * r }')
		targets "$L" 200 "$((n + 100))" >t.csv
		for m in auto jacobian ccd fabrik rr analytic; do
			[ "$m" = analytic ] && [ "$n" -ne 2 ] && continue
			run ikreach --links "$L" --method "$m" --independent t.csv
			[ "$status" -le 1 ]
			echo "$output" >out.csv
			run fkcheck "$L" "$tol" t.csv out.csv
			[ "$status" -eq 0 ]	# every "ok" row really is
			set -- $output
			echo "# $m n=$n: $1/$3 reached ($(( 100 * $1 / $3 ))%)" >&3
			[ "$3" -eq 200 ]
			case $m in
			auto|jacobian|analytic) [ "$1" -eq 200 ] ;;
			*) [ "$1" -ge 180 ] ;;
			esac
		done
	done
}

@test "three links with phi: the closed form and the iterative methods" {
	awk 'BEGIN { srand(7); pi = atan2(0, -1); print "id,x,y,phi"
		for (k = 1; k <= 100; k++) {
			a = (2*rand()-1)*pi; b = (2*rand()-1)*pi; c = (2*rand()-1)*pi
			printf "%d,%.17g,%.17g,%.17g\n", k,
			    cos(a) + 0.8*cos(a+b) + 0.5*cos(a+b+c),
			    sin(a) + 0.8*sin(a+b) + 0.5*sin(a+b+c), (a+b+c)*180/pi }
	}' >t.csv
	for m in analytic jacobian ccd fabrik rr; do
		run ikreach --links 1,0.8,0.5 --method "$m" --independent t.csv
		[ "$status" -le 1 ]
		printf '%s\n' "${lines[@]}" >out.csv
		# tip and orientation, recomputed for every row said to be ok
		awk -F, -v m="$m" 'NR == FNR { if (FNR > 1) { X[$1]=$2; Y[$1]=$3; P[$1]=$4 }; next }
			END { printf "# %s n=3 with phi: %d/100 reached\n", m, ok
			    if (ok < (m == "analytic" || m == "jacobian" ? 100 : 95)) exit 2 }
			FNR > 1 && $7 == "ok" { ok++; d2r = atan2(0, -1) / 180; a = $2*d2r; b = $3*d2r; c = $4*d2r
			x = cos(a) + 0.8*cos(a+b) + 0.5*cos(a+b+c)
			y = sin(a) + 0.8*sin(a+b) + 0.5*sin(a+b+c)
			dp = ($2+$3+$4) - P[$1]; dp -= 360 * int(dp / 360)
			if (dp > 180) dp -= 360; if (dp < -180) dp += 360
			if ((x-X[$1])^2 + (y-Y[$1])^2 > (2.3e-6)^2) exit 1
			if (dp*dp > 1e-8) exit 1 }' t.csv out.csv >&3
	done
}

@test "unreachable targets: closest pose, status, exit 1" {
	run ikreach --links 1,1 5,5
	[ "$status" -eq 1 ]
	echo "${lines[1]}" | awk -F, '{ if ($1 != 45 || $2 != 0 || $4 != 0 ||
		$5 != "unreachable") exit 1
		if (($3 - (sqrt(50) - 2))^2 > 1e-28) exit 1 }'
	# inside the dead zone of links 3,1,1 (inner radius 1)
	for m in auto jacobian ccd fabrik rr; do
		run ikreach --links 3,1,1 --method "$m" 0.5,0
		[ "$status" -eq 1 ]
		echo "${lines[1]}" | awk -F, '{ d2r = atan2(0, -1) / 180
			x = 3*cos($1*d2r) + cos(($1+$2)*d2r) + cos(($1+$2+$3)*d2r)
			y = 3*sin($1*d2r) + sin(($1+$2)*d2r) + sin(($1+$2+$3)*d2r)
			if ((x-1)^2 + y^2 > 1e-24 || $6 != "unreachable") exit 1
			if (($4 - 0.5)^2 > 1e-24) exit 1 }'
	done
	# one bad row fails the run, but every row is answered
	run ikreach --links 1,1 1,1 3,0 0.5,0.5
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 4 ]
	assert_line --index 2 --partial ",unreachable,"
	assert_line --index 3 --partial ",ok,"
	# within tolerance of the edge is reached
	run ikreach --links 1,1 2.000001,0
	[ "$status" -eq 0 ]
	run ikreach --links 1,1 2.00001,0
	[ "$status" -eq 1 ]
}

@test "joint limits are respected by every method" {
	lim="-60:80,-100:20,-45:45,-90:90,-30:120,-80:80"
	L=1,0.9,0.8,0.7,0.6,0.5
	# targets from random poses within the limits
	awk -v lim="$lim" -v links="$L" 'BEGIN { srand(11); d2r = atan2(0, -1) / 180
		n = split(links, Ln, ","); split(lim, P, ",")
		for (i = 1; i <= n; i++) { split(P[i], b, ":"); lo[i] = b[1]; hi[i] = b[2] }
		print "id,x,y"
		for (k = 1; k <= 100; k++) { th = 0; x = 0; y = 0
			for (i = 1; i <= n; i++) { th += (lo[i] + rand()*(hi[i]-lo[i])) * d2r
				x += Ln[i]*cos(th); y += Ln[i]*sin(th) }
			printf "%d,%.17g,%.17g\n", k, x, y } }' >t.csv
	for m in auto jacobian ccd fabrik rr; do
		run ikreach --links "$L" --limits "$lim" --method "$m" --independent t.csv
		[ "$status" -le 1 ]
		printf '%s\n' "${lines[@]}" >out.csv
		awk -F, -v lim="$lim" -v meth="$m" 'BEGIN { n = split(lim, P, ",")
			for (i = 1; i <= n; i++) { split(P[i], b, ":"); lo[i] = b[1]; hi[i] = b[2] } }
			NR == 1 { next }
			{ for (i = 1; i <= n; i++) if ($(i+1) < lo[i] || $(i+1) > hi[i]) exit 1
			  # every joint named in sat really is on a limit
			  m = split($NF, S, ";")
			  for (j = 1; j <= m; j++) { i = substr(S[j], 2)
				if ($(i+1) != lo[i] && $(i+1) != hi[i]) exit 2 }
			  if ($(n+4) == "ok") ok++ }
			END { printf "# %s with limits: %d/100 reached\n", meth, ok; if (ok < 80) exit 3 }' out.csv >&3
		run fkcheck "$L" 5e-6 t.csv out.csv
		[ "$status" -eq 0 ]
	done
	# straight up is out of bounds for a first joint held to +-45
	run ikreach --links 1,1 --limits=-45:45,-180:180 0,2
	[ "$status" -eq 1 ]
	assert_line --index 1 --regexp '^45,.*,(limit|unreachable),q1'
}

@test "a warm-started trajectory has no joint jumps; --independent may" {
	# a circle of radius 2.5 round the base, 360 steps of one degree
	awk 'BEGIN { pi = atan2(0, -1); print "t,x,y"
		for (k = 0; k <= 360; k++)
			printf "%d,%.17g,%.17g\n", k, 2.5*cos(k*pi/180), 2.5*sin(k*pi/180) }' >circle.csv
	jump() {
		awk -F, 'NR > 2 { for (i = 2; i <= 7; i++) { d = $i - p[i]; if (d < 0) d = -d
			if (d > m) m = d } }
			NR > 1 { for (i = 2; i <= 7; i++) p[i] = $i }
			END { print m + 0 }'
	}
	run ikreach --links 1,1,1,0.5,0.3,0.2 circle.csv
	[ "$status" -eq 0 ]
	big=$(printf '%s\n' "${lines[@]}" | jump)
	echo "# warm: largest joint step $big degrees for 1-degree target steps" >&3
	awk -v b="$big" 'BEGIN { exit !(b < 3) }'
	run ikreach --links 1,1,1,0.5,0.3,0.2 --independent circle.csv
	big=$(printf '%s\n' "${lines[@]}" | jump)
	echo "# independent: largest joint step $big degrees" >&3
	awk -v b="$big" 'BEGIN { exit !(b > 300) }'	# q1 wraps at 180
	# two links along a line through the elbow's reach: the elbow stays up
	awk 'BEGIN { print "x,y"; for (k = 0; k <= 100; k++) printf "%.17g,%.17g\n", 1.5, -1 + k/50 }' >line.csv
	run ikreach --links 1,1 line.csv
	[ "$status" -eq 0 ]
	printf '%s\n' "${lines[@]}" | awk -F, 'NR > 1 && $2 >= 0 { exit 1 }'
}

@test "CSV in: columns by name, the rest carried in front" {
	printf 't,y,z,x\n0,0.5,9,1\n0.5,0.25,8,1.5\n' >in.csv
	run ikreach --links 1,1 --precision 6 in.csv
	[ "$status" -eq 0 ]
	assert_line --index 0 "t,z,q1,q2,err,iter,status,sat"
	assert_line --index 1 --regexp '^0,9,'
	assert_line --index 2 --regexp '^0\.5,8,'
	# the same through stdin, and via "-"
	run bash -c "ikreach --links 1,1 <in.csv | wc -l"
	assert_output 3
	run bash -c "ikreach --links 1,1 - <in.csv | wc -l"
	assert_output 3
	# JSON lines: copied numbers stay numbers, words stay words
	printf 't,label,x,y\n0.5,a b,1,1\n' | ikreach --links 1,1 -f jsonl >out.jsonl
	run cat out.jsonl
	assert_output '{"t":0.5,"label":"a b","q1":90,"q2":-90,"err":0,"iter":0,"status":"ok","sat":""}'
	# a phi column makes the closed form for three links apply
	printf 'x,y,phi\n1,2,90\n' | ikreach --links 1,1,1 >out.csv
	run cat out.csv
	assert_line --index 1 "90,-90,90,0,0,ok,"
}

@test "mjtraj-style input: t,x,y and t,x,y,z" {
	awk 'BEGIN { print "t,x,y"; for (k = 0; k <= 50; k++) { s = k/50
		printf "%g,%.17g,%.17g\n", s, 1.5*s*s*(3-2*s), 0.5*s*s*(3-2*s) } }' >traj.csv
	run ikreach --links 1,1 traj.csv
	[ "$status" -eq 0 ]	# (0,0) too: equal links fold onto the base
	assert_line --index 0 "t,q1,q2,err,iter,status,sat"
	run ikreach --links 1,1,1 traj.csv
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 52 ]
	awk 'BEGIN { print "t,x,y,z"; print "0,1,1,7"; print "1,1.5,0,8" }' >t3.csv
	run ikreach --links 1,1,1 t3.csv
	[ "$status" -eq 0 ]
	assert_line --index 0 "t,z,q1,q2,q3,err,iter,status,sat"
	# and from mjtraj itself: 2-D, then 3-D with z carried along
	run bash -c "mjtraj --from 0,0 --to 1.5,0.5 | ikreach --links 1,1"
	[ "$status" -eq 0 ]
	assert_line --index 0 "t,q1,q2,err,iter,status,sat"
	[ "${#lines[@]}" -gt 2 ]
	# the elbow never flips along the way: q2 keeps its sign
	printf '%s\n' "${lines[@]}" | awk -F, 'NR > 2 && $3 > 0 { exit 1 }'
	run bash -c "mjtraj --from 0.5,0.5,0 --to 1.5,1,3 | ikreach --links 1,0.8,0.5"
	[ "$status" -eq 0 ]
	assert_line --index 0 "t,z,q1,q2,q3,err,iter,status,sat"
}

@test "--fk and --joints" {
	run ikreach --links 1,1,1 --fk 90,-90,90
	[ "$status" -eq 0 ]
	assert_line --index 0 "x,y,phi"
	echo "${lines[1]}" | awk -F, '{ if (($1-1)^2 + ($2-2)^2 > 1e-28 || $3 != 90) exit 1 }'
	run ikreach --links 2,1 --base 1,-1 --fk --joints 0,90
	assert_line --index 0 "x,y,phi,x0,y0,x1,y1,x2,y2"
	echo "${lines[1]}" | awk -F, '{ if (($1-3)^2 + $2^2 > 1e-28 || $3 != 90) exit 1
		if ($4 != 1 || $5 != -1 || $6 != 3 || $7 != -1) exit 1
		if (($8-3)^2 + $9^2 > 1e-28) exit 1 }'
	# a round trip through a pipe: angles out of ikreach, the pose back
	run bash -c "ikreach --links 1,0.8,0.6,0.4 --base 0.5,0.5 0.9,1.7 -0.4,1.1 | ikreach --links 1,0.8,0.6,0.4 --base 0.5,0.5 --fk"
	[ "$status" -eq 0 ]
	assert_line --index 0 "err,iter,status,sat,x,y,phi"
	printf '%s\n' "${lines[@]}" | awk -F, 'NR == 2 { if (($5-0.9)^2 + ($6-1.7)^2 > 1e-11) exit 1 }
		NR == 3 { if (($5+0.4)^2 + ($6-1.1)^2 > 1e-11) exit 1 }'
	run ikreach --links 1,1 --fk 1,2,3
	[ "$status" -eq 2 ]
	run ikreach --links 1,1 --joints 1,1
	[ "$status" -eq 2 ]
}

@test "--rad and --base" {
	run ikreach --links 1,1 --rad 1,1
	assert_line --index 1 "1.5707963267948966,-1.5707963267948966,0,0,ok,"
	run ikreach --links 1,1 --base 10,20 11,21
	assert_line --index 1 "90,-90,0,0,ok,"
	run ikreach --links 1,1 --base=-1,0 -- -1,2
	assert_line --index 1 --regexp '^90,0,[-0-9.e]+,0,ok,$'
	# negative targets need no "--"
	run ikreach --links 1,1 -1,-1
	[ "$status" -eq 0 ]
	assert_line --index 1 --partial ",ok,"
}

@test "--trace prints every iteration's pose" {
	run ikreach --links 1,1,1,1 --method rr --trace 1,1.5 2,-1
	[ "$status" -eq 0 ]
	assert_line --index 0 "target,iter,q1,q2,q3,q4,err,x0,y0,x1,y1,x2,y2,x3,y3,x4,y4"
	printf '%s\n' "${lines[@]}" | awk -F, 'NR > 1 {
		d2r = atan2(0, -1) / 180; th = 0; x = 0; y = 0
		for (i = 3; i <= 6; i++) { th += $i*d2r; x += cos(th); y += sin(th)
			# joint positions agree with the angles
			if (($(2*i+4) - x)^2 + ($(2*i+5) - y)^2 > 1e-24) exit 1 }
		if ($1 != t) { if (t && (last > 4e-6)) exit 2; t = $1; it = -1 }
		if ($2 <= it) exit 3; it = $2; last = $7; rows++ }
		END { if (last > 4e-6 || rows < 10) exit 4 }'
}

@test "the memory bank: explore, save, load, warm starts" {
	run ikreach --links 1,1,1,1,1 --memory bank.csv --explore 2000 --seed 5
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ "$(grep -vc '^#' bank.csv)" -eq 2001 ]
	assert_equal "$(sed -n 2p bank.csv)" "x,y,q1,q2,q3,q4,q5"
	# every remembered tip agrees with its angles (radians)
	awk -F, '!/^#/ && NR > 2 { th = 0; x = 0; y = 0
		for (i = 3; i <= 7; i++) { th += $i; x += cos(th); y += sin(th) }
		if ((x-$1)^2 + (y-$2)^2 > 1e-20) exit 1 }' bank.csv
	# the same seed explores the same poses
	ikreach --links 1,1,1,1,1 --memory bank2.csv --explore 2000 --seed 5
	cmp bank.csv bank2.csv
	targets 1,1,1,1,1 100 9 >t.csv
	run ikreach --links 1,1,1,1,1 --memory bank.csv --independent t.csv
	[ "$status" -eq 0 ]
	printf '%s\n' "${lines[@]}" >out.csv
	run fkcheck 1,1,1,1,1 5e-6 t.csv out.csv
	[ "$status" -eq 0 ]
	assert_output "100 100 100"
	# explore and solve in one go
	run ikreach --links 1,1,1,1,1 --memory bank3.csv --explore 500 t.csv
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 101 ]
	# a bank for another arm is refused
	run --separate-stderr ikreach --links 1,1,1,1,2 --memory bank.csv 1,1
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"bank.csv:3: error:"* ]]
	run ikreach --links 1,1,1 --memory missing.csv 1,1
	[ "$status" -eq 66 ]
	run ikreach --links 1,1,1 --explore 10 1,1
	[ "$status" -eq 2 ]
	# a bank that cannot be written is not written at all
	mkdir ro && chmod 555 ro
	run ikreach --links 1,1 --memory ro/bank.csv --explore 10
	[ "$status" -eq 74 ] || [ "$(id -u)" -eq 0 ]
	[ ! -e ro/bank.csv ] || [ "$(id -u)" -eq 0 ]
}

@test "iteration budget: not-converged, exit 1" {
	run ikreach --links 1,1,1,1,1,1 --method ccd --max-iter 1 0.3,0.2
	[ "$status" -eq 1 ]
	assert_line --index 1 --regexp ',1,not-converged,$'
	# a loose tolerance is met sooner
	run ikreach --links 1,1,1,1,1,1 --method ccd --tol 0.01 0.3,0.2
	[ "$status" -eq 0 ]
}

@test "bad --links and other usage errors exit 2" {
	run --separate-stderr ikreach --links 1,x 1,1
	[ "$status" -eq 2 ]
	[[ "$stderr" == "ikreach: --links '1,x': link 2: not a number"* ]]
	run ikreach --links 0,1 1,1
	[ "$status" -eq 2 ]
	run ikreach --links=-1 1,1
	[ "$status" -eq 2 ]
	run ikreach --links "$(printf '1,%.0s' $(seq 64))1" 1,1
	[ "$status" -eq 2 ]
	run ikreach --links "$(printf '1,%.0s' $(seq 63))1" 10,10
	[ "$status" -eq 0 ]
	run ikreach 1,1
	[ "$status" -eq 2 ]
	run ikreach --links 1,1 --method newton 1,1
	[ "$status" -eq 2 ]
	run ikreach --links 1,1 --limits 0:10 1,1
	[ "$status" -eq 2 ]
	run ikreach --links 1,1 --tol 0 1,1
	[ "$status" -eq 2 ]
	run ikreach --links 1,1 1,nope
	[ "$status" -eq 2 ]
	run ikreach --links 1,1 1,1,1,1
	[ "$status" -eq 2 ]
	run ikreach --links 1,1,1,1 --elbow both 1,1
	[ "$status" -eq 2 ]
	run ikreach --links 1,1,1 --method analytic 1,1
	[ "$status" -eq 2 ]
	run ikreach --links 1,1 --bogus
	[ "$status" -eq 2 ]
	run --separate-stderr ikreach --links 1,1 1,1 --base
	[ "$status" -eq 2 ]
	assert_equal "$stderr" "ikreach: --base: needs a value
Try 'ikreach --help' for more information."
}

@test "bad CSV: exit 65 with file:line:col, 66 for a missing file" {
	printf 'x,y\n1,1\n1,2,3\n' >bad.csv
	run --separate-stderr ikreach --links 1,1 bad.csv
	[ "$status" -eq 65 ]
	assert_equal "$stderr" "ikreach: bad.csv:3: error: 3 fields where the header has 2"
	[ "${#lines[@]}" -eq 2 ]	# the good row before it is out
	printf 'x,y\n1,1\n1, zz\n' >bad.csv
	run --separate-stderr ikreach --links 1,1 bad.csv
	[ "$status" -eq 65 ]
	assert_equal "$stderr" "ikreach: bad.csv:3:4: error: y: not a number: 'zz'"
	printf '1,1\n' >bad.csv
	run --separate-stderr ikreach --links 1,1 bad.csv
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"bad.csv:1:1: error: the first line must be a header"* ]]
	printf 'a,b\n1,1\n' >bad.csv
	run --separate-stderr ikreach --links 1,1 bad.csv
	[ "$status" -eq 65 ]
	[ "$stderr" = "ikreach: bad.csv:1: error: the header gives no position: want x,y" ]
	printf 'x,y\n1,nan\n' >bad.csv
	run ikreach --links 1,1 bad.csv
	[ "$status" -eq 65 ]
	printf 'x,y\n"1,1\n' >bad.csv
	run ikreach --links 1,1 bad.csv
	[ "$status" -eq 65 ]
	run ikreach --links 1,1 </dev/null
	[ "$status" -eq 65 ]
	printf 'q1\n1\n' >q.csv
	run ikreach --links 1,1 --fk q.csv
	[ "$status" -eq 65 ]
	printf 'x,y\n1,2\n' >ok.csv
	run --separate-stderr ikreach --links 1,1,1 --elbow both ok.csv
	[ "$status" -eq 65 ]
	run ikreach --links 1,1 nonexistent.csv
	[ "$status" -eq 66 ]
	run ikreach --links 1,1 a.csv b.csv
	[ "$status" -eq 2 ]
}

@test "random bytes on stdin and as a memory bank never crash" {
	for seed in $(seq 1 25); do
		awk -v seed="$seed" 'BEGIN { srand(seed); n = 200 + int(rand() * 3000)
			for (i = 0; i < n; i++) printf "%c", int(rand() * 256) }' >junk
		run --separate-stderr ikreach --links 1,1,1 <junk
		[ "$status" -eq 65 ] || [ "$status" -eq 0 ] || [ "$status" -eq 1 ]
		[ "$(printf '%s\n' "$stderr" | grep -c .)" -le 1 ]
		run ikreach --links 1,1,1 - <junk
		[ "$status" -eq 65 ] || [ "$status" -eq 0 ] || [ "$status" -eq 1 ]
		run ikreach --links 1,1,1 --fk junk
		[ "$status" -eq 65 ] || [ "$status" -eq 0 ]
		run ikreach --links 1,1,1 --memory junk 1,1
		[ "$status" -eq 65 ]
		# a header that fits, then junk
		{ echo x,y; cat junk; } >junk2
		run ikreach --links 1,1,1 junk2
		[ "$status" -eq 65 ] || [ "$status" -eq 0 ] || [ "$status" -eq 1 ]
	done
}

@test "scripts/plot --arm draws the poses of --trace and --fk --joints" {
	command -v gnuplot >/dev/null || skip "gnuplot not installed (scripts/install-deps)"
	plot=$SPINE_ROOT/scripts/plot
	is_png() { [ "$(head -c 4 "$1" | od -An -c | tr -d ' ')" = '211PNG' ]; }
	ikreach --links 1,1,1,1 --method rr --trace 1,1.5 2,-1 >trace.csv
	run "$plot" --arm trace.csv
	[ "$status" -eq 0 ]
	is_png trace.png
	ikreach --links 1,1,1 0.5,1 2,1 | ikreach --links 1,1,1 --fk --joints |
	    "$plot" --arm -o fk.png
	is_png fk.png
	run --separate-stderr "$plot" --arm -o none.png trace.csv.missing
	[ "$status" -eq 66 ]
	ikreach --links 1,1 --fk 10,20 >nojoints.csv
	run --separate-stderr "$plot" --arm nojoints.csv
	[ "$status" -eq 65 ]
	assert_equal "$stderr" "plot: nojoints.csv: no joint columns x0,y0,x1,y1 (ikreach --trace or --fk --joints)"
	printf 'x0,y0,x1,y1\n0,0,one,1\n' >words.csv
	run --separate-stderr "$plot" --arm words.csv
	[ "$status" -eq 65 ]
	[ ! -e none.png ] && [ ! -e nojoints.png ] && [ ! -e words.png ]
}
