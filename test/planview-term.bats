#!/usr/bin/env bats
# planview's terminal view at 80x24 under tmux (send-keys, capture-pane):
# it follows the drive with attention, folds the drives not running, fits
# its title, lists the senses the plan reads first, filters in any case
# with subtrees, scrolls within bounds, has a help key; a live view
# survives a restart in its log.  The explorer example runs without
# ../shared; R5's Plan6 with it.  Expected rows and counts come from the
# log and from the whole plain frame, by awk; every wait polls, bounded.

load lib/helper
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_TMPDIR"
	plancc "$SPINE_ROOT/examples/explorer.yaml" -o e.plan 2>/dev/null
	# something ahead at 500 mm, cool motors, nobody, awake: Explore
	# (the fourth of five drives) creeps on, cycle after cycle
	printf 'cycle,RangeAhead,NearestSide,MotorCurrent,HumanNear,Asleep,Battery\n1,500,1,500,0,0,90\n' > s.csv
	planrun e.plan --senses s.csv --cycles 20 --log run.log -o /dev/null
	planview e.plan run.log > whole.txt	# every row, nothing folded
}

teardown() {
	tmux -S "$BATS_TEST_TMPDIR/tmux.sock" kill-server 2>/dev/null || true
}

tmux_start() {	# session command...
	command -v tmux >/dev/null || fail "tmux is not installed (scripts/install-deps)"
	s=$1
	shift
	tmux -S "$BATS_TEST_TMPDIR/tmux.sock" new-session -d -s "$s" -x 80 -y 24 "$*" 3>&-
}

pane() {
	tmux -S "$BATS_TEST_TMPDIR/tmux.sock" capture-pane -p -t "$1"
}

keys() {
	local s=$1
	shift
	tmux -S "$BATS_TEST_TMPDIR/tmux.sock" send-keys -t "$s" "$@"
}

# wait (at most 20 s) until the pane shows text $2 (grep -E) and two
# captures agree: under load tmux may be halfway through a redraw
pane_wait() {
	local a
	for _ in $(seq 100); do
		a=$(pane "$1")
		if grep -Eq -- "$2" <<<"$a"; then
			sleep 0.1
			[ "$(pane "$1")" = "$a" ] && return 0
		else
			sleep 0.2
		fi
	done
	pane "$1"
	fail "the pane never showed: $2"
}

# wait (at most 20 s) until command $@ holds: a screen being redrawn
# under load holds it once the redraw is done
until_holds() {
	for _ in $(seq 100); do
		"$@" && return 0
		sleep 0.2
	done
	"$@" || { pane pv; false; }
}

lit_on_screen() {	# cycle: every row lit in that cycle, on the screen
	[ "$(pane pv | marked)" = "$(lit_at "$1" run.log)" ]
}

pane_is() {	# session text
	[ "$(pane "$1")" = "$2" ]
}

# wait (at most 20 s) until the pane no longer shows text $2
pane_gone() {
	for _ in $(seq 100); do
		pane "$1" | grep -Eq -- "$2" || return 0
		sleep 0.2
	done
	pane "$1"
	fail "the pane still shows: $2"
}

# "TYPE name" of every element with an outcome event in cycle $1 of $2
lit_at() {
	awk -F, -v c="$1" '$1 == c && $3 ~ /^[ESPFZ]$/ { print $4 " " $6 }' \
	    "$2" | sort -u
}

# the rows of a pane marked '#' (lit in the cycle shown): "TYPE name"
marked() {
	awk 'NR > 1 && /^#/ { print $2 " " $3 }' | sort -u
}

# the tree rows of a pane (between the title and the senses)
tree_rows() {
	awk 'NR > 1 && /^.. *(D|C|CE|AP|APE|A) / { n++ } END { print n + 0 }'
}

# the senses at the bottom of a pane, on one line (the view wraps them
# onto a second line when they need it)
senses_line() {
	awk '/^senses:/ { on = 1 } /^q quit|^\// { on = 0 }
	    on { printf "%s%s", sep, $0; sep = " " } END { print "" }'
}

