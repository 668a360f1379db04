#!/usr/bin/env bats
# planview --serve --port: the page served live from a robot (armsim),
# steered from headless Chromium (test/lib/cdp.bash) and from curl, the
# robot checked with armctl once planview has let go of its port.
#
# The plan is test/data/control/chores.yaml (see test/armctl-control.bats):
# with no obstacle Guard never releases, Work (100) beats Idle (50) and
# runs Chores every cycle; Idle gets attention only once it is given a
# priority above Work's.  armsim runs on the wall clock here
# (ARMSIM_TIME_SCALE=1) at 2 cycles a second, so a request the robot
# answers within half a second lands in the cycle it was meant for.

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm
load lib/cdp

setup() {
	cd "$BATS_TEST_TMPDIR"
	plancc -o chores.plan "$SPINE_ROOT/test/data/control/chores.yaml"
	SERVE_PID=
	SESSION_PID=
}

teardown() {
	cdp_stop
	tmux -S "$BATS_TEST_TMPDIR/tmux.sock" kill-server 2>/dev/null || true
	[ -z "$SESSION_PID" ] || { kill "$SESSION_PID" 2>/dev/null; wait "$SESSION_PID" 2>/dev/null || true; }
	[ -z "$SERVE_PID" ] || { kill "$SERVE_PID" 2>/dev/null; wait "$SERVE_PID" 2>/dev/null || true; }
	stop_armsim
}

# armsim with chores running at $1 cycles a second (autostart too, for
# the restart test: the plan runs again when armsim comes back)
robot() {
	ARMSIM_TIME_SCALE=${ARMSIM_TIME_SCALE:-1} start_armsim --eeprom ee
	armctl --port "$PORT" push chores.plan
	armctl --port "$PORT" config autostart on --rate "$1" >/dev/null
	armctl --port "$PORT" start --rate "$1"
}

# planview --serve --port ARGS in the background; its URL in $URL
serve() {
	planview --serve 127.0.0.1:0 --port "$PORT" "$@" chores.plan \
		> url.txt 2> serve.err 3>&- &
	SERVE_PID=$!
	for _ in $(seq 200); do
		[ -s url.txt ] && break
		kill -0 "$SERVE_PID" 2>/dev/null || break
		sleep 0.05
	done
	URL=$(head -1 url.txt)
	[ -n "$URL" ] || { cat serve.err; return 1; }
}

# planview lets go of the port (SIGTERM: a clean end, status 0)
unserve() {
	kill "$SERVE_PID"
	wait "$SERVE_PID"
	SERVE_PID=
}

state() {
	curl -s --max-time 5 "${URL}state"
}

# wait (bounded) until the server's /state matches the jq test $1
state_wait() {
	for _ in $(seq 200); do
		state | jq -e "$1" >/dev/null && return 0
		sleep 0.05
	done
	state >&2
	fail "state never had $1"
}

# the page, open, drawn and known to the server (its hello) (bounded)
page() {
	cdp_start "$BATS_TEST_TMPDIR/cdp"
	cdp_open "$URL"
	cdp_wait "document.body.getAttribute('data-ready') === '1' &&
	    planview.client() > 0"
}

click() {
	cdp_eval "document.getElementById('$1').click(), true" > /dev/null
}

NAME='(n) => { const P = JSON.parse(document.getElementById("plan").textContent);
    const e = P.el.find((x) => x.k === n.id.split(".")[0]); return e.t + " " + e.n; }'

