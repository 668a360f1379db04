#!/usr/bin/env bats
# make install into a scratch prefix, then the installed tools, spine-plot,
# man pages, examples and bash completions used from there, from a clean
# shell (bash --norc: no bash-completion package helpers).

load lib/helper

setup_file() {
	export PREFIX=$BATS_FILE_TMPDIR/prefix
	# the tools under test as they were built ('make asan' builds them
	# elsewhere: install-files copies without building)
	local target=install
	[ "$SPINE_BIN" -ef "$SPINE_ROOT/bin" ] || target=install-files
	make -C "$SPINE_ROOT" --no-print-directory -s $target \
	    PREFIX="$PREFIX" BINDIR="$SPINE_BIN" > "$BATS_FILE_TMPDIR/make.out" \
	    2>&1 3>&- || { cat "$BATS_FILE_TMPDIR/make.out" >&2; return 1; }
}

# clean COMMANDS: in bash --norc with only the prefix and the system on PATH
clean() {
	env -i HOME="$BATS_TEST_TMPDIR" PATH="$PREFIX/bin:/usr/bin:/bin" \
	    TERM=dumb bash --norc --noprofile -c "$1"
}

@test "make install puts every tool, spine-plot, the man pages and examples under PREFIX" {
	local t m
	for t in "$SPINE_ROOT"/cmd/*/; do
		t=${t%/}; t=${t##*/}
		[ -x "$PREFIX/bin/$t" ] || fail "not installed: bin/$t"
		[ -f "$PREFIX/share/bash-completion/completions/$t" ] ||
			fail "no completion installed for $t"
	done
	[ -x "$PREFIX/bin/spine-plot" ]
	for m in "$SPINE_ROOT"/man/*.[1-9]; do
		[ -f "$PREFIX/share/man/man${m##*.}/${m##*/}" ] ||
			fail "man page not installed: ${m##*/}"
	done
	[ -f "$PREFIX/share/spine/examples/explorer.yaml" ]
	[ -f "$PREFIX/share/spine/examples/planrun/bumper.inst" ]
}

@test "the installed tools run the installed examples from a clean shell" {
	cd "$BATS_TEST_TMPDIR"
	run clean "plancc -o e.plan $PREFIX/share/spine/examples/explorer.yaml &&
	    plancc -d e.plan | head -1 &&
	    ikreach --links 1,1 1,1 && spine-plot --help | head -1"
	assert_success
	assert_line --index 1 "q1,q2,err,iter,status,sat"
	assert_line --index 2 "90,-90,0,0,ok,"	# by hand: (0,1) then +x to (1,1)
	assert_line --index 3 --partial "usage: spine-plot"
	[ -s e.plan ]
}

@test "spine-plot draws a PNG" {
	command -v gnuplot >/dev/null || skip "gnuplot is not installed"
	cd "$BATS_TEST_TMPDIR"
	run clean "mjtraj --from 0 --to 1 -n 5 | spine-plot -o m.png"
	assert_success
	[ "$(head -c 4 m.png | od -An -tx1 | tr -d ' \n')" = 89504e47 ]
}

@test "man -M finds every installed page" {
	command -v man >/dev/null || skip "man is not installed"
	local m
	for m in "$SPINE_ROOT"/man/*.[1-9]; do
		m=${m##*/}
		run clean "MANWIDTH=80 man -M $PREFIX/share/man ${m##*.} ${m%.*} |
		    head -20"
		assert_success
		assert_output --partial "${m%.*}"
	done
}

@test "every completion loads and answers in bash --norc" {
	local f t
	for f in "$PREFIX"/share/bash-completion/completions/*; do
		t=${f##*/}
		run clean ". $f && complete -p $t"
		assert_success
		assert_output --regexp "-F _[a-z_]+ $t\$"
		# an option list when completing '--'
		run clean ". $f; fn=\$(complete -p $t | awk '{ print \$(NF-1) }')
		    COMP_WORDS=($t --); COMP_CWORD=1; COMP_LINE='$t --'
		    COMP_POINT=\${#COMP_LINE}
		    \$fn $t -- $t && printf '%s\n' \"\${COMPREPLY[@]}\""
		assert_success
		assert_line "--help"
		refute_output --partial "command not found"
	done
}

@test "completions offer the right files and words without extglob" {
	cd "$BATS_TEST_TMPDIR"
	touch a.yaml b.inst c.plan d.csv e.txt.bak
	run clean ". $PREFIX/share/bash-completion/completions/plancc
	    shopt -u extglob; COMP_WORDS=(plancc ''); COMP_CWORD=1
	    _plancc plancc '' plancc; printf '%s\n' \"\${COMPREPLY[@]}\" | sort"
	assert_success
	assert_output "a.yaml
b.inst
c.plan"
	run clean ". $PREFIX/share/bash-completion/completions/armctl
	    COMP_WORDS=(armctl push ''); COMP_CWORD=2
	    _armctl armctl '' push; printf '%s\n' \"\${COMPREPLY[@]}\" | sort"
	assert_success
	assert_output "c.plan"
	run clean ". $PREFIX/share/bash-completion/completions/armctl
	    COMP_WORDS=(armctl pu); COMP_CWORD=1
	    _armctl armctl pu armctl; printf '%s\n' \"\${COMPREPLY[@]}\" | sort"
	assert_output "pull
push"
	run clean ". $PREFIX/share/bash-completion/completions/armsim
	    COMP_WORDS=(armsim --baud-sim 11); COMP_CWORD=2
	    _armsim armsim 11 --baud-sim; printf '%s\n' \"\${COMPREPLY[@]}\""
	assert_output "115200"
}

@test "make uninstall removes what install put there" {
	make -C "$SPINE_ROOT" --no-print-directory -s uninstall \
	    PREFIX="$PREFIX" BINDIR="$SPINE_BIN" 3>&-
	run find "$PREFIX" -type f
	assert_output ""
}
