#!/usr/bin/env bats
# armctl --bus against armsim --bus, for both servo buses: the servos are
# found and described, positions read (the pose table every arm prints),
# runs reach their end, a limp arm follows a hand, an obstacle makes the
# arm go back along its path with the joint named, and a silent servo,
# corrupted replies and error bits each say so.  Motion runs on the arm's
# clock ten times faster than real time (--time-scale) where its timing
# is not what a test is about.

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm

SCALE=10

teardown() {
	stop_armsim
}

# The SO-101's six joints in spec order (spec/servo-buses.md C1).
JOINTS="shoulder_pan shoulder_lift elbow_flex wrist_flex wrist_roll gripper"

check_info() {
	BUS=$1
	start_bus_sim "$BUS"
	run --separate-stderr bus info
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "joint,id,model,firmware,volts,celsius,load,current,torque,errors" ]
	[ "${#lines[@]}" -eq 7 ]
	# STS3215 is model 777, firmware 3.6, 7.4 V, idle at 150 mA in
	# steps of 6.5 mA (23 x 6.5 = 149.5); XL330-M288 is 1200, firmware
	# 46, 5.0 V, its current in mA against its limit (the emulated
	# factory tables)
	if [ "$BUS" = feetech ]; then
		[ "${lines[1]}" = "shoulder_pan,1,777,3.6,7.4,35,0,149.5,off," ]
		[ "${lines[6]}" = "gripper,6,777,3.6,7.4,35,0,149.5,off," ]
	else
		[ "${lines[1]}" = "shoulder_pan,1,1200,46,5,35,0,0,off," ]
		[ "${lines[6]}" = "gripper,6,1200,46,5,35,0,0,off," ]
	fi
	run bus describe
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 7 ]
}

@test "feetech: info pings all six servos and reads model and firmware" {
	check_info feetech
}

@test "dynamixel: info pings all six servos and reads model and firmware" {
	check_info dynamixel
}

check_pos() {
	BUS=$1
	# 10 degrees is 2048 + 10 x 4096/360 = 2161.8 -> tick 2162, read
	# back as 10.01953125, shown to a thousandth: 10.02; the gripper at
	# 50 % is 50 degrees (0 % shut at 0, 100 % open at 100), tick 2616.9
	# -> 2617, back as 50.01 %.
	start_bus_sim "$BUS" --start 10,-20,30,-40,90,50
	run --separate-stderr bus pos
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	[ "${lines[0]}" = "$SO101_HEADER" ]
	[ "${lines[1]}" = "10.02,-20.039,29.971,-39.99,90,50.01" ]
	[ "${lines[1]}" = "$(pose_line 10 -20 30 -40 90 50)" ]
}

@test "feetech: pos is the pose table: joint names, degrees, the gripper in %" {
	check_pos feetech
}

@test "dynamixel: pos is the pose table: joint names, degrees, the gripper in %" {
	check_pos dynamixel
}

check_run() {
	BUS=$1
	start_bus_sim "$BUS"
	mjtraj --joint --from 0,0,0,0,0,0 --to 30,-20,15,45,-60,80 \
		--duration 1 --rate 50 | bus run -
	run bus pos
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "$(pose_line 30 -20 15 45 -60 80)" ]
	run bus info
	[[ "${lines[1]}" == *,on, ]]
}

@test "feetech: a mjtraj move streamed with run ends on its target" {
	check_run feetech
}

@test "dynamixel: a mjtraj move streamed with run ends on its target" {
	check_run dynamixel
}

check_limp() {
	BUS=$1
	# while limp, the emulated hand moves the joints to this pose, and
	# says when they are there
	start_bus_sim "$BUS" --hand-pose 10,20,30,40,50,60
	bus torque on
	bus torque off
	run bus info
	[[ "${lines[1]}" == *,off, ]]
	# the hand waits at a pose until it has been read there
	local i
	for i in $(seq 100); do
		run --separate-stderr bus pos
		[ "$status" -eq 0 ]
		grep -q "the hand is done" "$BATS_TEST_TMPDIR/armsim.err" && break
	done
	run --separate-stderr bus pos
	[ "${lines[1]}" = "$(pose_line 10 20 30 40 50 60)" ]
	# torque on holds the hand's pose, where it is
	bus torque on
	run bus pos
	[ "${lines[1]}" = "$(pose_line 10 20 30 40 50 60)" ]
}

