#!/usr/bin/env bats
# planrun.bats - planrun through the binary: sense scripts, result rules,
# the agent protocol, replay, the log and its filters, counters, output
# formats, and refusing bad input with the documented message and status.
# Expected outputs are worked out by hand from the tiny plan below.

load lib/helper
bats_require_minimum_version 1.5.0

# Alarm (priority 20, Level > 0) sounds; otherwise Idle (TR) steps on.
tiny_plan() {
	cat >"$1" <<'EOF'
PLAN R C
PLAN R I 0 0 0 0 2 2
PLAN A D 1 10 20 0 5 2 0 0 0 0 0 0
PLAN A D 2 11 10 0 0 4 0 0 0 0 0 0
PLAN A A 10 2 7
PLAN A A 11 1 1
PELEM Alarm=1
PELEM Idle=2
PELEM Beep=10
PELEM Step=11
RSENSE Level=5
RACTION Move=1
RACTION Sound=2
EOF
}

setup() {
	T=$BATS_TEST_TMPDIR
	tiny_plan "$T/tiny.inst"
	plancc -o "$T/tiny.plan" "$T/tiny.inst"
	printf 'cycle,Level\n1,0\n3,4\n5,0\n' >"$T/levels.csv"
	EXPECT6='cycle,time_ms,action,value
1,0,Move,1
2,1000,Move,1
3,2000,Sound,7
4,3000,Sound,7
5,4000,Move,1
6,5000,Move,1'
}

# ---- usage ----------------------------------------------------------------

@test "--help prints the usage and exits 0; --version" {
	run planrun --help
	[ "$status" -eq 0 ]
	[[ "$output" == usage:\ planrun* ]]
	run planrun --version
	[ "$status" -eq 0 ]
	[[ "$output" == "planrun (spine) "* ]]
}

@test "usage errors exit 2 with a reason" {
	run --separate-stderr planrun
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"no plan file"* ]]
	run --separate-stderr planrun --senses a.csv --agent cat "$T/tiny.plan"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"alternatives"* ]]
	run --separate-stderr planrun "$T/tiny.plan"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--cycles is needed"* ]]
	run --separate-stderr planrun --cycles x "$T/tiny.plan"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--cycles: 'x'"* ]]
	run --separate-stderr planrun --rate 5 --tick-every 2 --cycles 1 \
		"$T/tiny.plan"
	[ "$status" -eq 2 ]
	run --separate-stderr planrun --log - -o - --cycles 1 "$T/tiny.plan"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"cannot both go to stdout"* ]]
}

# ---- senses from a script -------------------------------------------------

@test "--senses: rows hold from their cycle until the next" {
	run planrun "$T/tiny.plan" --senses "$T/levels.csv" --cycles 6
	[ "$status" -eq 0 ]
	[ "$output" = "$EXPECT6" ]
}

@test "--senses: without --cycles the run ends at the last row's cycle" {
	run planrun "$T/tiny.plan" --senses "$T/levels.csv"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 6 ]	# header + cycles 1..5
	[ "${lines[5]}" = "5,4000,Move,1" ]
}

