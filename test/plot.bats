#!/usr/bin/env bats
# plot.bats - scripts/plot: spine tables into PNGs, and its errors.

bats_require_minimum_version 1.5.0
load lib/helper

setup() {
	command -v gnuplot >/dev/null || skip "gnuplot not installed (scripts/install-deps)"
	cd "$BATS_TEST_TMPDIR"
	plot=$SPINE_ROOT/scripts/plot
}

# A PNG file starts with \x89 P N G.
is_png() {
	[ "$(head -c 4 "$1" | od -An -c | tr -d ' ')" = '211PNG' ]
}

@test "time series of every column from stdin" {
	mjtraj --from 0,0 --to 100,50 --duration 2 --vel | "$plot" -o ts.png
	is_png ts.png
}

@test "a file gets a PNG beside it by default; --stack, --title, --size" {
	mjtraj --from 0 --to 1 --vel --acc > move.csv
	run "$plot" --stack --title "it's a move" --size 640x480 move.csv
	assert_success
	is_png move.png
}

@test "--xy plots the x,y columns by name, or others given" {
	mjtraj --from 0,0,0 --to 100,50,20 | "$plot" --xy -o xy.png
	is_png xy.png
	mjtraj --from 0,0,0 --to 100,50,20 | "$plot" --xy y,z -o yz.png
	is_png yz.png
}

@test "TSV and comment lines are read too" {
	{ echo "# made by hand"; mjtraj --from 0,0 --to 3,4 --format tsv; } |
	    "$plot" -o tsv.png
	is_png tsv.png
}

@test "errors: clear message, documented status, no PNG" {
	run --separate-stderr "$plot" no-such.csv
	[ "$status" -eq 66 ]
	[ "$stderr" = "plot: no-such.csv: cannot open" ]
	mjtraj --from 0 --to 1 > one.csv
	run --separate-stderr "$plot" < one.csv
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "plot: reading stdin: say where the PNG goes with -o" ]
	run --separate-stderr "$plot" --xy -o xy.png one.csv
	[ "$status" -eq 65 ]
	[ "$stderr" = "plot: one.csv: no column 'y' in the header" ]
	printf 't,x\n' > empty.csv
	run --separate-stderr "$plot" empty.csv
	[ "$status" -eq 65 ]
	[ "$stderr" = "plot: empty.csv: a header but no rows" ]
	mjtraj --from 0 --to 1 --format jsonl > j.jsonl
	run --separate-stderr "$plot" -o j.png j.jsonl
	[ "$status" -eq 65 ]
	[[ "$stderr" == "plot: j.jsonl: JSON lines: plot reads CSV or TSV"* ]]
	run --separate-stderr "$plot" --bogus
	[ "$status" -eq 2 ]
	run --separate-stderr "$plot" --xy x -o a.png one.csv
	[ "$status" -eq 2 ]
	[ ! -e xy.png ] && [ ! -e empty.png ] && [ ! -e j.png ] && [ ! -e a.png ]
}

@test "random bytes are refused cleanly" {
	head -c 3000 /dev/urandom > rnd.bin
	run --separate-stderr "$plot" -o rnd.png rnd.bin
	[ "$status" -eq 65 ]
	[[ "$stderr" == "plot: rnd.bin: "* ]]
	[ ! -e rnd.png ]
	[ "$(ls -A | grep -c '^\.rnd')" -eq 0 ]
}

@test "--help" {
	run "$plot" --help
	assert_success
	assert_line --index 0 --partial "usage: scripts/plot"
}

@test "--xy with --mark and --circle: via points and the obstacle drawn" {
	mjtraj --through --vmax 150 --rate 50 \
	    "$SPINE_ROOT/examples/trajectories/around-obstacle.csv" > around.csv
	run "$plot" --xy --mark "$SPINE_ROOT/examples/trajectories/around-obstacle.csv" \
	    --circle 100,50,40 -o around.png around.csv
	assert_success
	is_png around.png
	run "$plot" --xy --circle 100,50 -o bad.png around.csv
	assert_failure 2
	run "$plot" --xy --mark nosuch.csv -o bad.png around.csv
	assert_failure 66
}

@test "--arm ARM.yaml draws joint values as the arm, side and top view" {
	arm=$SPINE_ROOT/examples/arms/so101.yaml
	printf 'x,y,z,pitch\n200,-100,150,-60\n220,-120,60,-90\n200,120,80,-90\n' > wp.csv
	mjtraj --names x,y,z,pitch --vmax 150 --rate 20 wp.csv |
	    ikreach --arm "$arm" > joints.csv
	run "$plot" --arm "$arm" --mark wp.csv -o arm.png joints.csv
	assert_success
	is_png arm.png
	# joint columns the arm does not have: a data error
	printf 'a,b\n1,2\n' > nojoints.csv
	run "$plot" --arm "$arm" -o bad.png nojoints.csv
	assert_failure 65
}

@test "-o as the C tools' outputs: a device written in place, a symbolic link replaced" {
	mjtraj --from 0 --to 1 > m.csv
	# a full device: 74, and it is still the device
	if [ -c /dev/full ]; then
		ln -s /dev/full full
		run --separate-stderr "$plot" -o full m.csv
		assert_failure 74
		[ "$stderr" = "plot: full: cannot write" ]
		[ -c full ] && [ -L full ]
		ln -s /dev/null null
		"$plot" -o null m.csv
		[ -c null ]
	fi
	# a symbolic link to a file: the link is replaced, the file untouched
	echo victim > victim
	ln -s victim link.png
	"$plot" -o link.png m.csv
	[ ! -L link.png ] && is_png link.png
	[ "$(cat victim)" = victim ]
	# and no temporary is left beside them
	[ -z "$(find . -name '.*.png.*')" ]
}