@test "feetech: torque off, a hand poses the arm, pos follows it" {
	check_limp feetech
}

@test "dynamixel: torque off, a hand poses the arm, pos follows it" {
	check_limp dynamixel
}

@test "torque on|off takes joint names or ids, and refuses others" {
	BUS=feetech
	start_bus_sim feetech
	bus torque on gripper 2
	run bus info
	[[ "${lines[1]}" == shoulder_pan,*,off, ]]
	[[ "${lines[2]}" == shoulder_lift,*,on, ]]
	[[ "${lines[6]}" == gripper,*,on, ]]
	run --separate-stderr bus torque on elbow
	[ "$status" -eq 2 ]
	[ "$stderr" = "armctl: torque: no joint or servo id 'elbow' in the arm" ]
	run --separate-stderr bus torque sideways
	[ "$status" -eq 2 ]
}

check_obstacle() {
	BUS=$1
	# shoulder_lift meets an obstacle at -10 degrees while the run takes
	# it one degree a step to -30.  Step k (from 1) commands -(k-1); the
	# reading at step k is compared with step k-1's goal -(k-2), so the
	# lag is k - 12 degrees once blocked: over 5 first at step 18, the
	# 2nd period in a row (--persist 2) at step 19, 7.0 degrees behind.
	# The load is then 150 + 8 x (8 degrees in ticks) in 0.1 %, against
	# step 19's goal -18 (a held servo's load answers a goal at once):
	# 150 + 8 x 91.2 = 879.6, so 88 %.
	# Then back along the goals sent, to where it began.
	# (On the arm's own clock: the steps are worked in real periods.)
	SCALE=
	start_bus_sim "$BUS" --block shoulder_lift=-10
	awk 'BEGIN { print "q1,q2,q3,q4,q5,q6"
		for (i = 0; i <= 30; i++) printf "%d,%d,0,0,0,0\n", i, -i }' \
		>"$BATS_TEST_TMPDIR/lift.csv"
	run --separate-stderr bus --period 10 run "$BATS_TEST_TMPDIR/lift.csv"
	echo "$stderr"	# shown if it fails
	[ "$status" -eq 1 ]
	[[ "${stderr_lines[0]}" =~ ^"armctl: run: obstructed at step 19 of 31: shoulder_lift 7.0° behind, load 88 %; stopped"$ ]]
	[ "${stderr_lines[1]}" = "armctl: run: went back along its path to where the run began" ]
	run bus pos
	[ "${lines[1]}" = "0,0,0,0,0,0" ]
}

@test "feetech: an obstacle: load and lag stop the run, it goes back, joint named" {
	check_obstacle feetech
}

@test "dynamixel: an obstacle: load and lag stop the run, it goes back, joint named" {
	check_obstacle dynamixel
}

@test "a joint that lags without load is not an obstruction" {
	BUS=feetech
	# at 20 deg/s the shoulder falls behind a 1-degree-a-step run at
	# 100 steps a second, but its load stays low: the run goes on, and
	# waits at the end until the arm is there
	start_bus_sim feetech --speed 20
	awk 'BEGIN { print "q1,q2,q3,q4,q5,q6"
		for (i = 0; i <= 20; i++) printf "%d,0,0,0,0,0\n", i }' \
		>"$BATS_TEST_TMPDIR/fast.csv"
	run --separate-stderr bus --period 10 run "$BATS_TEST_TMPDIR/fast.csv"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	run bus pos
	[ "${lines[1]}" = "$(pose_line 20 0 0 0 0 0)" ]
}

# The servos' clock as armsim -v last logged it, in seconds.
servo_clock() {
	sed -n 's/^armsim: \([0-9.]*\) <- .*/\1/p' \
		"$BATS_TEST_TMPDIR/armsim.err" | tail -n 1
}

# How many of armsim -v's instructions were NAME (SYNC_READ,
# FAST_SYNC_READ), broadcast.
sent() {
	grep -c "<- id 254 $1," "$BATS_TEST_TMPDIR/armsim.err" || true
}