@test "--senses: no cycle column, row i is cycle i; ids as #id or bare" {
	printf 'Level\n0\n4\n' >"$T/a.csv"
	printf '"#5"\n0\n4\n' >"$T/b.csv"
	printf '5\n0\n4\n' >"$T/c.csv"
	for f in a b c; do
		run planrun "$T/tiny.plan" --senses "$T/$f.csv"
		[ "$status" -eq 0 ]
		[ "$output" = "cycle,time_ms,action,value
1,0,Move,1
2,1000,Sound,7" ]
	done
}

@test "--senses - reads the script from stdin" {
	run sh -c "planrun '$T/tiny.plan' --senses - --cycles 6 <'$T/levels.csv'"
	[ "$status" -eq 0 ]
	[ "$output" = "$EXPECT6" ]
}

@test "--tick-every and --tick-ms set the simulated time" {
	run planrun "$T/tiny.plan" --senses "$T/levels.csv" --cycles 6 \
		--tick-every 4 --no-header
	[ "$status" -eq 0 ]
	[ "$(cut -d, -f2 <<<"$output" | tr '\n' ' ')" = "0 250 500 750 1000 1250 " ]
	run planrun "$T/tiny.plan" --senses "$T/levels.csv" --cycles 3 \
		--tick-ms 40 --no-header
	[ "$(cut -d, -f2 <<<"$output" | tr '\n' ' ')" = "0 40 80 " ]
}

@test "--tick-every 0: the timers never advance" {
	# a ramping drive (+10 a tick) that overtakes a 15 after one tick
	printf '%s\n' 'PLAN R C' 'PLAN R I 0 0 0 0 2 2' \
		'PLAN A D 1 10 10 0 0 4 0 0 0 10 0 1' \
		'PLAN A D 2 11 15 0 0 4 0 0 0 0 0 0' \
		'PLAN A A 10 1 1' 'PLAN A A 11 2 2' >"$T/ramp.inst"
	plancc -o "$T/ramp.plan" "$T/ramp.inst"
	run planrun "$T/ramp.plan" --cycles 2 --tick-every 0 --no-header
	[ "$output" = "1,0,#2,2
2,1000,#2,2" ]
	run planrun "$T/ramp.plan" --cycles 2 --no-header
	[ "$output" = "1,0,#1,1
2,1000,#1,1" ]
}

@test "a stripped plan shows ids, and the script names senses by id" {
	plancc --strip -o "$T/s.plan" "$T/tiny.inst"
	printf 'cycle,5\n1,0\n2,3\n' >"$T/ids.csv"
	run planrun "$T/s.plan" --senses "$T/ids.csv" --log "$T/s.log"
	[ "$status" -eq 0 ]
	[ "$output" = "cycle,time_ms,action,value
1,0,#1,1
2,1000,#2,7" ]
	# Level (#5) reads 3 > 0: released; the latch was clear (0 at cycle 1)
	grep -qx '2,1000,R,D,1,#1,#5,5,3,1,0,' "$T/s.log"
}

@test "16-bit ids run the same plan the same way" {
	plancc --id-width 16 -o "$T/w.plan" "$T/tiny.inst"
	run planrun "$T/w.plan" --senses "$T/levels.csv" --cycles 6
	[ "$status" -eq 0 ]
	[ "$output" = "$EXPECT6" ]
}

# ---- result rules ------------------------------------------------------------

@test "--result: fail and success show in the counters" {
	run --separate-stderr planrun "$T/tiny.plan" --senses "$T/levels.csv" \
		--cycles 6 --result Sound=fail --stats
	[ "$status" -eq 0 ]
	[ "$output" = "$EXPECT6" ]
	[[ "$stderr" == *"D,Alarm,2,0"* ]]
	[[ "$stderr" == *"D,Idle,4,4"* ]]
	[[ "$stderr" == *"A,Beep,2,0"* ]]
}

@test "--result running:K counts again only from a fresh call" {
	# Beep: fresh P (3), check P (4), abandoned (5, 6), check S (7),
	# fresh P (8)
	printf 'cycle,Level\n1,0\n3,4\n5,0\n7,4\n' >"$T/l.csv"
	run planrun "$T/tiny.plan" --senses "$T/l.csv" --cycles 8 \
		--result 'Sound=running:2' --log "$T/r.log" --monitor 'none,Beep=SPFZ'
	[ "$status" -eq 0 ]
	run cut -d, -f1,3 "$T/r.log"
	[ "$output" = "cycle,event
0,B
3,P
4,P
7,S
8,P" ]
}

@test "--result running:K:fail, #id keys and a default" {
	run planrun "$T/tiny.plan" --senses "$T/levels.csv" --cycles 6 \
		--result 'default=fail,#2=running:1:fail' --log "$T/r.log" \
		--monitor 'none,Beep=SPF,Step=SPF'
	[ "$status" -eq 0 ]
	run cut -d, -f1,3,6 "$T/r.log"
	[ "$output" = "cycle,event,name
0,B,
1,F,Step
2,F,Step
3,P,Beep
4,F,Beep
5,F,Step
6,F,Step" ]
}

@test "--result: a bad rule is a usage error that says why" {
	run --separate-stderr planrun "$T/tiny.plan" --cycles 1 --result Foo=success
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"'Foo=success': the plan has no such action"* ]]
	run --separate-stderr planrun "$T/tiny.plan" --cycles 1 --result Sound=maybe
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"RESULT is success, fail, error, running"* ]]
	run --separate-stderr planrun "$T/tiny.plan" --cycles 1 --result Sound
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"expected KEY=RESULT"* ]]
}

# ---- the agent ----------------------------------------------------------------

