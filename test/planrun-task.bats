#!/usr/bin/env bats
# planrun-task.bats - task machines (BrainJS-style) end to end: plancc
# compiles the task source, planrun runs it against a senses CSV or an
# agent.  Every expected row is worked out by hand from the tick order in
# man/plan-yaml.5 (TASK MACHINES) and man/planrun.1, explained beside it.
#
# The tick order, as the expectations below use it.  Tick t:
#   1. verified actions compare the encoder at t with the point commanded
#      at t-1;
#   2. an action whose step at t-1 has a decision takes it against the
#      environment of tick t; what it starts has its step 0 at t + delay;
#   3. a due done/abort ends the task;  4. finished actions leave;
#   5. the row for t is the sum of the current points of all running
#      actions (no row when nothing runs);  6. nothing left: done.
# A senses row without a tick column is tick i (i from 0); the last row
# holds on.

load lib/helper
bats_require_minimum_version 1.5.0

setup() {
	T=$BATS_TEST_TMPDIR
	EX=$SPINE_ROOT/examples
}

# build NAME: the source on stdin becomes $T/NAME.yaml and $T/NAME.plan.
build() {
	cat >"$T/$1.yaml"
	plancc "$T/$1.yaml" -o "$T/$1.plan"
}

# ---- the flame passing example ------------------------------------------

# flame-passing-env.csv, by hand:
#  t0  start step 0 (0,0,0)
#  t1  start decides: arm (0,0,0) within 0+-5, source seen -> lightSelf at
#      t1, src <- (30,40,20); start has one point and leaves; row (0,50,0)
#  t2  lightSelf step 1 = $src (30,40,20); t3 step 2 = $src again
#  t4  decision after 2: arm (30,40,20) within $src+-5 -> none; (0,50,0)
#  t5  decision after 3: arm (0,50,0), splint (1,52,3) within (0,50,0)+-10
#      -> lightOther in 2 ticks, at t7; lightSelf leaves: no row at t5, t6
#  t7..t10  lightOther's four points
#  t11 decision after 3: candle (-48,51,47) within (-50,50,50)+-10 -> done
# Verification of lightSelf (t2..t5) sees the arm where it was commanded.
FLAME_ROWS='tick,x,y,z
0,0,0,0
1,0,50,0
2,30,40,20
3,30,40,20
4,0,50,0
7,0,50,0
8,-50,50,0
9,-50,50,50
10,0,50,0'