@test "dynamixel: pos reads every servo with one FAST SYNC READ, else SYNC READ" {
	BUS=dynamixel
	start_bus_sim dynamixel -v --start 10,-20,30,-40,90,50
	run --separate-stderr bus pos
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "$(pose_line 10 -20 30 -40 90 50)" ]
	[ "$(sent FAST_SYNC_READ)" -eq 1 ]
	[ "$(sent SYNC_READ)" -eq 0 ]
	stop_armsim
	: >"$BATS_TEST_TMPDIR/armsim.err"
	# wrist_flex's firmware 45 predates it on an XL330 (46): the chain
	# stops there, and the same pose comes by SYNC READ
	start_bus_sim dynamixel -v --start 10,-20,30,-40,90,50 \
		--firmware wrist_flex:45
	run --separate-stderr bus pos
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "${lines[1]}" = "$(pose_line 10 -20 30 -40 90 50)" ]
	[ "$(sent FAST_SYNC_READ)" -eq 1 ]
	[ "$(sent SYNC_READ)" -eq 1 ]
}

# grip_holds KIND INFO: the gripper of a KIND arm meets a block at 40 %
# on its way to 90; pos (which fails on a servo's error bits) stays clean
# until the servos' clock is 3 s past the end of the run, the gripper
# still there, and info's gripper row is INFO (torque on).
grip_holds() {
	BUS=$1
	start_bus_sim "$1" -v --block gripper=40
	mjtraj --joint --from 0,0,0,0,0,0 --to 0,0,0,0,0,90 --duration 1 \
		>"$BATS_TEST_TMPDIR/grip.csv"
	run --separate-stderr bus run "$BATS_TEST_TMPDIR/grip.csv"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	local end i
	end=$(servo_clock)
	for i in $(seq 2000); do
		run --separate-stderr bus pos
		[ "$status" -eq 0 ] || fail "pos at $(servo_clock) s: $stderr"
		awk -v t="$(servo_clock)" -v e="$end" \
			'BEGIN { exit !(t > e + 3) }' && break
	done
	[ "$i" -lt 2000 ]
	[ "${lines[1]}" = "0,0,0,0,0,39.99" ]
	run --separate-stderr bus info
	[ "$status" -eq 0 ]
	[ "${lines[6]}" = "$2" ] || fail "${lines[6]}"
}

@test "feetech: a gripper closed on something holds it, long after the run" {
	# Configured as LeRobot's follower (Overload_Torque 25 %) and its
	# running torque limit 24 %, it squeezes at 24 % and never trips the
	# protection, which takes Protection_Time (2 s) over 25 %.
	# 24 %: (150 + 0.24 x 1850) mA in steps of 6.5 mA = 91 x 6.5
	grip_holds feetech "gripper,6,777,3.6,7.4,35,24,591.5,on,"
}

@test "dynamixel: a gripper closed on something holds it, long after the run" {
	# Configured as LeRobot's Koch follower, the gripper (an XL330) is in
	# current-based position control; spine gives it half its
	# Current_Limit (1750 mA) as its Goal_Current, so it squeezes at 875
	# mA, 50 % of the limit, and never reaches the overload alert, which
	# (as armsim models it) takes 2 s over 80 %: in position control it
	# went limp 2 s after the run.
	grip_holds dynamixel "gripper,6,1200,46,5,35,50,875,on,"
}

check_silent() {
	BUS=$1
	start_bus_sim "$BUS" --mute elbow_flex
	run --separate-stderr bus pos
	[ "$status" -eq 75 ]
	[ "$stderr" = "armctl: pos: no reply from id 3 (elbow_flex): check power and wiring" ]
	stop_armsim
	# one that stops answering in the middle of a run
	start_bus_sim "$BUS" --mute 3:20
	awk 'BEGIN { print "q1,q2,q3,q4,q5,q6"
		for (i = 0; i <= 30; i++) printf "%d,0,0,0,0,0\n", i }' \
		>"$BATS_TEST_TMPDIR/pan.csv"
	run --separate-stderr bus --period 10 run "$BATS_TEST_TMPDIR/pan.csv"
	[ "$status" -eq 75 ]
	[ "$stderr" = "armctl: run: no reply from id 3 (elbow_flex): check power and wiring" ]
}

@test "feetech: a servo that does not answer is named, exit 75" {
	check_silent feetech
}

@test "dynamixel: a servo that does not answer is named, exit 75" {
	check_silent dynamixel
}

