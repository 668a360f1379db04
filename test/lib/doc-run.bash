# doc-run.bash - runs the script test/lib/doc-examples makes of one
# document: each command in the current folder, its output compared with the
# output the document shows; used by test/lib/doc.bash
# (bash doc-run.bash SCRIPT).
#
# Environment: DOC_TMP (scratch space; the documents' robot ports /tmp/NAME
# are moved into it, in commands and in output, so runs cannot collide),
# DOC_COUNTS (a file that gets "examples commands skipped" appended),
# DOC_TIMES (if set, a file that gets "milliseconds FILE:LINE" for each
# command: where a document's run spends its time).

doc_fail=0 doc_blocks=0 doc_cmds=0 doc_skips=0 doc_n=0
doc_last= doc_where= doc_text=
mkdir -p "$DOC_TMP/out" "$DOC_TMP/tmp"
export TMPDIR=$DOC_TMP/tmp

doc_report() {
	echo "$doc_where: $1" >&2
	printf '%s\n' "$doc_text" | sed 's/^/    $ /' >&2
	[ -z "${2:-}" ] || sed 's/^/    | /' "$2" | head -40 >&2
	doc_fail=$((doc_fail + 1))
}

# /tmp/NAME (a robot's port: /tmp/robot, /tmp/so101) into the scratch
# folder, so runs cannot collide.
doc_tmp_paths() {
	sed -E "s#/tmp/([A-Za-z0-9_]+)#$DOC_TMP/\\1#g"
}

doc_block() { doc_blocks=$((doc_blocks + 1)); }

# doc_file FILE LINE NAME <<< text: a file the document shows and uses.
doc_file() {
	doc_blocks=$((doc_blocks + 1))
	cat > "$3"
}

doc_skip() { doc_skips=$((doc_skips + 1)); }

doc_notshell() {
	doc_where=$1:$2 doc_text=$3
	doc_report "a block that is not commands: mark it '<!-- no-run: why -->' (Markdown) or '.\\\" no-run: why' (man) if it is meant not to run"
}

# A background command (armsim ... &) is ready once it printed a line
# (armsim prints its pty's path when the pty is there).
doc_wait_ready() {
	local i
	for i in $(seq 200); do
		[ -s "$1" ] && return 0
		sleep 0.05
	done
	doc_report "the background command printed nothing in 10 s" "$1"
}

# A reader starts a robot with 'armsim ... & sleep 0.5'; here the wait
# is for its first line (doc_wait_ready), not for a fixed time.
doc_no_sleep() {
	sed -E 's/&[[:space:]]*sleep [0-9.]+[[:space:]]*$/\&/'
}

# doc_cmd FILE LINE HAS_OUTPUT <<< command: run it; a command with no
# output shown must succeed, one with output shown must print it.
doc_cmd() {
	local st
	doc_where=$1:$2
	doc_text=$(cat)
	doc_text=$(doc_tmp_paths <<< "$doc_text")
	doc_cmds=$((doc_cmds + 1)) doc_n=$((doc_n + 1))
	doc_last=$DOC_TMP/out/$doc_n
	local t0=$EPOCHREALTIME
	eval "$(doc_no_sleep <<< "$doc_text")" < /dev/null > "$doc_last" 2>&1
	st=$?
	[ -z "${DOC_TIMES:-}" ] || awk -v a="$t0" -v b="$EPOCHREALTIME" \
	    -v w="$doc_where" 'BEGIN { printf "%d %s\n", (b - a) * 1000, w }' \
	    >> "$DOC_TIMES"
	if [[ $doc_text =~ (^|[^&])\&([[:space:]]|$) ]]; then
		doc_wait_ready "$doc_last"
	fi
	if [ "$3" = 0 ] && [ $st -ne 0 ]; then
		doc_report "exit status $st" "$doc_last"
	fi
	return 0
}

# doc_out <<< expected: the last command's output, line for line; a line
# '...' stands for any number of lines.
doc_out() {
	local want=$DOC_TMP/want text
	text=$(cat)
	doc_tmp_paths <<< "$text" > "$want"
	if ! awk -v want="$want" '
		BEGIN { while ((getline l < want) > 0) w[++nw] = l }
		{ sub(/[ \t\r]+$/, ""); o[++no] = $0 }
		function m(i, j) {
			if (i > nw) return j > no
			if (w[i] == "...") {
				for (; j <= no + 1; j++) if (m(i + 1, j)) return 1
				return 0
			}
			return j <= no && o[j] == w[i] && m(i + 1, j + 1)
		}
		END { while (no > 0 && o[no] == "") no--; exit !m(1, 1) }
	' "$doc_last"; then
		diff -u "$want" "$doc_last" | tail -n +3 > "$DOC_TMP/diff"
		doc_report "output differs from the document (- shown, + printed)" \
		    "$DOC_TMP/diff"
	fi
}

doc_end() {
	local j
	for j in $(jobs -p); do
		kill "$j" 2>/dev/null
	done
	wait 2>/dev/null
	echo "$doc_blocks $doc_cmds $doc_skips" >> "$DOC_COUNTS"
	[ $doc_fail -eq 0 ]
}

# shellcheck disable=SC1090
. "$1"
doc_end
