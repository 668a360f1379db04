#!/usr/bin/env bats
# planview: the live view (plain frames, and ncurses driven under tmux),
# the replay page's file (its behaviour in Chromium: planview-page.bats)
# and the still SVG, against a planrun log of the explorer plan.  Expected
# elements, counts and rows come from the log itself, by awk.

load lib/helper
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_TMPDIR"
	plancc "$SPINE_ROOT/examples/explorer.yaml" -o e.plan 2>/dev/null
	# 40 cycles: open space, then a wall coming closer, a person at
	# 10..13, hot motors from 31 on
	awk 'BEGIN {
		print "cycle,RangeAhead,NearestSide,MotorCurrent,HumanNear,Asleep,Battery"
		for (i = 1; i <= 40; i++)
			print i "," (1500 - i * 40) ",1," (i > 30 ? 2500 : 500) \
			    "," (i >= 10 && i < 14) ",0," (90 - i)
	}' > s.csv
	# PanHead fails, so some cycles show a failure and its reason
	planrun e.plan --senses s.csv --result PanHead=fail --log run.log \
	    -o /dev/null
}

# The log's columns (spine-evlog(5)): cycle,time_ms,event,type,id,name,
# sense,sense_id,value,released,latch,reason

# "TYPE name" of every element with an outcome event (E S P F Z) in cycle $1
lit_at() {
	awk -F, -v c="$1" '$1 == c && $3 ~ /^[ESPFZ]$/ { print $4 " " $6 }' \
	    run.log | sort -u
}

# the rows of a plain frame (or a pane) marked '#': "TYPE name"
marked() {
	awk '/^#/ { print $2 " " $3 }' | sort -u
}

@test "planview: a plain frame at cycle 12 marks what ran in cycle 12" {
	run -0 --separate-stderr planview --until 12 e.plan run.log
	[ "${lines[0]%%  *}" = "cycle 12" ]
	expected=$(lit_at 12)
	[ -n "$expected" ]
	[ "$(printf '%s\n' "$output" | marked)" = "$expected" ]
	# Explore's counters: executed and succeeded up to cycle 12, by awk
	x=$(awk -F, '$1 <= 12 && $3 == "E" && $4 == "D" && $6 == "Explore"' \
	    run.log | wc -l)
	ok=$(awk -F, '$1 <= 12 && $3 == "S" && $4 == "D" && $6 == "Explore"' \
	    run.log | wc -l)
	assert_line --regexp "D Explore .*\[x$x ok$ok f0\]"
	# the senses' last values: RangeAhead at cycle 12 is 1500 - 12 * 40
	assert_line --partial "RangeAhead=1020 "
	assert_line --partial "MotorCurrent=500 "
}

@test "planview: the plain frame from a pipe is the same as from the file" {
	planview --until 20 e.plan run.log > a.txt
	planview --until 20 e.plan - < run.log > b.txt
	cmp a.txt b.txt
}

@test "planview: the attention goes to the drive that ran" {
	run -0 planview --until 35 e.plan run.log
	d=$(awk -F, '$1 == 35 && $3 == "E" && $4 == "D" { print $6 }' run.log)
	[ "$d" = ProtectMotors ]	# MotorCurrent 2500 > 2400 from cycle 31
	assert_line --partial "attention: ProtectMotors"
}

@test "planview: a Q line sets the runtime priority shown beside its drive" {
	# Explore's id and plan priority from the log and the frame; Q lines
	# (spine-evlog(5)) put in front of cycles 5 and 10 set it to 3, then 77
	id=$(awk -F, '$4 == "D" && $6 == "Explore" { print $5; exit }' run.log)
	[ -n "$id" ]
	awk -F, -v id="$id" 'NR > 1 && ($1 == 5 || $1 == 10) && !done[$1]++ {
	    print $1 "," $2 ",Q,D," id ",Explore,,,"($1 == 5 ? 3 : 77)",,," }
	    { print }' run.log > q.log
	[ "$(grep -c ',Q,' q.log)" -eq 2 ]
	run -0 planview --until 4 e.plan q.log
	refute_line --partial "runtime p"
	run -0 planview --until 7 e.plan q.log
	assert_line --regexp "D Explore  p[0-9]+ when .*  runtime p3( |$)"
	[ "$(printf '%s\n' "$output" | grep -c 'runtime p')" -eq 1 ]
	run -0 planview --until 12 e.plan q.log
	assert_line --regexp "D Explore  p[0-9]+ when .*  runtime p77( |$)"
	# (the page's runtime priorities: test/planview-page.bats)
	# a priority for an action is refused, exit 65
	sed 's/,Q,D,\([0-9]*\),Explore,/,Q,A,\1,Explore,/' q.log > bad.log
	run -65 --separate-stderr planview --until 12 e.plan bad.log
	[[ "$stderr" == *"a priority is a drive's"* ]]
}

