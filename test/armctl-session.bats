#!/usr/bin/env bats
# armctl session: one connection, armctl command lines on stdin (quotes,
# @FILE, # comments), an on-connect script replayed when the robot comes
# back, a log per robot with named events, errors by file:line that do not
# end the session.  The plan is examples/plans/arm-wave.inst: drive Wave
# (id 2) runs action pattern WaveOnce (id 20).

bats_require_minimum_version 1.5.0
load lib/helper
load lib/arm

setup() {
	cd "$BATS_TEST_TMPDIR"
	plancc -o wave.plan "$SPINE_ROOT/examples/plans/arm-wave.inst" 2>/dev/null
	printf '# every connection\ninfo\n' >robot.cmd
}

teardown() {
	[ -z "${SESSION_PID:-}" ] || { kill "$SESSION_PID" 2>/dev/null; wait "$SESSION_PID" 2>/dev/null || true; }
	exec 5>&- || true
	stop_armsim
}

# The firmware@port log name: / and : become _ (man armctl, SESSION).
log_of() {
	if [[ "$PORT" == tcp:* ]]; then
		echo "logs/armsim_0.1.0@${PORT#tcp:}" | tr : _ | sed 's/$/.csv/'
	else
		echo "logs/armsim_0.1.0@tty.csv"
	fi
}

session_runs_a_file() {
	start_armsim
	cat >commands.txt <<'EOC'
# upload and run the wave plan

push wave.plan
start
pull 'back copy.plan'     # quotes keep the blank
@more.cmd
monitor --count 3 --names wave.plan
stop
EOC
	echo pos >more.cmd
	run --separate-stderr armctl --port "$PORT" session \
		--on-connect robot.cmd --log-dir logs/ <commands.txt
	[ "$status" -eq 0 ] || fail "$stderr"
	# the on-connect script ran once, first
	[[ "${lines[2]}" == "firmware: armsim"* ]]
	[ "$(grep -c '^firmware:' <<<"$output")" -eq 1 ]
	cmp wave.plan "back copy.plan"
	# pos from more.cmd, then monitor's header and 3 events
	grep -qx 'q1,q2,q3' <<<"$output"
	grep -qx 'cycle,time_ms,event,type,id,name,sense,sense_id,value,released,latch,reason' <<<"$output"
	# the log: named from the handshake, events named from the plan the
	# robot holds (no --names given to the session)
	log=$(log_of)
	[ -f "$log" ]
	[ "$(head -n1 "$log")" = "cycle,time_ms,event,type,id,name,sense,sense_id,value,released,latch,reason" ]
	cut -d, -f3- "$log" | grep -qx "E,D,2,Wave,,,,,,"
	cut -d, -f3- "$log" | grep -qx "E,AP,20,WaveOnce,,,,,,"
	# the robot stopped at the end
	run armctl --port "$PORT" info
	[[ "$output" == *"state: idle"* ]]
}

@test "a session runs a command file with includes, comments and quotes" {
	session_runs_a_file
}

@test "a session over tcp" {
	ARMSIM_LISTEN=tcp
	session_runs_a_file
}

@test "bad lines say file:line and the session goes on; it ends with the last failure's status" {
	start_armsim
	printf 'pos\nbogus\n"open quote\n@inc.cmd\npos --period 5\npos\n' >commands.txt
	printf '# included\npull\n' >inc.cmd
	run --separate-stderr armctl --port "$PORT" session <commands.txt
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"armctl: stdin:2: unknown command: bogus"* ]]
	[[ "$stderr" == *"armctl: stdin:3: error: unterminated quote"* ]]
	[[ "$stderr" == *"armctl: inc.cmd:2: pull: give one FILE.plan, or - for stdout"* ]]
	[[ "$stderr" == *"armctl: stdin:5: --period is an option of 'run', not of 'pos'"* ]]
	# the first and the last line both ran
	[ "$(grep -cx 'q1,q2,q3' <<<"$output")" -eq 2 ]
}

@test "a failed line's status is the session's, a later good line does not clear it" {
	start_armsim
	run armctl --port "$PORT" session <<<$'pull x.plan\npos'
	[ "$status" -eq 1 ]
	[[ "$output" == *"the robot holds no plan"* ]]
}

@test "options do not carry over from one line to the next" {
	# stripped on the robot: without --names, monitor has no names to
	# read back from it
	plancc --strip -o bare.plan "$SPINE_ROOT/examples/plans/arm-wave.inst" \
		2>/dev/null
	start_armsim
	armctl --port "$PORT" push bare.plan
	armctl --port "$PORT" start
	printf 'monitor --count 2 --names wave.plan --format jsonl\nmonitor --count 1\n' >commands.txt
	run --separate-stderr armctl --port "$PORT" session <commands.txt
	[ "$status" -eq 0 ] || fail "$stderr"
	# 7 JSON lines (joining: a B, then Q and R for the 2 drives; then 2
	# events), then CSV: a header, the join again and one event, named by
	# id only
	[ "${#lines[@]}" -eq 14 ]
	[[ "${lines[0]}" == '{"cycle":0,"time_ms":null,"event":"B",'* ]]
	[[ "${lines[1]}" == '{"cycle":'*',"time_ms":null,"event":"Q","type":"D","id":1,"name":"Avoid",'* ]]
	[[ "${lines[6]}" == "{"* ]]
	[ "${lines[7]}" = "cycle,time_ms,event,type,id,name,sense,sense_id,value,released,latch,reason" ]
	[ "${lines[8]}" = "0,,B,,,,,,,,,join" ]
	[[ "${lines[9]}" == *",,Q,D,1,#1,,,200,,," ]]
	id=$(cut -d, -f5 <<<"${lines[13]}")
	[ "$(cut -d, -f6 <<<"${lines[13]}")" = "#$id" ]
}