check_corrupt() {
	BUS=$1
	start_bus_sim "$BUS" --corrupt 1 --seed 7
	run --separate-stderr bus pos
	[ "$status" -eq 74 ]
	[[ "$stderr" =~ ^"armctl: pos: corrupted replies from id "[1-6]" ("[a-z_]+"): "[1-9][0-9]*" checksum errors" ]]
	[[ "$stderr" == *"; check the baud rate and wiring" ]]
}

@test "feetech: corrupted replies are counted and reported, exit 74" {
	check_corrupt feetech
}

@test "dynamixel: corrupted replies are counted and reported, exit 74" {
	check_corrupt dynamixel
}

@test "feetech: servo error bits are named, exit 1" {
	BUS=feetech
	# 36 = 0x24: overheating (0x04) and overload (0x20)
	start_bus_sim feetech --servo-error wrist_flex:36
	run --separate-stderr bus pos
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: pos: id 4 (wrist_flex) reports overheating, overload" ]
	[ "${#lines[@]}" -eq 2 ]
	run --separate-stderr bus run "$BATS_TEST_TMPDIR/none.csv"
	[ "$status" -eq 66 ]
}

@test "dynamixel: the alert bit is explained from the hardware error status, exit 1" {
	BUS=dynamixel
	# hardware error bit 2 (4) is overheating
	start_bus_sim dynamixel --servo-error 4:4
	run --separate-stderr bus pos
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: pos: id 4 (wrist_flex) reports hardware alert (overheating)" ]
}

check_setup_ids() {
	BUS=$1
	# only the servo with factory id 1 is on the bus; it becomes the
	# gripper, id 6
	start_bus_sim "$BUS" --mute 2 --mute 3 --mute 4 --mute 5 --mute 6
	run --separate-stderr bus setup-ids gripper <<<""
	[ "$status" -eq 0 ]
	[ "$output" = "gripper: id 1 -> 6" ]
	[ "$stderr" = "armctl: connect only the gripper servo (to become id 6), then press Enter" ]
	run --separate-stderr bus setup-ids gripper </dev/null
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"armctl: setup-ids: input ended before gripper" ]]
	stop_armsim
	start_bus_sim "$BUS"
	run --separate-stderr bus setup-ids gripper <<<""
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"setup-ids: 6 servos answer (ids 1 and 2): connect only the gripper servo" ]]
}

@test "feetech: setup-ids gives the one servo on the bus its id" {
	check_setup_ids feetech
}

@test "dynamixel: setup-ids gives the one servo on the bus its id" {
	check_setup_ids dynamixel
}

# Only the gripper's servo answers, factory-fresh: id 1, at the
# factory's baud rate (spec B1: 57600 for a Dynamixel; A1: 1 Mbaud for a
# Feetech STS).  The others are muted.
fresh_gripper() {
	start_bus_sim "$1" --factory gripper --mute shoulder_pan \
		--mute shoulder_lift --mute elbow_flex --mute wrist_flex \
		--mute wrist_roll
}

@test "dynamixel: setup-ids finds a factory-fresh servo at 57600 and sets 1 Mbaud" {
	BUS=dynamixel
	fresh_gripper dynamixel
	# the bus's 1 Mbaud first: nothing; then the rates in turn (each
	# wait a second: a PING sent at one rate and read by a stalled
	# armsim after the host has moved on to the next would be missed)
	run --separate-stderr bus --timeout 1000 setup-ids gripper <<<""
	[ "$status" -eq 0 ]
	[ "$output" = "gripper: id 1 -> 6, 57600 -> 1000000 baud" ]
	# now at the bus's rate under its new id
	run --separate-stderr bus setup-ids gripper <<<""
	[ "$status" -eq 0 ]
	[ "$output" = "gripper: id 6 -> 6" ]
	run --separate-stderr bus --baud 57600 setup-ids gripper <<<""
	[ "$status" -eq 0 ]
	[ "$output" = "gripper: id 6 -> 6, 1000000 -> 57600 baud" ]
}

