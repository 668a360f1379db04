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
}

teardown() {
	cdp_stop
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

page() {
	cdp_start "$BATS_TEST_TMPDIR/cdp"
	cdp_open "$URL"
	cdp_wait "document.body.getAttribute('data-ready') === '1'"
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
