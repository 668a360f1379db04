#!/usr/bin/env bats
# make demo's script, end to end into a scratch folder: what the README's
# first command promises must keep working.  The demo runs once for the
# file (setup_file); each test reads what it wrote.

bats_require_minimum_version 1.5.0
load lib/helper

setup_file() {
	command -v gnuplot >/dev/null || return 0
	DEMO=$BATS_FILE_TMPDIR/demo
	export DEMO
	env SPINE_BIN="$SPINE_BIN" DEMO_OUT="$DEMO" "$SPINE_ROOT/scripts/demo" \
	    > "$BATS_FILE_TMPDIR/demo.out" 2>&1 3>&- &&
		echo 0 > "$BATS_FILE_TMPDIR/demo.status" ||
		echo $? > "$BATS_FILE_TMPDIR/demo.status"
}

setup() {
	command -v gnuplot >/dev/null || skip "gnuplot is not installed"
	out=$DEMO
}

@test "the demo runs every part and writes what it lists" {
	[ "$(cat "$BATS_FILE_TMPDIR/demo.status")" = 0 ] ||
		fail "the demo failed: $(cat "$BATS_FILE_TMPDIR/demo.out")"
	run cat "$BATS_FILE_TMPDIR/demo.out"
	assert_line "demo: wrote"
	# every file the summary lists exists and is not empty
	listed=$(printf '%s\n' "$output" | sed -n '/^demo: wrote/,$p' |
	    awk 'NR > 1 { print $1 }')
	[ -n "$listed" ]
	for f in $listed; do
		[ -s "$f" ] || fail "listed but empty or missing: $f"
	done
	# and every file it wrote is listed (the pty's link is gone)
	for f in "$out"/*; do
		grep -qxF "$f" <<< "$listed" || fail "written but not listed: $f"
	done
	# the pushed plan came back byte for byte
	cmp "$out/arm-wave.plan" "$out/arm-wave.pulled"
	# the flame reached the candle: lightOther starts 2 ticks after its
	# decision at tick 5 and ends at its fourth point, (0,50,0)
	[ "$(tail -1 "$out/flame.csv")" = "10,0,50,0" ]
	grep -q ',abort,start,' "$out/noflame.log"
	# planview's replay page of the explorer run, and its screenshot
	# (its controls are made by its script: a drive's graph, the events)
	grep -q '<section class="drive" data-drive="D' "$out/run.html"
	grep -q '<script type="text/plain" id="ev0"' "$out/run.html"
	grep -q '<svg' "$out/run.html"
	if command -v chromium >/dev/null; then
		[ -s "$out/run.png" ] || fail "no screenshot of the page (chromium)"
	fi
	# PNGs are PNGs
	for f in "$out"/*.png; do
		[ "$(head -c 8 "$f" | od -An -tx1 | tr -d ' \n')" = \
		    89504e470d0a1a0a ] || fail "not a PNG: $f"
	done
}

@test "the demo's simulated arm ends where the line ends" {
	# encoders after the run, through forward kinematics: the tip is
	# at the line's end, 100,50 (the robot rounds to 0.01 degree)
	run ikreach --links 100,80,40 --fk -p 3 - < "$out/robot-pos.csv"
	assert_success
	echo "$output" | awk -F, 'NR == 2 {
		dx = $1 - 100; dy = $2 - 50
		if (dx * dx + dy * dy > 1) { print "tip at " $1 "," $2; exit 1 }
	}'
}

@test "a screenshot that never comes is given up after SHOT_TIMEOUT, chromium and all" {
	# a chromium that hangs, as one did for 14 minutes in make check
	mkdir -p "$BATS_TEST_TMPDIR/fake"
	cat > "$BATS_TEST_TMPDIR/fake/chromium" <<EOS
#!/bin/sh
sleep 1000 &
echo \$! > "$BATS_TEST_TMPDIR/child"
wait
EOS
	chmod +x "$BATS_TEST_TMPDIR/fake/chromium"
	echo '<p>page</p>' > "$BATS_TEST_TMPDIR/p.html"
	PATH=$BATS_TEST_TMPDIR/fake:$PATH SHOT_TIMEOUT=1 run --separate-stderr \
	    "$SPINE_ROOT/scripts/shot" "$BATS_TEST_TMPDIR/p.html" \
	    "$BATS_TEST_TMPDIR/p.png"
	assert_failure 75
	[ "$stderr" = "shot: chromium did not finish in 1 s; no picture" ]
	[ ! -e "$BATS_TEST_TMPDIR/p.png" ]
	# what it started went with it (killed at once; gone as soon as it
	# is reaped)
	local i child
	child=$(cat "$BATS_TEST_TMPDIR/child")
	for i in $(seq 100); do
		kill -0 "$child" 2>/dev/null || break
		sleep 0.02
	done
	! kill -0 "$child" 2>/dev/null
}
