#!/usr/bin/env bats
# worldsim: the Instinct Robot World against ../shared/spec/robotworld.md.
# Every expected value below is worked out by hand from the spec (the
# working is in the comments); --trace shows each robot's cell, heading,
# speed, action and result after every tick.

load lib/helper
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_TMPDIR"
	# The test map: robot 0 starts at S = (3,6) facing north (heading 0).
	#   x: 0123456789AB
	cat > small.map <<'MAP'
# worldsim test map, 12 x 9
XXXXXXXXXXXX
X          X
X          X
X  O       X
X          X
X          X
X  S       X
X   O      X
XXXXXXXXXXXX
MAP
}

# plan NAME YAML: compile a YAML plan to NAME.plan.
plan() {
	printf '%s\n' "$2" > "$1.yaml"
	plancc "$1.yaml" -o "$1.plan" 2>/dev/null
}

# one_drive NAME SENSE-ID 'CONDITION' ACT-ID VALUE: a plan with one drive
# that does action ACT-ID VALUE while the condition on sense S holds.
one_drive() {
	plan "$1" "senses: {S: $2}
actions: {Act: $4}
drives:
  D: {priority: 10, when: '$3', do: Do}
acts:
  Do: Act $5"
}

# worldsim with one robot unless --robots says otherwise.
ws() {
	worldsim --robots 1 "$@"
}

# field TRACE TICK ROBOT COLUMN: one value of a --trace file.
field() {
	awk -F, -v t="$2" -v r="$3" -v c="$4" '
	    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	    $1 == t && $2 == r { print $col[c] }' "$1"
}

# sense_reads ID VALUE [MORE worldsim ARGS]: does sense ID read VALUE on
# tick 1?  (Its drive then stops the robot: action "stop".)
sense_reads() {
	local id=$1 v=$2
	shift 2
	one_drive s "$id" "S == $v" 4 0
	ws --plan s.plan --map small.map --ticks 1 --trace t.csv "$@"
	[ "$(field t.csv 1 0 action)" = stop ]
}

@test "the default map is the spec's, byte for byte (SHA-256 of section 1.4)" {
	run worldsim --print-map
	assert_success
	[ "$(worldsim --print-map | sha256sum | cut -c1-64)" = \
	    daded0c893f74c7a5d63f4955ee8434c8987d84b7a0b342a16fbe383dc2113c3 ]
	# 353 walls (section 1.2)
	[ "$(worldsim --print-map | tr -cd X | wc -c)" -eq 353 ]
}

@test "six new robots stand on (45,20) and the picture shows 'a' there" {
	one_drive p 8 'S == 50' 7 0
	worldsim --plan p.plan --ticks 0 --show > frames.txt
	[ "$(head -40 frames.txt | sha256sum | cut -c1-64)" = \
	    b4b32c3ca5bcc9727ba3f7adb4fc9acf26f360dac9d4ba420cdfff3485b1304f ]
	# headings 0, 45, ... 225: robot k made k creation turns (2.1 step 6)
	worldsim --plan p.plan --ticks 0 --trace t.csv
	for k in 0 1 2 3 4 5; do
		[ "$(field t.csv 0 $k heading)" -eq $((k * 45)) ]
		[ "$(field t.csv 0 $k interval)" -eq "$k" ]
	done
}

@test "distance senses 1-6 on the test map, rear ones mirrored (3.1)" {
	# from (3,6) facing N: NE (4,5) (5,4) (6,3) (7,2) free -> capped at 4
	sense_reads 1 4
	! sense_reads 1 3
	# NW: (2,5) (1,4) free, (0,3) wall -> 2
	sense_reads 2 2
	# RearLeft probes SE (h + 135): (4,7) is the obstacle O -> 0
	sense_reads 3 0
	# RearRight probes SW (h + 225): (2,7) free, (1,8) wall -> 1
	sense_reads 4 1
	# N: (3,5) (3,4) free, (3,3) is O -> 2
	sense_reads 5 2
	! sense_reads 5 3
	# S: (3,7) free, (3,8) wall -> 1
	sense_reads 6 1
}

@test "Random, Fifty and SenseMate (senses 7-9)" {
	# MSVC rand() from seed 1 gives 41, 18467, ...: 1 + 41 * 100 div 32767
	# = 1 on the first read, 1 + 1846700 div 32767 = 57 on the second
	sense_reads 7 1 --seed 1
	! sense_reads 7 57 --seed 1
	one_drive s 7 'S == 57' 4 0
	ws --plan s.plan --map small.map --ticks 2 --seed 1 --trace t.csv
	[ "$(field t.csv 2 0 action)" = stop ]
	sense_reads 8 50
	# one robot alone: 0; two on the same start cell: 1
	sense_reads 9 0
	sense_reads 9 1 --robots 2
}

