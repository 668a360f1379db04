# cdp.bash - headless Chromium driven over the DevTools protocol, for the
# page tests (test/planview-page.bats, test/planview-serve.bats) and
# scripts/bench-planview.  Chromium talks on a pipe (--remote-debugging-
# pipe: its fd 3 in, fd 4 out, NUL after each JSON message); jq reads the
# values.  No network but loopback, no downloads; every wait is bounded
# and Chromium runs under timeout(1), so nothing outlives the test.
#
#   cdp_start DIR [WxH]  start Chromium with its files in DIR
#   cdp_open URL         a new tab at URL (script errors are collected);
#                        CDP_SESSION and CDP_TARGET name it
#   cdp_eval EXPR        the value of EXPR in the tab (promises awaited),
#                        as JSON; fails (and says why) on an exception
#   cdp_wait EXPR [S]    until EXPR is true, at most S seconds (20)
#   cdp_stop             close Chromium (also safe when it never started);
#                        in a test using the file's browser, its tabs
#   cdp_share DIR [WxH]  (setup_file) one Chromium for the file's tests,
#                        which then run one at a time: a start costs more
#                        CPU than most page checks
#   cdp_unshare          (teardown_file) close the file's Chromium
#
# Message ids start apart in each test (a late answer to a test that gave
# up is never taken for the next test's).

CDP_ID=$(( ${BATS_SUITE_TEST_NUMBER:-0} * 1000000 ))
CDP_TARGETS=()

cdp_start() {
	command -v chromium >/dev/null ||
	    { echo "chromium is not installed (scripts/install-deps)" >&2; return 1; }
	command -v jq >/dev/null ||
	    { echo "jq is not installed (scripts/install-deps)" >&2; return 1; }
	CDP_DIR=$1
	mkdir -p "$CDP_DIR"
	rm -f "$CDP_DIR/in" "$CDP_DIR/out"
	mkfifo "$CDP_DIR/in" "$CDP_DIR/out"
	timeout "${CDP_LIFETIME:-300}" chromium --headless --no-sandbox --disable-gpu \
	    --disable-background-networking --disable-component-update \
	    --disable-sync --no-first-run --no-default-browser-check \
	    --disable-extensions --mute-audio \
	    --window-size="${2:-1400,1000}" \
	    --user-data-dir="$CDP_DIR/profile" --remote-debugging-pipe \
	    about:blank 3<"$CDP_DIR/in" 4>"$CDP_DIR/out" \
	    >"$CDP_DIR/chromium.log" 2>&1 &
	CDP_PID=$!
	exec {CDP_W}>"$CDP_DIR/in"
	exec {CDP_R}<"$CDP_DIR/out"
}

# Every call costs the tests' CPU on a loaded machine, so the messages are
# built and answers matched in bash; jq runs once a call at most.