# how many rows under drive $1 in the whole plain frame (by indentation)
rows_under() {
	awk -v d="$1" '$0 ~ "^.. D " d "  " { on = 1; next }
	    on && /^.. D / { exit } on && /^.. / { n++ } END { print n + 0 }' \
	    whole.txt
}

@test "terminal 80x24: follows the drive with attention, the others folded, the title fits" {
	tmux_start pv "planview --fade 600 e.plan run.log; echo status=\$? > status; sleep 60"
	pane_wait pv '^\[end of log\]  cycle 20  attention: Explore  '
	# the title is one line (the next is the first tree row, no wrap)
	[ "$(pane pv | sed -n 1p | wc -c)" -le 81 ]
	pane pv | sed -n 2p | grep -Eq '^.. *D ProtectMotors '
	# everything lit in cycle 20 is on the screen
	until_holds lit_on_screen 20
	# each drive not running is one row that says what it hides
	for d in ProtectMotors AvoidCollision GreetHuman Snooze; do
		n=$(rows_under "$d")
		[ "$n" -gt 0 ]
		pane pv | grep -Eq "^.. D $d  .*\[\+$n\]\$" ||
		    fail "$d: no [+$n] on its row"
	done
	pane pv | grep -q 'f follow:on  c fold:on  ? help'
	# c unfolds: no [+N] left, the screen full of rows
	keys pv c
	pane_wait pv 'c fold:off'
	if pane pv | grep -q '\[+[0-9]*\]$'; then fail "still folded"; fi
	[ "$(pane pv | tree_rows)" -ge 20 ]
	# following, the lit rows are still all on the screen
	until_holds lit_on_screen 20
	# scrolling by hand stops following; f starts it again
	keys pv Home
	pane_wait pv 'f follow:off'
	pane pv | sed -n 2p | grep -Eq '^.. *D ProtectMotors '
	keys pv f
	pane_wait pv 'f follow:on'
	pane_wait pv '^#S +A Creep '
	keys pv q
	for _ in $(seq 50); do [ -s status ] && break; sleep 0.2; done
	[ "$(cat status)" = "status=0" ]
}

@test "terminal 80x24: scrolling stops at the last row and at the first" {
	tmux_start pv "planview --fade 600 e.plan run.log; sleep 60"
	pane_wait pv 'end of log'
	keys pv c
	pane_wait pv 'c fold:off'
	# the tree's last row, from the whole plain frame
	last=$(awk '/^.. *(D|C|CE|AP|APE|A) / { r = $0 } END { sub(/^.. */, "", r); print r }' whole.txt)
	keys pv End
	pane_wait pv 'f follow:off'
	for _ in $(seq 50); do
		pane pv | grep -Fq -- "$last" && break
		sleep 0.2
	done
	before=$(pane pv)
	# the last row is the one above the senses
	[ "$(pane pv | awk '/^senses:/ { print prev; exit } { prev = $0 }' |
	    sed 's/^.. *//')" = "$last" ]
	keys pv j j j j j Down Down PageDown
	keys pv '?'
	pane_wait pv 'follow the drive with attention'
	keys pv x
	pane_gone pv 'follow the drive with attention'
	until_holds pane_is pv "$before"
	keys pv Home
	pane_wait pv '^.. D ProtectMotors '
	keys pv k k PageUp
	pane pv | sed -n 2p | grep -Eq '^.. D ProtectMotors '
}

@test "terminal 80x24: the senses the plan reads first; a help key" {
	tmux_start pv "planview --fade 600 e.plan run.log; sleep 60"
	pane_wait pv 'end of log'
	# by hand from explorer.yaml: the releasers in tree order read
	# MotorCurrent, RangeAhead, HumanNear, Asleep (the drives by
	# priority), NearestSide (Explore's TurnAway), Battery (Snooze); the
	# last two were never read in this run
	[ "$(pane pv | senses_line)" = 'senses: MotorCurrent=500 RangeAhead=500 HumanNear=0 Asleep=0 NearestSide=? Battery=?' ]
	keys pv '?'
	pane_wait pv 'fold drives not running'
	pane pv | grep -q 'any key closes it'
	keys pv Space
	pane_gone pv 'any key closes it'
	# (the key that closed the help did only that: not paused)
	if pane pv | grep -q '\[paused\]'; then fail "paused"; fi
}