@test "SetSpeed moves in the movement phase and stops at a wall, still moving" {
	one_drive p 8 'S == 50' 1 1
	ws --plan p.plan --map small.map --ticks 3 --trace t.csv
	# (3,6) -> (3,5) -> (3,4); (3,3) is O: the step is refused, speed stays
	[ "$(field t.csv 1 0 y)" -eq 5 ]
	[ "$(field t.csv 2 0 y)" -eq 4 ]
	[ "$(field t.csv 3 0 y)" -eq 4 ]
	[ "$(field t.csv 3 0 speed)" -eq 1 ]
	# so it counts as moving in every tick: 1000 per 1000
	run ws --plan p.plan --map small.map --ticks 3 --no-header
	assert_output "1,1,3,1,0,0,1000,0,0,100,0"
}

@test "MoveBy reports in progress until done, then FAIL at the obstacle (4.2)" {
	one_drive p 8 'S == 50' 2 2
	ws --plan p.plan --map small.map --ticks 3 --trace t.csv
	# tick 1: one step to (3,5), 1 to go: P; tick 2: (3,4), done: S;
	# tick 3: a fresh MoveBy 2 steps into O: F.  Speed always back to 0.
	[ "$(field t.csv 1 0 y),$(field t.csv 1 0 result)" = 5,P ]
	[ "$(field t.csv 2 0 y),$(field t.csv 2 0 result)" = 4,S ]
	[ "$(field t.csv 3 0 y),$(field t.csv 3 0 result)" = 4,F ]
	[ "$(field t.csv 3 0 speed)" -eq 0 ]
	# backwards: (3,7) then (3,8) is the wall
	one_drive p 8 'S == 50' 2 -1
	ws --plan p.plan --map small.map --ticks 2 --trace t.csv
	[ "$(field t.csv 1 0 y),$(field t.csv 1 0 result)" = 7,S ]
	[ "$(field t.csv 2 0 y),$(field t.csv 2 0 result)" = 7,F ]
}

@test "Turn: 45 degrees per call, in progress until the target (4.3)" {
	one_drive p 8 'S == 50' 3 90
	ws --plan p.plan --map small.map --ticks 3 --trace t.csv
	[ "$(field t.csv 1 0 heading),$(field t.csv 1 0 result)" = 45,P ]
	[ "$(field t.csv 2 0 heading),$(field t.csv 2 0 result)" = 90,S ]
	[ "$(field t.csv 3 0 heading),$(field t.csv 3 0 result)" = 135,P ]
	one_drive p 8 'S == 50' 3 -45
	ws --plan p.plan --map small.map --ticks 1 --trace t.csv
	[ "$(field t.csv 1 0 heading),$(field t.csv 1 0 result)" = 315,S ]
	# not a multiple of 45: ERROR, heading unchanged
	one_drive p 8 'S == 50' 3 30
	ws --plan p.plan --map small.map --ticks 1 --trace t.csv
	[ "$(field t.csv 1 0 heading),$(field t.csv 1 0 result)" = 0,Z ]
}

@test "RandomTurn 90: 2 calls clockwise or 6 calls the long way (4.9)" {
	one_drive p 8 'S == 50' 9 90
	# seed 1: r = 41 <= 16383 -> target 0 - 90 = 270, stepping +45:
	# 45 90 135 180 225 270, success on the sixth call
	ws --plan p.plan --map small.map --ticks 6 --seed 1 --trace t.csv
	[ "$(field t.csv 5 0 heading),$(field t.csv 5 0 result)" = 225,P ]
	[ "$(field t.csv 6 0 heading),$(field t.csv 6 0 result)" = 270,S ]
	# seed 100000: s = 100000 * 214013 + 2531011 mod 2^32 = 4223961827,
	# (s >> 16) & 0x7fff = 31684 > 16383 -> target +90: two calls
	ws --plan p.plan --map small.map --ticks 2 --seed 100000 \
	    --trace t.csv
	[ "$(field t.csv 2 0 heading),$(field t.csv 2 0 result)" = 90,S ]
}

@test "Stop, Sleep (value + 1 calls), Fail and Succeed (4.4-4.7)" {
	plan p "senses: {S: 8}
actions: {SetSpeed: 1, Stop: 4, Sleep: 5}
drives:
  D: {priority: 10, when: S == 50, do: P}
patterns:
  P: [Go, Halt, Go, Nap]
acts:
  Go: SetSpeed 1
  Halt: Stop 0
  Nap: Sleep 3"
	ws --plan p.plan --map small.map --ticks 8 --trace t.csv
	# 1 Go: moves to (3,5); 2 Halt: stays, speed 0; 3 Go: (3,4);
	# 4-7 Nap 3: speed 0, P P P then S on the fourth call; 8 Go again
	[ "$(field t.csv 1 0 y)" -eq 5 ]
	[ "$(field t.csv 2 0 y),$(field t.csv 2 0 speed)" = 5,0 ]
	[ "$(field t.csv 3 0 y)" -eq 4 ]
	for t in 4 5 6; do
		[ "$(field t.csv $t 0 result),$(field t.csv $t 0 speed)" = P,0 ]
	done
	[ "$(field t.csv 7 0 action),$(field t.csv 7 0 result)" = sleep,S ]
	[ "$(field t.csv 8 0 action)" = set_speed ]
	one_drive p 8 'S == 50' 6 0
	ws --plan p.plan --map small.map --ticks 1 --trace t.csv
	[ "$(field t.csv 1 0 action),$(field t.csv 1 0 result)" = fail,F ]
	one_drive p 8 'S == 50' 7 0
	ws --plan p.plan --map small.map --ticks 1 --trace t.csv
	[ "$(field t.csv 1 0 action),$(field t.csv 1 0 result)" = succeed,S ]
}

