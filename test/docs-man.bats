#!/usr/bin/env bats
# The man pages are tested: every shell example of the EXAMPLES section of
# every page runs and prints the output the page shows (test/lib/doc.bash),
# every page renders without a warning, and they carry one real date.
# (A file of its own, so that it runs beside the README's long chain.)

load lib/helper
load lib/doc

@test "every man page's EXAMPLES run and print what they show" {
	# the pages side by side (each in its own folder and ports): most of
	# their time is a robot moving or a --rate keeping time
	local m pids=() failed=0 i=0
	for m in "$SPINE_ROOT"/man/*.[1-9]; do
		run_doc "$m" > "$BATS_TEST_TMPDIR/man.$i.log" 2>&1 &
		pids+=($!)
		i=$((i + 1))
	done
	for i in "${!pids[@]}"; do
		wait "${pids[$i]}" || {
			failed=$((failed + 1))
			cat "$BATS_TEST_TMPDIR/man.$i.log"
		}
	done
	counts "man pages"
	[ $failed -eq 0 ]
}

@test "every man page renders without a warning (groff -ww)" {
	command -v groff >/dev/null || skip "groff not installed"
	local m out bad=
	for m in "$SPINE_ROOT"/man/*.[1-9]; do
		out=$(groff -mdoc -ww -z "$m" 2>&1)
		[ -z "$out" ] || bad="$bad$out"$'\n'
	done
	[ -z "$bad" ] || fail "$bad"
}

@test "the man pages carry one date, a real one" {
	local dates
	dates=$(for m in "$SPINE_ROOT"/man/*.[1-9]; do
		sed -n 's/^\.Dd //p' "$m"
	done | sort -u)
	[ "$(wc -l <<< "$dates")" -eq 1 ] ||
		fail "man pages disagree on .Dd: $(echo $dates)"
	date -d "$dates" +%F > /dev/null || fail "not a date: $dates"
}