@test "-h in a session prints the usage and the session goes on" {
	start_armsim
	run --separate-stderr armctl --port "$PORT" session <<<$'pos -h\npos'
	[ "$status" -eq 0 ]
	[[ "$output" == "usage: armctl"* ]]
	[[ "$output" == *$'q1,q2,q3\n0,0,0' ]]
}

@test "includes are bounded: a file that includes itself stops at 8 deep" {
	start_armsim
	echo '@self.cmd' >self.cmd
	run --separate-stderr armctl --port "$PORT" session <<<$'@self.cmd\npos'
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"@self.cmd: more than 8 includes deep"* ]]
	[[ "$output" == $'q1,q2,q3\n0,0,0' ]]
}

replayed_after_restart() {
	start_armsim --eeprom ee
	ARMSIM_ADDR=$PORT	# tcp: back on the same port
	mkfifo in
	armctl --port "$PORT" session --on-connect robot.cmd --log-dir logs \
		<in >out 2>err 3>&- &
	SESSION_PID=$!
	# the typist: two lines, then (once told to go on) a third; a
	# process of its own, so the armsim started later does not hold
	# the fifo open and the session sees its end
	(
		echo "push wave.plan"
		echo "start"
		for i in $(seq 600); do [ -e go ] && break; sleep 0.1; done
		echo "pos"
	) >in 3>&- &
	for i in $(seq 100); do [ -s "$(log_of)" ] && break; sleep 0.1; done
	kill_armsim		# a power cut: no goodbye on the line
	start_armsim --eeprom ee
	# the session finds the robot again on its own, while idle
	for i in $(seq 200); do
		[ "$(grep -c '^firmware:' out)" -ge 2 ] && break
		sleep 0.1
	done
	touch go
	status=0
	wait "$SESSION_PID" || status=$?
	SESSION_PID=
	[ "$status" -eq 0 ] || fail "$(cat err)"
	# on-connect (info) ran at the start and again after the restart
	[ "$(grep -c '^firmware:' out)" -eq 2 ]
	grep -q "armctl: session: the link is lost; reconnecting" err
	grep -q "armctl: session: connected to armsim 0.1.0 on $PORT" err
	# then the third line ran on the new robot
	[ "$(tail -n2 out)" = "$(printf 'q1,q2,q3\n0,0,0')" ]
	cut -d, -f3- "$(log_of)" | grep -qx "E,D,2,Wave,,,,,,"
}

@test "the on-connect script is replayed after armsim is killed and restarted on the same --link" {
	replayed_after_restart
}

@test "the same over tcp, armsim back on the same port" {
	ARMSIM_LISTEN=tcp
	replayed_after_restart
}

@test "a session holds the port: a second armctl gets port busy" {
	start_armsim
	mkfifo in
	armctl --port "$PORT" session <in >out 2>err 3>&- &
	SESSION_PID=$!
	exec 5>in
	echo "pos" >&5
	for i in $(seq 100); do [ -s out ] && break; sleep 0.1; done
	run --separate-stderr armctl --port "$PORT" pos
	[ "$status" -eq 69 ]
	[[ "$stderr" == *"port busy: armctl (pid $SESSION_PID) has it" ]]
	exec 5>&-
	wait "$SESSION_PID"
	SESSION_PID=
}

@test "session refuses --port inside a line and a nested session" {
	start_armsim
	run --separate-stderr armctl --port "$PORT" session <<<$'pos --port x\nsession'
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"stdin:1: --port, --baud and --bus belong on the session's own command line"* ]]
	[[ "$stderr" == *"stdin:2: a session does not nest: use @FILE"* ]]
}

@test "bash completion: session and its options, armsim --listen" {
	run complete_words "$SPINE_ROOT/completions/armctl" armctl sess
	[ "$output" = "session" ]
	run complete_words "$SPINE_ROOT/completions/armctl" armctl session --on
	[ "$output" = "--on-connect" ]
	run complete_words "$SPINE_ROOT/completions/armctl" armctl session --log
	[ "$output" = "--log-dir" ]
	run complete_words "$SPINE_ROOT/completions/armsim" armsim --lis
	[ "$output" = "--listen" ]
}

@test "--names names the log's events; a second session appends, one header" {
	start_armsim
	# the robot's copy has no names (--strip): they come from --names
	plancc --strip -o bare.plan "$SPINE_ROOT/examples/plans/arm-wave.inst" 2>/dev/null
	armctl --port "$PORT" push bare.plan
	for i in 1 2; do
		printf 'start\nmonitor --count 2 --events E\nstop\n' |
			armctl --port "$PORT" session --log-dir logs --names wave.plan >/dev/null
	done
	log=logs/armsim_0.1.0@tty.csv
	[ "$(grep -c '^cycle,' "$log")" -eq 1 ]
	cut -d, -f3- "$log" | grep -qx "E,D,2,Wave,,,,,,"
	# without --names: the stripped plan's ids
	printf 'start\nmonitor --count 2 --events E\nstop\n' |
		armctl --port "$PORT" session --log-dir logs2 >/dev/null
	cut -d, -f3- logs2/armsim_0.1.0@tty.csv | grep -qx "E,D,2,#2,,,,,,"
}