@test "Mate succeeds only on a shared cell and records the interval (4.8, 4.10)" {
	one_drive p 8 'S == 50' 8 0
	# alone: FAIL, and the failed call counts in the interval
	ws --plan p.plan --map small.map --ticks 1 --trace t.csv
	[ "$(field t.csv 1 0 result),$(field t.csv 1 0 interval)" = F,1 ]
	# two robots on S: both succeed.  Robot 0 had 0 calls before (interval
	# 0 remembered, average 0); robot 1 had its creation turn (1)
	ws --plan p.plan --map small.map --ticks 1 --robots 2 \
	    --trace t.csv
	[ "$(field t.csv 1 0 result),$(field t.csv 1 0 matings)" = S,1 ]
	[ "$(field t.csv 1 0 avg_interval)" -eq 0 ]
	[ "$(field t.csv 1 1 result),$(field t.csv 1 1 matings)" = S,1 ]
	[ "$(field t.csv 1 1 avg_interval)" -eq 1 ]
	[ "$(field t.csv 1 1 interval)" -eq 0 ]
	# two start cells: nobody shares a cell, nobody mates
	sed 's/^X     /X    S/' small.map > two.map
	ws --plan p.plan --map two.map --ticks 1 --robots 2 --trace t.csv
	[ "$(field t.csv 1 0 result),$(field t.csv 1 1 result)" = F,F ]
	# ticks per mating: T * n div matings = 1 * 2 div 2 = 1
	run ws --plan p.plan --map small.map --ticks 1 --robots 2 \
	    --no-header
	assert_output "1,2,1,0,0,2,0,1,0,0,0"
}

@test "robots pass through each other; walls stop them" {
	# starts (reading order): robot 0 at (3,4) facing N, robot 1 at (2,5)
	# facing NE (one creation turn); both SetSpeed 1
	awk 'NR == 6 { $0 = "X  S       X" } NR == 7 { $0 = "X S        X" }
	    NR == 8 { $0 = "X          X" } 1' small.map > two.map
	one_drive p 8 'S == 50' 1 1
	ws --plan p.plan --map two.map --ticks 2 --robots 2 --trace t.csv
	[ "$(field t.csv 0 1 x),$(field t.csv 0 1 y)" = 2,5 ]
	# tick 1: robot 0's step into O (3,3) is refused: it stays on (3,4);
	# robot 1 steps onto (3,4) all the same, beside it
	[ "$(field t.csv 1 0 x),$(field t.csv 1 0 y)" = 3,4 ]
	[ "$(field t.csv 1 1 x),$(field t.csv 1 1 y)" = 3,4 ]
	# tick 2: robot 0 pushes the wall again, robot 1 goes on to (4,3)
	[ "$(field t.csv 2 0 x),$(field t.csv 2 0 y)" = 3,4 ]
	[ "$(field t.csv 2 1 x),$(field t.csv 2 1 y)" = 4,3 ]
	[ "$(field t.csv 2 0 speed)" -eq 1 ]
}

