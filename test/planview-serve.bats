#!/usr/bin/env bats
# planview --serve: the page served live from a log being written or a
# pipe, in headless Chromium over the DevTools protocol (test/lib/cdp.bash),
# and its HTTP protocol from curl.  Every server binds 127.0.0.1 on a free
# port (--serve 127.0.0.1:0 prints the one it got); expected values come
# from the log by awk.

load lib/helper
load lib/cdp
bats_require_minimum_version 1.5.0

# One Chromium for the file (test/lib/cdp.bash), each test's page in its
# own tab: a start costs more CPU than a test's page checks.
setup_file() {
	cdp_share "$BATS_FILE_TMPDIR/cdp" 1400,1000
}

teardown_file() {
	cdp_unshare
}

setup() {
	cd "$BATS_TEST_TMPDIR"
	plancc "$SPINE_ROOT/examples/explorer.yaml" -o e.plan 2>/dev/null
	# open space, a wall coming closer, a person at 10..13, hot motors
	# from 31 on
	awk -v n=2000 'BEGIN {
		print "cycle,RangeAhead,NearestSide,MotorCurrent,HumanNear,Asleep,Battery"
		for (i = 1; i <= n; i++)
			print i "," (1500 - (i % 40) * 35) ",1," (i > 30 ? 2500 : 500) \
			    "," (i >= 10 && i < 14) ",0," (90 - i % 60)
	}' > s.csv
	SERVE_PID=
	PRUN=
}

teardown() {
	cdp_stop
	[ -z "$SERVE_PID" ] || kill "$SERVE_PID" 2>/dev/null || true
	[ -z "$PRUN" ] || kill "$PRUN" 2>/dev/null || true
	[ ! -s prun.pid ] || kill "$(cat prun.pid)" 2>/dev/null || true
}

# serve_wait: the server's URL from url.txt (bounded), in $URL
serve_wait() {
	for _ in $(seq 200); do
		[ -s url.txt ] && break
		kill -0 "$SERVE_PID" 2>/dev/null || break
		sleep 0.05
	done
	URL=$(head -1 url.txt)
	[ -n "$URL" ] || { cat serve.err; return 1; }
}

# serve ARGS...: planview --serve 127.0.0.1:0 ARGS in the background
serve() {
	planview --serve 127.0.0.1:0 "$@" > url.txt 2> serve.err 3>&- &
	SERVE_PID=$!
	serve_wait
}

# the page, open, drawn and known to the server (its hello: a click
# before it steers as no page) (bounded)
page() {
	cdp_open "$URL"
	cdp_wait "document.body.getAttribute('data-ready') === '1' &&
	    planview.client() > 0"
}

# wait until run.log holds cycle $1 and the one after it (bounded)
logged() {
	for _ in $(seq 200); do
		awk -F, -v c="$1" '$1 > c { f = 1 } END { exit !f }' run.log && return 0
		sleep 0.05
	done
	fail "run.log never got past cycle $1"
}

lit_at() {
	awk -F, -v c="$1" '$1 == c && $3 ~ /^[ESPFZ]$/ { print $4 " " $6 }' \
	    run.log | sort -u
}

NAME='(n) => { const P = JSON.parse(document.getElementById("plan").textContent);
    const e = P.el.find((x) => x.k === n.id.split(".")[0]); return e.t + " " + e.n; }'

click() {
	cdp_eval "document.getElementById('$1').click(), true" > /dev/null
}

shown() {
	cdp_text "document.body.getAttribute('data-cycle')"
}

