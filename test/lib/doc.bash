# doc.bash - running a document's shell examples from a stand-in for the
# top of the checkout, with a fast robot; loaded by test/docs.bats (the
# README) and test/docs-man.bats (the man pages).

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