@test "terminal 80x24: the filter ignores case and keeps subtrees" {
	tmux_start pv "planview --fade 600 e.plan run.log; sleep 60"
	pane_wait pv 'end of log'
	keys pv / r o a m Enter
	pane_wait pv 'filter:roam'
	# Roam and the rows under it in the whole frame, by indentation
	want=$(awk '/ C Roam / { d = index($0, "C Roam"); n = 1; next }
	    d && match(substr($0, 3), /[A-Z]/) && RSTART + 2 > d { n++; next }
	    d { exit } END { print n }' whole.txt)
	[ "$want" -gt 5 ]
	for _ in $(seq 50); do
		[ "$(pane pv | tree_rows)" -eq "$want" ] && break
		sleep 0.2
	done
	[ "$(pane pv | tree_rows)" -eq "$want" ]
	pane pv | sed -n 2p | grep -Eq '^.. +C Roam '
	# nothing else: no drive rows
	if pane pv | grep -Eq '^.. D '; then fail "a drive row is left"; fi
	# an empty filter shows everything again (folded)
	keys pv / Enter
	pane_wait pv '^.. D ProtectMotors '
}

@test "plain frames say 'not released', never 'held'" {
	grep -q ' D ProtectMotors .* not released$' whole.txt
	if grep -q 'held' whole.txt; then fail "held"; fi
}

# the log of a second run of the plan, something else ahead this time
second_run() {
	printf 'cycle,RangeAhead,NearestSide,MotorCurrent,HumanNear,Asleep,Battery\n1,100,1,500,0,0,90\n' > s2.csv
	planrun e.plan --senses s2.csv --cycles 7 --log run2.log -o /dev/null
}

@test "a live view survives a restart in the log it follows" {
	second_run
	# the first run, then (once the view showed it) the second appended,
	# as a log being written across a restart
	cat > feed.sh <<'SH'
cat run.log
for i in $(seq 300); do [ -e go ] && break; sleep 0.1; done
tail -n +2 run2.log
SH
	tmux_start pv "sh feed.sh | planview --fade 600 e.plan - 2>err; echo status=\$? > status; sleep 60"
	pane_wait pv 'cycle 20  attention: Explore'
	touch go
	pane_wait pv '^\[end of log\]  cycle 7  attention: AvoidCollision  run 2 \(start\)'
	# the counters start again with the run: 7 cycles of AvoidCollision
	pane pv | grep -Eq '^.. D AvoidCollision .*\[x7 ok'
	keys pv q
	for _ in $(seq 50); do [ -s status ] && break; sleep 0.2; done
	[ "$(cat status)" = "status=0" ]
	[ ! -s err ]
}

@test "a live view of an old log whose cycles start again at 1: a new run, said once" {
	second_run
	{ grep -v ',B,' run.log; grep -v ',B,' run2.log | tail -n +2; } > old.log
	n=$(awk -F, 'NR > 2 && $1 + 0 < c { print NR; exit } { c = $1 + 0 }' old.log)
	tmux_start pv "planview --fade 600 e.plan old.log 2>err; echo status=\$? > status; sleep 60"
	pane_wait pv '^\[end of log\]  cycle 7  attention: AvoidCollision  run 2 \(start\)'
	keys pv q
	for _ in $(seq 50); do [ -s status ] && break; sleep 0.2; done
	[ "$(cat status)" = "status=0" ]
	[ "$(cat err)" = "planview: old.log:$n: warning: the cycles start again at 1 with no run boundary (B): read as the plan starting again" ]
}

@test "R5 Plan6 at 80x24: Explore followed, the title fits, the senses read first" {
	require_shared
	plancc -q "$SHARED/reference/plans/r5-plan6.inst" -o r5.plan
	printf 'Sleeping,MinRangeAhead,HScanReady,EmergAvoidDist\n0,3000,1,1000\n' > r5.csv
	planrun r5.plan --senses r5.csv --cycles 40 --log r5.log -o /dev/null
	tmux_start pv "planview --fade 600 r5.plan r5.log; sleep 60"
	pane_wait pv '^\[end of log\]  cycle 40  attention: Explore  '
	[ "$(pane pv | sed -n 1p | wc -c)" -le 81 ]
	# what lit last is on the screen, and only what lit in cycle 40 is
	# marked; the action that ran among it
	act=$(awk -F, '$1 == 40 && $3 == "E" && $4 == "A" { a = $6 } END { print a }' r5.log)
	[ -n "$act" ]
	pane pv | grep -Eq "^#. +A $act "
	comm -23 <(pane pv | marked) <(lit_at 40 r5.log) > extra
	[ ! -s extra ]
	# the senses line: releasers' senses, no sense the plan only names
	pane pv | senses_line | grep -q '^senses: .*MinRangeAhead=3000'
	if pane pv | grep -q 'IR_FrontRight'; then fail "an unused sense"; fi
	# folded (off, then on again), the drive above all is one row that
	# says what it hides
	keys pv c
	pane_wait pv 'c fold:off'
	keys pv c Home
	pane_wait pv '^.. D ProtectMotors .*\[\+[0-9]+\]$'
}

@test "an action with several callers lights under the one that ran it" {
	# a wall at 100 mm: AvoidCollision backs off, its first step Halt;
	# Halt is also BackOff's last step, and a step of CoolMotors, Greet
	# and Nap, which never ran
	printf 'cycle,RangeAhead,NearestSide,MotorCurrent,HumanNear,Asleep,Battery\n1,100,1,500,0,0,90\n' > wall.csv
	planrun e.plan --senses wall.csv --cycles 1 --log wall.log -o /dev/null
	grep -q '^1,0,E,A,[0-9]*,Halt,' wall.log
	planview e.plan wall.log > f.txt
	# Halt has five rows; only the one under BackOff's first step is lit
	[ "$(grep -c ' A Halt ' f.txt)" -eq 5 ]
	[ "$(grep -c '^#E *A Halt \|^#S *A Halt ' f.txt)" -eq 1 ]
	[ "$(awk '/ AP / { ap = $3 } / APE / { step = $5 }
	    /^#. *A Halt / { print ap, step }' f.txt)" = "BackOff 1" ]
	# the others show no outcome either
	[ "$(grep -c '^   *A Halt ' f.txt)" -eq 4 ]
}

@test "Ctrl-C (SIGINT) ends the live view as a shell expects: 130, the terminal given back" {
	tmux_start pv "planview --fade 600 e.plan run.log; echo status=\$? > status; sleep 60"
	pane_wait pv 'end of log'
	shell=$(tmux -S "$BATS_TEST_TMPDIR/tmux.sock" display -p -t pv '#{pane_pid}')
	pid=$(pgrep -P "$shell" -x planview)
	[ -n "$pid" ]
	kill -INT "$pid"
	for _ in $(seq 50); do [ -s status ] && break; sleep 0.2; done
	[ "$(cat status)" = "status=130" ]
	# the screen is the shell's again: the tree is gone
	pane_gone pv 'f follow:on'
}

@test "a log without times (a robot's) shows no time and no rate" {
	# the log as armctl monitor writes it: the time column empty
	awk -F, -v OFS=, 'NR > 1 { $2 = "" } { print }' run.log > robot.log
	planview e.plan robot.log > r.txt
	[ "$(head -1 r.txt)" = "cycle 20  attention: Explore  $(($(wc -l < run.log) - 1)) events" ]
	tmux_start pv "planview --fade 600 e.plan robot.log; sleep 60"
	pane_wait pv '^\[end of log\]  cycle 20  attention: Explore  [0-9]+ events$'
}