@test "serve: planrun through a pipe: the graph lit, the timeline growing, counters, senses" {
	# planrun at 20 cycles a second; tee keeps what it wrote, for awk
	{ planrun e.plan --senses s.csv --rate 20 --log - -o /dev/null 3>&- &
	    echo $! > prun.pid; wait; } | tee run.log |
	    planview --serve 127.0.0.1:0 e.plan - > url.txt 2> serve.err 3>&- &
	SERVE_PID=$!
	serve_wait
	page
	cdp_wait "planview.cycles() >= 8"
	n=$(cdp_text "planview.cycles()")
	cdp_wait "planview.cycles() > $n"	# it grows as the run goes
	# pause the view, then compare what it shows with the log
	click s-pause
	cdp_wait "document.getElementById('status').classList.contains('stopped')"
	c=$(shown)
	logged "$c"
	cdp_text "[...document.querySelectorAll('#graph g.node.lit')].map($NAME).join('\n')" |
	    sort -u > got
	lit_at "$c" > want
	[ -s want ]
	diff want got
	x=$(awk -F, -v c="$c" '$1 <= c && $3 == "E" && $4 == "D" && $6 == "Explore"' run.log | wc -l)
	[ "$(cdp_text "document.querySelector('#counters tr[data-key] td:nth-child(2)') &&
	    [...document.querySelectorAll('#counters tbody tr')].find((r) =>
	    r.cells[0].textContent === 'D Explore').cells[1].textContent")" = "$x" ]
	# the last value of each sense read so far
	v=$(awk -F, -v c="$c" '$1 <= c && $3 == "R" && $7 == "RangeAhead" { v = $9 } END { print v }' run.log)
	[ "$(cdp_text "[...document.querySelectorAll('#tl .lab')].find((l) =>
	    l.textContent.startsWith('RangeAhead ')).textContent")" = "RangeAhead $v" ]
	# the view stays while the run goes on; resume follows it again
	cdp_wait "planview.cycles() > $c + 2"
	[ "$(shown)" = "$c" ]
	click s-resume
	cdp_wait "+document.body.getAttribute('data-cycle') > $c + 2"
	kill "$SERVE_PID"
	wait "$SERVE_PID"	# SIGTERM: a clean end, status 0
	SERVE_PID=
}

@test "serve: a breakpoint set on the page stops the view where ProtectMotors gets attention" {
	planrun e.plan --senses s.csv --log full.log -o /dev/null
	first=$(awk -F, '$3 == "E" && $4 == "D" && $6 == "ProtectMotors" { print $1; exit }' full.log)
	[ "$first" = 31 ]
	# a log being written: its first 20 cycles now, the rest later
	awk -F, 'NR == 1 || $1 <= 20' full.log > run.log
	serve e.plan run.log
	page
	cdp_wait "planview.cycles() === 20"
	cdp_eval "(() => { const k = document.getElementById('q-kind');
	    k.value = 'attention'; k.dispatchEvent(new Event('change'));
	    const el = document.getElementById('q-el');
	    el.value = [...el.options].find((o) => o.textContent === 'D ProtectMotors').value;
	    return true; })()" > /dev/null
	click q-add
	cdp_wait "document.querySelectorAll('#breaks li').length === 1"
	[ "$(cdp_text "document.querySelector('#breaks li').firstChild.textContent")" = "attention ProtectMotors " ]
	awk -F, 'NR > 1 && $1 > 20 && $1 <= 100' full.log >> run.log
	cdp_wait "planview.cycles() === 100"
	cdp_wait "document.body.getAttribute('data-cycle') === '$first'"
	[[ "$(cdp_text "document.getElementById('status').textContent")" == "stopped at breakpoint 1: attention ProtectMotors"* ]]
	# step 3 cycles, then resume: the view follows the run to its end
	cdp_eval "document.getElementById('s-n').value = '3', true" > /dev/null
	click s-step
	cdp_wait "document.body.getAttribute('data-cycle') === '$((first + 3))'"
	click s-resume
	cdp_wait "document.body.getAttribute('data-cycle') === '100'"
	# removed on the page, gone on the server
	cdp_eval "document.querySelector('#breaks li button').click(), true" > /dev/null
	cdp_wait "document.querySelectorAll('#breaks li').length === 0"
	[ "$(curl -sf "${URL}state" | jq -c .breaks)" = "[]" ]
}