# An agent: Level is 4 on its 3rd and 4th sense reads (one a cycle here);
# it records what it is asked in $T/asked; Sound runs once, then succeeds.
agent_script() {
	cat >"$T/agent.sh" <<EOF
#!/bin/bash
n=0 sound=0
while read -r cmd name value more; do
	echo "\$cmd \$name \$value \$more" >>"$T/asked"
	case \$cmd in
	sense) n=\$((n + 1)); [ \$n -ge 3 ] && [ \$n -le 4 ] && echo 4 || echo 0 ;;
	act) if [ "\$name" = Sound ] && [ \$sound -eq 0 ]; then
		sound=1; echo running; else echo success; fi ;;
	esac
done
EOF
	chmod +x "$T/agent.sh"
}

@test "--agent: senses and results from a co-process" {
	agent_script
	run planrun "$T/tiny.plan" --agent "$T/agent.sh" --cycles 6
	[ "$status" -eq 0 ]
	[ "$output" = "$EXPECT6" ]
	run grep -c '^sense Level' "$T/asked"
	[ "$output" = 6 ]
	run grep '^act Sound' "$T/asked"
	[ "$output" = "act Sound 7 
act Sound 7 check" ]
}

@test "--agent: without --cycles the run lasts while the agent answers" {
	printf '#!/bin/sh\nfor i in 1 2 3; do read -r l; echo 0; read -r l; echo success; done\n' >"$T/three.sh"
	chmod +x "$T/three.sh"
	run --separate-stderr planrun "$T/tiny.plan" --agent "$T/three.sh"
	[ "$status" -eq 0 ]
	[ "$output" = "cycle,time_ms,action,value
1,0,Move,1
2,1000,Move,1
3,2000,Move,1" ]
	run --separate-stderr planrun "$T/tiny.plan" --agent "$T/three.sh" \
		--cycles 5
	[ "$status" -eq 69 ]
	[[ "$stderr" == *"agent: ended at cycle 4 of 5"* ]]
}

@test "--agent: bad replies, silence and a missing agent" {
	run --separate-stderr planrun "$T/tiny.plan" --cycles 2 \
		--agent 'while read -r l; do echo abc; done'
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"agent: reply 'abc' to 'sense Level'"* ]]
	run --separate-stderr planrun "$T/tiny.plan" --cycles 2 \
		--agent 'while read -r l; do case $l in sense*) echo 0;; *) echo yes;; esac; done'
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"reply 'yes' to 'act Move 1'"* ]]
	run --separate-stderr planrun "$T/tiny.plan" --cycles 2 --timeout 1 \
		--agent 'sleep 5'
	[ "$status" -eq 75 ]
	[[ "$stderr" == *"no reply to 'sense Level' within 1000 ms"* ]]
	run --separate-stderr planrun "$T/tiny.plan" --cycles 2 \
		--agent "$T/no-such-agent"
	[ "$status" -eq 69 ]
	[[ "$stderr" == *"ended without answering"* ]]
}

# ---- the log, --monitor, --stats --------------------------------------------

