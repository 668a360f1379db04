#!/usr/bin/env bats
# Ports a newcomer gets wrong: one that is not there, one they may not
# open, and the built-in ports armctl list used to show as if a robot
# could be behind them.

bats_require_minimum_version 1.5.0

load lib/helper
load lib/arm

teardown() {
	stop_armsim
}

@test "a port that does not exist says so and lists the ports there are" {
	run --separate-stderr armctl --port /dev/ttyNOPE9 info
	[ "$status" -eq 69 ]
	[[ $stderr == "armctl: /dev/ttyNOPE9 ("*"): the port does not exist; "* ]]
	[[ $stderr != *"invalid argument"* ]]
	# the list: every port armctl list shows, or that there is none
	local ports
	ports=$(armctl list 2>/dev/null | awk -F, 'NR > 1 { print $1 }')
	if [ -z "$ports" ]; then
		[[ $stderr == *"no serial port is connected"* ]]
	else
		for p in $ports; do
			[[ $stderr == *"$p"* ]] || fail "does not list $p: $stderr"
		done
	fi
}

@test "armsim gone: its link dangles, and the message says the port is not there" {
	start_armsim
	kill_armsim
	ln -sf /dev/pts/9999 "$PORT"
	run --separate-stderr armctl --port "$PORT" info
	[ "$status" -eq 69 ]
	[[ $stderr == *": the port does not exist"* ]]
}

@test "a port we may not open names the group to join" {
	command -v setpriv >/dev/null || skip "setpriv is not installed"
	getent group dialout >/dev/null || skip "no dialout group here"
	[ "$(id -u)" -eq 0 ] || skip "needs root to act as another user"
	# a folder the other user can reach (bats' own are private)
	local dir
	dir=$(mktemp -d /tmp/armctl-perm.XXXXXX)
	chmod 755 "$dir"
	: > "$dir/ttyACM7"
	chgrp dialout "$dir/ttyACM7"
	chmod 660 "$dir/ttyACM7"
	run --separate-stderr setpriv --reuid=nobody --regid=nogroup \
	    --clear-groups "$SPINE_BIN/armctl" --port "$dir/ttyACM7" info
	rm -rf "$dir"
	[ "$status" -eq 69 ]
	[[ $stderr == *"permission denied: $dir/ttyACM7 is for the group 'dialout'; join it (sudo usermod -aG dialout \$USER)"* ]]
}

@test "armctl list hides the built-in /dev/ttyS ports unless --all" {
	run --separate-stderr armctl list
	[ "$status" -eq 0 ]
	assert_line --index 0 "port,description,usb,serial,robot"
	refute_output --regexp $'(^|\n)/dev/ttyS[0-9]+,'
	local shown=${#lines[@]}
	run --separate-stderr armctl list --all
	[ "$status" -eq 0 ]
	local legacy
	legacy=$(printf '%s\n' "$output" | grep -c '^/dev/ttyS[0-9]*,' || true)
	[ "${#lines[@]}" -eq $((shown + legacy)) ]
	if [ "$legacy" -gt 0 ]; then
		run --separate-stderr armctl list
		[[ $stderr == *"$legacy built-in serial port"*"--all shows them"* ]]
		# nothing speaks spine on a legacy port here
		run --separate-stderr armctl list --all --probe
		[ "$status" -eq 0 ]
		printf '%s\n' "$output" | grep '^/dev/ttyS' |
		    grep -qv -e ',no answer$' -e ',cannot open$' &&
		    fail "a legacy port answered: $output"
	fi
	run --separate-stderr armctl list --probe --rate 3
	[ "$status" -eq 2 ]
}