@test "serve --port: the page shows the robot's plan lit; clicking pause pauses the robot" {
	robot 4
	serve
	page
	cdp_wait "planview.cycles() >= 3"
	n=$(cdp_text "planview.cycles()")
	cdp_wait "planview.cycles() > $n"	# it grows as the robot runs
	click s-pause
	cdp_wait "document.getElementById('status').classList.contains('stopped')"
	cdp_wait "/the robot paused at cycle [0-9]+/.test(document.getElementById('answer').textContent)"
	answer=$(cdp_text "document.getElementById('answer').textContent")
	# Work runs every cycle and Idle never: lit, and not
	lit=$(cdp_text "[...document.querySelectorAll('#graph g.node.lit')].map($NAME).join('\n')")
	grep -qx "D Work" <<<"$lit"
	grep -qx "C Chores" <<<"$lit"
	! grep -qx "D Idle" <<<"$lit"
	# the robot stays paused: nothing more comes
	c=$(state | jq .view.cycles)
	unserve
	run --separate-stderr armctl --port "$PORT" info
	[[ "$output" == *"state: the plan paused"* ]]
	# and it resumes from the cycle the page was told it paused at
	run --separate-stderr armctl --port "$PORT" resume
	[ "$output" = "running at cycle $(sed 's/^the robot paused at cycle \([0-9]*\).*/\1/' <<<"$answer")" ] ||
	    fail "page: $answer; armctl: $output"
	[ "$c" -ge "$n" ]
}

@test "serve --port: a breakpoint on 'attention Idle' stops the robot at that cycle" {
	robot 2
	serve --break 'attention Idle'
	state_wait '.events > 0'
	# Idle above Work: the cycle it first runs, the robot holds
	curl -s -X POST -d 'cmd=prio&drive=Idle&value=150' "${URL}control" |
	    jq -e '.ok and .text == "Idle: runtime priority 150"'
	state_wait '.view.paused'
	[[ "$(state | jq -r .view.reason)" == "stopped at breakpoint 1: attention Idle; the robot paused at cycle "* ]]
	c=$(state | jq .view.cycle)
	[[ "$(state | jq -r .view.reason)" == *" at cycle $c" ]] ||
	    fail "the view stands at $c: $(state | jq -r .view.reason)"
	unserve
	run --separate-stderr armctl --port "$PORT" resume
	[ "$output" = "running at cycle $c" ]
	# Idle has it now, by the priority the page set
	run --separate-stderr armctl --port "$PORT" prio Idle
	[ "${lines[1]}" = "3,Idle,150" ]
}

@test "serve --port: rate, monitor flags and step answered by the robot" {
	robot 4
	serve
	state_wait '.events > 0'
	post() { curl -s -X POST -d "$1" "${URL}control"; }
	post 'cmd=rate&hz=5' | jq -e '.ok and .text == "the robot runs 5 cycles a second"'
	post 'cmd=mon&elem=Work&flags=E' | jq -e '.ok and .text == "Work reports E"'
	post 'cmd=pause' | jq -e '.ok'
	post 'cmd=step&n=3' | jq -e '.ok'
	post 'cmd=prio&drive=Nobody&value=3' | jq -e '.ok == false'
	post 'cmd=step&n=70000' | jq -e '.ok == false and (.text | test("1 to 65535"))'
	unserve
	[ "$(armctl --port "$PORT" mon | grep '^D,2,Work,')" = "D,2,Work,E" ]
	run --separate-stderr armctl --port "$PORT" info
	[[ "$output" == *"state: the plan paused"* ]]
}

@test "serve --port: a second controller is refused politely (the port lock)" {
	robot 4
	serve
	run --separate-stderr planview --serve 127.0.0.1:0 --port "$PORT" chores.plan
	[ "$status" -eq 69 ]
	[[ "$stderr" == *"port busy: planview (pid $SERVE_PID) has it"* ]]
	run --separate-stderr armctl --port "$PORT" info
	[ "$status" -eq 69 ]
	# a plan that is not the robot's: refused, naming both
	plancc -o other.plan "$SPINE_ROOT/examples/plans/arm-wave.inst"
	unserve
	run --separate-stderr planview --serve 127.0.0.1:0 --port "$PORT" other.plan
	[ "$status" -eq 65 ]
	[ -z "$output" ]
	[[ "$stderr" == *"other.plan (plan crc32 "*") is not the plan the robot holds (plan crc32 "* ]]
}

