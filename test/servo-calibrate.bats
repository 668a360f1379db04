#!/usr/bin/env bats
# armctl --bus calibrate --arm FILE: the ranges a hand moves the limp arm
# through become a calibrated copy of the arm file (servo offsets and
# limits filled in), which a following --arm reads: pos, goto and the
# limits then speak the calibrated joint values.  Both buses, and SCS,
# whose servos have no homing offset.

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm

SCALE=10

teardown() {
	stop_armsim
}

# Enter, once the emulated hand says it has posed the arm.
enter_when_done() {
	wait_armsim_log "the hand is done"
	echo
}

SO101=$SPINE_ROOT/examples/arms/so101.yaml

# The hand takes the limp arm from 0 to P1, then to P2 (the gripper in
# %), as servo-bus.bats's calibrate test does, whose ticks these are
# (4096 a turn, tick 2048 at 0 degrees, each read rounded).  The servos'
# homing offsets are 0, so the ticks read are the shaft's:
#   shoulder_pan  -20..30 = 1820..2389, middle 2104 (floor)
#   shoulder_lift -40..10 = 1593..2162, middle 1877
#   elbow_flex    -30..20 = 1707..2276, middle 1991
#   wrist_flex    -50..40 = 1479..2503, middle 1991
#   wrist_roll    -45..45 = 1536..2560, middle 2048, all the way round
#   gripper       0..80 % = 0..80 deg = 2048..2958, middle 2503
# The middle becomes the servo offset (the joint's 0); the limits are
# the range from it at 360/4096 = 0.087890625 deg a tick, exact in
# binary: -284 -> -24.9609375, 285 -> 25.048828125, +-512 -> +-45;
# the roll -2048..2047 -> -180..179.912109375; the gripper -455..455 ->
# -+39.990234375, which become its closed (0 %) and open (100 %) ends.
hand_calibrate() {
	start_bus_sim "$BUS" --arm "$SO101" \
		--hand-pose 30,-40,20,-50,45,80 --hand-pose -20,10,-30,40,-45,0
	run --separate-stderr bus --arm "$SO101" calibrate "$@" < <(enter_when_done)
	[ "$status" -eq 0 ] || { echo "calibrate: $stderr" >&2; false; }
}

check_so101_file() {
	local f=$1	# and the caller's off: pan, lift and gripper offsets
	[ "$(sed -n 2p "$f")" = "name: 'so101'" ]
	grep -A10 "name: 'shoulder_pan'" "$f" | grep -qx "  limits: \[-24.9609375, 25.048828125\]"
	grep -A10 "name: 'shoulder_pan'" "$f" | grep -qx "  servo: { id: 1, ticks: 4096, direction: 1, offset: ${off[0]} }"
	grep -A10 "name: 'shoulder_lift'" "$f" | grep -qx "    servo: { id: 2, ticks: 4096, direction: 1, offset: ${off[1]} }"
	grep -A10 "name: 'wrist_flex'" "$f" | grep -qx "    limits: \[-45, 45\]"
	grep -A10 "name: 'wrist_roll'" "$f" | grep -qx "  limits: \[-180, 179.912109375\]"
	grep -A10 "name: 'gripper'" "$f" | grep -qx "  closed: -39.990234375"
	grep -A10 "name: 'gripper'" "$f" | grep -qx "  open: 39.990234375"
	grep -A10 "name: 'gripper'" "$f" | grep -qx "  servo: { id: 6, ticks: 4096, direction: 1, offset: ${off[2]} }"
	# the geometry is the file's own
	grep -A10 "name: 'elbow_flex'" "$f" | grep -qx "    zero: -90"
	grep -qx "tool: 98" "$f"
}

# At P2 the calibrated joint values: pan 1820 - 2104 = -284 ticks,
# -24.9609375; lift 2162 - 1877 = 285, 25.048828125; elbow 1707 - 1991 =
# -284; wrist_flex 2503 - 1991 = 512, 45; roll 1536 - 2048 = -45
# degrees; gripper at its closed end, 0 %.
check_calibrated_pos() {
	run --separate-stderr bus --arm "$1" pos
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "-24.961,25.049,-24.961,45,-45,0" ]
}

check_calibrate_arm() {
	BUS=$1
	hand_calibrate --output "$BATS_TEST_TMPDIR/cal.yaml"
	[ -z "$output" ]
	local off=(2104 1877 2503)
	check_so101_file "$BATS_TEST_TMPDIR/cal.yaml"
	check_calibrated_pos "$BATS_TEST_TMPDIR/cal.yaml"
	# a goto to 0 puts each joint in the middle of its range: the pan at
	# tick 2104, which the uncalibrated file reads as 56 ticks = 4.92
	bus --arm "$BATS_TEST_TMPDIR/cal.yaml" goto --joints 0,0,0,0,0,50
	run bus --arm "$BATS_TEST_TMPDIR/cal.yaml" pos
	[ "${lines[1]}" = "0,0,0,0,0,50" ]
	run bus --arm "$SO101" pos
	[[ "${lines[1]}" == 4.922,* ]]
	# and keeps to the calibrated limits: 40 degrees of pan is refused,
	# the arm stays
	run --separate-stderr bus --arm "$BATS_TEST_TMPDIR/cal.yaml" goto --joints 40,0,0,0,0,50
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: goto: shoulder_pan = 40 is beyond its limits -24.9609..25.0488" ]
	run bus --arm "$BATS_TEST_TMPDIR/cal.yaml" pos
	[[ "${lines[1]}" == 0,0,* ]]
}