@test "the monitor halves Mate's base priority and restores it (5.2, 5.3)" {
	# Two robots on S mate every tick.  Mate ramps (interval 1000), so the
	# planner puts it back to its base each time it succeeds.
	plan p "senses: {SenseMate: 9}
actions: {Mate: 8}
drives:
  Mate: {priority: 100, when: SenseMate == 1, do: MateNow,
         ramp_increment: 1, ramp_interval: 1000}
acts:
  MateNow: Mate 0"
	plan m "senses: {AvgMatingInterval: 1}
actions: {SetMatePriority: 1, ResetMatePriority: 2, MonitorSleep: 3}
drives:
  TooMuchMating: {priority: 600, when: AvgMatingInterval < 1000,
                  hysteresis: 200, flex: 200, do: LessMating}
patterns:
  LessMating: [SetMatingPriority, Nap, ResetMatingPriority]
acts:
  SetMatingPriority: SetMatePriority 0
  Nap: MonitorSleep 3
  ResetMatingPriority: ResetMatePriority 0"
	ws --plan p.plan --monitor-plan m.plan --map small.map \
	    --robots 2 --ticks 7 --mate-range 1 --trace t.csv
	# tick 1: Mate succeeds (average 0), the monitor sets '!' and the base
	# to 100 div 2 = 50; the runtime priority is untouched: 100.
	# ticks 2-5: Mate succeeds, resets to its base: 50; Nap 3 takes 4 calls.
	# tick 6: ResetMatePriority: base 100 again, 'a' again, runtime 50.
	# tick 7: Mate succeeds: 100; the new interval releases the monitor: '!'
	local want="!,100 !,50 !,50 !,50 !,50 a,50 !,100" got= t
	for t in 1 2 3 4 5 6 7; do
		got="$got $(field t.csv $t 0 char),$(field t.csv $t 0 mate_priority)"
	done
	[ "$got" = " $want" ] || fail "got$got"
	# the monitor's log shows it: set on tick 1, reset on tick 6, set on 7
	ws --plan p.plan --monitor-plan m.plan --map small.map \
	    --robots 2 --ticks 7 --mate-range 1 --log logs
	[ "$(awk -F, '$3 == "S" && $4 == "A" { printf "%s:%s ", $1, $6 }' \
	    logs/RobMonLog-aa.csv)" = "1:SetMatingPriority 5:Nap \
6:ResetMatingPriority 7:SetMatingPriority " ]
	# statistics: both robots show '!' in 6 of the 7 ticks: 12 of 14
	run ws --plan p.plan --monitor-plan m.plan --map small.map \
	    --robots 2 --ticks 7 --mate-range 1 --no-header
	assert_output "1,2,7,0,2,14,0,1,857,0,85"
}

# cols LOG: an event log's columns that every planrun log version has
# (older planruns wrote idle cycles as "idle", the event log as "I").
cols() {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    { if ($c["event"] == "idle") $c["event"] = "I"
	    print $c["cycle"] "," $c["time_ms"] "," $c["event"] "," \
	    $c["type"] "," $c["name"] "," $c["sense"] "," $c["value"] }' "$1"
}

@test "--log: one event log per robot and plan; each replays to the same run" {
	require_shared
	plancc "$SHARED/reference/plans/robotworld-diaplan3.inst" -o d.plan \
	    2>/dev/null
	plancc "$SHARED/reference/plans/robotworld-diamonitorplan3.inst" \
	    -o m.plan 2>/dev/null
	worldsim --plan d.plan --monitor-plan m.plan --robots 4 --ticks 1500 \
	    --log logs
	[ "$(ls logs | tr '\n' ' ')" = "RobLog-aa.csv RobLog-ab.csv \
RobLog-ac.csv RobLog-ad.csv RobMonLog-aa.csv RobMonLog-ab.csv \
RobMonLog-ac.csv RobMonLog-ad.csv " ]
	head -1 logs/RobLog-aa.csv |
	    grep -qx 'cycle,time_ms,event,type,id,name,sense,sense_id,value,released,latch,reason'
	# one timer tick per cycle, 125 ms of simulated time each.  Mate's
	# random start priority is a Q line before cycle 1 (seed 1 draws 41,
	# 18467, 6334, 26500: Mate starts at 230 + (r * 10 div 32767) div 2 =
	# 230, 232, 230, 234, spec 2.1 step 5), and so is every change the
	# monitor makes to it, put back after a mating: every robot replays
	[ "$(grep ',Q,' logs/RobLog-ab.csv | head -1)" = \
	    "1,0,Q,D,26,Mate,,,232,,," ]
	[ "$(grep ',Q,' logs/RobLog-ad.csv | head -1)" = \
	    "1,0,Q,D,26,Mate,,,234,,," ]
	# the monitor halved a base of 230 (to 115), put in place after the
	# robot's next mating
	grep -q ',Q,D,26,Mate,,,115,,,$' logs/RobLog-*.csv
	for f in logs/RobLog-*.csv; do
		planrun --replay "$f" --tick-ms 125 --log re.csv d.plan > acts.csv
		cmp -s <(cols "$f") <(cols re.csv) || fail "$f: replay differs"
		# the replayed run made the logged action calls, in order
		[ "$(tail -n +2 acts.csv | wc -l)" -eq \
		    "$(awk -F, '$3 == "E" && $4 == "A"' "$f" | wc -l)" ]
		[ "$(tail -n +2 acts.csv | wc -l)" -gt 50 ]
	done
	for f in logs/RobMonLog-*.csv; do
		planrun --replay "$f" --tick-ms 125 --log re.csv m.plan > /dev/null
		cmp -s <(cols "$f") <(cols re.csv) || fail "$f: replay differs"
	done
	# without a Mate drive nothing sets a priority: no Q lines
	worldsim --plan d.plan --robots 4 --ticks 400 --mate-drive none \
	    --log plain
	! grep -q ',Q,' plain/RobLog-*.csv
	for f in plain/RobLog-*.csv; do
		planrun --replay "$f" --tick-ms 125 --log re.csv d.plan > /dev/null
		cmp -s <(cols "$f") <(cols re.csv) || fail "$f: replay differs"
	done
	# --log-robots: only the first robots
	worldsim --plan d.plan --robots 4 --ticks 2 --log few --log-robots 2
	[ "$(ls few | tr '\n' ' ')" = "RobLog-aa.csv RobLog-ab.csv " ]
}