@test "feetech: setup-ids finds a fresh servo at 1 Mbaud whatever --baud says" {
	BUS=feetech
	fresh_gripper feetech
	run --separate-stderr bus --timeout 1000 --baud 500000 setup-ids \
		gripper <<<""
	[ "$status" -eq 0 ]
	[ "$output" = "gripper: id 1 -> 6, 1000000 -> 500000 baud" ]
	run --separate-stderr bus --baud 500000 setup-ids gripper <<<""
	[ "$status" -eq 0 ]
	[ "$output" = "gripper: id 6 -> 6" ]
	# a rate no STS takes is refused before anything is sent
	run --separate-stderr bus --baud 230400 setup-ids gripper <<<""
	[ "$status" -eq 2 ]
	[ "$stderr" = "armctl: setup-ids: 230400 baud is not a rate feetech servos take" ]
	stop_armsim
	# no servo at all: every rate is tried
	start_bus_sim feetech --mute shoulder_pan --mute shoulder_lift \
		--mute elbow_flex --mute wrist_flex --mute wrist_roll --mute gripper
	run --separate-stderr bus --timeout 20 setup-ids gripper <<<""
	[ "$status" -eq 75 ]
	[ "${stderr_lines[1]}" = "armctl: setup-ids: no servo answers at any baud rate: check power and wiring" ]
}

@test "bash completion: joint names from the arm file on the line, else the built-in SO-101" {
	cd "$BATS_TEST_TMPDIR"
	local c=$SPINE_ROOT/completions/armctl
	run complete_words "$c" armctl --bus feetech torque on ""
	[ "$output" = "$(echo $JOINTS)" ]
	run complete_words "$c" armctl --bus feetech torque ""
	[ "$output" = "on off" ]
	# a MeArm whose claw is called a pincer here: the file is asked
	sed 's/claw/pincer/' "$SPINE_ROOT/examples/arms/mearm.yaml" >my.yaml
	run complete_words "$c" armctl --arm my.yaml jog ""
	[ "$output" = "base shoulder elbow pincer" ]
	run complete_words "$c" armctl --bus dynamixel --arm my.yaml setup-ids p
	[ "$output" = "pincer" ]
	run complete_words "$c" armctl --bus feetech reboot wr
	[ "$output" = "wrist_flex wrist_roll" ]
	# and armctl lists them itself, for any arm
	run armctl --bus feetech --arm my.yaml joints
	[ "${lines[0]}" = "joint,role,lo,hi,servo" ]
	[ "${lines[4]}" = "pincer,gripper,0,60," ]
	# no machine in the script
	run grep -c shoulder_pan "$c"
	[ "$output" = 0 ]
}

@test "bus usage errors: unknown bus, a command buses lack, options without --bus" {
	run --separate-stderr armctl --bus canbus --port x pos
	[ "$status" -eq 2 ]
	[[ "$stderr" == "armctl: --bus canbus: want feetech or dynamixel"* ]]
	run --separate-stderr armctl --bus feetech --port x push a.plan
	[ "$status" -eq 2 ]
	[[ "$stderr" == "armctl: 'push' is not a command for a servo bus"* ]]
	run --separate-stderr armctl --port x --load 50 pos
	[ "$status" -eq 2 ]
	run --separate-stderr armsim --block shoulder_lift=10
	[ "$status" -eq 2 ]
	run --separate-stderr armsim --bus feetech --block elbow=10
	[ "$status" -eq 2 ]
	run --separate-stderr armctl --bus feetech --port "$BATS_TEST_TMPDIR/none" pos
	[ "$status" -eq 69 ]
}