@test "feetech: calibrate --arm writes a calibrated arm file that pos and goto use" {
	check_calibrate_arm feetech
}

@test "dynamixel: calibrate --arm writes a calibrated arm file that pos and goto use" {
	check_calibrate_arm dynamixel
}

@test "feetech: calibrate --arm --dry-run prints the arm file and writes nothing" {
	BUS=feetech
	hand_calibrate --dry-run --write --output "$BATS_TEST_TMPDIR/cal.yaml"
	[ ! -e "$BATS_TEST_TMPDIR/cal.yaml" ]
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/shown.yaml"
	# as --write would leave them: every middle at tick 2048
	local off=(2048 2048 2048)
	check_so101_file "$BATS_TEST_TMPDIR/shown.yaml"
	[ "${lines[0]}" = "# $SO101, calibrated by armctl --bus feetech calibrate --write (offsets and limits in the servos too)" ]
	# nothing reached the servos: the pan still reads -20 on the old file
	run bus --arm "$SO101" pos
	[[ "${lines[1]}" == -20.039,* ]]
}

@test "feetech: calibrate --arm --write centres the servos and the file says so" {
	BUS=feetech
	hand_calibrate --write --output "$BATS_TEST_TMPDIR/cal.yaml"
	local off=(2048 2048 2048)
	check_so101_file "$BATS_TEST_TMPDIR/cal.yaml"
	# the servos now read 1764 for the pan (1820 less the offset 56):
	# the same calibrated values as without --write
	check_calibrated_pos "$BATS_TEST_TMPDIR/cal.yaml"
}

# An SCS arm (1024 ticks a turn, tick 512 at 0; the elbow's servo turns
# the other way; gripper 0 % at 0 deg, 100 % at 60).  P1 = 30,-40,20,80,
# P2 = -20,10,-30,0; each tick 512 + q x 1024/360, rounded when read:
#   pan       -20..30  = 455.1..597.3 -> 455..597, middle 526
#   shoulder  -40..10  = 398.2..540.4 -> 398..540, middle 469
#   elbow     20..-30 turned back = 455.1..597.3 -> 455..597, middle 526
#   gripper   0..80 % = 0..48 deg = 512..648.5 -> 512..649, middle 580
# SCS has no homing offset: the middles are the file's offsets, and the
# limits -71, +71 ticks x 360/1024 = -+24.9609375 (the elbow's negated,
# then sorted); the gripper -68..69 -> -23.90625..24.2578125.
@test "scs: calibrate --arm fills in offsets and limits; --write sets only the servos' limits" {
	BUS=feetech
	scs_arm
	local cal=$BATS_TEST_TMPDIR/cal.yaml
	start_bus_sim feetech --arm "$ARM" \
		--hand-pose 30,-40,20,80 --hand-pose -20,10,-30,0
	run --separate-stderr bus calibrate --write --output "$cal" < <(enter_when_done)
	[ "$status" -eq 0 ] || { echo "calibrate: $stderr" >&2; false; }
	grep -A10 "name: 'pan'" "$cal" | grep -qx "  limits: \[-24.9609375, 24.9609375\]"
	grep -A10 "name: 'pan'" "$cal" | grep -qx "  servo: { id: 1, model: 'scs0009', ticks: 1024, direction: 1, offset: 526 }"
	grep -A10 "name: 'shoulder'" "$cal" | grep -qx "    servo: { id: 2, model: 'scs0009', ticks: 1024, direction: 1, offset: 469 }"
	grep -A10 "name: 'elbow'" "$cal" | grep -qx "    limits: \[-24.9609375, 24.9609375\]"
	grep -A10 "name: 'elbow'" "$cal" | grep -qx "    servo: { id: 3, model: 'scs0009', ticks: 1024, direction: -1, offset: 526 }"
	grep -A10 "name: 'gripper'" "$cal" | grep -qx "  limits: \[-23.90625, 24.2578125\]"
	grep -A10 "name: 'gripper'" "$cal" | grep -qx "  closed: -23.90625"
	# at P2: pan 455 - 526 = -71 ticks, -24.9609375; shoulder 540 - 469
	# = 71; elbow 597 - 526 = 71 turned back, -24.96; gripper shut, 0 %
	ARM=$cal run --separate-stderr bus pos
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "-24.961,24.961,-24.961,0" ]
	# the servo keeps its new limits itself: the old file lets the pan go
	# to 60 degrees (tick 682.7), the servo stops it at 597 = 29.8828125,
	# and the run says it stopped short
	run --separate-stderr bus goto --joints 60,0,0,50
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"stopped 30.1° short of the last waypoint (pan at 29.88)"* ]]
	run bus pos
	[[ "${lines[1]}" == 29.883,* ]]
}

@test "calibrate without --arm still writes the CSV of offsets and limits" {
	BUS=feetech
	start_bus_sim feetech --hand-pose 30,-40,20,-50,45,80 \
		--hand-pose -20,10,-30,40,-45,0
	run --separate-stderr bus calibrate < <(enter_when_done)
	[ "$status" -eq 0 ] || { echo "calibrate: $stderr" >&2; false; }
	[ "${lines[0]}" = "joint,id,homing_offset,range_min,range_max,lo,hi" ]
	[ "${lines[1]}" = "shoulder_pan,1,56,1764,2333,-24.96,25.05" ]
}
