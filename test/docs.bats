#!/usr/bin/env bats
# The documentation is tested: every shell example of README.md and of the
# EXAMPLES section of every man page runs (test/lib/doc-examples finds them,
# test/lib/doc-run.bash runs them) and prints the output the document shows.

load lib/helper

# A stand-in for the top of the checkout: the repository's files by link,
# bin/ the tools under test, ../shared beside it when there is one.
make_top() {
	local top=$1 e
	mkdir -p "$top"
	for e in "$SPINE_ROOT"/* "$SPINE_ROOT"/.gitignore; do
		case ${e##*/} in bin | build | scripts) continue ;; esac
		ln -s "$e" "$top/"
	done
	# scripts/plot checks that a plot gets a curve (test/lib/doc-plot)
	mkdir "$top/scripts"
	for e in "$SPINE_ROOT"/scripts/*; do
		ln -s "$e" "$top/scripts/"
	done
	ln -sf "$SPINE_ROOT/test/lib/doc-plot" "$top/scripts/plot"
	mkdir "$top/bin"
	for e in "$SPINE_BIN"/*; do
		ln -s "$e" "$top/bin/"
	done
	fast_armsim "$top/bin/armsim"
	# what 'make install' names spine-plot is scripts/plot here
	mkdir -p "$top/../path"
	ln -s "$SPINE_ROOT/scripts/plot" "$top/../path/spine-plot"
	[ ! -d "$SHARED" ] || ln -s "$SHARED" "$top/../shared"
}

# The documents' robot runs ten times as fast as real time (armsim
# --time-scale; not the servo bus), so their moves take a tenth as long.
fast_armsim() {
	rm -f "$1"
	cat > "$1" <<EOF
#!/bin/sh
case " \$* " in
*" --bus "* | *" --time-scale"*) exec "$SPINE_BIN/armsim" "\$@" ;;
esac
exec "$SPINE_BIN/armsim" --time-scale 10 "\$@"
EOF
	chmod +x "$1"
}

# run_doc FILE: its examples from a fresh top of the checkout.
run_doc() {
	local name=${1##*/} dir
	dir=$BATS_TEST_TMPDIR/docs/$name
	mkdir -p "$dir"
	make_top "$dir/top"
	"$SPINE_ROOT/test/lib/doc-examples" "$1" > "$dir/script"
	# the upload bench with one seed and one loss rate, each figure
	# once and a short stream (make bench runs them all, medians of 5)
	(cd "$dir/top" && PATH=$dir/path:$PATH DOC_TMP=$dir DOC_COUNTS=$BATS_TEST_TMPDIR/counts \
	    BENCH_SEEDS=1 BENCH_RATES=0.10 BENCH_RUNS=1 BENCH_STEPS=200 \
	    bash "$SPINE_ROOT/test/lib/doc-run.bash" "$dir/script") 3>&-
}

counts() {
	awk -v what="$1" '{ b += $1; c += $2; s += $3; n++ }
	END { printf "# %s: %d examples (%d commands) in %d documents ran, " \
	    "%d marked no-run\n", what, b, c, n, s }' \
	    "$BATS_TEST_TMPDIR/counts" >&3
}

@test "every README example runs, prints what it shows, leaves nothing in the checkout" {
	local before after
	before=$(git -C "$SPINE_ROOT" status --porcelain -uall 2>/dev/null)
	run_doc "$SPINE_ROOT/README.md"
	after=$(git -C "$SPINE_ROOT" status --porcelain -uall 2>/dev/null)
	[ "$before" = "$after" ] ||
		fail "README examples left files in the checkout: $(diff \
		    <(echo "$before") <(echo "$after"))"
	# nor in the stand-in: every entry still a link, none added
	run find "$BATS_TEST_TMPDIR/docs/README.md/top" -mindepth 1 -maxdepth 1 \
	    ! -type l ! -name bin ! -name scripts
	assert_output ""
	counts README.md
}

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

