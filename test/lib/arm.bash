# arm.bash - helpers for the armsim/armctl suites: start armsim on a pty
# in the background (with fd 3 closed, or bats waits for it forever), wait
# for its link, stop it, and make small plans with plancc.
#
#   start_armsim [armsim options...]   sets ARMSIM_PID and PORT; on a pty
#                                      at $BATS_TEST_TMPDIR/tty, or with
#                                      ARMSIM_LISTEN=tcp on a TCP port
#                                      (PORT=tcp:127.0.0.1:N); its clock
#                                      runs ARMSIM_TIME_SCALE times real
#                                      time (default 10: a 6 s move in
#                                      0.6 s; 1 for a test that times the
#                                      robot by the host's clock)
#   stop_armsim                        SIGTERM and wait
#   kill_armsim                        SIGKILL, as a cut cable or power
#   make_plan NAME                     $BATS_TEST_TMPDIR/NAME.plan
#   robot_clock_passes MS              MS ms of the robot's clock pass

PORT=
ARMSIM_PID=

# The spine-protocol robot runs on a simulated clock, ARMSIM_TIME_SCALE
# (default 10) times real time: arm motion, the line's pacing and the
# robot's cycles go that much faster.  (Not the servo bus: --bus.)
armsim_clock() {
	local a
	for a; do [ "$a" = --bus ] && return; done
	echo "--time-scale=${ARMSIM_TIME_SCALE:-10}"
}

start_armsim() {
	if [ "${ARMSIM_LISTEN:-}" = tcp ]; then
		start_armsim_tcp "$@"
		return
	fi
	local clock
	clock=$(armsim_clock "$@")
	PORT=$BATS_TEST_TMPDIR/tty
	rm -f "$PORT"
	armsim --link "$PORT" $clock "$@" \
		>"$BATS_TEST_TMPDIR/armsim.out" \
		2>>"$BATS_TEST_TMPDIR/armsim.err" 3>&- &
	ARMSIM_PID=$!
	wait_for_link "$PORT" "$ARMSIM_PID" "$BATS_TEST_TMPDIR/armsim.err" \
		armsim
}

# armsim --listen on a free port (or on $ARMSIM_ADDR, to come back on the
# same one): PORT is the address it prints.
start_armsim_tcp() {
	local out=$BATS_TEST_TMPDIR/armsim.out i clock
	clock=$(armsim_clock "$@")
	rm -f "$out"
	armsim --listen "${ARMSIM_ADDR:-tcp:127.0.0.1:0}" $clock "$@" >"$out" \
		2>>"$BATS_TEST_TMPDIR/armsim.err" 3>&- &
	ARMSIM_PID=$!
	for i in $(seq 100); do
		PORT=$(head -n1 "$out" 2>/dev/null || true)
		[ -n "$PORT" ] && return 0
		kill -0 "$ARMSIM_PID" 2>/dev/null || break
		sleep 0.05
	done
	echo "armsim --listen did not start:" >&2
	cat "$BATS_TEST_TMPDIR/armsim.err" >&2
	return 1
}

stop_armsim() {
	if [ -n "$ARMSIM_PID" ]; then
		kill "$ARMSIM_PID" 2>/dev/null || true
		wait "$ARMSIM_PID" 2>/dev/null || true
		ARMSIM_PID=
	fi
}

kill_armsim() {
	if [ -n "$ARMSIM_PID" ]; then
		kill -KILL "$ARMSIM_PID" 2>/dev/null || true
		wait "$ARMSIM_PID" 2>/dev/null || true
		ARMSIM_PID=
	fi
}

# Wait (bounded) until armsim's stderr has a line matching $1 (or $2
# such lines).
wait_armsim_log() {
	local i n
	for i in $(seq 200); do
		# (grep -c fails when it counts none: not an error here)
		n=$(grep -c "$1" "$BATS_TEST_TMPDIR/armsim.err" 2>/dev/null) ||
			n=0
		[ "$n" -ge "${2:-1}" ] && return 0
		sleep 0.05
	done
	echo "armsim never logged ${2:-1} of: $1" >&2
	return 1
}

# robot_clock_passes MS: return once MS milliseconds have passed on the
# robot's own clock (its telemetry stamps), so that a check that nothing
# moved while paused or stopped spans that much of the robot's time
# however slowly a loaded host runs it (a fixed sleep may span none).
robot_clock_passes() {
	local last
	last=$(armctl --port "$PORT" telemetry --every 100ms \
		--count $(($1 / 100 + 1)) | tail -n 1 | cut -d, -f1)
	[ "$last" -ge "$1" ] || {
		echo "the robot's clock reached ${last:-nothing}, not $1 ms" >&2
		return 1
	}
}

