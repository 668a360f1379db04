#!/usr/bin/env bats
# planrun --senses reads the sense table (spine-senses(5)) that armctl
# telemetry writes: time_ms mapped to cycles at the run's pace, columns
# that name no sense of the plan left out with one note.  Expected actions
# worked out by hand from the table, or by awk from the times.

load lib/helper
load lib/arm
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_TMPDIR"
	# the arm robot's sense ids (armctl describe): ObstacleDistance 1,
	# Joint1 11; its actions here: Stop 21, Wave 22, Wait 23
	cat > arm.yaml <<'PLAN'
senses: {ObstacleDistance: 1, Joint1: 11}
actions: {Stop: 21, Wave: 22, Wait: 23}
drives:
  Halt: {priority: 3, when: ObstacleDistance < 100, do: StopNow}
  Reach: {priority: 2, when: Joint1 > 20, do: WaveHi}
  Idle: {priority: 1, when: always, do: Rest}
acts: {StopNow: Stop 0, WaveHi: Wave 1, Rest: Wait 0}
PLAN
	plancc -q arm.yaml -o arm.plan
	# a capture in the shape armctl telemetry prints (test/armctl-
	# describe.bats): time_ms, then every sense the robot describes
	cat > tel.csv <<'TABLE'
time_ms,ObstacleDistance,Moving,Lag,Joint1,Joint2,Joint3
0,32767,0,0,0,0,0
250,32767,1,2,30,0,0
500,80,1,1,30,-20,10
1000,32767,0,0,10,0,0
TABLE
}

teardown() {
	stop_armsim
}

# By hand, at 125 ms a cycle (the robot's default 8 cycles a second):
# 0 ms is cycle 1, 250 ms cycle 3, 500 ms cycle 5, 1000 ms cycle 9; Halt
# while the obstacle is near (5-8), Reach while Joint1 > 20 (3-4), else
# Idle; the run ends at the last row's cycle.
want='cycle,time_ms,action,value
1,0,Wait,0
2,125,Wait,0
3,250,Wave,1
4,375,Wave,1
5,500,Stop,0
6,625,Stop,0
7,750,Stop,0
8,875,Stop,0
9,1000,Wait,0'

@test "a telemetry capture replays: time_ms to cycles, unused senses left out once" {
	run --separate-stderr planrun arm.plan --senses tel.csv --tick-ms 125
	[ "$status" -eq 0 ]
	[ "$output" = "$want" ]
	[ "$stderr" = "planrun: tel.csv:1: note: 4 columns name no sense of the plan, left out: Moving, Lag, Joint2, Joint3" ]
	# the same pace in two ticks of 250 ms: the same cycles
	run --separate-stderr planrun arm.plan --senses tel.csv --tick-ms 250 \
	    --tick-every 2
	[ "$output" = "$want" ]
	# at 4 cycles a second (the default tick, 1000 ms, every 4 cycles):
	# 250 ms is cycle 2, 500 ms cycle 3, 1000 ms cycle 5
	run --separate-stderr planrun arm.plan --senses tel.csv --tick-every 4
	[ "$(tail -n +2 <<<"$output" | cut -d, -f1,3 | tr '\n' ' ')" = \
	    "1,Wait 2,Wave 3,Stop 4,Stop 5,Wait " ]
}

@test "the same capture as JSON lines (telemetry --format jsonl) replays the same" {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) k[i] = $i; next }
	    { printf "{"; for (i = 1; i <= NF; i++)
		printf "%s\"%s\":%s", (i > 1 ? "," : ""), k[i], $i; print "}" }' \
	    tel.csv > tel.jsonl
	head -1 tel.jsonl | grep -qx '{"time_ms":0,"ObstacleDistance":32767,"Moving":0,"Lag":0,"Joint1":0,"Joint2":0,"Joint3":0}'
	run --separate-stderr planrun arm.plan --senses tel.jsonl --tick-ms 125
	[ "$status" -eq 0 ]
	[ "$output" = "$want" ]
	[ "$stderr" = "planrun: tel.jsonl:1: note: 4 columns name no sense of the plan, left out: Moving, Lag, Joint2, Joint3" ]
}

@test "rows within one cycle: the last one read before the cycle holds" {
	printf 'time_ms,Joint1,ObstacleDistance\n0,0,999\n40,30,999\n90,0,999\n130,30,999\n' > fast.csv
	# 125 ms a cycle: 40 and 90 ms both fall to cycle 2 (the later, 0,
	# holds); 130 ms to cycle 3
	run -0 planrun arm.plan --senses fast.csv --tick-ms 125
	[ "$(tail -n +2 <<<"$output" | cut -d, -f1,3 | tr '\n' ' ')" = \
	    "1,Wait 2,Wait 3,Wave " ]
}

@test "a sense table refuses time going back, both keys, and values out of range" {
	printf 'time_ms,Joint1\n0,0\n250,1\n200,2\n' > back.csv
	run -65 --separate-stderr planrun arm.plan --senses back.csv
	[ "$stderr" = "planrun: back.csv:4:1: error: time_ms 200 comes before 250" ]
	printf 'cycle,time_ms,Joint1\n1,0,0\n' > both.csv
	run -65 --separate-stderr planrun arm.plan --senses both.csv
	[ "$stderr" = "planrun: both.csv:1:7: error: 'cycle' and 'time_ms': a row is placed by time_ms or by cycle, not both" ]
	printf 'time_ms,Joint1\n-5,0\n' > neg.csv
	run -65 --separate-stderr planrun arm.plan --senses neg.csv
	[[ "$stderr" == "planrun: neg.csv:2:1: error: time_ms '-5': "* ]]
	printf 'time_ms,Joint1\n0,32768\n' > big.csv
	run -65 --separate-stderr planrun arm.plan --senses big.csv
	[[ "$stderr" == "planrun: big.csv:2:3: error: Joint1 '32768': "* ]]
}

@test "armctl telemetry from armsim replays through planrun --senses" {
	start_armsim --links 100,80,40
	armctl --port "$PORT" telemetry --every 50ms --count 5 > live.csv
	[ "$(head -1 live.csv)" = "time_ms,ObstacleDistance,Moving,Lag,Joint1,Joint2,Joint3" ]
	run -0 --separate-stderr planrun arm.plan --senses live.csv --tick-ms 125
	# no obstacle, the arm at rest: Idle in every cycle, up to the cycle
	# of the last row's time (awk: the first cycle at or after it)
	last=$(awk -F, 'NR > 1 { t = $1 } END { print int((t + 124) / 125) + 1 }' live.csv)
	[ "$(tail -n +2 <<<"$output" | wc -l)" -eq "$last" ]
	[ "$(tail -n +2 <<<"$output" | cut -d, -f3 | sort -u)" = Wait ]
	[[ "$stderr" == *"left out: Moving, Lag, Joint2, Joint3" ]]
	# and as JSON lines
	armctl --port "$PORT" telemetry --every 50ms --count 3 --format jsonl \
	    > live.jsonl
	run -0 --separate-stderr planrun arm.plan --senses live.jsonl --tick-ms 125
	[ "$(tail -n +2 <<<"$output" | cut -d, -f3 | sort -u)" = Wait ]
}