@test "--log - puts the log on stdout with names, sense readings and idle" {
	printf 'PLAN R C\nPLAN R I 0 0 0 0 1 1\nPLAN A D 1 10 20 0 5 2 0 0 0 0 0 0\nPLAN A A 10 2 7\nPELEM Alarm=1\nPELEM Beep=10\nRSENSE Level=5\nRACTION Sound=2\n' >"$T/one.inst"
	plancc -o "$T/one.plan" "$T/one.inst"
	run planrun "$T/one.plan" --senses "$T/levels.csv" --cycles 3 --log -
	[ "$status" -eq 0 ]
	# Level (sense 5) > 0 releases Alarm (D 1) at cycle 3 only; the
	# latch was never set before a check (the drive was not running)
	[ "$output" = "cycle,time_ms,event,type,id,name,sense,sense_id,value,released,latch,reason
0,0,B,,,,,,,,,start
1,0,R,D,1,Alarm,Level,5,0,0,0,
1,0,I,,,,,,,,,
2,1000,R,D,1,Alarm,Level,5,0,0,0,
2,1000,I,,,,,,,,,
3,2000,R,D,1,Alarm,Level,5,4,1,0,
3,2000,E,D,1,Alarm,,,,,,
3,2000,E,A,10,Beep,,,,,,
3,2000,S,A,10,Beep,,,,,,
3,2000,S,D,1,Alarm,,,,,," ]
}

@test "the log says why an element failed" {
	# Work (D1) always runs competence Task (C2): Take (CE3, priority 2,
	# Near == 1, one retry) before Walk (CE4, priority 1, Far == 1).
	cat >"$T/why.yaml" <<'EOF'
senses: {Near: 1, Far: 2}
actions: {Grab: 1, Go: 2}
drives:
  Work: {priority: 10, when: always, do: Task}
competences:
  Task:
    elements:
      Take: {priority: 2, when: Near == 1, retries: 1, do: Grip}
      Walk: {priority: 1, when: Far == 1, do: Step}
acts: {Grip: Grab 0, Step: Go 0}
EOF
	plancc -o "$T/why.plan" "$T/why.yaml"
	printf 'cycle,Near,Far\n1,0,0\n2,1,0\n4,0,1\n5,0,0\n' >"$T/why.csv"
	run planrun "$T/why.plan" --senses "$T/why.csv" --log - --monitor FZ \
		--result Grab=fail,Go=running
	[ "$status" -eq 0 ]
	# 1: nothing released; 2: Grip fails, Take retries (P, not shown);
	# 3: it fails again, out of retries; 4: Walk runs (Go is running);
	# 5: Far drops while Walk is current: the AND competence fails
	[ "$(cut -d, -f1,3-6,12 <<<"$output" | tail -n +2)" = \
"0,B,,,,start
1,F,C,2,Task,no element released
1,F,D,1,Work,child failed
2,F,A,5,Grip,action failed
3,F,A,5,Grip,action failed
3,F,CE,3,Take,retry limit reached
3,F,C,2,Task,child failed
3,F,D,1,Work,child failed
5,F,C,2,Task,element no longer released
5,F,D,1,Work,child failed" ]
}

@test "--format jsonl: the log as JSON lines, and --replay reads it back" {
	planrun "$T/tiny.plan" --senses "$T/levels.csv" --cycles 6 \
		--result 'Sound=running:1' --log "$T/run.jsonl" \
		--format jsonl >/dev/null
	run sed -n 1p "$T/run.jsonl"
	[ "$output" = '{"cycle":0,"time_ms":0,"event":"B","type":null,"id":null,"name":null,"sense":null,"sense_id":null,"value":null,"released":null,"latch":null,"reason":"start"}' ]
	run sed -n 2p "$T/run.jsonl"
	[ "$output" = '{"cycle":1,"time_ms":0,"event":"R","type":"D","id":1,"name":"Alarm","sense":"Level","sense_id":5,"value":0,"released":0,"latch":0,"reason":null}' ]
	planrun "$T/tiny.plan" --senses "$T/levels.csv" --cycles 6 \
		--result 'Sound=running:1' >"$T/run.csv"
	run planrun "$T/tiny.plan" --replay "$T/run.jsonl"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$T/run.csv")" ]
}

@test "--replay leaves out a last line cut short, and says so" {
	planrun "$T/tiny.plan" --senses "$T/levels.csv" --cycles 6 \
		--log "$T/run.log" >"$T/run.csv"
	head -c -9 "$T/run.log" >"$T/cut.log"	# into cycle 6's last line
	run --separate-stderr planrun "$T/tiny.plan" --replay "$T/cut.log"
	[ "$status" -eq 0 ]
	n=$(wc -l <"$T/cut.log")
	[[ "$stderr" == *"cut.log:$((n + 1)): warning: the last line has no line end"* ]]
	[ "$output" = "$(cat "$T/run.csv")" ]
}

@test "--monitor filters like PLAN M G and PLAN M N" {
	run planrun "$T/tiny.plan" --senses "$T/levels.csv" --cycles 4 \
		--log - --monitor R
	[ "$status" -eq 0 ]
	# the header and the run boundary, always written
	[ "$(grep -vc ',R,' <<<"$output")" -eq 2 ]
	[ "$(sed -n 2p <<<"$output")" = "0,0,B,,,,,,,,,start" ]
	run planrun "$T/tiny.plan" --senses "$T/levels.csv" --cycles 4 \
		--log - --monitor 'none,Alarm=E'
	[ "$output" = "cycle,time_ms,event,type,id,name,sense,sense_id,value,released,latch,reason
0,0,B,,,,,,,,,start
3,2000,E,D,1,Alarm,,,,,,
4,3000,E,D,1,Alarm,,,,,," ]
	run planrun "$T/tiny.plan" --senses "$T/levels.csv" --cycles 4 \
		--log - --monitor 'es'
	[ "$(cut -d, -f3 <<<"$output" | LC_ALL=C sort -u | tr '\n' ' ')" = \
		"B E S event " ]
	run --separate-stderr planrun "$T/tiny.plan" --cycles 1 --log - \
		--monitor 'Nobody=E'
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"no element 'Nobody'"* ]]
	run --separate-stderr planrun "$T/tiny.plan" --cycles 1 --log - \
		--monitor 'xyz'
	[ "$status" -eq 2 ]
}

