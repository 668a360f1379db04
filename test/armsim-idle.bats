#!/usr/bin/env bats
# armsim waiting for a host costs next to no CPU at any --time-scale: its
# loop sleeps until the host's bytes, the next byte due or 1 ms.  (At a
# time scale of 1, the default, "nothing due" once became a wait of 0 and
# the idle robot took 60 % of a core, slowing every test that runs
# armsim on the wall clock.)

load lib/helper

# armsim_idle_cpu SCALE: armsim on a pty nobody opens, for 2 s of real
# time (--exit-after: its own clock, not a sleep); its user + sys CPU in
# seconds.  A busy loop would take ~2 s of it on an idle core; waiting,
# it takes a few hundredths, and under load less CPU, never more.
armsim_idle_cpu() {
	local TIMEFORMAT='%U %S'
	{ time armsim --link "$BATS_TEST_TMPDIR/tty" --time-scale "$1" \
	    --exit-after 2 >/dev/null 2>"$BATS_TEST_TMPDIR/armsim.err" 3>&- ; } \
	    2>"$BATS_TEST_TMPDIR/cpu"
	awk '{ print $1 + $2 }' "$BATS_TEST_TMPDIR/cpu"
}

@test "armsim idle: under a quarter of its 2 s on the CPU, at time scales 1, 0.5 and 10" {
	local k cpu
	for k in 1 0.5 10; do
		cpu=$(armsim_idle_cpu "$k")
		awk -v c="$cpu" 'BEGIN { exit !(c < 0.5) }' ||
			fail "--time-scale $k: $cpu s of CPU in 2 s idle"
	done
}