@test "serve: --break stops the view of a pipe at the first cycle it holds" {
	{ planrun e.plan --senses s.csv --rate 200 --log - -o /dev/null 3>&- &
	    echo $! > prun.pid; wait; } | tee run.log |
	    planview --serve 127.0.0.1:0 --break 'sense MotorCurrent > 2400' \
	    e.plan - > url.txt 2> serve.err 3>&- &
	SERVE_PID=$!
	serve_wait
	hot=$(awk -F, 'NR > 1 && $4 > 2400 { print $1; exit }' s.csv)
	for _ in $(seq 200); do
		[ "$(curl -sf "${URL}state" | jq .view.paused)" = true ] && break
		sleep 0.05
	done
	curl -sf "${URL}state" > state.json
	[ "$(jq -r .view.reason state.json)" = "stopped at breakpoint 1: sense MotorCurrent > 2400" ]
	[ "$(jq .view.cycle state.json)" = "$hot" ]
	page
	cdp_wait "document.body.getAttribute('data-cycle') === '$hot'"
}

@test "serve: one page steers; a second is told politely that it can only watch" {
	planrun e.plan --senses s.csv --log run.log -o /dev/null
	serve e.plan run.log
	page
	first=$CDP_SESSION first_target=$CDP_TARGET
	click s-pause
	cdp_wait "document.getElementById('answer').textContent.startsWith('paused at cycle')"
	cdp_open "$URL"
	cdp_wait "document.body.getAttribute('data-ready') === '1' &&
	    planview.client() > 0"
	click s-resume
	cdp_wait "document.getElementById('answer').textContent !== ''"
	[[ "$(cdp_text "document.getElementById('answer').textContent")" == "another page (viewer "*") is steering this run: this one can only watch" ]]
	[ "$(cdp_text "document.getElementById('answer').className")" = bad ]
	second=$CDP_SESSION
	CDP_SESSION=$first
	click s-resume
	cdp_wait "document.getElementById('answer').textContent === 'running'"
	# the steering page closed, the other one may steer
	cdp_call Target.closeTarget "{\"targetId\":\"$first_target\"}" > /dev/null
	CDP_SESSION=$second	# (asked again until the server sees it gone)
	cdp_wait "document.getElementById('s-pause').click(),
	    document.getElementById('answer').textContent.startsWith('paused at cycle')"
	# a robot's requests on a log: answered, not done
	cdp_eval "document.getElementById('s-prio').value = '3', true" > /dev/null
	click s-setprio
	cdp_wait "document.getElementById('answer').textContent.startsWith('prio: not available')"
}