@test "--stats=FILE: executions and successes per element" {
	run planrun "$T/tiny.plan" --senses "$T/levels.csv" --cycles 6 \
		--stats="$T/st.csv" -o /dev/null
	[ "$status" -eq 0 ]
	[ "$(cat "$T/st.csv")" = "type,name,executed,succeeded
D,Alarm,2,2
D,Idle,4,4
A,Beep,2,2
A,Step,4,4" ]
}

@test "--format jsonl and tsv; -o writes a file" {
	run planrun "$T/tiny.plan" --senses "$T/levels.csv" --cycles 1 \
		--format jsonl
	[ "$output" = '{"cycle":1,"time_ms":0,"action":"Move","value":1}' ]
	run planrun "$T/tiny.plan" --senses "$T/levels.csv" --cycles 1 \
		--format tsv --no-header
	[ "$output" = $'1\t0\tMove\t1' ]
	run planrun "$T/tiny.plan" --senses "$T/levels.csv" --cycles 6 \
		-o "$T/out.csv"
	[ "$status" -eq 0 ]
	[ "$(cat "$T/out.csv")" = "$EXPECT6" ]
}

@test "--rate runs in real time and keeps every cycle" {
	run planrun "$T/tiny.plan" --senses "$T/levels.csv" --cycles 5 \
		--rate 100 --tick-ms 10 --no-header
	[ "$status" -eq 0 ]
	[ "$(cut -d, -f1,3,4 <<<"$output" | tr '\n' ' ')" = \
		"1,Move,1 2,Move,1 3,Sound,7 4,Sound,7 5,Move,1 " ]
	cut -d, -f2 <<<"$output" | sort -n -c
}

# ---- replay ---------------------------------------------------------------------

@test "--replay reproduces a recorded run exactly" {
	planrun "$T/tiny.plan" --senses "$T/levels.csv" --cycles 6 \
		--result 'Sound=running:1' --log "$T/run.log" >"$T/run.csv"
	run planrun "$T/tiny.plan" --replay "$T/run.log"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$T/run.csv")" ]
	# the outcomes come from the log: the rule is not needed
	run planrun "$T/tiny.plan" --replay "$T/run.log" --log - \
		--monitor 'none,Beep=SP'
	[ "$(cut -d, -f1,3 <<<"$output" | tail -n +2 | tr '\n' ' ')" = \
		"0,B 3,P 4,S " ]
}

@test "--replay reads a log written by hand, with its times" {
	cat >"$T/hand.log" <<'EOF'
cycle,time_ms,event,type,id,name,sense,sense_id,value,released,latch,reason
1,0,R,D,1,Alarm,Level,5,0,0,0,
2,125,R,D,1,Alarm,Level,5,7,1,0,
2,125,F,A,10,Beep,,,,,,action failed
4,375,R,D,1,Alarm,Level,5,0,0,0,
EOF
	run --separate-stderr planrun "$T/tiny.plan" --replay "$T/hand.log" \
		--stats
	[ "$status" -eq 0 ]
	[ "$output" = "cycle,time_ms,action,value
1,0,Move,1
2,125,Sound,7
3,125,Sound,7
4,375,Move,1" ]
	[[ "$stderr" == *"D,Alarm,2,1"* ]]	# failed at 2, then succeeded
	[[ "$stderr" != *"replay:"* ]]	# cycle 3 is absent, not different
}

@test "--replay: a bad log is refused with its line" {
	printf 'cycle,time_ms,event,type,id,name,sense,sense_id,value,released,latch,reason\n1,0,R,D,1,Alarm,Volume,5,3,1,0,\n' >"$T/bad.log"
	run --separate-stderr planrun "$T/tiny.plan" --replay "$T/bad.log"
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"bad.log:2: error: no sense 'Volume'"* ]]
	printf 'a,b\n1,2\n' >"$T/bad2.log"
	run --separate-stderr planrun "$T/tiny.plan" --replay "$T/bad2.log"
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"bad2.log:1:1: error: not an event log: no 'cycle'"* ]]
	# back to 2 (not 1) with no run boundary: nothing says the plan
	# restarted, and the message says how to mark it
	printf 'cycle,time_ms,event,type,id,name,sense,sense_id,value,released,latch,reason\n3,0,E,D,1,Alarm,,,,,,\n2,0,E,D,1,Alarm,,,,,,\n' >"$T/bad3.log"
	run --separate-stderr planrun "$T/tiny.plan" --replay "$T/bad3.log"
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"bad3.log:3:1: error: cycle 2 after cycle 3: cycles never go back within a run (if the plan restarted here, put a run boundary before this line: a B line, spine-evlog(5))"* ]]
}