@test "DiaPlan3 compiled from the reference .inst runs unchanged" {
	require_shared
	plancc "$SHARED/reference/plans/robotworld-diaplan3.inst" -o d.plan \
	    2>/dev/null
	plancc "$SHARED/reference/plans/robotworld-diamonitorplan3.inst" \
	    -o m.plan 2>/dev/null
	worldsim --plan d.plan --ticks 60 --seed 1 --trace t.csv
	# seed 1 draws 41, 18467, 6334, 26500 for robots 0-3: Mate starts at
	# 230 + (r * 10 div 32767) div 2 = 230, 232, 230, 234 (2.1 step 5) and
	# ramps by 1 on ticks 1, 11, 21, ...: robot 3 reaches 240 on tick 51
	[ "$(field t.csv 0 0 mate_priority)" -eq 230 ]
	[ "$(field t.csv 0 1 mate_priority)" -eq 232 ]
	[ "$(field t.csv 0 2 mate_priority)" -eq 230 ]
	[ "$(field t.csv 0 3 mate_priority)" -eq 234 ]
	[ "$(field t.csv 50 3 mate_priority)" -eq 239 ]
	[ "$(field t.csv 51 3 mate_priority)" -eq 240 ]
	# ... and, tied with Explore and first in the file, is examined for the
	# first time then: the original's logs show SenseMate first read on
	# tick 51 by robots that started at 234 (spec 7.1)
	worldsim --plan d.plan --ticks 60 --seed 1 --log logs
	[ "$(grep -m1 ',R,D,26,Mate,SenseMate,' logs/RobLog-ad.csv |
	    cut -d, -f1)" -eq 51 ]
	# HighSpeed is dead (8.5): no robot ever runs at speed 2
	worldsim --plan d.plan --monitor-plan m.plan --robots 20 --ticks 3000 \
	    --trace t.csv --stats=s.csv
	! awk -F, 'NR > 1 && $7 == 2' t.csv | grep -q .
	# they mate, and the monitor intervenes
	[ "$(cut -d, -f6 s.csv | tail -1)" -gt 0 ]
	[ "$(cut -d, -f9 s.csv | tail -1)" -gt 0 ]
}

@test "examples/worldsim's Robot World plans run as DiaPlan3 and its monitor, tick for tick" {
	plancc "$SPINE_ROOT/examples/worldsim/robotworld.yaml" -o rw.plan
	plancc "$SPINE_ROOT/examples/worldsim/robotworld-monitor.yaml" \
	    -o rwm.plan
	# they drive the world's mating machinery by its names
	worldsim --plan rw.plan --monitor-plan rwm.plan --robots 10 \
	    --ticks 3000 --seed 2 --trace ours.csv
	[ "$(awk -F, 'NR > 1 && $10 == "S" && $9 == "mate"' ours.csv |
	    wc -l)" -gt 0 ]
	awk -F, 'NR > 1 && $8 == "!"' ours.csv | grep -q .
	require_shared
	plancc "$SHARED/reference/plans/robotworld-diaplan3.inst" -o d.plan \
	    2>/dev/null
	plancc "$SHARED/reference/plans/robotworld-diamonitorplan3.inst" \
	    -o m.plan 2>/dev/null
	worldsim --plan d.plan --monitor-plan m.plan --robots 10 \
	    --ticks 3000 --seed 2 --trace theirs.csv
	cmp ours.csv theirs.csv
}

@test "the same seed gives the same bytes, another seed others" {
	require_shared
	plancc "$SHARED/reference/plans/robotworld-diaplan3.inst" -o d.plan \
	    2>/dev/null
	worldsim --plan d.plan --robots 30 --ticks 500 --seed 7 --show > a
	worldsim --plan d.plan --robots 30 --ticks 500 --seed 7 --show > b
	worldsim --plan d.plan --robots 30 --ticks 500 --seed 8 --show > c
	cmp a b
	! cmp -s a c
	# and the logs, traces and statistics
	for run in 1 2; do
		worldsim --plan d.plan --robots 5 --ticks 300 --seed 7 \
		    --log "l$run" --trace "t$run.csv" --stats="s$run.csv"
	done
	diff -r l1 l2
	cmp t1.csv t2.csv
	cmp s1.csv s2.csv
}