@test "serve: the protocol from a script" {
	planrun e.plan --senses s.csv --log run.log -o /dev/null
	events=$(($(wc -l < run.log) - 1))
	serve e.plan run.log
	for _ in $(seq 100); do
		[ "$(curl -sf "${URL}state" | jq .events)" = "$events" ] && break
		sleep 0.05
	done
	curl -sf "${URL}state" > state.json
	[ "$(jq .events state.json)" = "$events" ]
	# cycles: the log's, its run boundary (a B line, cycle 0) in the first
	[ "$(jq .view.cycles state.json)" = "$(awk -F, 'NR > 1 && $3 != "B" { print $1 }' run.log | uniq | wc -l)" ]
	[ "$(jq -r .view.source state.json)" = "reading run.log" ]
	# the page: self-contained, its events so far in it
	curl -sf "$URL" > page.html
	grep -q '"live":{"from":' page.html
	! grep -Eiq '<script[^>]* src=|<link |@import|url\(' page.html
	# steering requests
	r=$(curl -s -w ' %{http_code}' -X POST -d 'cmd=prio&drive=Explore&value=3' "${URL}control")
	[ "$r" = '{"ok":false,"text":"prio: not available: the source is a log, not a robot"}
 409' ]
	r=$(curl -s -w ' %{http_code}' -X POST -d 'cmd=jump' "${URL}control")
	[[ "$r" == *' 400' ]]
	r=$(curl -s -w ' %{http_code}' -X POST -d 'cmd=step&n=0' "${URL}control")
	[[ "$r" == *'"step: give a number of cycles, 1 to 1000000"'*' 400' ]]
	r=$(curl -s -w ' %{http_code}' -X POST -d 'cmd=pause' "${URL}control")
	[[ "$r" == '{"ok":true,"text":"paused at cycle 2000"}'*' 200' ]]
	# breakpoints
	r=$(curl -s -w ' %{http_code}' -X POST --data-urlencode 'spec=attention Nope' "${URL}break")
	[[ "$r" == '{"ok":false,"text":"the plan has no drive '"'"'Nope'"'"'"'*' 400' ]]
	r=$(curl -s -X POST --data-urlencode 'spec=sense RangeAhead < 200' "${URL}break")
	[ "$(jq -c .breaks <<<"$r")" = '[{"id":1,"text":"sense RangeAhead < 200"}]' ]
	r=$(curl -s -X DELETE "${URL}break?id=1")
	[ "$(jq -c .breaks <<<"$r")" = '[]' ]
	# not from this page: refused
	r=$(curl -s -w ' %{http_code}' -H 'Origin: http://example.org' -X POST -d 'cmd=resume' "${URL}control")
	[[ "$r" == *' 403' ]]
	# asked by another name (a page of another site pointing its own
	# name here): refused; by localhost: answered
	[ "$(curl -s -o /dev/null -w '%{http_code}' -H 'Host: evil.example:80' "${URL}state")" = 403 ]
	[ "$(curl -s -o /dev/null -w '%{http_code}' "${URL/127.0.0.1/localhost}state")" = 200 ]
	# a stream must start where a packed event does
	[ "$(curl -s -o /dev/null -w '%{http_code}' "${URL}events?from=3")" = 400 ]
	[ "$(curl -s -o /dev/null -w '%{http_code}' "${URL}nope")" = 404 ]
	# the stream: hello, then the events from 0, the packed text the page has
	timeout 5 curl -sN "${URL}events?from=0" > stream.txt || true
	grep -q '^event: hello$' stream.txt
	[ "$(sed -n 's/^data: \(c .*\)/\1/p' stream.txt | tr -d '\n' | wc -c)" -gt 0 ]
	kill "$SERVE_PID"
	rc=0
	wait "$SERVE_PID" || rc=$?
	SERVE_PID=
	[ "$rc" = 0 ]
}

@test "serve: usage errors, a taken port, a log of another plan" {
	planrun e.plan --senses s.csv --log run.log -o /dev/null
	run -2 --separate-stderr planview --serve nowhere e.plan run.log
	[ "$stderr" = "planview: --serve: 'nowhere' is not [ADDR:]PORT
Try 'planview --help' for more information." ] || [[ "$stderr" == "planview: --serve: 'nowhere' is not [ADDR:]PORT"* ]]
	run -2 planview --serve 0 --html x.html e.plan run.log
	run -2 planview --break 'fail' e.plan run.log
	run -2 --separate-stderr planview --serve 127.0.0.1:0 --break 'attention Nope' e.plan run.log
	[ "$stderr" = "planview: --break: the plan has no drive 'Nope'" ]
	run -69 --separate-stderr planview --serve 1.2.3:0 e.plan run.log
	# the port of a server already there
	serve e.plan run.log
	port=${URL##*:}
	port=${port%/}
	run -69 --separate-stderr planview --serve "127.0.0.1:$port" e.plan run.log
	[ "$stderr" = "planview: cannot serve on 127.0.0.1:$port: Address already in use" ]
	kill "$SERVE_PID"
	wait "$SERVE_PID" || true
	SERVE_PID=
	# a log of another plan: the page says why; stopped, the status is 65
	plancc -o b.plan "$SPINE_ROOT/examples/planrun/bumper.inst" 2>/dev/null
	planrun b.plan --senses "$SPINE_ROOT/examples/planrun/bumper.senses.csv" \
	    --log b.log -o /dev/null 2>/dev/null || true
	rm -f url.txt
	serve e.plan b.log
	for _ in $(seq 100); do
		curl -sf "${URL}state" | jq -r .view.source | grep -q 'no element' && break
		sleep 0.05
	done
	# the first line naming an element (after the header and a B line)
	n=$(awk -F, 'NR > 1 && $3 != "B" { print NR; exit }' b.log)
	[[ "$(curl -sf "${URL}state" | jq -r .view.source)" == "b.log:$n: the plan has no element "* ]]
	kill "$SERVE_PID"
	rc=0
	wait "$SERVE_PID" || rc=$?
	SERVE_PID=
	[ "$rc" = 65 ]
	[[ "$(cat serve.err)" == "planview: b.log:$n:"*"error: the plan has no element "*"(is this a log of e.plan?)" ]]
}