@test "--replay applies a drive's priority set from outside (Q) before its cycle" {
	# Alarm (20) outranks Idle (10) while Level > 0.  Set to 5 before
	# cycle 2 it loses to Idle (TR, so Alarm's releaser is not even
	# read); set to 30 before cycle 3 it sounds again on Level's last
	# value, 7.  By hand: Sound 7, Move 1, Sound 7.
	cat >"$T/q.log" <<'EOF'
cycle,time_ms,event,type,id,name,sense,sense_id,value,released,latch,reason
1,0,R,D,1,Alarm,Level,5,7,1,0,
2,125,Q,D,1,Alarm,,,5,,,
3,250,Q,D,1,Alarm,,,30,,,
EOF
	run --separate-stderr planrun "$T/tiny.plan" --replay "$T/q.log" \
		--cycles 3 --log "$T/re.log"
	[ "$status" -eq 0 ]
	[ "$output" = "cycle,time_ms,action,value
1,0,Sound,7
2,125,Move,1
3,250,Sound,7" ]
	[[ "$stderr" != *"replay:"* ]]
	# the replay logs the same Q lines, each after the events of the
	# cycles before it and before its own cycle's
	[ "$(grep ',Q,' "$T/re.log" | cut -d, -f1-3,9 | tr '\n' ' ')" = \
		"2,125,Q,5 3,250,Q,30 " ]
	awk -F, 'NR > 1 && $3 == "Q" && last >= $1 { bad = 1 }
	    NR > 1 && $3 != "Q" { last = $1 } END { exit bad }' "$T/re.log"
}

@test "--replay refuses a priority for an element that is not a drive" {
	h='cycle,time_ms,event,type,id,name,sense,sense_id,value,released,latch,reason'
	printf '%s\n1,0,Q,A,10,Beep,,,5,,,\n' "$h" >"$T/qa.log"
	run --separate-stderr planrun "$T/tiny.plan" --replay "$T/qa.log"
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"qa.log:2:7: error: type 'A': a priority is a drive's (D)"* ]]
	printf '%s\n1,0,Q,D,10,Beep,,,5,,,\n' "$h" >"$T/qd.log"
	run --separate-stderr planrun "$T/tiny.plan" --replay "$T/qd.log"
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"qd.log:2: error: a priority for 'Beep', which is not a drive of the plan"* ]]
	printf '%s\n1,0,Q,D,9,#9,,,5,,,\n' "$h" >"$T/qn.log"
	run --separate-stderr planrun "$T/tiny.plan" --replay "$T/qn.log"
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"qn.log:2: error: a priority for drive '#9' #9, which is not a drive of the plan"* ]]
}

# ---- the agent's process, streams, closed pipes ------------------------------

# Process $1 has ended (or is a zombie waiting for whoever inherited it);
# the wait is bounded: reaping an orphan may take its new parent a moment.
gone() {
	local i st
	for i in $(seq 100); do
		st=$(ps -o stat= -p "$1" 2>/dev/null) || return 0
		[[ -z $st || $st == Z* ]] && return 0
		sleep 0.05
	done
	ps -o pid,ppid,pgid,stat,args -p "$1" >&2
	return 1
}

@test "--agent: a reply with a NUL byte is refused (65)" {
	run --separate-stderr planrun "$T/tiny.plan" --cycles 2 \
		--agent "while read -r l; do printf '1\\000\\n'; done"
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"agent: reply to 'sense Level' holds a NUL byte"* ]]
}

@test "--agent: nothing the agent started outlives planrun" {
	# the agent leaves a sleep in the background and never answers
	run --separate-stderr timeout 60 planrun "$T/tiny.plan" --cycles 2 \
		--timeout 1 --agent "sleep 1000 & echo \$! >'$T/pid'; wait"
	[ "$status" -eq 75 ]
	[ -s "$T/pid" ]
	gone "$(cat "$T/pid")"
	# through a pipe, as a user runs it: no hang, nothing left
	run timeout 60 bash -c "planrun '$T/tiny.plan' --cycles 2 --timeout 1 \
		--agent 'sleep 1000 & echo \$! >\"$T/pid2\"; wait' | head"
	[ "$status" -eq 0 ]
	gone "$(cat "$T/pid2")"
}