@test "planview: a log from another plan is refused, exit 65" {
	plancc -o b.plan "$SPINE_ROOT/examples/planrun/bumper.inst" 2>/dev/null
	planrun b.plan --senses "$SPINE_ROOT/examples/planrun/bumper.senses.csv" \
	    --log b.log -o /dev/null 2>/dev/null || true
	run -65 --separate-stderr planview e.plan b.log
	# (line 2 is the run boundary: any plan's)
	[[ "$stderr" == "planview: b.log:3: error: the plan has no element "* ]] ||
	    fail "$stderr"
	[[ "$stderr" == *"(is this a log of e.plan?)" ]]
	run -65 --separate-stderr planview --html x.html e.plan b.log
	[ ! -e x.html ]
	# an element name that is not in the plan, in the middle of a good log
	n=$(awk -F, '$1 == 5 && $3 == "E" && $6 == "Explore" { print NR; exit }' \
	    run.log)
	sed "${n}s/,Explore,/,Exploder,/" run.log > bad.log
	grep -q Exploder bad.log
	run -65 --separate-stderr planview e.plan bad.log
	id=$(sed -n "${n}p" run.log | cut -d, -f5)
	[ "$stderr" = "planview: bad.log:$n: error: the plan has no element 'Exploder' (its D $id has another name) (is this a log of e.plan?)" ]
	# an id the plan does not have
	sed "${n}s/,D,$id,Explore,/,D,99,Explore,/" run.log > bad.log
	run -65 --separate-stderr planview e.plan bad.log
	[ "$stderr" = "planview: bad.log:$n: error: the plan has no element D 99 (is this a log of e.plan?)" ]
	# not an event log at all
	printf 'cycle,RangeAhead\n1,5\n' > s2.csv
	run -65 --separate-stderr planview e.plan s2.csv
	[[ "$stderr" == "planview: s2.csv:1:1: error: not an event log"* ]]
}

@test "planview: a truncated log replays up to its last whole line and says so" {
	# cut in the middle of the first line of cycle 21
	n=$(awk -F, '$1 == 21 { print NR; exit }' run.log)
	head -n $((n - 1)) run.log > cut.log
	sed -n "${n}p" run.log | head -c 7 >> cut.log
	planview e.plan cut.log > cut.txt 2> err
	[ "$(head -c 8 cut.txt)" = "cycle 20" ]
	[ "$(cat err)" = "planview: cut.log:$n: warning: the log ends in the middle of this line (truncated): shown up to cycle 20" ]
	planview --until 20 e.plan run.log > whole.txt
	cmp cut.txt whole.txt
}

@test "planview: usage errors" {
	run -2 --separate-stderr planview e.plan
	run -2 --separate-stderr planview --until x e.plan run.log
	run -2 --separate-stderr planview --fade 0 e.plan run.log
	[ "${stderr_lines[0]}" = "planview: --fade: '0' is not a number of seconds (1 to 86400)" ]
	run -2 --separate-stderr planview --html a --svg b e.plan run.log
	run -66 --separate-stderr planview e.plan no-such.log
}

# --- the terminal view under tmux ------------------------------------------

tmux_start() {	# session command...
	command -v tmux >/dev/null || fail "tmux is not installed (scripts/install-deps)"
	s=$1
	shift
	tmux -S "$BATS_TEST_TMPDIR/tmux.sock" new-session -d -s "$s" -x 140 -y 80 "$*" 3>&-
}

pane() {
	tmux -S "$BATS_TEST_TMPDIR/tmux.sock" capture-pane -p -t "$1"
}