@test "flame passing completes with flame-passing-env.csv" {
	plancc "$EX/flame-passing.yaml" -o "$T/flame.plan"
	run --separate-stderr planrun "$T/flame.plan" \
		--senses "$EX/flame-passing-env.csv" --log "$T/log"
	[ "$status" -eq 0 ]
	[ "$output" = "$FLAME_ROWS" ]
	[ -z "$stderr" ]
	[ "$(cat "$T/log")" = "tick,event,action,step,detail
1,decision,start,0,#0 match -> lightSelf
1,record,start,0,src <- source (30 40 20)
4,decision,lightSelf,2,#0 match -> none
5,decision,lightSelf,3,#1 match -> lightOther in 2 ticks
11,decision,lightOther,3,#0 match -> done
11,done,,," ]
}

@test "flame passing: the source never seen takes the mismatch path" {
	# start decides at t1..t4, every time 'source not seen' -> start
	# again (a repeat; src cleared each time).  Its reset allows 3
	# repeats: the 4th, at t4, starts the reset target, abort, due at t4.
	# Rows: start's (0,0,0) at t0..t3; exit 1.
	plancc "$EX/flame-passing.yaml" -o "$T/flame.plan"
	run --separate-stderr planrun "$T/flame.plan" \
		--senses "$EX/flame-passing-noflame.csv" --log "$T/log"
	[ "$status" -eq 1 ]
	[ "$output" = "tick,x,y,z
0,0,0,0
1,0,0,0
2,0,0,0
3,0,0,0" ]
	[ "$stderr" = "planrun: task aborted at tick 4: action 'start', step 0, decision 0: the action repeated itself past its reset limit and its reset chose abort" ]
	run grep -c '^[1-3],decision,start,0,#0 mismatch (source not seen) -> start$' "$T/log"
	[ "$output" = 3 ]
	run grep -c ',record,start,0,src <- source not seen: cleared$' "$T/log"
	[ "$output" = 4 ]
	run tail -3 "$T/log"
	[ "${lines[0]}" = "4,decision,start,0,#0 mismatch (source not seen) -> abort (reset)" ]
	[ "${lines[1]}" = "4,record,start,0,src <- source not seen: cleared" ]
	[[ "${lines[2]}" == "4,abort,start,0,decision 0: the action repeated itself past its reset limit"* ]]
}

@test "flame passing with the agent: the same points, exit 0" {
	# The agent's arm is where the last move put it, the source burns at
	# (30,40,20), the splint lights there and follows the arm, the candle
	# lights when the splint reaches (-50,50,50) at t9: the decisions of
	# the CSV run come out the same way, so do the rows.
	plancc "$EX/flame-passing.yaml" -o "$T/flame.plan"
	cd "$SPINE_ROOT"
	run --separate-stderr planrun "$T/flame.plan" \
		--agent 'sh examples/flame-passing-agent.sh' --log "$T/log"
	[ "$status" -eq 0 ]
	[ "$output" = "$FLAME_ROWS" ]
	[ "$(tail -1 "$T/log")" = "11,done,,," ]
}

# ---- summing ------------------------------------------------------------

@test "concurrent trajectories are summed per tick" {
	build sum <<'EOF'
task: sum
axes: [x, y]
start: a
actions:
  a:
    trajectory: [[1, 10], [2, 20], [3.25, 30]]
    decisions:
      - after: 0
        match: b
  b:
    trajectory: [[100, -5], [200.5, -5]]
EOF
	# t0 a0 = (1,10).  t1: a's stateless decision matches, b starts at
	# t1: a1 + b0 = (2+100, 20-5); t2: a2 + b1 = (3.25+200.5, 30-5).
	# t3: both past their ends, done.  No environment is needed.
	run --separate-stderr planrun "$T/sum.plan"
	[ "$status" -eq 0 ]
	[ "$output" = "tick,x,y
0,1,10
1,102,15
2,203.75,25" ]
}

@test "the same action started twice runs twice at once" {
	build twice <<'EOF'
task: twice
axes: [x, y]
start: s
actions:
  s:
    trajectory: [[0, 0], [0, 0]]
    decisions:
      - after: 0
        match: a
      - after: 1
        match: a
  a:
    trajectory: [[1, 2], [10, 20], [100, 200]]
EOF
	# a starts at t1 (after s's step 0) and at t2 (after step 1):
	#  t1 s1 + a@1 step0           = (1,2)
	#  t2 a@1 step1 + a@2 step0    = (11,22)   (s has left)
	#  t3 a@1 step2 + a@2 step1    = (110,220)
	#  t4 a@2 step2                = (100,200)
	run planrun "$T/twice.plan" --no-header
	[ "$status" -eq 0 ]
	[ "$output" = "0,0,0
1,1,2
2,11,22
3,110,220
4,100,200" ]
}

# ---- matching -----------------------------------------------------------

thresh_task() {
	build thresh <<'EOF'
task: thresh
axes: [x, y]
objects: [ball]
start: look
actions:
  look:
    trajectory: [[0, 0]]
    decisions:
      - after: 0
        state:
          arm: {x: [10, 2], y: -1}
          objects: {ball: {x: any, y: [-3, 0.5]}}
        match: yes
        mismatch: no
  yes:
    trajectory: [[1, 1]]
  no:
    trajectory: [[-1, -1]]
EOF
}

# decide ARM.X ARM.Y BALL.X BALL.Y: look decides at t1 against this row;
# prints t1's row: "1,1,1" matched (yes), "1,-1,-1" did not (no).
decide() {
	printf 'arm.x,arm.y,ball.x,ball.y\n0,0,,\n%s,%s,%s,%s\n' \
		"$1" "$2" "$3" "$4" >"$T/env.csv"
	planrun "$T/thresh.plan" --senses "$T/env.csv" --no-header | sed -n 2p
}

@test "threshold: value+-threshold matches at both edges, not one past" {
	thresh_task
	# arm.x against 10+-2: 8 and 12 are in, 7.999 and 12.001 (one count
	# of 0.001 past) are out.  ball.y against -3+-0.5 likewise.
	[ "$(decide 10 0 0 -3)" = "1,1,1" ]
	[ "$(decide 8 0 0 -3)" = "1,1,1" ]
	[ "$(decide 12 0 0 -3)" = "1,1,1" ]
	[ "$(decide 7.999 0 0 -3)" = "1,-1,-1" ]
	[ "$(decide 12.001 0 0 -3)" = "1,-1,-1" ]
	[ "$(decide 10 0 0 -3.5)" = "1,1,1" ]
	[ "$(decide 10 0 0 -2.5)" = "1,1,1" ]
	[ "$(decide 10 0 0 -3.501)" = "1,-1,-1" ]
	[ "$(decide 10 0 0 -2.499)" = "1,-1,-1" ]
}

@test "don't care: -1 and any match anything; an unseen object does not" {
	thresh_task
	# arm.y is -1 and ball.x is any: extreme values still match
	[ "$(decide 10 -1000000 1000000 -3)" = "1,1,1" ]
	[ "$(decide 10 1000000 -1000000 -3)" = "1,1,1" ]
	# a named object must be seen, even with a don't-care component
	[ "$(decide 10 0 '' '')" = "1,-1,-1" ]
}

@test "the log names the first component that did not match" {
	thresh_task
	printf 'arm.x,arm.y,ball.x,ball.y\n0,0,,\n12.001,0,0,-9\n' \
		>"$T/env.csv"
	run planrun "$T/thresh.plan" --senses "$T/env.csv" --log -
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "tick,event,action,step,detail" ]
	[ "${lines[1]}" = "1,decision,look,0,#0 mismatch (arm.x 12.001 not in 10+-2) -> no" ]
	printf 'arm.x,arm.y,ball.x,ball.y\n0,0,,\n10,0,,\n' >"$T/env.csv"
	run planrun "$T/thresh.plan" --senses "$T/env.csv" --log -
	[ "${lines[1]}" = "1,decision,look,0,#0 mismatch (ball not seen) -> no" ]
}

vars_task() {
	build vars <<'EOF'
task: vars
axes: [x, y]
objects: [ball]
start: note
actions:
  note:
    trajectory: [[0, 0]]
    decisions:
      - after: 0
        record: {p: ball, here: arm}
        match: check
  check:
    trajectory: [[0, 0]]
    decisions:
      - after: 0
        state:
          arm: {x: $p, y: [$p, 1]}
          objects: {ball: {x: $here.x}}
        match: yes
        mismatch: no
  yes:
    trajectory: [[$p.y, $p.x]]
  no:
    trajectory: [[-1, -1]]
EOF
}

# vdecide ARM.X ARM.Y BALL.X: note records p <- ball (5,7) and here <- arm
# (2,3) at t1; check decides at t2 against this row; prints t2's row.
vdecide() {
	printf 'arm.x,arm.y,ball.x,ball.y\n0,0,,\n2,3,5,7\n%s,%s,%s,0\n' \
		"$1" "$2" "$3" >"$T/env.csv"
	planrun "$T/vars.plan" --senses "$T/env.csv" --no-header | sed -n 3p
}

@test "variables: \$var matches exactly, [\$var, t] within t" {
	vars_task
	# arm.x must be p.x = 5 exactly; arm.y within p.y+-1 = 7+-1; ball.x
	# must be here.x = 2.  A match starts yes, whose point is
	# ($p.y, $p.x) = (7,5); a mismatch starts no, (-1,-1).
	[ "$(vdecide 5 8 2)" = "2,7,5" ]
	[ "$(vdecide 5 6 2)" = "2,7,5" ]
	[ "$(vdecide 5 8.001 2)" = "2,-1,-1" ]
	[ "$(vdecide 5 5.999 2)" = "2,-1,-1" ]
	[ "$(vdecide 5.001 7 2)" = "2,-1,-1" ]
	[ "$(vdecide 4.999 7 2)" = "2,-1,-1" ]
	[ "$(vdecide 5 7 2.001)" = "2,-1,-1" ]
}

@test "the log shows what a record stored" {
	vars_task
	printf 'arm.x,arm.y,ball.x,ball.y\n0,0,,\n2,3,5,7\n' >"$T/env.csv"
	run planrun "$T/vars.plan" --senses "$T/env.csv" --log -
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "1,record,note,0,p <- ball (5 7)" ]
	[ "${lines[3]}" = "1,record,note,0,here <- arm (2 3)" ]
}

# ---- delays -------------------------------------------------------------

@test "delays: the started action's first point comes delay ticks later" {
	build delay <<'EOF'
task: delay
axes: [x, y]
start: a
actions:
  a:
    trajectory: [[1, 0]]
    decisions:
      - after: 0
        state: {arm: {x: [0, 0]}}
        match: {action: b, delay: 3}
        mismatch: {action: c, delay: 2}
  b:
    trajectory: [[2, 0]]
  c:
    trajectory: [[3, 0]]
EOF
	# a decides at t1.  Match: b's step 0 at t1+3 = t4.  Mismatch: c's
	# at t1+2 = t3.  Nothing runs in between: no rows, but not done.
	printf 'arm.x,arm.y\n0,0\n0,0\n' >"$T/m.csv"
	printf 'arm.x,arm.y\n0,0\n1,0\n' >"$T/n.csv"
	run planrun "$T/delay.plan" --senses "$T/m.csv" --no-header
	[ "$status" -eq 0 ]
	[ "$output" = "0,1,0
4,2,0" ]
	run planrun "$T/delay.plan" --senses "$T/n.csv" --no-header
	[ "$status" -eq 0 ]
	[ "$output" = "0,1,0
3,3,0" ]
}

@test "a delayed done or abort ends the task when due, mid-trajectory" {
	build ends <<'EOF'
task: ends
axes: [x]
start: a
actions:
  a:
    trajectory: [[1], [2], [3], [4], [5]]
    decisions:
      - after: 0
        state: {arm: [[0, 0]]}
        match: {action: done, delay: 2}
        mismatch: {action: abort, delay: 1}
EOF
	# a decides at t1.  done at t3 ends the run before t3's row: rows
	# t0..t2.  abort at t2: rows t0, t1, exit 1.
	printf 'arm.x\n0\n0\n' >"$T/m.csv"
	printf 'arm.x\n0\n9\n' >"$T/n.csv"
	run --separate-stderr planrun "$T/ends.plan" --senses "$T/m.csv" \
		--no-header --log "$T/log"
	[ "$status" -eq 0 ]
	[ "$output" = "0,1
1,2
2,3" ]
	[ "$(tail -1 "$T/log")" = "3,done,,," ]
	run --separate-stderr planrun "$T/ends.plan" --senses "$T/n.csv" \
		--no-header
	[ "$status" -eq 1 ]
	[ "$output" = "0,1
1,2" ]
	[ "$stderr" = "planrun: task aborted at tick 2: action 'a', step 0, decision 0: the state did not match and the decision chose abort" ]
}

# ---- aborts -------------------------------------------------------------

@test "a variable used before it is set aborts, naming it, the action and step" {
	build miss <<'EOF'
task: miss
axes: [x, y]
objects: [ball]
start: look
actions:
  look:
    trajectory: [[0, 0]]
    decisions:
      - after: 0
        record: {spot: ball}
        match: go
  go:
    trajectory: [[1, 1], $spot]
EOF
	# look records spot at t1; go runs (1,1) at t1, $spot at t2.
	printf 'ball.x,ball.y\n,\n4,5\n' >"$T/seen.csv"
	run planrun "$T/miss.plan" --senses "$T/seen.csv" --no-header
	[ "$status" -eq 0 ]
	[ "$output" = "0,0,0
1,1,1
2,4,5" ]
	# ball not seen at t1: spot is cleared, go's step 1 cannot be
	# commanded: abort at t2, no row for it.
	printf 'ball.x,ball.y\n,\n,\n' >"$T/unseen.csv"
	run --separate-stderr planrun "$T/miss.plan" --senses "$T/unseen.csv" \
		--no-header
	[ "$status" -eq 1 ]
	[ "$output" = "0,0,0
1,1,1" ]
	[ "$stderr" = "planrun: task aborted at tick 2: action 'go', step 1: variable 'spot' is not set" ]
}

@test "a decision state with an unset variable aborts at that decision" {
	build early <<'EOF'
task: early
axes: [x, y]
start: first
actions:
  first:
    trajectory: [[0, 0]]
    decisions:
      - after: 0
        state: {arm: {x: [$mark, 1]}}
        match: second
  second:
    trajectory: [[0, 0]]
    decisions:
      - after: 0
        record: {mark: arm}
EOF
	# first decides at t1 before anything recorded mark.
	printf 'arm.x,arm.y\n0,0\n' >"$T/env.csv"
	run --separate-stderr planrun "$T/early.plan" --senses "$T/env.csv" \
		--no-header
	[ "$status" -eq 1 ]
	[ "$output" = "0,0,0" ]
	[ "$stderr" = "planrun: task aborted at tick 1: action 'first', step 0, decision 0: variable 'mark' is not set" ]
}

verify_task() {
	build verify <<'EOF'
task: verify
axes: [x]
start: walk
actions:
  walk:
    trajectory: [[10], [20], [30], [40], [50]]
    verify: {tolerance: 1, misses: 2}
EOF
}

# walk ENC1..ENC5: the encoder at t1..t5 (the arm is where commanded).
walk() {
	printf 'tick,arm.x,encoder.x\n0,0,0\n' >"$T/enc.csv"
	local t=1 e
	for e; do
		printf '%s,%s,%s\n' $t $((t * 10)) "$e" >>"$T/enc.csv"
		t=$((t + 1))
	done
	run --separate-stderr planrun "$T/verify.plan" --senses "$T/enc.csv" \
		--no-header --log "$T/log"
}

@test "verification: N-1 misses in a row pass, the Nth aborts" {
	verify_task
	# At t the encoder is checked against the point of t-1: 10..50 at
	# t1..t5.  Tolerance 1, 2 misses allowed: the 3rd in a row aborts.
	# t2 22 (off by 2) and t3 28 miss; t4 41 is within 1: count reset.
	walk 10 22 28 41 50
	[ "$status" -eq 0 ]
	[ "$output" = "0,10
1,20
2,30
3,40
4,50" ]
	[ "$(grep -c ',miss,' "$T/log")" -eq 2 ]
	[ "$(grep ',miss,' "$T/log" | head -1)" = "2,miss,walk,1,1 in a row (2 allowed): encoder (22) commanded (20)" ]
	[ "$(grep ',miss,' "$T/log" | tail -1)" = "3,miss,walk,2,2 in a row (2 allowed): encoder (28) commanded (30)" ]
	# t4 42 is a third miss in a row: abort at t4, its row is not made
	walk 10 22 28 42 50
	[ "$status" -eq 1 ]
	[ "$output" = "0,10
1,20
2,30
3,40" ]
	[ "$stderr" = "planrun: task aborted at tick 4: action 'walk', step 3: verification failed 3 times in a row (2 allowed): x was 42 where 40 was commanded (tolerance 1)" ]
}

@test "verification counts misses in a row, not in total" {
	verify_task
	# misses at t1, t3, t4, t5 with a good step at t2: 3 in a row at t5
	# only; t1 alone and t3..t4 stay within the 2 allowed.
	walk 12 20 28 38 50
	[ "$status" -eq 0 ]
	[ "$(grep -c ',miss,' "$T/log")" -eq 3 ]
	walk 12 20 28 38 52
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"tick 5: action 'walk', step 4: verification failed 3 times"* ]]
}

# ---- JSON and YAML, and back from the plan --------------------------------

# plancc-task.bats compares flame-passing.json with .yaml and round-trips
# it through -d; these add the other key names and kinds of component.

@test "instructions.json key names are synonyms: the same bytes as YAML" {
	D=$SPINE_ROOT/test/data/task
	plancc "$D/synonyms.yaml" -o "$T/syn.plan"
	plancc "$D/synonyms.json" -o "$T/json.plan"
	cmp "$T/syn.plan" "$T/json.plan"
}

@test "plancc -d: delays, done, abort, any, \$v.axis come back the same" {
	plancc "$SPINE_ROOT/test/data/task/kinds.yaml" -o "$T/kinds.plan"
	plancc -d "$T/kinds.plan" >"$T/back.yaml"
	grep -q '^task: kinds$' "$T/back.yaml"
	plancc "$T/back.yaml" -o "$T/back.plan"
	cmp "$T/kinds.plan" "$T/back.plan"
}

# ---- bad sources ----------------------------------------------------------

# bad NAME: the source on stdin must be refused with exit 65, one line,
# and no plan written.
bad() {
	cat >"$T/$1.yaml"
	run --separate-stderr plancc "$T/$1.yaml" -o "$T/$1.plan"
	[ "$status" -eq 65 ]
	[ ! -e "$T/$1.plan" ]
	[ "${#stderr_lines[@]}" -eq 1 ]
}

@test "plancc: an undefined action is refused at its line and column" {
	bad undef <<'EOF'
task: t
axes: [x, y]
start: a
actions:
  a:
    trajectory: [[1, 2]]
    decisions:
      - after: 0
        match: nosuch
EOF
	# line 9, 'nosuch' after 8 spaces and "match: " (7): column 16
	[ "$stderr" = "plancc: $T/undef.yaml:9:16: error: no action named 'nosuch'" ]
	# in JSON too: line 4, the "x" string after 3 + 37 characters
	printf '%s\n' '{"task": "t", "initialAction": "a", "actions": {' \
		'  "a": {"trajectory": [[1]],' \
		'   "decisions": [{"executeAfter": 0,' \
		'   "success": "b", "fail": {"action": "x", "delay": 1}}]}}}' \
		>"$T/undef.json"
	run --separate-stderr plancc "$T/undef.json" -o "$T/undef.plan"
	[ "$status" -eq 65 ]
	[ ! -e "$T/undef.plan" ]
	[ "$stderr" = "plancc: $T/undef.json:4:15: error: no action named 'b'
plancc: $T/undef.json:4:39: error: no action named 'x'" ]
}

@test "plancc: a variable no decision records is refused" {
	bad norec <<'EOF'
task: t
axes: [x, y]
start: a
actions:
  a:
    trajectory: [[1, 2], $v]
EOF
	# line 6: 4 spaces, "trajectory: " (12), "[[1, 2], " (9): column 26
	[[ "$stderr" == "plancc: $T/norec.yaml:6:26: error: variable 'v' is never recorded"* ]]
}

@test "plancc: a point of the wrong dimension is refused" {
	bad dim <<'EOF'
task: t
axes: [x, y]
start: a
actions:
  a:
    trajectory:
      - [1, 2]
      - [1, 2, 3]
EOF
	# line 8: 6 spaces and "- ": column 9
	[ "$stderr" = "plancc: $T/dim.yaml:8:9: error: a point of 3 coordinates; this task has 2 axes" ]
}