# A small valid plan of our own: one drive, one action (the arm's Stop,
# 21, so it fits any spine arm); NAME differs in an action value so two
# plans have different bytes.
make_plan() {
	local name=$1 value=${2:-1}
	cat >"$BATS_TEST_TMPDIR/$name.inst" <<EOI
PLAN R C
PLAN R I 0 0 0 0 1 1
PLAN A D 1 2 10 0 0 4 0 0 0 0 0 0
PLAN A A 2 21 $value
PELEM Wave=1
PELEM Hold=2
RACTION Stop=21
EOI
	plancc -o "$BATS_TEST_TMPDIR/$name.plan" \
		"$BATS_TEST_TMPDIR/$name.inst" 2>/dev/null
}

# A plan of about $2 bytes (many named actions), to make uploads long.
make_big_plan() {
	local name=$1 n=${2:-100} i
	{
		echo "PLAN R C"
		echo "PLAN R I 0 0 0 0 1 $n"
		echo "PLAN A D 1 2 10 0 0 4 0 0 0 0 0 0"
		for i in $(seq 2 $((n + 1))); do
			echo "PLAN A A $i 21 $i"
			echo "PELEM Action_number_$i=$i"
		done
		echo "PELEM Drive=1"
		echo "RACTION Stop=21"
	} >"$BATS_TEST_TMPDIR/$name.inst"
	plancc -o "$BATS_TEST_TMPDIR/$name.plan" \
		"$BATS_TEST_TMPDIR/$name.inst" 2>/dev/null
}

# An arm file in $ARM of four Feetech SCS0009s, centred at tick 512 of
# 1024; the elbow turns the other way; the gripper is 0 % at 0 degrees and
# 100 % at 60 (its model spelled in capitals: the case does not matter).
scs_arm() {
	cat >"$BATS_TEST_TMPDIR/scs.yaml" <<'EOA'
name: scsarm
base: { name: pan, height: 60, limits: [-90, 90], servo: { id: 1, model: scs0009, offset: 512 } }
chain:
  - { name: shoulder, length: 100, zero: 90, direction: -1, limits: [-90, 90], servo: { id: 2, model: scs0009, offset: 512 } }
  - { name: elbow, length: 100, limits: [-120, 120], servo: { id: 3, model: scs0009, offset: 512, direction: -1 } }
gripper: { closed: 0, open: 60, servo: { id: 4, model: SCS0009, offset: 512 } }
EOA
	ARM=$BATS_TEST_TMPDIR/scs.yaml
}

# complete_words FILE WORD...: the words FILE's completion offers for the
# command line WORD... (the last being completed), with bash-completion's
# own helpers reduced to what our completions use.
complete_words() {
	bash -c '
		_init_completion() {
			cur=${COMP_WORDS[COMP_CWORD]}
			prev=${COMP_WORDS[COMP_CWORD - 1]}
			words=("${COMP_WORDS[@]}")
			cword=$COMP_CWORD
		}
		_filedir() { COMPREPLY=("<files:${1:-any}>"); }
		complete() { :; }
		source "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		"_${COMP_WORDS[0]}"
		echo "${COMPREPLY[*]}"
	' completion "$@"
}

# bus ARGS...: armctl on the servo bus $BUS (feetech by default) at $PORT,
# with the arm file $ARM when one is set, and a generous timeout: a busy
# machine can stall armsim for half a second, longer than armctl's 50 ms
# default for a bus.  With $SCALE set, the arm's clock runs that many
# times faster (armsim --time-scale $SCALE on the other end).
bus() {
	armctl --bus "${BUS:-feetech}" --port "$PORT" ${ARM:+--arm "$ARM"} \
		--timeout 400 ${SCALE:+--time-scale "$SCALE"} "$@"
}

# start_bus_sim BUS [armsim options...]: armsim --bus BUS, at $SCALE.
start_bus_sim() {
	local b=$1
	shift
	start_armsim --bus "$b" ${SCALE:+--time-scale "$SCALE"} "$@"
}

# read_back Q [TICKS [OFFSET]]: what armctl pos shows for a servo sent to
# joint value Q: Q as a whole tick (TICKS a turn, 4096, from OFFSET,
# 2048, rounded half away from zero), back in degrees, to a thousandth,
# in the shortest form.  Worked in awk, apart from armctl's own sums.
read_back() {
	awk -v q="$1" -v n="${2:-4096}" -v o="${3:-2048}" 'BEGIN {
		t = o + q * n / 360
		t = t < 0 ? -int(-t + 0.5) : int(t + 0.5)
		m = (t - o) * 360 / n * 1000
		m = m < 0 ? -int(-m + 0.5) : int(m + 0.5)
		s = sprintf("%.3f", m / 1000)
		sub(/0+$/, "", s); sub(/\.$/, "", s)
		print s == "-0" ? "0" : s }'
}

# pose_line Q1 Q2 ...: the row armctl pos prints for a built-in SO-101
# sent to those joint values (the gripper's 0..100 % is 0..100 degrees).
pose_line() {
	local q out=
	for q in "$@"; do
		out=$out${out:+,}$(read_back "$q")
	done
	echo "$out"
}

SO101_HEADER=shoulder_pan,shoulder_lift,elbow_flex,wrist_flex,wrist_roll,gripper