@test "--stats-every prints a row every K ticks" {
	one_drive p 8 'S == 50' 1 1
	run ws --plan p.plan --map small.map --ticks 10 --stats-every 4
	assert_success
	[ "${#lines[@]}" -eq 4 ]
	[ "$(printf '%s\n' "${lines[@]}" | cut -d, -f3 | tr '\n' ' ')" = \
	    "ticks 4 8 10 " ]
}

@test "explorer.yaml runs in the world with its profile" {
	plancc "$SPINE_ROOT/examples/explorer.yaml" -o e.plan 2>/dev/null
	run worldsim --plan e.plan --profile \
	    "$SPINE_ROOT/examples/worldsim/explorer-world.yaml" --robots 5 --ticks 300 \
	    --no-header
	assert_success
	# someone moved at some time
	[ "$(echo "$output" | cut -d, -f7)" -gt 0 ]
	# RangeAhead is Front in mm: from S facing N, 2 cells -> 200
	plan r "senses: {RangeAhead: 1}
actions: {Stop: 3}
drives:
  D: {priority: 1, when: RangeAhead == 200, do: Halt}
acts:
  Halt: Stop 0"
	cat > r.yaml <<'P'
senses:
  RangeAhead: {world: front, multiply: 100}
actions:
  Stop: stop
P
	worldsim --plan r.plan --profile r.yaml --map small.map --ticks 1 \
	    --trace t.csv
	[ "$(field t.csv 1 0 action)" = stop ]
}

@test "the example map: four start cells in reading order" {
	one_drive p 8 'S == 50' 7 0
	worldsim --plan p.plan --map "$SPINE_ROOT/examples/worldsim/room.map" \
	    --robots 5 --ticks 0 --trace t.csv
	# S cells: (4,2) (9,5) (34,5) (4,8); robot 4 wraps to the first
	[ "$(awk -F, 'NR > 1 { printf "%s,%s ", $4, $5 }' t.csv)" = \
	    "4,2 9,5 34,5 4,8 4,2 " ]
	# the map prints back without its comments, S as empty
	worldsim --print-map --map "$SPINE_ROOT/examples/worldsim/room.map" \
	    > back.map
	grep -v '^#' "$SPINE_ROOT/examples/worldsim/room.map" | tr S ' ' |
	    cmp - back.map
}

@test "bad maps: a clear error at file:line:col, exit 65" {
	one_drive p 8 'S == 50' 7 0
	printf 'XXX\nX?X\nXXX\n' > bad.map
	run --separate-stderr ws --plan p.plan --map bad.map
	assert_failure 65
	[[ "$stderr" == *"bad.map:2:2: error: not a map cell"* ]]
	printf '# nothing\n' > empty.map
	run --separate-stderr ws --plan p.plan --map empty.map
	assert_failure 65
	printf 'XXX\nXXX\nXXX\n' > walled.map
	run --separate-stderr ws --plan p.plan --map walled.map
	assert_failure 65
	[[ "$stderr" == *"no start cell"* ]]
	head -c 3000 /dev/zero | tr '\0' ' ' > wide.map
	run --separate-stderr ws --plan p.plan --map wide.map
	assert_failure 65
	run --separate-stderr ws --plan p.plan --map no-such.map
	assert_failure 66
}

@test "bad profiles and plans with ids the world lacks: exit 65" {
	one_drive p 8 'S == 50' 7 0
	printf 'senses: {S: {world: telepathy}}\nactions: {}\n' > bad.yaml
	run --separate-stderr ws --plan p.plan --profile bad.yaml
	assert_failure 65
	[[ "$stderr" == *"bad.yaml:1:"*"no world sense 'telepathy'"* ]]
	printf 'senses: {Nope: front}\nactions: {}\n' > bad.yaml
	run --separate-stderr ws --plan p.plan --profile bad.yaml
	assert_failure 65
	[[ "$stderr" == *"no sense 'Nope'"* ]]
	# misspelt fields: the one meant, at its line and column
	printf 'senses: {S: fifty}\nacts: {}\n' > bad.yaml
	run --separate-stderr ws --plan p.plan --profile bad.yaml
	assert_failure 65
	[ "$stderr" = "worldsim: bad.yaml:2:1: error: the profile: unknown field 'acts'; did you mean 'actions'?" ]
	printf 'senses: {S: {wrld: front}}\nactions: {}\n' > bad.yaml
	run --separate-stderr ws --plan p.plan --profile bad.yaml
	assert_failure 65
	[ "$stderr" = "worldsim: bad.yaml:1:14: error: a binding: unknown field 'wrld'; did you mean 'world'?" ]
	printf '[1, 2' > bad.yaml
	run --separate-stderr ws --plan p.plan --profile bad.yaml
	assert_failure 65
	# a profile that leaves the plan's action unbound
	printf 'senses: {S: fifty}\nactions: {}\n' > part.yaml
	run --separate-stderr ws --plan p.plan --profile part.yaml
	assert_failure 65
	[[ "$stderr" == *"action 7"*"is not one the world has"* ]]
	# sense 12 and action 10 are not the world's
	one_drive q 12 'S == 1' 7 0
	run --separate-stderr ws --plan q.plan
	assert_failure 65
	[[ "$stderr" == *"sense 12 (used by D D)"* ]]
	one_drive q 8 'S == 1' 10 0
	run --separate-stderr ws --plan q.plan
	assert_failure 65
	# a monitor plan has actions 1-3 only
	one_drive m 1 'S < 5' 4 0
	run --separate-stderr ws --plan p.plan --monitor-plan m.plan
	assert_failure 65
	[[ "$stderr" == *"monitor plan"* ]]
}