@test "serve --port: armsim killed and started again: reconnected, a run boundary in the view" {
	robot 10
	serve
	state_wait '.events > 0'
	kill_armsim
	ARMSIM_TIME_SCALE=1 start_armsim --eeprom ee	# autostart: the plan runs again
	for _ in $(seq 200); do
		grep -q "connected again to armsim" serve.err && break
		sleep 0.05
	done
	grep -q "planview: the link to $PORT is lost; reconnecting" serve.err
	grep -q "planview: connected again to armsim 0.1.0 on $PORT" serve.err
	# the events as the page gets them (lib/planview/pack.h): a B join
	# (B:2, 1 + join's code), then a B reconnect (B:3), after which the
	# cycles start again from the robot's
	n=$(state | jq .view.cycles)
	state_wait ".view.cycles > $n"
	curl -s --max-time 1 "${URL}events?from=0" > ev.txt || true
	[ "$(grep -o ' B:2 ' ev.txt | wc -l)" -eq 1 ]
	[ "$(grep -o ' B:3 ' ev.txt | wc -l)" -eq 1 ]
	# the page draws the second run as a segment of its timeline
	page
	cdp_wait "planview.boundaries() === 2"
}

@test "serve --port joining: the priorities in force, not the plan's" {
	robot 4
	armctl --port "$PORT" prio Idle 150 >/dev/null
	serve
	state_wait '.events > 0'
	# the page's first cycle (lib/planview/pack.h): Q<drive>:priority for
	# Guard, Work and Idle, Idle's the one set
	curl -s --max-time 1 "${URL}events?from=0" > ev.txt || true
	[ "$(grep -o ' Q[0-9]*:[0-9]*' ev.txt | head -3 | sed 's/.*://' | tr '\n' ' ')" = "200 100 150 " ]
}

# A plan with no state kept from cycle to cycle (chores' drives without
# its competence and pattern): a log that joins it mid-run replays from a
# fresh planner exactly.  (Chores would not: joined in the second step of
# its pattern, the robot skips the competence's checks a fresh planner
# makes; the join logs priorities and latches, not where a pattern is.)
steady() {
	cat > steady.yaml <<'EOY'
senses:
  ObstacleDistance: 1
actions:
  Stop: 21
drives:
  Guard:
    priority: 200
    when: ObstacleDistance < 30
    do: HoldStill
  Work:
    priority: 100
    when: ObstacleDistance > 1000
    do: HoldStill
  Idle:
    priority: 50
    when: always
    do: HoldStill
acts:
  HoldStill: Stop 0
EOY
	plancc -o chores.plan steady.yaml
}