@test "the README's screenshot: make docs draws it, the caption says what cycle 16 shows" {
	# the caption's claims against the README's own run of the example
	local cap log=$BATS_TEST_TMPDIR/run.log
	cap=$(sed -n 's/^!\[\(.*\)\](docs\/planview-replay.png)$/\1/p' \
	    "$SPINE_ROOT/README.md")
	[ "$cap" = "planview's replay page at cycle 16: RangeAhead reads 880, so Roam's element SomethingAhead releases and Creep runs and succeeds" ]
	plancc "$SPINE_ROOT/examples/explorer.yaml" -o "$BATS_TEST_TMPDIR/e.plan"
	planrun "$BATS_TEST_TMPDIR/e.plan" \
	    --senses "$SPINE_ROOT/examples/explorer.senses.csv" --log "$log" \
	    > /dev/null
	awk -F, '$1 == 16' "$log" | cut -d, -f3- > "$BATS_TEST_TMPDIR/c16"
	grep -qx 'R,CE,8,SomethingAhead,RangeAhead,1,880,1,0,' "$BATS_TEST_TMPDIR/c16"
	grep -qx 'E,A,39,Creep,,,,,,' "$BATS_TEST_TMPDIR/c16"
	grep -qx 'S,A,39,Creep,,,,,,' "$BATS_TEST_TMPDIR/c16"
	# and the picture comes from those commands
	command -v chromium >/dev/null || skip "chromium not installed"
	command -v dot >/dev/null || skip "graphviz not installed"
	SPINE_BIN=$SPINE_BIN DOCS_OUT=$BATS_TEST_TMPDIR \
	    "$SPINE_ROOT/scripts/docs"
	[ "$(head -c 8 "$BATS_TEST_TMPDIR/planview-replay.png" | od -An -tx1 |
	    tr -d ' \n')" = 89504e470d0a1a0a ]
}

@test "a plot in the documents draws a curve, not a few points" {
	cd "$BATS_TEST_TMPDIR"
	export SPINE_ROOT
	mjtraj --from 0.5,0.5 --to 1.5,1 > few.csv
	run "$SPINE_ROOT/test/lib/doc-plot" -o few.png < <(cat few.csv)
	assert_failure 1
	[ ! -e few.png ]
	mjtraj --from 0.5,0.5 --to 1.5,1 --samples 50 |
	    "$SPINE_ROOT/test/lib/doc-plot" -o many.png
	[ -s many.png ]
}

@test "the extractor: prompts, output paragraphs, no-run marks, man escapes" {
	cat > "$BATS_TEST_TMPDIR/t.md" <<'EOF'
Text.

    echo a,b
    # a comment

    a,b

<!-- no-run: needs a real robot -->

    armctl --port /dev/ttyACM0 info

```
$ printf 'x\n'
x
```

    senses:
      Bump: 1
EOF
	run "$SPINE_ROOT/test/lib/doc-examples" "$BATS_TEST_TMPDIR/t.md"
	assert_success
	# two blocks run, one skipped, one that is not commands (an error
	# until it is marked); output goes with the command before it
	assert_equal "$(grep -c '^doc_block' <<< "$output")" 2
	assert_line --index 0 "doc_block '$BATS_TEST_TMPDIR/t.md' 3"
	assert_line --index 1 "doc_cmd '$BATS_TEST_TMPDIR/t.md' 3 1 <<'DOC_EOF'"
	assert_line --index 5 "a,b"
	assert_line "doc_skip '$BATS_TEST_TMPDIR/t.md' 10 'needs a real robot'"
	assert_line "printf 'x\\n'"
	assert_line "doc_notshell '$BATS_TEST_TMPDIR/t.md' 17 'senses:'"

	cat > "$BATS_TEST_TMPDIR/t.1" <<'EOF'
.Sh DESCRIPTION
.Bd -literal
not an example
.Ed
.Sh EXAMPLES
.Bd -literal -offset indent
printf 'a\en' | cat \e
    -
.Ed
.\" no-run: hardware
.Dl armctl --port 2341:0042 info
EOF
	run "$SPINE_ROOT/test/lib/doc-examples" "$BATS_TEST_TMPDIR/t.1"
	assert_success
	refute_line "not an example"
	assert_line "printf 'a\\n' | cat \\"
	assert_line "doc_skip '$BATS_TEST_TMPDIR/t.1' 11 'hardware'"
}

@test "a failing example fails the run and says where" {
	printf 'Text.\n\n    false\n\n    echo 1\n\n    2\n' \
	    > "$BATS_TEST_TMPDIR/bad.md"
	run run_doc "$BATS_TEST_TMPDIR/bad.md"
	assert_failure
	assert_output --partial "bad.md:3: exit status 1"
	assert_output --partial "bad.md:5: output differs"
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
