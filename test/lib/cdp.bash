# cdp.bash - headless Chromium driven over the DevTools protocol, for the
# page tests (test/planview-page.bats, test/planview-serve.bats) and
# scripts/bench-planview.  Chromium talks on a pipe (--remote-debugging-
# pipe: its fd 3 in, fd 4 out, NUL after each JSON message); jq reads the
# answers.  No network but loopback, no downloads; every wait is bounded
# and Chromium runs under timeout(1), so nothing outlives the test.
#
#   cdp_start DIR [WxH]  start Chromium with its files in DIR
#   cdp_open URL         a new tab at URL (script errors are collected);
#                        CDP_SESSION and CDP_TARGET name it
#   cdp_eval EXPR        the value of EXPR in the tab (promises awaited),
#                        as JSON; fails (and says why) on an exception
#   cdp_wait EXPR [S]    until EXPR is true, at most S seconds (20)
#   cdp_stop             close Chromium (also safe when it never started)

CDP_ID=0

cdp_start() {
	command -v chromium >/dev/null ||
	    { echo "chromium is not installed (scripts/install-deps)" >&2; return 1; }
	command -v jq >/dev/null ||
	    { echo "jq is not installed (scripts/install-deps)" >&2; return 1; }
	CDP_DIR=$1
	mkdir -p "$CDP_DIR"
	rm -f "$CDP_DIR/in" "$CDP_DIR/out"
	mkfifo "$CDP_DIR/in" "$CDP_DIR/out"
	timeout 300 chromium --headless --no-sandbox --disable-gpu \
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

# cdp_call METHOD PARAMS [SESSION]: send, print the answer (its result,
# or the whole message on an error).
cdp_call() {
	local id msg
	CDP_ID=$((CDP_ID + 1))
	id=$CDP_ID
	jq -cn --argjson id "$id" --arg m "$1" --argjson p "$2" \
	    --arg s "${3:-}" \
	    '{id: $id, method: $m, params: $p} + (if $s == "" then {} else {sessionId: $s} end)' |
	    tr -d '\n' >&"$CDP_W" || return 1
	printf '\0' >&"$CDP_W"
	while IFS= read -r -d '' -t 60 -u "$CDP_R" msg; do
		case $msg in
		"{\"id\":$id,"*)
			if jq -e 'has("error")' <<<"$msg" >/dev/null; then
				echo "cdp: $1: $msg" >&2
				return 1
			fi
			jq -c '.result' <<<"$msg"
			return 0
			;;
		esac
	done
	echo "cdp: $1: no answer from chromium" >&2
	cat "$CDP_DIR/chromium.log" >&2 2>/dev/null
	return 1
}

cdp_open() {
	local t
	t=$(cdp_call Target.createTarget '{"url":"about:blank"}') || return 1
	CDP_TARGET=$(jq -r .targetId <<<"$t")
	CDP_SESSION=$(cdp_call Target.attachToTarget \
	    "{\"targetId\":\"$CDP_TARGET\",\"flatten\":true}" | jq -r .sessionId) ||
	    return 1
	cdp_call Page.addScriptToEvaluateOnNewDocument '{"source":"window.__errors=[];window.addEventListener(\"error\",function(e){window.__errors.push(String(e.message)+\" at \"+e.lineno)});"}' \
	    "$CDP_SESSION" >/dev/null || return 1
	cdp_call Page.navigate "$(jq -cn --arg u "$1" '{url: $u}')" \
	    "$CDP_SESSION" >/dev/null
}

cdp_eval() {
	local r
	r=$(cdp_call Runtime.evaluate "$(jq -cn --arg e "$1" \
	    '{expression: $e, returnByValue: true, awaitPromise: true}')" \
	    "$CDP_SESSION") || return 1
	if jq -e 'has("exceptionDetails")' <<<"$r" >/dev/null; then
		echo "cdp: $1: $(jq -c .exceptionDetails.exception.description <<<"$r")" >&2
		return 1
	fi
	jq -c '.result.value' <<<"$r"
}

# cdp_text EXPR: the value of EXPR as raw text (strings unquoted).
cdp_text() {
	cdp_eval "$1" | jq -r .
}

cdp_wait() {
	local i n=$((${2:-20} * 10))
	for ((i = 0; i < n; i++)); do
		[ "$(cdp_eval "$1" 2>/dev/null)" = true ] && return 0
		sleep 0.1
	done
	echo "cdp: never true: $1" >&2
	echo "cdp: page errors: $(cdp_eval 'JSON.stringify(window.__errors||[])' 2>&1)" >&2
	return 1
}

cdp_stop() {
	[ -n "${CDP_PID:-}" ] || return 0
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