# The session log (armctl session --log-dir) of the steady plan: Work's
# cycles, Idle given 150, then `start` (the plan afresh: Work again).
session_log() {
	steady
	robot 10
	printf 'monitor --events E --count 6\nprio Idle 150\nmonitor --events E --count 6\nstart\nmonitor --events E --count 6\n' |
		armctl --port "$PORT" session --log-dir logs >/dev/null
	LOG=$(echo logs/*.csv)
}

@test "a session log with a start in the middle: a B start; replays and renders" {
	session_log
	# the join, then the start where the robot's cycles went back
	[ "$(grep -c ',B,' "$LOG")" -eq 2 ]
	grep -qx '0,,B,,,,,,,,,join' "$LOG"
	grep -qx '0,[0-9]*,B,,,,,,,,,start' "$LOG"
	run -0 --separate-stderr planrun chores.plan --replay "$LOG"
	[ -z "$stderr" ]
	# the replay's cycles: the first run's, then from 1 again
	[ "$(printf '%s\n' "${lines[@]:1}" | awk -F, 'NR > 1 && $1 < p { n++ } { p = $1 } END { print n + 0 }')" -eq 1 ]
	run -0 --separate-stderr planview --html page.html chores.plan "$LOG"
	[ -z "$stderr" ]
	[ "$(grep -o ' B:[12] ' page.html | sort | tr -d ' ' | tr '\n' ' ')" = "B:1 B:2 " ]
	# the terminal view ends in the second run, Work's (the start put
	# Idle back to 50)
	run -0 --separate-stderr planview --plain chores.plan "$LOG"
	[ -z "$stderr" ]
	[[ "${lines[0]}" == *"attention: Work  run 2 (start)"* ]]
}

@test "a session log across armsim kill -9 and restart: a B reconnect; replays and renders" {
	# (10 cycles a second: a line that keeps up, no event lost)
	steady
	robot 10
	mkfifo in
	armctl --port "$PORT" session --log-dir logs <in >out 2>err 3>&- &
	SESSION_PID=$!
	exec 5>in
	# the log follows the robot while the session is idle
	echo "info" >&5
	for _ in $(seq 200); do grep -q ',E,D,' logs/*.csv 2>/dev/null && break; sleep 0.05; done
	LOG=$(echo logs/*.csv)
	grep -q ',E,D,' "$LOG"
	kill_armsim		# a power cut
	# autostart: it runs again (5>&-: armsim must not hold the fifo)
	ARMSIM_TIME_SCALE=1 start_armsim --eeprom ee 5>&-
	for _ in $(seq 400); do
		sed -n '/,B,.*reconnect/,$p' "$LOG" | grep -q ',E,D,' && break
		sleep 0.05
	done
	echo "info" >&5
	exec 5>&-
	wait "$SESSION_PID" || fail "session: $(cat err; cat "$LOG")"
	SESSION_PID=
	grep -qx '0,,B,,,,,,,,,join' "$LOG"
	grep -qx '0,,B,,,,,,,,,reconnect' "$LOG"
	run -0 --separate-stderr planrun chores.plan --replay "$LOG"
	# the power cut may have cut the first run's last cycle short in the
	# log (its events still on the line): only that cycle may differ
	cut=$(awk -F, '$3 == "B" && $12 == "reconnect" { print c; exit } $2 != "" { c = $1 }' "$LOG")
	[ -z "$stderr" ] || [ "$stderr" = "planrun: replay: cycle $cut: a sense was read that the log did not record; the run no longer follows the log" ] ||
	    fail "$stderr (the cut: cycle $cut)"
	run -0 --separate-stderr planview --html page.html chores.plan "$LOG"
	[ -z "$stderr" ]
	[ "$(grep -o ' B:[23] ' page.html | sort | tr -d ' ' | tr '\n' ' ')" = "B:2 B:3 " ]
	run -0 --separate-stderr planview --plain chores.plan "$LOG"
	[[ "${lines[0]}" == *"attention: Work  run 2 (reconnect)"* ]]
	# the terminal view, as a person would run it, under tmux
	command -v tmux >/dev/null || fail "tmux is not installed"
	tmux -S "$BATS_TEST_TMPDIR/tmux.sock" new-session -d -x 100 -y 30 \
	    "planview chores.plan '$LOG'" 3>&-	# it stays until kill-server
	for _ in $(seq 400); do
		tmux -S "$BATS_TEST_TMPDIR/tmux.sock" capture-pane -p > screen.txt 2>/dev/null
		grep -q 'run 2 (reconnect)' screen.txt && break
		sleep 0.05
	done
	tmux -S "$BATS_TEST_TMPDIR/tmux.sock" kill-server
	grep -q 'run 2 (reconnect)' screen.txt
}

@test "bash completion: planview --port" {
	run complete_words "$SPINE_ROOT/completions/planview" planview --serve 8080 --po
	[ "$output" = "--port" ]
	run complete_words "$SPINE_ROOT/completions/planview" planview --port tc
	[ "$output" = "tcp:" ]
}
