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
		case ${e##*/} in bin | build) continue ;; esac
		ln -s "$e" "$top/"
	done
	ln -s "$SPINE_BIN" "$top/bin"
	# what 'make install' names spine-plot is scripts/plot here
	mkdir -p "$top/../path"
	ln -s "$SPINE_ROOT/scripts/plot" "$top/../path/spine-plot"
	[ ! -d "$SHARED" ] || ln -s "$SHARED" "$top/../shared"
}

# run_doc FILE: its examples from a fresh top of the checkout.
run_doc() {
	local name=${1##*/} dir
	dir=$BATS_TEST_TMPDIR/docs/$name
	mkdir -p "$dir"
	make_top "$dir/top"
	"$SPINE_ROOT/test/lib/doc-examples" "$1" > "$dir/script"
	(cd "$dir/top" && PATH=$dir/path:$PATH DOC_TMP=$dir DOC_COUNTS=$BATS_TEST_TMPDIR/counts \
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
	    ! -type l
	assert_output ""
	counts README.md
}

@test "every man page's EXAMPLES run and print what they show" {
	local m failed=0
	for m in "$SPINE_ROOT"/man/*.[1-9]; do
		run_doc "$m" || failed=$((failed + 1))
	done
	counts "man pages"
	[ $failed -eq 0 ]
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

@test "the man pages carry one date, a real one" {
	local dates
	dates=$(for m in "$SPINE_ROOT"/man/*.[1-9]; do
		sed -n 's/^\.Dd //p' "$m"
	done | sort -u)
	[ "$(wc -l <<< "$dates")" -eq 1 ] ||
		fail "man pages disagree on .Dd: $(echo $dates)"
	date -d "$dates" +%F > /dev/null || fail "not a date: $dates"
}
