#!/usr/bin/env bats
# servo-lerobot.bats - LeRobot's calibration file both ways (armctl --bus
# calibrate --from-lerobot / --lerobot-out): a file written here by hand
# from the fields spec/lerobot-calibration.md names, imported into an arm
# file; the same servos then read in spine what LeRobot's formulas give
# (worked in awk below, not by armctl); and exporting the imported arm
# gives the file back.

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm

SCALE=10

setup() {
	cd "$BATS_TEST_TMPDIR"
}

teardown() {
	stop_armsim
}

# A LeRobot file for the SO-101: ids 1..6; the lift driven inverted;
# homing offsets in the servos' own registers; raw ranges.
lerobot_json() {
	cat <<'EOJ'
{
    "shoulder_pan": {
        "id": 1,
        "drive_mode": 0,
        "homing_offset": -120,
        "range_min": 1050,
        "range_max": 3150
    },
    "shoulder_lift": {
        "id": 2,
        "drive_mode": 1,
        "homing_offset": 85,
        "range_min": 900,
        "range_max": 3101
    },
    "elbow_flex": {
        "id": 3,
        "drive_mode": 0,
        "homing_offset": 0,
        "range_min": 1000,
        "range_max": 3000
    },
    "wrist_flex": {
        "id": 4,
        "drive_mode": 0,
        "homing_offset": 40,
        "range_min": 1100,
        "range_max": 2995
    },
    "wrist_roll": {
        "id": 5,
        "drive_mode": 0,
        "homing_offset": 0,
        "range_min": 0,
        "range_max": 4095
    },
    "gripper": {
        "id": 6,
        "drive_mode": 0,
        "homing_offset": -300,
        "range_min": 1900,
        "range_max": 3000
    }
}
EOJ
}

# lerobot_reads Q1..Q6 HOMED: what LeRobot reads for an arm whose shafts
# stand where the built-in SO-101 puts joint values Q (2048 + q x
# 4096/360 ticks, rounded): the servo's raw present = actual - homing
# offset on Feetech (+ on Dynamixel) when HOMED, else the actual ticks;
# a body joint (raw - mid) x 360/4095 degrees (negated when drive_mode
# is 1), the gripper (raw - min) / (max - min) x 100.
lerobot_reads() {
	lerobot_json | awk -v q="$1" -v homed="$2" -v dxl="$3" '
		/"id"/ { split($2, a, ","); id = a[1] }
		/"drive_mode"/ { split($2, a, ","); dm[id] = a[1] }
		/"homing_offset"/ { split($2, a, ","); ho[id] = a[1] }
		/"range_min"/ { split($2, a, ","); lo[id] = a[1] }
		/"range_max"/ { hi[id] = $2 }
		END {
			split(q, v, ",")
			for (i = 1; i <= 6; i++) {
				t = 2048 + v[i] * 4096 / 360
				t = t < 0 ? -int(-t + 0.5) : int(t + 0.5)
				if (homed) t = dxl ? t + ho[i] : t - ho[i]
				if (i == 6) r = (t - lo[i]) / (hi[i] - lo[i]) * 100
				else r = (t - (lo[i] + hi[i]) / 2) * 360 / 4095
				if (dm[i] == 1) r = -r
				printf "%s%.6f", (i > 1 ? " " : ""), r
			}
			print ""
		}'
}

# within PAIRS: each "spine lerobot" pair within 0.1.
within() {
	awk '{ for (i = 1; i <= NF / 2; i++) { d = $i - $(i + NF / 2)
		if (d > 0.1 || d < -0.1) exit 1 } }'
}

check_import() {
	BUS=$1
	local dxl=0
	[ "$BUS" = dynamixel ] && dxl=1
	lerobot_json >so101.json
	start_bus_sim "$BUS" --start 10,-20,30,-40,90,50
	# without --write the servos keep their own (zero) offsets
	bus calibrate --from-lerobot so101.json --output plain.yaml
	run bus --arm plain.yaml pos
	[ "$status" -eq 0 ]
	echo "$(tail -1 <<<"$output" | tr , ' ') $(lerobot_reads 10,-20,30,-40,90,50 0 $dxl)" |
		within || fail "spine ${lines[1]}, LeRobot $(lerobot_reads 10,-20,30,-40,90,50 0 $dxl)"
	# --write: LeRobot's offsets and ranges into the servos, as LeRobot
	# writes them; the new file reads what LeRobot then reads
	bus calibrate --from-lerobot so101.json --write --output homed.yaml
	run bus --arm homed.yaml pos
	[ "$status" -eq 0 ]
	echo "$(tail -1 <<<"$output" | tr , ' ') $(lerobot_reads 10,-20,30,-40,90,50 1 $dxl)" |
		within || fail "spine ${lines[1]}, LeRobot $(lerobot_reads 10,-20,30,-40,90,50 1 $dxl)"
	# and the gripper in the middle of its range is 50 % in both
	bus --arm homed.yaml gripper 50
	run bus --arm homed.yaml pos
	[[ "${lines[1]}" =~ ,(49\.9[0-9]*|50|50\.0[0-9]*)$ ]]
}

@test "feetech: a LeRobot calibration imported reads the degrees LeRobot reads" {
	check_import feetech
}

@test "dynamixel: a LeRobot calibration imported reads the degrees LeRobot reads" {
	check_import dynamixel
}

# The numbers of a calibration file in order: "name field value" lines.
numbers() {
	awk '/": \{/ { split($1, a, "\""); m = a[2] }
		/": -?[0-9]/ { split($1, a, "\""); v = $2; sub(/,$/, "", v)
			print m, a[2], v }' "$1"
}

@test "export then import is the identity" {
	lerobot_json >so101.json
	BUS=feetech
	start_bus_sim feetech
	bus calibrate --from-lerobot so101.json --write --output cal.yaml
	bus --arm cal.yaml calibrate --lerobot-out back.json
	[ "$(numbers back.json)" = "$(numbers so101.json)" ]
	[ "$(numbers so101.json | wc -l)" -eq 30 ]
	# in one go too: import, and export what was imported
	bus calibrate --from-lerobot so101.json --lerobot-out again.json >/dev/null
	[ "$(numbers again.json)" = "$(numbers so101.json)" ]
}

@test "a LeRobot file that is not one is refused with its line" {
	BUS=feetech
	printf '{"shoulder_pan": {"id": 1, "drive_mode": 0, "homing_offset": 0, "range_min": 10}}\n' >short.json
	run --separate-stderr armctl --bus feetech --port x calibrate --from-lerobot short.json
	[ "$status" -eq 65 ]
	[[ "$stderr" == "armctl: short.json:1:"*"shoulder_pan: no range_max" ]]
	printf '{"shoulder_pan": {"id": 1, "drive_mode": 0, "homing_offset": 0, "range_min": 10, "range_max": 20}}\n' >one.json
	run --separate-stderr armctl --bus feetech --port x calibrate --from-lerobot one.json
	[ "$status" -eq 65 ]
	[ "$stderr" = "armctl: one.json: error: no motor for joint shoulder_lift (by name or servo id)" ]
	run --separate-stderr armctl --bus feetech --port x calibrate --from-lerobot none.json
	[ "$status" -eq 66 ]
}