@test "--agent: planrun killed ends the agent's process group" {
	cat >"$T/agent.sh" <<'EOF'
sleep 1000 &
echo $! >"$1"
while read -r l; do
	case $l in sense*) echo 0 ;; *) echo running ;; esac
done
EOF
	planrun "$T/tiny.plan" --cycles 100000 --rate 20 \
		--agent "sh '$T/agent.sh' '$T/pid'" >/dev/null 2>&1 3>&- &
	pid=$!
	for i in $(seq 200); do [ -s "$T/pid" ] && break; sleep 0.05; done
	[ -s "$T/pid" ]
	kill -TERM "$pid"
	wait "$pid" || true
	gone "$(cat "$T/pid")"
}

@test "--senses -: rows are read as the run goes" {
	# planrun must show cycle 1 before the script's input has ended: it
	# reads a row ahead, never the whole file
	mkfifo "$T/in" "$T/out"
	planrun "$T/tiny.plan" --senses "$T/in" --log - -o /dev/null \
		--monitor E >"$T/out" 2>"$T/err" 3>&- &
	pid=$!
	exec 5<"$T/out"
	exec 4>"$T/in"
	printf 'cycle,Level\n1,0\n3,4\n5,0\n' >&4
	read -r -t 60 header <&5
	read -r -t 60 boundary <&5
	read -r -t 60 first <&5
	exec 4>&-
	rest=$(cat <&5)
	exec 5<&-
	wait "$pid"
	[ "$boundary" = "0,0,B,,,,,,,,,start" ]
	[ "$first" = "1,0,E,D,2,Idle,,,,,," ]
	# Idle steps at 1, 2; Alarm beeps at 3, 4; Idle again at 5
	[ "$(cut -d, -f1,6 <<<"$rest" | grep -c ',Alarm$')" -eq 2 ]
	[ "$(tail -1 <<<"$rest" | cut -d, -f1)" = 5 ]
}

@test "--senses -: a long script through a pipe" {
	# 200000 rows of a stream: the run takes them all
	run bash -c "awk 'BEGIN { print \"Level\"; for (i = 1; i <= 200000; i++)
		print (i % 3 == 0) ? 4 : 0 }' | planrun '$T/tiny.plan' --senses - \
		--no-header | tail -2"
	[ "$status" -eq 0 ]
	# cycle 199998 is a multiple of 3: Level 4, Alarm sounds (one tick
	# a cycle: time (c - 1) * 1000)
	[ "$output" = "199999,199998000,Move,1
200000,199999000,Move,1" ]
}

@test "planrun | head: a closed pipe ends the run quietly" {
	run --separate-stderr bash -c "planrun '$T/tiny.plan' --cycles 10000000 \
		--senses '$T/levels.csv' | head -3"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "${#lines[@]}" -eq 3 ]
	run --separate-stderr bash -c "set -o pipefail; planrun '$T/tiny.plan' \
		--cycles 10000000 --log - | head -1"
	[ "$status" -eq 141 ]	# SIGPIPE, as any filter
	[ -z "$stderr" ]
}

# ---- bad input ----------------------------------------------------------------

@test "a plan that is not valid is refused with the decoder's reason (65)" {
	head -c 300 /dev/urandom >"$T/random.plan"
	run --separate-stderr planrun "$T/random.plan" --cycles 1
	[ "$status" -eq 65 ]
	[[ "$stderr" == "planrun: $T/random.plan: error: not a valid plan: "* ]]
	: >"$T/empty.plan"
	run --separate-stderr planrun "$T/empty.plan" --cycles 1
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"truncated"* ]]
	head -c 40 "$T/tiny.plan" >"$T/short.plan"
	run --separate-stderr planrun "$T/short.plan" --cycles 1
	[ "$status" -eq 65 ]
	cp "$T/tiny.plan" "$T/flip.plan"
	printf '\x7f' | dd of="$T/flip.plan" bs=1 seek=40 conv=notrunc 2>/dev/null
	run --separate-stderr planrun "$T/flip.plan" --cycles 1
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"CRC-32 mismatch"* ]]
	run --separate-stderr planrun "$T/nothing.plan" --cycles 1
	[ "$status" -eq 66 ]
	[[ "$stderr" == *"nothing.plan: No such file"* ]]
}

@test "random bytes as a plan, many times: always refused, never a crash" {
	local i
	for i in $(seq 1 40); do
		head -c $((RANDOM % 600 + 1)) /dev/urandom >"$T/r.plan"
		run planrun "$T/r.plan" --cycles 3
		[ "$status" -eq 65 ] ||
			fail "status $status on $(od -A x -t x1 "$T/r.plan" | head -2)"
	done
}

