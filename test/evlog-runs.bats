#!/usr/bin/env bats
# Event logs that survive restarts (spine-evlog(5)): a log holding two
# runs of a plan, each after its run boundary (B), replays with planrun
# --replay (each run its own: the planner afresh, the cycles from 1) and
# renders in every planview mode; an old log whose cycles go back to 1
# without a B is read the same way, any other step back is refused with
# what to do.  Expected output comes from the two runs made separately.

load lib/helper
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_TMPDIR"
	plancc "$SPINE_ROOT/examples/explorer.yaml" -o e.plan 2>/dev/null
	# run 1: open space, a wall coming closer, hot motors from cycle 31;
	# run 2: something ahead at once, a wall close from cycle 9
	awk 'BEGIN {
		print "cycle,RangeAhead,NearestSide,MotorCurrent,HumanNear,Asleep,Battery"
		for (i = 1; i <= 40; i++)
			print i "," (1500 - i * 40) ",1," (i > 30 ? 2500 : 500) ",0,0,90"
	}' > s1.csv
	printf 'cycle,RangeAhead,NearestSide,MotorCurrent,HumanNear,Asleep,Battery\n1,400,-1,500,0,0,90\n3,400,-1,500,1,0,90\n5,400,-1,500,0,0,90\n9,100,-1,500,0,0,90\n' > s2.csv
	planrun e.plan --senses s1.csv --result PanHead=fail --log r1.log > a1.csv
	planrun e.plan --senses s2.csv --cycles 12 --log r2.log > a2.csv
	# the two runs in one log, as a log written across a restart
	{ cat r1.log; tail -n +2 r2.log; } > two.log
}

@test "each run of a log begins with a B line, cycle 0, how it began" {
	[ "$(sed -n 2p r1.log)" = "0,0,B,,,,,,,,,start" ]
	[ "$(grep -c ',B,' two.log)" -eq 2 ]
	[ "$(awk -F, '$3 == "B" { print NR }' two.log | tr '\n' ' ')" = \
	    "2 $(($(wc -l < r1.log) + 1)) " ]
}

@test "planrun --replay of a log with two runs: each run replayed as its own" {
	run -0 --separate-stderr planrun e.plan --replay two.log --log re.log
	# the actions of the two runs one after the other (the second's
	# cycles from 1 again)
	[ "$output" = "$(cat a1.csv; tail -n +2 a2.csv)" ]
	[ -z "$stderr" ]
	# and the log of the replay is the log replayed
	cmp two.log re.log
	# --cycles counts the cycles of both runs
	run -0 planrun e.plan --replay two.log --cycles 43
	[ "$output" = "$(cat a1.csv; sed -n 2,4p a2.csv)" ]
	# the same from JSON lines
	planrun e.plan --senses s1.csv --result PanHead=fail --log r1.jsonl \
	    --format jsonl > /dev/null
	planrun e.plan --senses s2.csv --cycles 12 --log r2.jsonl \
	    --format jsonl > /dev/null
	cat r1.jsonl r2.jsonl > two.jsonl
	run -0 planrun e.plan --replay two.jsonl
	[ "$output" = "$(cat a1.csv; tail -n +2 a2.csv)" ]
}

