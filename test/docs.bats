#!/usr/bin/env bats
# The documentation is tested: every shell example of README.md runs
# (test/lib/doc-examples finds them, test/lib/doc-run.bash runs them) and
# prints the output the document shows; the screenshot and plots are the
# ones it describes.  The man pages' examples: test/docs-man.bats.

load lib/helper
load lib/doc

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
