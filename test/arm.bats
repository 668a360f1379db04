#!/usr/bin/env bats
# The portable core on ARM: the plan decoder and the planner built with
# arm-none-eabi-gcc for a Cortex-M0 (QEMU's micro:bit, 16 KiB of RAM) and a
# Cortex-M3 (QEMU's mps2-an385), running planner traces under
# qemu-system-arm (test/arm/trace.c; its files and output through
# semihosting).  Expected values: the original planner's reference traces
# when ../shared is there, and planrun on the host for a trace of our own.
# Skips, saying why, where the ARM compiler or QEMU is not installed.

bats_require_minimum_version 1.5.0
load lib/helper
load lib/trace

M0=${SPINE_ARMTRACE_M0:-$SPINE_ROOT/build/arm/m0/armtrace.elf}
M3=${SPINE_ARMTRACE_M3:-$SPINE_ROOT/build/arm/m3/armtrace.elf}

setup() {
	command -v qemu-system-arm >/dev/null ||
		skip "no qemu-system-arm (scripts/install-deps installs it)"
	[ -f "$M0" ] && [ -f "$M3" ] || skip "no $M0 or $M3: 'make check'\
 builds them where gcc-arm-none-eabi is installed"
	cd "$BATS_TEST_TMPDIR"
}

# arm CPU JOB: run the trace job on that core; its output on stdout.
arm() {
	local machine=microbit elf=$M0
	[ "$1" = m3 ] && { machine=mps2-an385; elf=$M3; }
	timeout 120 qemu-system-arm -M "$machine" -nographic -monitor none \
	    -serial none -semihosting-config enable=on,target=native \
	    -kernel "$elf" -append "$2" 3>&-
}

# job PLAN INST SENSES CYCLES TICKS RULES: a trace job (test/arm/job.h) on
# stdout: the sense script's names turned into ids by the .inst file's
# RSENSE lines, planrun's --result rules into the job's.
job() {
	echo "plan $1"
	echo "cycles $4"
	echo "ticks $5"
	echo "$6" | tr ',' '\n' | awk -F= '
	function result(r,    p) {
		if (r !~ /^running:/) return r
		n = split(r, p, ":")
		return "running " p[2] " " (n > 2 ? p[3] : "success")
	}
	$1 == "default" { print "default " result($2); next }
	$1 ~ /^#/ { print "result " substr($1, 2) " " result($2) }'
	awk -F, '
	FNR == NR { if ($0 ~ /^RSENSE /) { split($0, p, /[ =]/); id[p[2]] = p[3] }
		next }
	FNR == 1 {
		printf "senses"
		for (i = 2; i <= NF; i++) printf " %s", ($i in id) ? id[$i] : $i
		print ""
		next
	}
	{ printf "row %s", $1; for (i = 2; i <= NF; i++) printf " %s", $i; print "" }
	' "$2" "$3"
}

# check CPU NAME WANT_ACTIONS WANT_EVENTS: run NAME.job, compare.
check() {
	arm "$1" "$2.job" >"$2.$1.out" || fail "$2 on the $1: $(cat "$2.$1.out")"
	sed -n 's/^a //p' "$2.$1.out" >"$2.$1.actions"
	sed -n 's/^e //p' "$2.$1.out" >"$2.$1.events"
	diff -u "$3" "$2.$1.actions" || fail "$2 on the $1: actions differ"
	diff -u "$4" "$2.$1.events" || fail "$2 on the $1: events differ"
}

@test "arm: our own trace on the M0 and the M3 is planrun's on the host" {
	local inst=$SPINE_ROOT/examples/planrun/bumper.inst
	local senses=$SPINE_ROOT/examples/planrun/bumper.senses.csv
	local rules='#2=running:2,#5=running:1:fail,default=success'
	plancc -o bumper.plan "$inst"
	job bumper.plan "$inst" "$senses" 32 1 "$rules" >bumper.job
	# the second method: planrun, its output in the traces' form
	planrun bumper.plan --senses "$senses" --cycles 32 --tick-every 1 \
	    --result "$rules" --log bumper.log >bumper.actions
	trace_translate actions "$inst" bumper.actions >want.actions
	trace_translate log "$inst" bumper.log >want.events
	[ "$(wc -l <want.actions)" -ge 30 ]
	# Turn (2) runs on, SeekDock (5) fails: the rules are in play
	grep -q ',P,[0-9]*,A$' want.events
	grep -q ',F,[0-9]*,A$' want.events
	for cpu in m0 m3; do
		check "$cpu" bumper want.actions want.events
	done
}

@test "arm: the reference traces on the M0 and the M3 are the original planner's" {
	require_shared
	local n plan
	for n in $(trace_names); do
		plan=$PLANS/$(trace_field "$n" 2)
		plancc --strip -o "$n.plan" "$plan" 2>/dev/null
		job "$n.plan" "$plan" "$TRACES/$n.senses.csv" \
		    "$(trace_field "$n" 3)" "$(trace_tick_every "$n")" \
		    "$(trace_rules "$n")" >"$n.job"
		trace_reference_log "$n" >"$n.want"
		for cpu in m0 m3; do
			check "$cpu" "$n" "$TRACES/$n.actions.csv" "$n.want"
		done
	done
}

@test "arm: a job the runner cannot read fails, saying why" {
	printf 'plan nothing.plan\ncycles 1\n' >bad.job
	run arm m0 bad.job
	[ "$status" -eq 1 ]
	assert_output "armtrace: nothing.plan: cannot open it"
}