# wait (at most 20 s) until the pane shows text $2
pane_wait() {
	for _ in $(seq 100); do
		pane "$1" | grep -q -- "$2" && return 0
		sleep 0.2
	done
	pane "$1"
	fail "the pane never showed: $2"
}

teardown() {
	tmux -S "$BATS_TEST_TMPDIR/tmux.sock" kill-server 2>/dev/null || true
}

@test "planview live: marks cycle 12, q quits with 0" {
	# --fade 600: the marks stay while a loaded machine draws the pane
	tmux_start pv "cat run.log | planview --fade 600 --until 12 e.plan -; echo status=\$? > status; sleep 60"
	pane_wait pv "^\[stopped\]  cycle 12 "
	[ "$(pane pv | marked)" = "$(lit_at 12)" ]
	# the counters
	pane pv | grep -q 'D Explore .*\[x12 '
	tmux -S "$BATS_TEST_TMPDIR/tmux.sock" send-keys -t pv q
	for _ in $(seq 50); do [ -s status ] && break; sleep 0.2; done
	[ "$(cat status)" = "status=0" ]
}

@test "planview live: the lights fade (--fade 1: within a second), the counters stay" {
	tmux_start pv "cat run.log | planview --fade 1 --until 12 e.plan -; sleep 60"
	pane_wait pv "^\[stopped\]  cycle 12 "
	for _ in $(seq 50); do
		pane pv | grep -q '^[#+.]' || break
		sleep 0.2
	done
	if pane pv | grep '^[#+.]'; then fail "still lit after 10 s"; fi
	pane pv | grep -q 'D Explore .*\[x12 '
}

@test "planview live: / filters the tree, space pauses" {
	tmux_start pv "planview --fade 600 e.plan run.log; echo status=\$? > status; sleep 60"
	pane_wait pv "end of log"
	tmux -S "$BATS_TEST_TMPDIR/tmux.sock" send-keys -t pv / R o a m Enter
	pane_wait pv "^.. *C Roam"
	# only Roam and the rows under it are left (the unfiltered tree has
	# them too: wait, bounded, for the redraw to drop the others); by
	# awk, Roam's subtree in the whole plain frame: the rows after it
	# indented deeper (past the two marks in front)
	want=$(planview e.plan run.log | awk '
	    / C Roam / { d = index($0, "C Roam"); n = 1; next }
	    d && match(substr($0, 3), /[A-Z]/) && RSTART + 2 > d { n++; next }
	    d { exit } END { print n }')
	rows() {
		pane pv | awk 'NR > 1 && / (D|C|CE|AP|APE|A) / { n++ } END { print n + 0 }'
	}
	for _ in $(seq 50); do [ "$(rows)" -eq "$want" ] && break; sleep 0.2; done
	[ "$(rows)" -eq "$want" ]
	[ "$want" -gt 1 ]
	tmux -S "$BATS_TEST_TMPDIR/tmux.sock" send-keys -t pv Space
	pane_wait pv "\[paused\]"
	tmux -S "$BATS_TEST_TMPDIR/tmux.sock" send-keys -t pv q
	for _ in $(seq 50); do [ -s status ] && break; sleep 0.2; done
	[ "$(cat status)" = "status=0" ]
}

# --- the replay page (in headless Chromium: test/planview-page.bats) -------

@test "planview --html: one file, nothing fetched from anywhere" {
	run -0 planview --html run.html e.plan run.log
	[ -s run.html ]
	! grep -Eiq '<script[^>]* src=|<link |@import|url\(|<iframe|<img ' run.html
	# the only addresses are the SVG namespaces
	[ -z "$(grep -o 'https\?://[^"]*' run.html | sort -u |
	    grep -v '^http://www.w3.org/')" ]
}

@test "planview --svg: the plan with counts from the log" {
	run -0 planview --svg run.svg --until 12 e.plan run.log
	grep -q '<svg' run.svg
	x=$(awk -F, '$1 <= 12 && $3 == "E" && $4 == "D" && $6 == "Explore"' \
	    run.log | wc -l)
	ok=$(awk -F, '$1 <= 12 && $3 == "S" && $4 == "D" && $6 == "Explore"' \
	    run.log | wc -l)
	grep -q ">ran $x, ok $ok, failed 0<" run.svg
	grep -q '>legend<' run.svg
}