check_calibrate() {
	BUS=$1
	# The hand takes the limp arm from 0 to P1, then to P2 (a gripper
	# in %).  4096/360 ticks a degree from tick 2048 (0 degrees), each
	# read rounded: shoulder_pan sees -20..30 degrees = ticks 1820..2389,
	# middle (1820 + 2389) / 2 = 2104 (floor), so the offset is 56 (-56
	# on Dynamixel, whose offset adds) and the limits 1764..2333, i.e.
	# -24.96..25.05 degrees.  shoulder_lift: -40..10 = 1593..2162, middle
	# 1877, offset -171; elbow_flex: -30..20 = 1707..2276, middle 1991,
	# offset -57; wrist_flex: -50..40 = 1479..2503, offset -57, limits
	# 1536..2560 = -45..45; wrist_roll turns all the way (0..4095), its
	# middle -45..45 = 1536..2560 is 2048: offset 0; gripper 0..80 % =
	# 0..80 degrees = 2048..2958, middle 2503, offset 455, limits
	# 1593..2503 = -39.99..39.99.
	start_bus_sim "$BUS" --hand-pose 30,-40,20,-50,45,80 \
		--hand-pose -20,10,-30,40,-45,0
	local s=1
	[ "$BUS" = dynamixel ] && s=-1
	# Enter once the hand says it is done
	run --separate-stderr bus calibrate --dry-run < <(wait_armsim_log "the hand is done"; echo)
	[ "$status" -eq 0 ]
	[ "$stderr" = "armctl: calibrate: move every joint through its whole range, then press Enter" ]
	[ "${lines[0]}" = "joint,id,homing_offset,range_min,range_max,lo,hi" ]
	[ "${lines[1]}" = "shoulder_pan,1,$((s * 56)),1764,2333,-24.96,25.05" ] || fail "$output"
	[ "${lines[2]}" = "shoulder_lift,2,$((s * -171)),1764,2333,-24.96,25.05" ]
	[ "${lines[3]}" = "elbow_flex,3,$((s * -57)),1764,2333,-24.96,25.05" ]
	[ "${lines[4]}" = "wrist_flex,4,$((s * -57)),1536,2560,-45.00,45.00" ]
	[ "${lines[5]}" = "wrist_roll,5,0,0,4095,-180.00,179.91" ]
	[ "${lines[6]}" = "gripper,6,$((s * 455)),1593,2503,-39.99,39.99" ]
	# nothing written: the arm (at P2) still reads its old positions
	run bus pos
	[ "${lines[1]}" = "$(pose_line -20 10 -30 40 -45 0)" ]
	# --write: the same into EEPROM and the file; the hand has nowhere
	# new to go, so the ranges come from where the arm stands, which is
	# too narrow
	run --separate-stderr bus calibrate --write --output "$BATS_TEST_TMPDIR/cal.csv" <<<""
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"calibrate: shoulder_pan did not move: move every joint through its whole range" ]]
	[ ! -e "$BATS_TEST_TMPDIR/cal.csv" ]
}

@test "feetech: calibrate records the ranges and centres each joint" {
	check_calibrate feetech
}

@test "dynamixel: calibrate records the ranges and centres each joint" {
	check_calibrate dynamixel
}

@test "feetech: calibrate --write puts offsets and limits into the servos" {
	BUS=feetech
	start_bus_sim feetech --hand-pose 30,-40,20,-50,45,80 \
		--hand-pose -20,10,-30,40,-45,0
	bus calibrate --write --output "$BATS_TEST_TMPDIR/cal.csv" < <(wait_armsim_log "the hand is done"; echo) 2>/dev/null
	[ "$(sed -n 2p "$BATS_TEST_TMPDIR/cal.csv")" = "shoulder_pan,1,56,1764,2333,-24.96,25.05" ]
	# at P2 the pan's shaft is at 1820; less the offset 56 it reads
	# 1764, -284 ticks from the centre: -24.9609375 degrees
	run bus pos
	[[ "${lines[1]}" == -24.961,* ]]
	# and the servo keeps to its new limit itself: 40 degrees asks for
	# tick 2503, the servo stops at 2333 = 25.05 degrees; the run, held
	# back, says it stopped short
	bus torque on
	run --separate-stderr bus goto --joints 40,0,0,0,0,50
	[ "$status" -eq 1 ]
	[[ "$stderr" == "armctl: run: stopped 15.0° short of the last waypoint (shoulder_pan at 25.05): something holds it" ]]
	run bus pos
	[[ "${lines[1]}" == 25.049,* ]]
}

# Ctrl-C a long run once it streams (armsim logs a goal more than it had
# before: a second run's Ctrl-C must not land before it starts); $status
# is how armctl ended.
interrupt_bus_run() {
	local log=$BATS_TEST_TMPDIR/armsim.err before i
	mjtraj --joint --from 0,0,0,0,0,0 --to 90,0,0,0,0,0 --duration 10 \
		--rate 50 >"$BATS_TEST_TMPDIR/long.csv"
	before=$(grep -c SYNC_WRITE "$log" 2>/dev/null || true)
	# armctl itself in the background, not a function's subshell
	armctl --bus "$BUS" --port "$PORT" --timeout 400 "$@" run \
		"$BATS_TEST_TMPDIR/long.csv" 2>"$BATS_TEST_TMPDIR/run.err" 3>&- &
	local pid=$!
	for i in $(seq 200); do
		[ "$(grep -c SYNC_WRITE "$log" 2>/dev/null || true)" -gt \
		    "${before:-0}" ] && break
		sleep 0.05
	done
	kill -INT "$pid"
	status=0
	wait "$pid" || status=$?
}