@test "--gif and --frames draw through gnuplot" {
	command -v gnuplot >/dev/null || skip "gnuplot not installed"
	one_drive p 8 'S == 50' 1 1
	ws --plan p.plan --map small.map --ticks 3 --gif w.gif
	[ "$(head -c 6 w.gif)" = GIF89a ]
	ws --plan p.plan --map small.map --ticks 2 --frames fr
	[ "$(ls fr | tr '\n' ' ')" = \
	    "frame-000000.png frame-000001.png frame-000002.png " ]
}

@test "--gif and --frames: outputs opened by worldsim, checked, never followed" {
	command -v gnuplot >/dev/null || skip "gnuplot not installed"
	one_drive p 8 'S == 50' 1 1
	# a GIF that cannot be opened: a message, and gnuplot's bytes do not
	# land on stdout
	run --separate-stderr ws --plan p.plan --map small.map --ticks 3 \
	    --gif nodir/w.gif
	assert_failure 74
	[ -z "$output" ]
	[[ "$stderr" == *"nodir/w.gif: No such file or directory"* ]]
	touch afile
	run --separate-stderr ws --plan p.plan --map small.map --ticks 3 \
	    --frames afile
	assert_failure 74
	[ -z "$output" ]
	[[ "$stderr" == *"afile: not a directory"* ]]
	# a device that is full: 74, not 0
	if [ -c /dev/full ]; then
		run --separate-stderr ws --plan p.plan --map small.map \
		    --ticks 3 --gif /dev/full
		assert_failure 74
	fi
	# gnuplot cut short (as by a full disk, which it does not report):
	# the GIF is checked block by block and the old file kept
	ws --plan p.plan --map small.map --ticks 3 --gif w.gif
	cp w.gif old.gif
	mkdir fake
	printf '#!/bin/sh\n%s "$@" | head -c 300\n' "$(command -v gnuplot)" \
	    > fake/gnuplot
	chmod +x fake/gnuplot
	PATH=$PWD/fake:$PATH run --separate-stderr ws --plan p.plan \
	    --map small.map --ticks 3 --gif w.gif
	assert_failure 74
	[[ "$stderr" == *"incomplete GIF (is the disk full?); the old file is kept" ]]
	cmp w.gif old.gif
	# and with no old file, none is made, and no old one is promised
	PATH=$PWD/fake:$PATH run --separate-stderr ws --plan p.plan \
	    --map small.map --ticks 3 --gif new.gif
	assert_failure 74
	[[ "$stderr" == *"incomplete GIF (is the disk full?); none is left" ]]
	[ ! -e new.gif ]
	# frames cut short likewise: none put in place
	printf '#!/bin/sh\n%s "$@"\nfor f in */.frames-*/*.png; do\n%s\ndone\n' \
	    "$(command -v gnuplot)" 'head -c 100 "$f" > x; mv x "$f"' \
	    > fake/gnuplot
	PATH=$PWD/fake:$PATH run --separate-stderr ws --plan p.plan \
	    --map small.map --ticks 3 --frames cut
	assert_failure 74
	[[ "$stderr" == *"incomplete frame 0"* ]]
	[ -z "$(ls -A cut)" ]
	# a symbolic link planted among the frames is replaced, not followed
	mkdir fr
	echo victim > victim
	ln -s ../victim fr/frame-000000.png
	ws --plan p.plan --map small.map --ticks 1 --frames fr
	[ "$(cat victim)" = victim ]
	[ ! -L fr/frame-000000.png ]
	[ "$(head -c 4 fr/frame-000000.png | tail -c 3)" = PNG ]
	[ "$(ls -A fr | tr '\n' ' ')" = "frame-000000.png frame-000001.png " ]
}

@test "--log: every robot its own log past the original's 806 names" {
	one_drive p 8 'S == 50' 1 1
	# the original's names (spec 2.1) repeat after 806 robots: aa .. and
	# round again; robot 806 is the second "aa"
	ws --plan p.plan --robots 807 --ticks 1 --log L
	[ "$(ls L | wc -l)" -eq 807 ]
	[ -f L/RobLog-aa.csv ] && [ -f L/RobLog-aa-2.csv ]
	[ ! -f L/RobLog-ab-2.csv ]
	# robot 805 is the last of the first round: second letter z, char 9
	[ -f L/RobLog-z9.csv ]
}

