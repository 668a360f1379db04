#!/usr/bin/env bats
# Feetech SCS servos (SCS0009, SCS15) on armctl --bus feetech against
# armsim --bus feetech: the same packets as STS, but big-endian fields,
# 1024 steps a turn, no SYNC READ (spec/servo-buses.md A2, A3).  An arm
# file names the model per servo (spine-arm(5)); a mixed arm works too.

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm

teardown() {
	stop_armsim
}

@test "scs: info pings every servo and reads model 1284 big-endian" {
	scs_arm
	start_armsim --bus feetech --arm "$ARM" -v
	run --separate-stderr bus info
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "joint,id,model,firmware,volts,celsius,load,current,torque,errors" ]
	# 1284 only if 05 04 is read high byte first (04 05 would be 1029
	# read as STS reads it); an SCS reports no current
	[ "${lines[1]}" = "pan,1,1284,0.0,7.4,35,0,,off," ]
	[ "${lines[4]}" = "gripper,4,1284,0.0,7.4,35,0,,off," ]
	[ "${#lines[@]}" -eq 5 ]
}

@test "scs: pos reads each servo with READ, never SYNC READ" {
	scs_arm
	# 1024 ticks a turn from tick 512, 0.3515625 degree a tick: pan 10
	# deg -> 540.4 -> tick 540 -> 28 ticks = 9.84375; shoulder -20 ->
	# 455.1 -> 455 -> -20.0390625; elbow 30 turned back -> 426.7 -> 427
	# -> -85 ticks -> +29.8828125; gripper 50 % = 30 deg -> 597.3 -> 597
	# -> 29.8828125 deg = 49.8046875 %; each shown to a thousandth.
	start_armsim --bus feetech --arm "$ARM" --start 10,-20,30,50 -v
	run --separate-stderr bus pos
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "pan,shoulder,elbow,gripper" ]
	[ "${lines[1]}" = "9.844,-20.039,29.883,49.805" ]
	grep -q "<- id 1 READ" "$BATS_TEST_TMPDIR/armsim.err"
	! grep -q SYNC_READ "$BATS_TEST_TMPDIR/armsim.err"
	# the SO-101 default asks with SYNC READ, which SCS cannot answer
	run --separate-stderr armctl --bus feetech --port "$PORT" pos
	[ "$status" -eq 75 ]
	[[ "$stderr" == *"no reply from id 1"* ]]
}

@test "scs: goto reaches its target, streamed with big-endian SYNC WRITE" {
	scs_arm
	start_armsim --bus feetech --arm "$ARM" -v
	run --separate-stderr bus goto --joints 40,10,-30,20
	[ "$status" -eq 0 ]
	grep -q SYNC_WRITE "$BATS_TEST_TMPDIR/armsim.err"
	# 40 deg -> 625.8 -> 626 -> 114 ticks = 40.078125; 10 -> 540.4 ->
	# 540 -> 9.84375; -30 turned back -> 597.3 -> 597 -> -29.8828125;
	# gripper 20 % = 12 deg -> 546.1 -> 546 -> 11.953125 deg = 19.921875 %
	run bus pos
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "40.078,9.844,-29.883,19.922" ]
	run bus info
	[[ "${lines[1]}" == *,on, ]]
}

@test "scs: a mjtraj move streamed with run ends on its target" {
	scs_arm
	start_armsim --bus feetech --arm "$ARM"
	mjtraj --names pan,shoulder,elbow,gripper --from 0,0,0,0 \
		--to -20,30,-40,80 --duration 1 --rate 50 | bus run -
	# -20 -> 455.1 -> 455 -> -20.0390625; 30 -> 597.3 -> 597 ->
	# 29.8828125; -40 turned back -> 625.8 -> 626 -> -40.078125; 80 % =
	# 48 deg -> 648.5 -> 649 (648.53 rounds up) -> 48.1640625 deg =
	# 80.2734375 %
	run bus pos
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "-20.039,29.883,-40.078,80.273" ]
}

@test "scs: an SCS gripper on an SO-101 of STS3215s" {
	sed 's/servo: { id: 6, ticks: 4096, offset: 2048 }/servo: { id: 6, model: scs15, offset: 512 }/' \
		"$SPINE_ROOT/examples/arms/so101.yaml" >"$BATS_TEST_TMPDIR/mixed.yaml"
	grep -q scs15 "$BATS_TEST_TMPDIR/mixed.yaml"
	ARM=$BATS_TEST_TMPDIR/mixed.yaml
	start_armsim --bus feetech --arm "$ARM" --start 10,0,0,0,0,50 -v
	run --separate-stderr bus info
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "shoulder_pan,1,777,3.6,7.4,35,0,149.5,off," ]
	[ "${lines[6]}" = "gripper,6,1284,0.0,7.4,35,0,,off," ]
	# pan: 2048 + 10 x 4096/360 = 2161.8 -> 2162 -> 10.01953125; gripper
	# 50 % = 50 deg -> 512 + 142.2 = 654.2 -> 654 -> 49.921875 deg, %
	run bus pos
	[ "${lines[1]}" = "10.02,0,0,0,0,49.922" ]
	! grep -q SYNC_READ "$BATS_TEST_TMPDIR/armsim.err"
}

@test "scs: an unknown model, or a Feetech model on a Dynamixel bus, is refused" {
	scs_arm
	sed 's/model: scs0009, offset: 512 } }$/model: scs9, offset: 512 } }/' "$ARM" \
		>"$BATS_TEST_TMPDIR/bad.yaml"
	run --separate-stderr armctl --bus feetech --port x --arm "$BATS_TEST_TMPDIR/bad.yaml" pos
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"bad.yaml:2:"*"servo model 'scs9': want sts3215, sts, scs0009, scs15, scs, xl330, xl430 or dxl" ]]
	run --separate-stderr armctl --bus dynamixel --port x --arm "$ARM" pos
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"joint pan: its servo (scs) is not on a dynamixel bus" ]]
	run --separate-stderr armsim --bus dynamixel --arm "$ARM"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"joint pan: its servo (scs) is not on this bus"* ]]
}

@test "scs: an obstacle makes the pan lag and load up: the arm goes back, the joint named" {
	scs_arm
	# the load has no sign bit on SCS: its size alone must do
	start_armsim --bus feetech --arm "$ARM" --block pan=20
	run --separate-stderr bus goto --joints 60,0,0,50
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"obstructed at step "*": pan "*"° behind, load "*" %; stopped"* ]]
	[[ "$stderr" == *"went back along its path to where the run began"* ]]
	run bus pos
	[ "${lines[1]}" = "0,0,0,0" ]
}

@test "scs: a servo's error bits and a silent servo are said plainly" {
	scs_arm
	# 36 = 4 overheating + 32 overload, in every reply of the elbow
	start_armsim --bus feetech --arm "$ARM" --servo-error elbow:36
	run --separate-stderr bus pos
	[ "$status" -eq 1 ]
	[ "$stderr" = "armctl: pos: id 3 (elbow) reports overheating, overload" ]
	[ "${lines[1]}" = "0,0,0,0" ]
	stop_armsim
	# the shoulder never answers
	start_armsim --bus feetech --arm "$ARM" --mute shoulder
	run --separate-stderr bus pos
	[ "$status" -eq 75 ]
	[ "$stderr" = "armctl: pos: no reply from id 2 (shoulder): check power and wiring" ]
}