@test "Ctrl-C leaves the arm holding; with --release, limp" {
	BUS=feetech
	SCALE=
	start_bus_sim feetech -v
	interrupt_bus_run
	[ "$status" -eq 130 ]
	[ "$(cat "$BATS_TEST_TMPDIR/run.err")" = "armctl: interrupted: the arm holds where it is" ]
	run bus info
	[[ "${lines[1]}" == *,on, ]]
	interrupt_bus_run --release
	[ "$status" -eq 130 ]
	[ "$(cat "$BATS_TEST_TMPDIR/run.err")" = "armctl: interrupted: the arm is limp" ]
	run bus info
	[[ "${lines[1]}" == *,off, ]]
}

@test "--arm FILE: the joints, ids, ticks, directions and offsets of a description" {
	BUS=feetech
	# pan: id 7, direction -1, tick 1000 at 0: 10 degrees is
	# 1000 - 10 x 4096/360 = 886.2 -> 886, read back as 10.02;
	# lift: id 9, 1024 ticks a turn, tick 512 at 0: -20 degrees is
	# 512 - 20 x 1024/360 = 455.1 -> 455, read back as -20.04
	cat >"$BATS_TEST_TMPDIR/tiny.yaml" <<'EOY'
name: tiny
base:
  name: pan
  limits: [-90, 90]
  speed: 180
  accel: 900
  servo: { id: 7, ticks: 4096, direction: -1, offset: 1000 }
chain:
  - name: lift
    length: 100
    limits: [-90, 90]
    speed: 180
    accel: 900
    servo: { id: 9, ticks: 1024, offset: 512 }
EOY
	start_bus_sim feetech --arm "$BATS_TEST_TMPDIR/tiny.yaml" --start 10,-20
	run --separate-stderr bus --arm "$BATS_TEST_TMPDIR/tiny.yaml" info
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "pan,7,777,3.6,7.4,35,0,149.5,off," ]
	[ "${lines[2]}" = "lift,9,777,3.6,7.4,35,0,149.5,off," ]
	# pos is one row under the description's joint names
	run --separate-stderr bus --arm "$BATS_TEST_TMPDIR/tiny.yaml" pos
	[ "${lines[0]}" = "pan,lift" ]
	[ "${lines[1]}" = "10.02,-20.039" ]
	printf 'pan,lift\n10,-20\n20,-2.5\n30,15\n' |
		bus --arm "$BATS_TEST_TMPDIR/tiny.yaml" --period 100 run -
	# lift: 512 + 15 x 1024/360 = 554.7 -> tick 555: 15.117
	run bus --arm "$BATS_TEST_TMPDIR/tiny.yaml" pos
	[ "${lines[1]}" = "$(read_back 30),$(read_back 15 1024 512)" ]
	# the SO-101 is not on this bus
	run --separate-stderr bus pos
	[ "$status" -eq 75 ]
	[ "$stderr" = "armctl: pos: no reply from id 1 (shoulder_pan): check power and wiring" ]
}

@test "--arm FILE: goto, jog and home on a bus; pos feeds ikreach --fk" {
	arm=$SPINE_ROOT/examples/arms/so101.yaml
	for BUS in feetech dynamixel; do
		start_bus_sim "$BUS" --arm "$arm"
		bus --arm "$arm" goto --joints 20,-30,40,10,5,50
		run bus --arm "$arm" pos
		[ "${lines[1]}" = "$(pose_line 20 -30 40 10 5 50)" ] ||
			fail "$BUS goto --joints: ${lines[1]}"
		bus --arm "$arm" jog elbow_flex -15
		run bus --arm "$arm" pos
		[ "${lines[1]}" = "$(pose_line 20 -30 25 10 5 50)" ] ||
			fail "$BUS jog: ${lines[1]}"
		# a point in reach: the tip ends there, by the arm's own FK
		bus --arm "$arm" goto 200,0,150
		bus --arm "$arm" pos | ikreach --arm "$arm" --fk > "$BATS_TEST_TMPDIR/tip.csv"
		awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		    { dx = $c["x"] - 200; dy = $c["y"]; dz = $c["z"] - 150
		      # positions come back to 0.1 degree: within 2 mm
		      exit !(dx * dx + dy * dy + dz * dz < 4) }' "$BATS_TEST_TMPDIR/tip.csv" ||
			fail "$BUS goto 200,0,150: $(cat "$BATS_TEST_TMPDIR/tip.csv")"
		# home: every joint to 0 but the gripper, which stays
		bus --arm "$arm" home
		run bus --arm "$arm" pos
		[ "${lines[1]}" = "$(pose_line 0 0 0 0 0 50)" ] ||
			fail "$BUS home: ${lines[1]}"
		# gripper: as on every arm
		bus --arm "$arm" gripper 20
		run bus --arm "$arm" pos
		[ "${lines[1]}" = "$(pose_line 0 0 0 0 0 20)" ] ||
			fail "$BUS gripper: ${lines[1]}"
		stop_armsim
	done
}