@test "a bad sense script is refused with file:line:col (65)" {
	# a column that names no sense of the plan is left out, said once
	printf 'cycle,Volume,Level,Pitch\n1,0,0,0\n' >"$T/s1.csv"
	run --separate-stderr planrun "$T/tiny.plan" --senses "$T/s1.csv"
	[ "$status" -eq 0 ]
	[ "$stderr" = "planrun: $T/s1.csv:1: note: 2 columns name no sense of the plan, left out: Volume, Pitch" ]
	printf 'cycle,Level,#5\n1,0,0\n' >"$T/s0.csv"
	run --separate-stderr planrun "$T/tiny.plan" --senses "$T/s0.csv"
	[ "$status" -eq 65 ]
	[ "$stderr" = "planrun: $T/s0.csv:1:13: error: sense '#5' has two columns" ]
	printf 'cycle,Level\n1,0\n2,abc\n' >"$T/s2.csv"
	run --separate-stderr planrun "$T/tiny.plan" --senses "$T/s2.csv"
	[ "$status" -eq 65 ]
	[[ "$stderr" == "planrun: $T/s2.csv:3:3: error: Level 'abc': "* ]]
	printf 'cycle,Level\n1,0\n2,40000\n' >"$T/s3.csv"
	run --separate-stderr planrun "$T/tiny.plan" --senses "$T/s3.csv"
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"-32768..32767"* ]]
	printf 'cycle,Level\n3,0\n2,1\n' >"$T/s4.csv"
	run --separate-stderr planrun "$T/tiny.plan" --senses "$T/s4.csv"
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"s4.csv:3:1: error: cycle 2 does not come after cycle 3"* ]]
	printf 'cycle,Level\n1,0,9\n' >"$T/s5.csv"
	run --separate-stderr planrun "$T/tiny.plan" --senses "$T/s5.csv"
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"s5.csv:2: error: expected 2 fields, found 3"* ]]
	run --separate-stderr planrun "$T/tiny.plan" --senses "$T/none.csv"
	[ "$status" -eq 66 ]
}

@test "random bytes as a sense script or a log: refused, never a crash" {
	local i
	for i in $(seq 1 20); do
		head -c $((RANDOM % 2000 + 1)) /dev/urandom >"$T/r.csv"
		run planrun "$T/tiny.plan" --senses "$T/r.csv" --cycles 2
		[ "$status" -eq 65 ] || [ "$status" -eq 0 ] ||
			fail "senses: status $status"
		run planrun "$T/tiny.plan" --replay "$T/r.csv" --cycles 2
		[ "$status" -eq 65 ] || [ "$status" -eq 0 ] ||
			fail "replay: status $status"
	done
}

@test "a failed run leaves no half-written output file" {
	printf 'cycle,Level\n1,0\n2,abc\n' >"$T/bad.csv"
	run planrun "$T/tiny.plan" --senses "$T/bad.csv" -o "$T/o.csv" \
		--log "$T/o.log"
	[ "$status" -eq 65 ]
	[ ! -e "$T/o.csv" ]
	[ ! -e "$T/o.log" ]
	# an agent that goes wrong in cycle 3, after output has begun
	run planrun "$T/tiny.plan" --cycles 5 -o "$T/o.csv" --log "$T/o.log" \
		--agent 'n=0; while read -r c r; do n=$((n+1)); [ $n -lt 5 ] && { [ $c = sense ] && echo 0 || echo success; } || echo bad; done'
	[ "$status" -eq 65 ]
	[ ! -e "$T/o.csv" ]
	[ ! -e "$T/o.log" ]
	[ -z "$(ls "$T" | grep '^o\.')" ]
}

# ---- the benchmark mode ----------------------------------------------------------

@test "--bench prints cycles per second and the state size" {
	run planrun --bench --cycles 1000 "$T/tiny.plan"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "plan,cycles,seconds,cycles_per_second,state_bytes" ]
	# state (core/planner/internal.h): a record per element; a drive's
	# is 2 counters, 6 words and 2 bytes: 18; an action's 2 counters and
	# 2 bytes: 6; 2 drives and 2 actions: 36 + 12 = 48
	[ "$(cut -d, -f2,5 <<<"${lines[1]}")" = "1000,48" ]
	awk -F, 'NR == 2 && $4 > 0 { ok = 1 } END { exit !ok }' <<<"$output"
}