# cdp_json STRING: STRING as a JSON string, in CDP_JSON
cdp_json() {
	local s=$1
	s=${s//\\/\\\\}
	s=${s//\"/\\\"}
	s=${s//$'\n'/\\n}
	s=${s//$'\t'/\\t}
	s=${s//$'\r'/\\r}
	if [[ $s == *[[:cntrl:]]* ]]; then
		CDP_JSON=$(jq -cn --arg s "$1" '$s')
	else
		CDP_JSON="\"$s\""
	fi
}

# cdp_send METHOD PARAMS [SESSION]: send, the whole answer in CDP_MSG;
# 1 (and why, on stderr) on an error or no answer in 60 s.
cdp_send() {
	local id msg
	CDP_ID=$((CDP_ID + 1))
	id=$CDP_ID
	printf '{"id":%d,"method":"%s","params":%s%s}\0' "$id" "$1" "$2" \
	    "${3:+,\"sessionId\":\"$3\"}" >&"$CDP_W" || return 1
	while IFS= read -r -d '' -t 60 -u "$CDP_R" msg; do
		case $msg in
		"{\"id\":$id,\"error\""*)
			echo "cdp: $1: $msg" >&2
			return 1
			;;
		"{\"id\":$id,"*)
			CDP_MSG=$msg
			return 0
			;;
		esac
	done
	echo "cdp: $1: no answer from chromium" >&2
	cat "$CDP_DIR/chromium.log" >&2 2>/dev/null
	return 1
}

# cdp_call METHOD PARAMS [SESSION]: send, print the answer's result.
cdp_call() {
	cdp_send "$@" || return 1
	jq -c '.result' <<<"$CDP_MSG"
}

cdp_open() {
	cdp_send Target.createTarget '{"url":"about:blank"}' || return 1
	[[ $CDP_MSG =~ \"targetId\":\"([^\"]*)\" ]] || return 1
	CDP_TARGET=${BASH_REMATCH[1]}
	CDP_TARGETS+=("$CDP_TARGET")
	cdp_send Target.attachToTarget \
	    "{\"targetId\":\"$CDP_TARGET\",\"flatten\":true}" || return 1
	[[ $CDP_MSG =~ \"sessionId\":\"([^\"]*)\" ]] || return 1
	CDP_SESSION=${BASH_REMATCH[1]}
	cdp_send Page.addScriptToEvaluateOnNewDocument '{"source":"window.__errors=[];window.addEventListener(\"error\",function(e){window.__errors.push(String(e.message)+\" at \"+e.lineno)});"}' \
	    "$CDP_SESSION" || return 1
	cdp_json "$1"
	cdp_send Page.navigate "{\"url\":$CDP_JSON}" "$CDP_SESSION"
}

# cdp_evaluate EXPR: Runtime.evaluate in the tab, the answer in CDP_MSG
cdp_evaluate() {
	cdp_json "$1"
	cdp_send Runtime.evaluate "{\"expression\":$CDP_JSON,\"returnByValue\":true,\"awaitPromise\":true}" \
	    "$CDP_SESSION"
}

# cdp_value JQFLAG EXPR: EXPR's value printed by jq JQFLAG (-c, -r); 1
# and the exception on stderr when it threw
cdp_value() {
	cdp_evaluate "$2" || return 1
	jq "$1" --arg e "$2" '.result | if has("exceptionDetails") then
	    "cdp: \($e): \(.exceptionDetails.exception.description // .exceptionDetails.text | tojson)\n" | halt_error(1)
	    else .result.value end' <<<"$CDP_MSG"
}

cdp_eval() {
	cdp_value -c "$1"
}

# cdp_text EXPR: the value of EXPR as raw text (strings unquoted).
cdp_text() {
	cdp_value -r "$1"
}

# cdp_wait EXPR [S]: the page itself tests EXPR every 100 ms, so a wait
# is one call; asked again when a navigation took the page's script away.
cdp_wait() {
	local end=$((SECONDS + ${2:-20})) ms
	while :; do
		ms=$(((end - SECONDS) * 1000))
		((ms <= 50000)) || ms=50000	# an answer within cdp_send's 60 s
		cdp_evaluate "new Promise((done) => { const end = Date.now() + $ms;
		    const f = () => { let v = false; try { v = ($1) === true; } catch (e) {}
		    if (v || Date.now() >= end) done(v); else setTimeout(f, 100); };
		    f(); })" 2>/dev/null &&
		    [[ $CDP_MSG == *'"result":{"result":{"type":"boolean","value":true}}'* ]] &&
		    return 0
		[ "$SECONDS" -lt "$end" ] || break
		sleep 0.1
	done
	echo "cdp: never true: $1" >&2
	echo "cdp: page errors: $(cdp_eval 'JSON.stringify(window.__errors||[])' 2>&1)" >&2
	return 1
}

cdp_stop() {
	[ -n "${CDP_PID:-}" ] || return 0
	if [ "$CDP_PID" = "${CDP_SHARED_PID:-}" ]; then
		local t
		for t in "${CDP_TARGETS[@]}"; do
			cdp_call Target.closeTarget "{\"targetId\":\"$t\"}" \
			    >/dev/null 2>&1 || true
		done
		CDP_TARGETS=() CDP_TARGET= CDP_PID=
		return 0
	fi
	cdp_call Browser.close '{}' >/dev/null 2>&1 || true
	exec {CDP_W}>&- {CDP_R}<&- 2>/dev/null || true
	local i
	for i in $(seq 50); do
		kill -0 "$CDP_PID" 2>/dev/null || break
		sleep 0.1
	done
	kill "$CDP_PID" 2>/dev/null || true
	wait "$CDP_PID" 2>/dev/null || true
	CDP_PID=
	rm -rf "$CDP_DIR/profile"
}

# A whole file's tests share the browser (their fds and names are
# inherited from setup_file); it lives at most 15 minutes, a loaded
# machine's run of the slowest file with room to spare.
cdp_share() {
	CDP_LIFETIME=900 cdp_start "$@" || return 1
	CDP_SHARED_PID=$CDP_PID
	export CDP_DIR CDP_PID CDP_W CDP_R CDP_SHARED_PID
	export BATS_NO_PARALLELIZE_WITHIN_FILE=true
	# answering at all: started, not just forked
	cdp_call Browser.getVersion '{}' >/dev/null
}

cdp_unshare() {
	CDP_PID=${CDP_SHARED_PID:-} CDP_SHARED_PID=
	cdp_stop
}