@test "--arm FILE: every joint must name its servo" {
	cat >"$BATS_TEST_TMPDIR/noservo.yaml" <<'EOY'
name: noservo
base:
  name: pan
  limits: [-90, 90]
  speed: 180
  accel: 900
chain:
  - name: lift
    length: 100
    limits: [-90, 90]
    speed: 180
    accel: 900
EOY
	run --separate-stderr armctl --bus feetech --port x --arm "$BATS_TEST_TMPDIR/noservo.yaml" pos
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"noservo.yaml: joint pan has no servo (give it servo: { id: N })" ]]
	run --separate-stderr armsim --bus dynamixel --arm "$BATS_TEST_TMPDIR/noservo.yaml"
	[ "$status" -eq 65 ]
}

@test "--arm examples/arms/so101.yaml is the built-in SO-101" {
	BUS=dynamixel
	start_bus_sim dynamixel --arm "$SPINE_ROOT/examples/arms/so101.yaml" \
		--start 10,-20,30,-40,90,50
	run bus pos
	[ "${lines[0]}" = "$SO101_HEADER" ]
	[ "${lines[1]}" = "$(pose_line 10 -20 30 -40 90 50)" ]
	# the same servos, read as the description names them: the same
	local built=$output
	run bus --arm "$SPINE_ROOT/examples/arms/so101.yaml" pos
	[ "$output" = "$built" ]
	# the file's limits are the built-in arm's: 96.5 degrees of elbow
	# is beyond both, and refused by both, not clamped
	run --separate-stderr bus goto --joints 0,0,96.5,0,0
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: goto: elbow_flex = 96.5 is beyond its limits -96..96" ]
	run --separate-stderr bus --arm "$SPINE_ROOT/examples/arms/so101.yaml" goto --joints 0,0,96.5,0
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: goto: elbow_flex = 96.5 is beyond its limits -96..96" ]
}

check_pipeline() {
	BUS=$1
	local arm=$SPINE_ROOT/examples/arms/so101.yaml
	start_bus_sim "$BUS" --arm "$arm"
	mjtraj --from 200,0,150 --to 150,-100,100 --duration 2 --rate 50 |
		ikreach --arm "$arm" >"$BATS_TEST_TMPDIR/ik.csv"
	# goto the path's first point picks the branch ikreach did from
	# the same pose, so the path starts where the arm then is
	bus --arm "$arm" goto 200,0,150
	bus --arm "$arm" run - <"$BATS_TEST_TMPDIR/ik.csv"
	# where ikreach put the last waypoint, to a tenth of a degree (the
	# servos' ticks are 0.088 degrees)
	want=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		{ for (j = 1; j <= 5; j++) v[j] = $col[name[j]] }
		BEGIN { split("shoulder_pan shoulder_lift elbow_flex wrist_flex wrist_roll", name, " ") }
		END { printf "%.1f %.1f %.1f %.1f %.1f", v[1], v[2], v[3], v[4], v[5] }' \
		"$BATS_TEST_TMPDIR/ik.csv")
	run bus --arm "$arm" pos
	got=$(echo "$output" | awk -F, 'NR == 2 { printf "%.1f %.1f %.1f %.1f %.1f", $1, $2, $3, $4, $5 }')
	[ "$got" = "$want" ]
}

@test "feetech: mjtraj | ikreach --arm | armctl --bus --arm run reaches the target" {
	check_pipeline feetech
}

@test "dynamixel: mjtraj | ikreach --arm | armctl --bus --arm run reaches the target" {
	check_pipeline dynamixel
}