@test "--stats-every, --trace and --log grow as the run goes; SIGTERM keeps whole ticks" {
	one_drive p 8 'S == 50' 1 1
	worldsim --plan p.plan --map small.map --robots 3 --ticks 2000000000 \
	    --stats-every 100 --stats=s.csv --trace t.csv --log L 3>&- &
	local pid=$! i
	# rows show in place while the run goes on
	for i in $(seq 200); do
		[ -f s.csv ] && [ "$(wc -l < s.csv)" -ge 3 ] &&
		    [ -s L/RobLog-ac.csv ] && break
		sleep 0.05
	done
	kill -0 "$pid"
	[ "$(wc -l < s.csv)" -ge 3 ]
	head -1 t.csv | grep -q '^tick,robot,'
	kill -TERM "$pid"
	local rc=0
	wait "$pid" || rc=$?
	[ "$rc" -eq 143 ]
	# every file whole: the last stats row is the tick the run stopped
	# at, the trace and the logs end with that tick, all three robots
	local last
	last=$(tail -1 s.csv | cut -d, -f3)
	[ "$(tail -1 t.csv | cut -d, -f1,2)" = "$last,2" ]
	[ "$(tail -1 L/RobLog-ac.csv | cut -d, -f1)" -eq "$last" ]
	[ "$(awk -F, -v t="$last" '$1 == t' t.csv | wc -l)" -eq 3 ]
	# and no temporary is left
	[ -z "$(find . -name '.*' ! -name . | head -1)" ]
}

@test "--log past a size limit: the write error said, 74, every log cut back to whole rows" {
	one_drive p 8 'S == 50' 1 1
	# files of at most 16 KiB (EFBIG, SIGXFSZ ignored): a full disk that
	# any user can have; the logs fill well within the bound
	local rc=0 f
	(
		trap '' XFSZ
		ulimit -f 16
		exec timeout -k 5 60 worldsim --plan p.plan --map small.map \
		    --robots 3 --ticks 2000000000 --log L
	) 2>err || rc=$?
	cat err
	[ "$rc" -eq 74 ]
	grep -q '^worldsim: L/RobLog-a[a-c]\.csv: write error: ' err
	grep -q '^worldsim: L/RobLog-a[a-c]\.csv: kept up to the last whole tick$' err
	for f in L/RobLog-aa.csv L/RobLog-ab.csv L/RobLog-ac.csv; do
		[ "$(head -1 "$f" | cut -d, -f1-3)" = cycle,time_ms,event ]
		[ -z "$(tail -c1 "$f")" ]		# a newline: whole rows
		[ "$(stat -c %s "$f")" -lt 16384 ]
	done
	[ -z "$(find . -name '.*' ! -name . | head -1)" ]
}

@test "--trace and --stats past a size limit: the write error said, 74, whole rows" {
	one_drive p 8 'S == 50' 1 1
	local what rc f
	for what in "--trace t.csv" "--stats-every 1 --stats=t.csv"; do
		rc=0
		(
			trap '' XFSZ
			ulimit -f 16
			exec timeout -k 5 60 worldsim --plan p.plan \
			    --map small.map --robots 3 --ticks 2000000000 $what
		) 2>err || rc=$?
		cat err
		[ "$rc" -eq 74 ]
		grep -qx 'worldsim: t\.csv: write error: .*' err
		grep -qx 'worldsim: t\.csv: kept up to the last whole tick' err
		[ -z "$(tail -c1 t.csv)" ]		# a newline: whole rows
		[ "$(stat -c %s t.csv)" -lt 16384 ]
		rm t.csv
	done
	[ -z "$(find . -name '.*' ! -name . | head -1)" ]
}

@test "--show on a terminal draws the original's 8 ticks a second" {
	command -v script >/dev/null || skip "script(1) not installed"
	one_drive p 8 'S == 50' 1 1
	# 16 ticks after the first frame take 2 s at 8 a second (a lower
	# bound: a loaded machine only makes it slower); --rate 0 runs flat out
	local t0 t1
	t0=$(date +%s%N)
	script -qec "worldsim --robots 1 --plan p.plan --map small.map \
	    --ticks 16 --show" /dev/null > screen.txt
	t1=$(date +%s%N)
	[ $(( (t1 - t0) / 1000000 )) -ge 1900 ]
	grep -q 'tick 16 ' screen.txt
}

@test "usage errors exit 2" {
	run --separate-stderr worldsim
	assert_failure 2
	run --separate-stderr ws --plan x --robots 0
	assert_failure 2
	run --separate-stderr ws --plan x --ticks -1
	assert_failure 2
}