@test "planrun --replay of an old log (no B) whose cycles start again at 1" {
	grep -v ',B,' two.log > old.log
	n=$(awk -F, 'NR > 2 && $1 + 0 < c { print NR; exit } { c = $1 + 0 }' old.log)
	run -0 --separate-stderr planrun e.plan --replay old.log
	[ "$output" = "$(cat a1.csv; tail -n +2 a2.csv)" ]
	[ "$stderr" = "planrun: old.log:$n: warning: the cycles start again at 1 with no run boundary (B): read as the plan starting again" ]
	# back to cycle 5, not 1: it cannot be told from a log of something
	# else, so it is refused, with what to do
	awk -F, -v n="$n" 'NR < n || $1 >= 5' old.log > back.log
	run -65 --separate-stderr planrun e.plan --replay back.log
	[ "$stderr" = "planrun: back.log:$n:1: error: cycle 5 after cycle 40: cycles never go back within a run (if the plan restarted here, put a run boundary before this line: a B line, spine-evlog(5))" ]
	run -65 --separate-stderr planview --plain e.plan back.log
	[ "$stderr" = "planview: back.log:$n:1: error: cycle 5 after cycle 40: cycles never go back within a run (if the plan restarted here, put a run boundary before this line: a B line, spine-evlog(5))" ]
	# with the boundary put there, as the message says, it reads
	awk -v n="$n" 'NR == n { print "0,,B,,,,,,,,,reconnect" } { print }' \
	    back.log > fixed.log
	run -0 planrun e.plan --replay fixed.log -o /dev/null
}

@test "planview --plain of a log with two runs shows the second, afresh" {
	planview --plain e.plan two.log > got.txt
	planview --plain e.plan r2.log > want.txt
	# the same frame as the second run alone, but for the title (the run,
	# the events of both runs) and the senses, which keep the last value
	# read, whichever run read it (NearestSide: 1 in run 1)
	[ "$(head -1 got.txt)" = "cycle 12  attention: AvoidCollision  run 2 (start)  time 11000 ms  1.0 cycles/s  $(($(wc -l < two.log) - 1)) events" ]
	diff <(sed '1d; /^senses:/d' want.txt) <(sed '1d; /^senses:/d' got.txt)
	grep -q '^senses: .* NearestSide=? ' want.txt
	grep -q '^senses: .* NearestSide=1 ' got.txt
	# --until stops in the first run
	planview --plain --until 12 e.plan two.log > u.txt
	planview --plain --until 12 e.plan r1.log > u1.txt
	cmp u.txt u1.txt
}

@test "planview --svg of a log with two runs: the counts of the run shown last" {
	run -0 planview --svg two.svg e.plan two.log
	# Explore ran in both runs: the picture counts the second only
	count() {	# EVENT LOG
		awk -F, -v e="$1" '$3 == e && $4 == "D" && $6 == "Explore"' "$2" |
		    wc -l
	}
	x=$(count E r2.log)
	ok=$(count S r2.log)
	[ "$x" -gt 0 ] && [ "$(count E r1.log)" -gt 0 ]
	grep -q ">ran $x, ok $ok, failed 0<" two.svg
	if grep -q ">ran $((x + $(count E r1.log))), " two.svg; then
		fail "both runs counted"
	fi
}

@test "planview --html of a log with two runs: both runs in the page" {
	run -0 planview --html two.html e.plan two.log
	# the boundaries in the page's packed events (lib/planview/pack.h):
	# each a B in its run's first cycle, "B:1" (1 + start's code, 0)
	[ "$(grep -o ' B:1 ' two.html | wc -l)" -eq 2 ]
	command -v chromium >/dev/null ||
	    fail "chromium is not installed (scripts/install-deps)"
	# the page opens and shows a cycle of the first run with its events
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
	    --disable-background-networking --disable-component-update \
	    --disable-sync --no-first-run \
	    --user-data-dir="$BATS_TEST_TMPDIR/chromium" \
	    --run-all-compositor-stages-before-draw --virtual-time-budget=5000 \
	    --dump-dom "file://$PWD/two.html#cycle=12" 2>/dev/null 3>&- > dom.html
	grep -q 'data-cycle="12"' dom.html
	# the slider runs over both runs: every cycle of each (a boundary
	# belongs to its run's first cycle)
	steps=$(($(awk -F, 'NR > 1 && $3 != "Q" && $3 != "B" { print $1 }' r1.log | uniq | wc -l) +
	    $(awk -F, 'NR > 1 && $3 != "Q" && $3 != "B" { print $1 }' r2.log | uniq | wc -l)))
	grep -q "of $steps)" dom.html
}
